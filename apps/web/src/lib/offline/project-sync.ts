import type { Client, OperationResult } from 'urql';
import {
  IssueDetailDocument,
  IssueScreenDataDocument,
  IssuesListContextDocument,
  IssuesListPageDocument,
  ProjectDataDocument,
  SavedViewsDocument,
} from '../../gql/generated.ts';
import { ISSUE_PAGE_SIZE } from '../../features/issues/list/first-page-prefetch.ts';
import { offlineFilesCacheName, openOfflineDb } from './offline-db.ts';
import { dropProject, getProject, listOfflineProjects, putProject } from './read-store.ts';
import { markSynced } from './sync.ts';
import { drawingDb, refreshDrawings } from './drawing-store.ts';
import { openDocuments } from '../../features/viewer/viewer-api.ts';
import { REFUSED_CODES } from './read-exchange.ts';

/**
 * The explicit sync of a kept project (issue 34, docs/offline.md "Offline reading"): it runs the very queries the
 * screens run, with the same variables, so the read exchange stores their answers under the keys the screens
 * look up offline. A project marked "available offline" gets every issue's details (comments included) and the
 * thumbnails; the last opened one, kept anyway, its list and enumerations only.
 */

/** The budget of the offline copy on this device, in MB (the profile changes it). */
const BUDGET_KEY = 'obra.offline.budgetMb';
export const BUDGET_CHOICES_MB = [100, 250, 500, 1000] as const;

export function offlineBudgetMb(): number {
  const value = Number(localStorage.getItem(BUDGET_KEY));
  return (BUDGET_CHOICES_MB as readonly number[]).includes(value) ? value : 500;
}

export function setOfflineBudgetMb(mb: number): void {
  localStorage.setItem(BUDGET_KEY, String(mb));
}

/** A synced project is not synced again sooner than this by the automatic run (the profile's button forces it). */
const RESYNC_MS = 10 * 60_000;
const DETAIL_CONCURRENCY = 4;

export type SyncOutcome = 'synced' | 'refused' | 'offline';

type Query = Parameters<Client['query']>[0];

function run(client: Client, query: Query, variables: Record<string, unknown>): Promise<OperationResult> {
  return client.query(query, variables, { requestPolicy: 'network-only', offlineSync: true }).toPromise();
}

/** The thumbnails' signed addresses in an answer: list covers and the images' marked-up thumbnails. */
export function thumbnailUrls(data: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(data)) for (const item of data) thumbnailUrls(item, into);
  else if (data && typeof data === 'object')
    for (const [key, value] of Object.entries(data)) {
      if ((key === 'cover' || key === 'markedUpThumb') && typeof value === 'string' && value) into.add(value);
      else if (typeof value === 'object') thumbnailUrls(value, into);
    }
  return into;
}

/** Fails on an answer that is not the server's data: no network (→ offline), or a refusal. */
class SyncStop extends Error {
  constructor(readonly outcome: SyncOutcome) {
    super(outcome);
  }
}

function check(result: OperationResult): OperationResult {
  if (result.error?.networkError || result.extensions?.['offlineCopy']) throw new SyncStop('offline');
  const code = result.error?.graphQLErrors[0]?.extensions['code'];
  if (typeof code === 'string' && REFUSED_CODES.has(code)) throw new SyncStop('refused');
  return result;
}

