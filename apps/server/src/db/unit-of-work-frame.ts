import { AsyncLocalStorage } from 'node:async_hooks';
import type { AppServices } from '../services.ts';
import type { ProjectEvent } from '../realtime/project-events.ts';
import type { Tx } from './database.ts';

/** What a unit of work needs of the process. */
export type UnitOfWorkServices = Pick<AppServices, 'database' | 'pubsub' | 'config' | 'logger'>;

/** A running unit of work or one of its savepoints, as unit-of-work.ts keeps it for the code it calls. */
export interface UnitOfWorkFrame {
  readonly services: UnitOfWorkServices;
  readonly tx: Tx;
  /** The events of this frame: the unit's, or a savepoint's until its item succeeds. */
  readonly events: ProjectEvent[];
  /** What runs once the outermost unit has committed (shared by its savepoints). */
  readonly afterCommit: (() => void)[];
}

/** The frame of the unit of work the caller runs in; only unit-of-work.ts starts one. */
export const unitOfWorkFrames = new AsyncLocalStorage<UnitOfWorkFrame>();

/** Whether the caller runs inside a unit of work (its reads belong on the transaction: see read-replicas.ts). */
export function insideUnitOfWork(): boolean {
  return unitOfWorkFrames.getStore() !== undefined;
}
