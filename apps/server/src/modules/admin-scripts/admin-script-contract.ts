import type { z } from 'zod';
import type { AppServices } from '../../services.ts';

// What a maintenance script is and is given (admin-script-catalogue.ts lists the scripts, admin-script-service.ts
// runs them). Apart from the catalogue, so that a script in its own file names these types without importing the
// catalogue that imports it.

/** What a script's run is given: its parameters, whether it only looks, and where it tells what it does. */
export interface AdminScriptContext<P> {
  readonly services: AppServices;
  readonly params: P;
  readonly dryRun: boolean;
  /** Who asked for the run in the admin area; null from the command line. */
  readonly requestedByUserId: number | null;
  log(line: string): void;
  /** Work done so far, out of `total` (shown as a percentage). */
  progress(done: number, total: number): void;
}

/** A parameter a script takes, as the page and the command line offer it. */
export interface AdminScriptParam {
  readonly name: string;
  readonly type: 'integer' | 'boolean';
  readonly required: boolean;
}

/** One maintenance script: its parameters and its work; a dry run reads and reports, and changes nothing. */
export interface AdminScript<P = Record<string, unknown>> {
  readonly name: string;
  readonly params: readonly AdminScriptParam[];
  readonly schema: z.ZodType<P>;
  run(context: AdminScriptContext<P>): Promise<Record<string, unknown>>;
}
