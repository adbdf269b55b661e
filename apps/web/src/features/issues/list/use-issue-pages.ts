import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { useClient, type OperationResult } from 'urql';
import { SessionContext } from '../../../app/guards/session-context.ts';
import { createScreenCache } from '../../../lib/screen-cache.ts';
import {
  IssuesListIssueChangedDocument,
  IssuesListNotificationsChangedDocument,
  IssuesListPageDocument,
  type IssueListFieldsFragment,
  type IssuesListPageQuery,
} from '../../../gql/generated.ts';
import type { EngineClient } from './engine-client.ts';
import { toIssueFacts, type IssueRow } from './issue-row.ts';
import { useLiveResumed } from '../../../lib/live-resume.ts';
import { ISSUE_PAGE_SIZE, takeFirstPage } from './first-page-prefetch.ts';

/** Issues per getIssues page (spec core §9). */
export { ISSUE_PAGE_SIZE };

/** Loading progress of the list. */
export interface LoadProgress {
  readonly loaded: number;
  readonly pages: number;
  readonly done: boolean;
  readonly error: unknown;
}

/** The loaded issues and the ways to change them locally after a mutation or a live event. */
export interface IssuePages {
  /** Every loaded issue by id; read it together with `version`, which changes on every change. */
  readonly rows: ReadonlyMap<number, IssueRow>;
  readonly version: number;
  readonly progress: LoadProgress;
  applyRows(rows: readonly IssueRow[]): void;
  removeRows(ids: readonly number[]): void;
  patchNotifications(ids: readonly number[], summary: IssueRow['notificationsSummary']): void;
  patchStarred(id: number, starred: boolean): void;
  reload(): void;
}

/** The rows each project's list last held, per user: shown at once on the way back while they load anew. */
const lastRows = createScreenCache<readonly IssueRow[]>(5);

/**
 * Loads every issue of the project, 500 a page through the `after` cursor, feeding each page to the list
 * engine as it arrives (the first rows show while the rest loads), and keeps them current with
 * projectIssueChanged and projectNotificationsChanged, so a change by someone else appears without a reload.
 * Coming back to a list shown before in this tab, its last rows show at once while every page loads again
 * (stale while revalidating); once the last page is in, rows the server no longer sent leave the list.
 */
export function useIssuePages(projectId: number, engine: EngineClient): IssuePages {
  const client = useClient();
  // Whose rows these are (the cache of the last visit is per user); none outside a session.
  const userId = useContext(SessionContext)?.user?.id ?? 0;
  const rows = useRef(new Map<number, IssueRow>());
  // Ids a live event touched, with when: a page requested before that moment must not bring back stale data.
  const touched = useRef(new Map<number, number>());
  const [version, setVersion] = useState(0);
  const [attempt, setAttempt] = useState(0);
  const [progress, setProgress] = useState<LoadProgress>({ loaded: 0, pages: 0, done: false, error: null });
  const bump = useCallback(() => setVersion((v) => v + 1), []);

  const applyRows = useCallback(
    (changed: readonly IssueRow[]) => {
      if (changed.length === 0) return;
      for (const row of changed) rows.current.set(row.id, row);
      engine.upsert(changed.map(toIssueFacts));
      bump();
    },
    [engine, bump],
  );

  const removeRows = useCallback(
    (ids: readonly number[]) => {
      const present = ids.filter((id) => rows.current.delete(id));
      if (present.length === 0) return;
      engine.remove(present);
      bump();
    },
    [engine, bump],
  );

  const patchNotifications = useCallback(
    (ids: readonly number[], summary: IssueRow['notificationsSummary']) => {
      const changed = ids
        .map((id) => rows.current.get(id))
        .filter((row): row is IssueRow => row !== undefined)
        .map((row) => ({ ...row, notificationsSummary: summary }));
      applyRows(changed);
    },
    [applyRows],
  );

  const patchStarred = useCallback(
    (id: number, starred: boolean) => {
      const row = rows.current.get(id);
      if (row) applyRows([{ ...row, userPersonalData: { ...row.userPersonalData, starred } }]);
    },
    [applyRows],
  );

  useEffect(() => {
    let cancelled = false;
    let complete = false;
    rows.current = new Map();
    touched.current = new Map();
    engine.reset();
    const cached = lastRows.get(userId, projectId) ?? [];
    setProgress({ loaded: cached.length, pages: 0, done: false, error: null });
    bump();
    applyRows(cached);
    const loadStart = performance.now();
    const sent = new Set<number>();
    void (async () => {
      let after: string | null = null;
      let pages = 0;
      // The first page may be on its way already (the project frame asked for it with its own data).
      let prefetched = takeFirstPage(userId, projectId);
      for (;;) {
        const { requestedAt, result: asked } = prefetched ?? {
          requestedAt: performance.now(),
          result: client
            .query(
              IssuesListPageDocument,
              { projectId, first: ISSUE_PAGE_SIZE, after },
              { requestPolicy: 'network-only' },
            )
            .toPromise(),
        };
        prefetched = undefined;
        const result: OperationResult<IssuesListPageQuery> = await asked;
        if (cancelled) return;
        const page = result.data?.getIssues;
        if (result.error || !page) {
          setProgress((p) => ({ ...p, error: result.error ?? new Error('UNEXPECTED') }));
          return;
        }
        pages += 1;
        for (const row of page.issues) sent.add(row.id);
        const fresh = page.issues.filter((row) => (touched.current.get(row.id) ?? -1) < requestedAt);
        applyRows(fresh);
        const last = !page.pageInfo.hasNextPage || !page.pageInfo.endCursor;
        if (last && cached.length > 0) {
          // Shown from the last visit but no longer sent (deleted, or no longer visible): out.
          removeRows(
            cached
              .map((row) => row.id)
              .filter((id) => !sent.has(id) && (touched.current.get(id) ?? -1) < loadStart),
          );
        }
        setProgress({ loaded: rows.current.size, pages, done: last, error: null });
        if (last) {
          complete = true;
          lastRows.set(userId, projectId, [...rows.current.values()]);
          return;
        }
        after = page.pageInfo.endCursor;
      }
    })();
    return () => {
      cancelled = true;
      // What the list holds when the user leaves it (live changes included) shows first next time.
      if (complete) lastRows.set(userId, projectId, [...rows.current.values()]);
    };
  }, [client, projectId, userId, engine, attempt, applyRows, removeRows, bump]);

  useEffect(() => {
    const issues = client.subscription(IssuesListIssueChangedDocument, { projectId }).subscribe((result) => {
      const change = result.data?.projectIssueChanged;
      if (!change) return;
      touched.current.set(change.issueId, performance.now());
      // An issue the subscriber may no longer see comes without its data: it leaves the list.
      if (change.kind === 'deleted' || !change.issue) removeRows([change.issueId]);
      else applyRows([change.issue as IssueListFieldsFragment]);
    });
    const marks = client
      .subscription(IssuesListNotificationsChangedDocument, { projectId })
      .subscribe((result) => {
        const change = result.data?.projectNotificationsChanged;
        if (change) patchNotifications([change.issueId], change.notificationsSummary);
      });
    return () => {
      issues.unsubscribe();
      marks.unsubscribe();
    };
  }, [client, projectId, applyRows, removeRows, patchNotifications]);

  // Live updates that dropped and came back missed whatever changed in between: load the list again.
  useLiveResumed(() => setAttempt((a) => a + 1));

  return {
    rows: rows.current,
    version,
    progress,
    applyRows,
    removeRows,
    patchNotifications,
    patchStarred,
    reload: () => setAttempt((a) => a + 1),
  };
}
