import { getOperationName, makeOperation, type Exchange, type Operation, type OperationResult } from 'urql';
import { fromPromise, fromValue, map, mergeMap, pipe } from 'wonka';
import {
  dropProject,
  findAnswer,
  forgetAnswer,
  markLastProject,
  scopeOf,
  storeAnswer,
} from './read-store.ts';

/**
 * The offline copy's place in the GraphQL client (issue 34, docs/offline.md "Offline reading"): the screens run
 * their own queries as always; an answer of one of OFFLINE_QUERIES (read-store.ts) that comes from the server
 * without error is stored for the signed-in user, and a query that gets no answer (no network) is answered from
 * what was stored, marked with `extensions.offlineCopy` (when it was stored). A query the server answers with an
 * error is never answered from the copy; one it now refuses (an issue deleted or hidden) is forgotten, and a
 * project it says the user may not read is dropped whole.
 */

/**
 * The copy of user `userId`: the reader when the operation went out, so a late answer never lands in the copy of
 * a user who signed in since.
 */
export interface OfflineReads {
  /** `opened`: asked for by a screen (its project is then the last opened one). */
  store(
    userId: number,
    name: string,
    variables: Record<string, unknown>,
    data: unknown,
    opened: boolean,
  ): Promise<void>;
  find(
    userId: number,
    name: string,
    variables: Record<string, unknown>,
  ): Promise<{ data: unknown; storedAt: string } | undefined>;
  /** The server now refuses this answer to the user: its stored copy goes. */
  forget(userId: number, name: string, variables: Record<string, unknown>): Promise<void>;
  /** The server refused the project to this user (gone, or no longer a member). */
  refused(userId: number, projectId: number): Promise<void>;
}

/** Whose copy the client reads and writes: the signed-in user (or the last one, offline); null: none. */
let reader: number | null = null;

export function setOfflineReader(userId: number | null): void {
  reader = userId;
}

export function offlineReader(): number | null {
  return reader;
}

/** The IndexedDB copies. */
export const userOfflineReads: OfflineReads = {
  async store(userId, name, variables, data, opened) {
    // A screen's answer about a project: that project is the one open, so the last opened one (kept anyway),
    // whichever of its queries answers first; ProjectData gives it its name.
    const projectId = scopeOf(name, variables);
    if (opened && typeof projectId === 'number') {
      const project = (data as { projectData?: { name?: string } } | null)?.projectData;
      await markLastProject(userId, projectId, name === 'ProjectData' ? project?.name : undefined);
    }
    await storeAnswer(userId, name, variables, data);
  },
  find: (userId, name, variables) => findAnswer(userId, name, variables),
  forget: (userId, name, variables) => forgetAnswer(userId, name, variables),
  refused: (userId, projectId) => dropProject(userId, projectId),
};

/** Codes with which the server says a project, or an issue, is not the user's to read (any more). */
export const REFUSED_CODES: ReadonlySet<string> = new Set(['NOT_FOUND', 'PROJECT_NOT_FOUND', 'FORBIDDEN']);

/** Where the exchange notes, on each query going out, whose copy it is for. */
const READER = 'offlineReader';

function withReader(operation: Operation): Operation {
  if (operation.kind !== 'query') return operation;
  return makeOperation(operation.kind, operation, { ...operation.context, [READER]: reader });
}

/** The user whose copy an answer goes to: the reader when it was asked; the profile's answer names its own user. */
function ownerOf(name: string, operation: Operation, data: unknown): number | null {
  const own = (data as { loggedUserData?: { id?: unknown } } | null)?.loggedUserData?.id;
  if (name === 'LoggedUserData' && typeof own === 'number') return own;
  const asked = operation.context[READER];
  return typeof asked === 'number' ? asked : null;
}

export function offlineReadExchange(reads: OfflineReads = userOfflineReads): Exchange {
  return ({ forward }) =>
    (operations$) =>
      pipe(
        forward(pipe(operations$, map(withReader))),
        mergeMap((result: OperationResult) => {
          const { operation } = result;
          if (operation.kind !== 'query') return fromValue(result);
          const name = getOperationName(operation.query);
          const variables = (operation.variables ?? {}) as Record<string, unknown>;
          const scope = name ? scopeOf(name, variables) : undefined;
          if (!name || scope === undefined) return fromValue(result);
          const userId = ownerOf(name, operation, result.data);
          if (userId === null) return fromValue(result);
          if (result.data && !result.error) {
            const opened = operation.context['offlineSync'] !== true;
            void reads.store(userId, name, variables, result.data, opened).catch(() => undefined);
            return fromValue(result);
          }
          const code = result.error?.graphQLErrors[0]?.extensions['code'];
          if (typeof code === 'string' && REFUSED_CODES.has(code)) {
            const dropped =
              name === 'ProjectData' && scope !== null
                ? reads.refused(userId, scope)
                : reads.forget(userId, name, variables);
            void dropped.catch(() => undefined);
            return fromValue(result);
          }
          if (!result.error?.networkError) return fromValue(result);
          return fromPromise(
            reads
              .find(userId, name, variables)
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
