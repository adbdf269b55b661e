import { AppError } from '../errors/app-error.ts';
import type { ErrorCode } from '../errors/error-codes.ts';

/** One thing wrong with one field of a form or a call: a catalogue code and its details (e.g. `max`). */
export interface FieldProblem {
  readonly field: string;
  readonly code: ErrorCode;
  readonly details?: Readonly<Record<string, unknown>>;
}

/**
 * Validators return every problem by field: the web shows each under its field, the server throws the first
 * (throwFirstProblem) as an AppError with its catalogue code and the field in its details.
 */
export function throwFirstProblem(problems: readonly FieldProblem[]): void {
  const [first] = problems;
  if (first) throw new AppError(first.code, { field: first.field, ...first.details });
}

/** The problems grouped by field (the first of each field), for a form. */
export function problemsByField(problems: readonly FieldProblem[]): Map<string, FieldProblem> {
  const byField = new Map<string, FieldProblem>();
  for (const p of problems) if (!byField.has(p.field)) byField.set(p.field, p);
  return byField;
}
