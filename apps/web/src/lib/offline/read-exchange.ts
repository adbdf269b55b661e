import { getOperationName, type Exchange, type OperationResult } from 'urql';
import { fromPromise, fromValue, mergeMap, pipe } from 'wonka';
import { dropProject, findAnswer, markLastProject, scopeOf, storeAnswer } from './read-store.ts';

/**
 * The offline copy's place in the GraphQL client (issue 34, docs/offline.md "Offline reading"): the screens run
 * their own queries as always; an answer of one of OFFLINE_QUERIES (read-store.ts) that comes from the server
 * without error is stored for the signed-in user, and a query that gets no answer (no network) is answered from
 * what was stored, marked with `extensions.offlineCopy` (when it was stored). A query the server answers with an
 * error is never answered from the copy, and a project the server says the user may not read is dropped.
 */

export interface OfflineReads {
  /** `opened`: asked for by a screen (a ProjectData answer then makes its project the last opened one). */
  store(name: string, variables: Record<string, unknown>, data: unknown, opened: boolean): Promise<void>;
  find(
    name: string,
    variables: Record<string, unknown>,
  ): Promise<{ data: unknown; storedAt: string } | undefined>;
  /** The server refused the project to this user (gone, or no longer a member). */
  refused(projectId: number): Promise<void>;
}

/** Whose copy the client reads and writes: the signed-in user (or the last one, offline); null: none. */
let reader: number | null = null;

export function setOfflineReader(userId: number | null): void {
  reader = userId;
}

export function offlineReader(): number | null {
  return reader;
}

/** The IndexedDB copy of the current reader. */
export const userOfflineReads: OfflineReads = {
  async store(name, variables, data, opened) {
    // The profile's answer names its user (it is what makes the user known, before the reader is set).
    const own = (data as { loggedUserData?: { id?: number } } | null)?.loggedUserData?.id;
    const userId = name === 'LoggedUserData' && typeof own === 'number' ? own : reader;
    if (userId === null) return;
    // A screen's answer about a project: that project is the one open, so the last opened one (kept anyway),
    // whichever of its queries answers first; ProjectData gives it its name.
    const projectId = scopeOf(name, variables);
    if (opened && typeof projectId === 'number') {
      const project = (data as { projectData?: { name?: string } } | null)?.projectData;
      await markLastProject(userId, projectId, name === 'ProjectData' ? project?.name : undefined);
    }
    await storeAnswer(userId, name, variables, data);
  },
  async find(name, variables) {
    return reader === null ? undefined : findAnswer(reader, name, variables);
  },
  async refused(projectId) {
    if (reader !== null) await dropProject(reader, projectId);
  },
};

/** Codes with which the server says a project is not the user's to read. */
const REFUSED = new Set(['NOT_FOUND', 'FORBIDDEN']);

export function offlineReadExchange(reads: OfflineReads = userOfflineReads): Exchange {
  return ({ forward }) =>
    (operations$) =>
      pipe(
        forward(operations$),
        mergeMap((result: OperationResult) => {
          const { operation } = result;
          if (operation.kind !== 'query') return fromValue(result);
          const name = getOperationName(operation.query);
          const variables = (operation.variables ?? {}) as Record<string, unknown>;
          const scope = name ? scopeOf(name, variables) : undefined;
          if (!name || scope === undefined) return fromValue(result);
          if (result.data && !result.error) {
            const opened = operation.context['offlineSync'] !== true;
            void reads.store(name, variables, result.data, opened).catch(() => undefined);
            return fromValue(result);
          }
          const code = result.error?.graphQLErrors[0]?.extensions['code'];
          if (name === 'ProjectData' && scope !== null && typeof code === 'string' && REFUSED.has(code)) {
            void reads.refused(scope).catch(() => undefined);
            return fromValue(result);
          }
          if (!result.error?.networkError) return fromValue(result);
          return fromPromise(
            reads
              .find(name, variables)
              .catch(() => undefined)
              .then((stored): OperationResult =>
                stored
                  ? {
                      operation,
                      data: stored.data,
                      error: undefined,
                      extensions: { offlineCopy: stored.storedAt },
                      stale: false,
                      hasNext: false,
                    }
                  : result,
              ),
          );
        }),
      );
}
