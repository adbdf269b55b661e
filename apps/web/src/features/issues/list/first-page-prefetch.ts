import type { Client, OperationResult } from 'urql';
import { IssuesListPageDocument, type IssuesListPageQuery } from '../../../gql/generated.ts';

/** The list's page size (the server's largest page). */
export const ISSUE_PAGE_SIZE = 500;

/** A first page asked for ahead of the list screen, with when it was asked (live changes after it win). */
export interface PrefetchedPage {
  requestedAt: number;
  result: Promise<OperationResult<IssuesListPageQuery>>;
}

/** A prefetched page older than this is not used: the list asks again. */
const FRESH_MS = 10_000;
const pending = new Map<string, PrefetchedPage>();
const key = (userId: number, projectId: number) => `${userId}:${projectId}`;

/** Asks for the list's first page of issues now. */
function requestFirstPage(client: Client, projectId: number): PrefetchedPage {
  return {
    requestedAt: performance.now(),
    result: client
      .query(
        IssuesListPageDocument,
        { projectId, first: ISSUE_PAGE_SIZE, after: null },
        { requestPolicy: 'network-only' },
      )
      .toPromise(),
  };
}

/**
 * Starts loading the list's first page while the project's frame loads its own data (the project frame calls it
 * when its address is the list): on a cold load the two requests go out together instead of one after the other.
 */
export function prefetchFirstPage(client: Client, userId: number, projectId: number): void {
  pending.set(key(userId, projectId), requestFirstPage(client, projectId));
}

/** The page prefetched for this user and project if it is recent, once; else undefined. */
export function takeFirstPage(userId: number, projectId: number): PrefetchedPage | undefined {
  const k = key(userId, projectId);
  const page = pending.get(k);
  pending.delete(k);
  return page && performance.now() - page.requestedAt < FRESH_MS ? page : undefined;
}