export async function syncOfflineProject(
  client: Client,
  userId: number,
  projectId: number,
): Promise<SyncOutcome> {
  const started = new Date().toISOString();
  try {
    const project = await getProject(userId, projectId);
    if (!project) return 'synced';
    check(await run(client, ProjectDataDocument, { projectId }));
    check(await run(client, IssuesListContextDocument, { projectId }));
    const screen = check(await run(client, IssueScreenDataDocument, { projectId }));
    check(await run(client, SavedViewsDocument, { projectId }));
    const issueIds: number[] = [];
    const thumbs = new Set<string>();
    let after: string | null = null;
    for (;;) {
      const page = check(
        await run(client, IssuesListPageDocument, { projectId, first: ISSUE_PAGE_SIZE, after }),
      );
      const data = (page.data as { getIssues?: { issues: { id: number }[]; pageInfo: PageInfo } } | undefined)
        ?.getIssues;
      if (!data) break;
      issueIds.push(...data.issues.map((issue) => issue.id));
      thumbnailUrls(data.issues, thumbs);
      if (!data.pageInfo.hasNextPage || !data.pageInfo.endCursor) break;
      after = data.pageInfo.endCursor;
    }
    if (screen.data && project.offline) {
      const queue = [...issueIds];
      const worker = async () => {
        for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
          const detail = await run(client, IssueDetailDocument, { projectId, issueId: id });
          if (detail.error?.networkError || detail.extensions?.['offlineCopy']) throw new SyncStop('offline');
          thumbnailUrls(detail.data, thumbs);
        }
      };
      await Promise.all(Array.from({ length: DETAIL_CONCURRENCY }, worker));
    }
    await forgetOlder(userId, projectId, started);
    const files = project.offline
      ? await keepThumbnails(userId, projectId, [...thumbs])
      : { files: [], bytes: 0 };
    const current = await getProject(userId, projectId);
    if (current)
      await putProject(userId, { ...current, syncedAt: started, files: files.files, fileBytes: files.bytes });
    // The drawings kept offline: a newer revision's previews replace the kept ones, a refused document goes.
    const drawings = await refreshDrawings(
      drawingDb(userId, usedBytes(userId)),
      projectId,
      async (documentId) => (await openDocuments(projectId, [documentId]))[0],
      offlineBudgetMb() * 1024 * 1024,
    );
    if (drawings.outcome === 'offline') throw new SyncStop('offline');
    markSynced();
    return 'synced';
  } catch (error) {
    if (error instanceof SyncStop) {
      if (error.outcome === 'refused') await dropProject(userId, projectId);
      return error.outcome;
    }
    throw error;
  }
}

/** The bytes the user's whole offline copy takes (the budget's measure). */
export function usedBytes(userId: number): () => Promise<number> {
  return async () => (await listOfflineProjects(userId)).reduce((sum, p) => sum + p.bytes, 0);
}

interface PageInfo {
  hasNextPage: boolean;
  endCursor: string | null;
}

/** Answers of the project stored before this sync began (an issue deleted or hidden since) are forgotten. */
async function forgetOlder(userId: number, projectId: number, started: string): Promise<void> {
  const db = await openOfflineDb(userId);
  const tx = db.transaction('queries', 'readwrite');
  for (const stored of await tx.store.index('projectId').getAll(projectId))
    if (stored.storedAt < started) await tx.store.delete(stored.id);
  await tx.done;
}

/**
 * Keeps the project's thumbnails in the user's file cache (the worker answers them offline), within the budget:
 * past it, no more are fetched. Those of the last sync that are no longer referenced are removed.
 */
async function keepThumbnails(
  userId: number,
  projectId: number,
  urls: string[],
): Promise<{ files: string[]; bytes: number }> {
  if (typeof caches === 'undefined') return { files: [], bytes: 0 };
  const cache = await caches.open(offlineFilesCacheName(userId));
  const before = (await getProject(userId, projectId))?.files ?? [];
  const wanted = new Set(urls);
  for (const url of before) if (!wanted.has(url)) await cache.delete(url);
  const budget = offlineBudgetMb() * 1024 * 1024;
  let used = (await listOfflineProjects(userId))
    .filter((p) => p.projectId !== projectId)
    .reduce((sum, p) => sum + p.bytes, 0);
  const files: string[] = [];
  let bytes = 0;
  for (const url of urls) {
    if (used > budget) break;
    let response = await cache.match(url, { ignoreSearch: true });
    if (!response) {
      const fetched = await fetch(url, { credentials: 'include' }).catch(() => null);
      if (!fetched?.ok) continue;
      await cache.put(url, fetched.clone());
      response = fetched;
    }
    const size = (await response.blob()).size;
    bytes += size;
    used += size;
    files.push(url);
  }
  return { files, bytes };
}

let running: Promise<void> | null = null;

/**
 * Syncs the projects marked "available offline" not synced in the last ten minutes: when the session is known
 * and online, and when the network returns. `force` (the profile's "Sync now"): every kept project, the last
 * opened one too (its copy otherwise comes from the screens' own answers, so it costs no extra request).
 */
export function syncKeptProjects(client: Client, userId: number, force = false): Promise<void> {
  running ??= (async () => {
    for (const project of await listOfflineProjects(userId)) {
      const fresh = project.syncedAt && Date.now() - Date.parse(project.syncedAt) < RESYNC_MS;
      if (!force && (fresh || !project.offline)) continue;
      if ((await syncOfflineProject(client, userId, project.projectId)) === 'offline') break;
    }
  })().finally(() => {
    running = null;
  });
  return running;
}
