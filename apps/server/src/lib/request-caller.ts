import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who the current HTTP request acts for, as far as the database's read routing needs it (db/read-replicas.ts): the
 * edge runs each request's handler in a scope (`inRequestScope`), `resolveActor` records the caller it found, and a
 * unit of work that commits inside the scope notes that person's write, so that their next reads see it
 * (read-your-writes). Outside a request (jobs, websockets, scripts) there is no scope and nothing is recorded.
 */
interface RequestScope {
  accountId: number | undefined;
}

const scope = new AsyncLocalStorage<RequestScope>();

/** Runs `handle` (the rest of a request's handling) in a scope of its own. */
export function inRequestScope<T>(handle: () => T): T {
  return scope.run({ accountId: undefined }, handle);
}

/** Records the caller of the current request (no-op outside one). */
export function noteRequestCaller(accountId: number): void {
  const current = scope.getStore();
  if (current) current.accountId = accountId;
}

/** The caller recorded for the current request, if any. */
export function requestCaller(): number | undefined {
  return scope.getStore()?.accountId;
}
