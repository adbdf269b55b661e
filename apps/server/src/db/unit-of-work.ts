import pino, { type Logger } from 'pino';
import { publishProjectEvents, type ProjectEvent } from '../realtime/project-events.ts';
import type { Db, Tx } from './database.ts';
import { noteCommittedWrite } from './read-replicas.ts';
import { unitOfWorkFrames as current, type UnitOfWorkServices } from './unit-of-work-frame.ts';

/**
 * The one way to write a mutation: `unitOfWork(services, async (tx) => …)` runs the work in one transaction and
 * publishes the project events it emitted (`emitProjectEvent`) only once that transaction has committed; a
 * rolled-back unit publishes nothing. Items that may fail alone (bulk updates, copies) run in `savepoint(tx, …)`:
 * a rejected item rolls back its writes and drops its events, the others keep theirs.
 *
 * A unit of work started inside another one joins it (same transaction, events published with the outermost), so
 * services compose without opening a second transaction.
 */

/** Runs `work` as one transaction and publishes its events after commit (see the file comment). */
export async function unitOfWork<T>(services: UnitOfWorkServices, work: (tx: Tx) => Promise<T>): Promise<T> {
  const outer = current.getStore();
  if (outer) {
    if (outer.services.database !== services.database)
      throw new Error('a unit of work cannot join one on another database');
    return work(outer.tx);
  }
  const events: ProjectEvent[] = [];
  const afterCommit: (() => void)[] = [];
  const result = await services.database.db.transaction((tx) =>
    current.run({ services, tx, events, afterCommit }, () => work(tx)),
  );
  for (const task of afterCommit) {
    try {
      task();
    } catch (error) {
      services.logger.error({ err: error }, 'a task after commit failed');
    }
  }
  // Before anything is published: whoever hears of the write and asks must be able to read it (read replicas).
  noteCommittedWrite(services);
  publishProjectEvents(services, events);
  if (events.length > 0) tellCommitted(services, events);
  return result;
}

/**
 * Runs `task` now and, inside a unit of work, again once it has committed: for forgetting what a process keeps in
 * memory about rows the unit writes (a reader between the write and the commit may have kept the old rows).
 * Outside a unit of work the write has already committed, so once is enough.
 */
export function nowAndAfterCommit(task: () => void): void {
  task();
  current.getStore()?.afterCommit.push(task);
}

/** What hears a committed unit's events in this process (the smart flow's issue rules). */
export type CommittedEventsListener = (events: readonly ProjectEvent[]) => void;

// Per database: tests run several servers in one process, each with its own database and listeners.
const committedListeners = new WeakMap<object, CommittedEventsListener[]>();

/**
 * Calls `listener` with the events of every unit of work committed on `database` by this process, after commit
 * (an in-process hook beside the pub/sub, for work that must start from a write wherever it happened). A listener
 * that throws is logged. Returns the function that removes it.
 */
export function onEventsCommitted(database: object, listener: CommittedEventsListener): () => void {
  committedListeners.set(database, [...(committedListeners.get(database) ?? []), listener]);
  return () =>
    committedListeners.set(
      database,
      (committedListeners.get(database) ?? []).filter((l) => l !== listener),
    );
}

function tellCommitted(services: UnitOfWorkServices, events: readonly ProjectEvent[]): void {
  for (const listener of committedListeners.get(services.database) ?? []) {
    try {
      listener(events);
    } catch (error) {
      services.logger.error({ err: error }, 'a listener of committed events failed');
    }
  }
}

/**
 * Runs one item of a unit of work in a savepoint of `tx`: when the item throws, its writes are rolled back to the
 * savepoint, its events are dropped, and the error is rethrown for the caller to report; otherwise its events join
 * the unit's.
 */
export async function savepoint<T>(tx: Db, item: (tx: Tx) => Promise<T>): Promise<T> {
  const frame = current.getStore();
  if (!frame) throw new Error('a savepoint needs a unit of work');
  if (tx !== frame.tx) throw new Error("a savepoint is taken on its unit of work's transaction");
  const events: ProjectEvent[] = [];
  const result = await tx.transaction((inner) =>
    current.run({ services: frame.services, tx: inner, events, afterCommit: frame.afterCommit }, () =>
      item(inner),
    ),
  );
  frame.events.push(...events);
  return result;
}

let strictness: { strict: boolean; logger: Pick<Logger, 'error'> } = {
  strict: process.env.NODE_ENV === 'test',
  logger: pino(),
};

/**
 * What an event emitted outside a unit of work does: `strict` (tests) throws, so the forgotten unit fails the
 * test; otherwise (production) the event is logged as an error and not published, since nothing says its
 * writes committed. The server sets it at start-up from NODE_ENV.
 */
export function configureUnitOfWork(options: { strict: boolean; logger: Pick<Logger, 'error'> }): void {
  strictness = { strict: options.strict, logger: options.logger };
}

/** Records an event of the current unit of work (or savepoint), published once the unit has committed. */
export function emitProjectEvent(event: ProjectEvent): void {
  const frame = current.getStore();
  if (frame) {
    frame.events.push(event);
    return;
  }
  const error = new Error(
    `a project event (${event.kind} ${event.action}) was emitted outside a unit of work: wrap the mutation in unitOfWork`,
  );
  if (strictness.strict) throw error;
  strictness.logger.error({ err: error, event }, 'project event not published');
}
