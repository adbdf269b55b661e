import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { localDate, type DisciplineStatusMap, type IssueViewer } from '@obra/domain';
import { useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { useSession } from '../../../app/guards/session-context.ts';
import { IssuesListContextDocument, type IssuesListContextQuery } from '../../../gql/generated.ts';
import type { ProjectDetails } from '../../projects/project-context.ts';
import {
  flushIssueListContext,
  setIssueListContext,
  type IssueListFilterState,
} from '../shared/issue-list-context.ts';
import { projectStatusMap } from '../shared/project-status-map.ts';
import { createEngineClient, type EngineClient } from './engine-client.ts';
import type { EngineQuery, EngineResult } from './issue-list-engine.ts';
import { landsOnPending, readLastView, writeLastView } from './list-last-view.ts';
import { filterFromParams, filterToParams } from './list-url-state.ts';
import { useIssuePages, type IssuePages } from './use-issue-pages.ts';

/** The project's people, groups and the caller's tags, as the list shows and filters them. */
export type ListContextData = IssuesListContextQuery;

/** Everything the issue list screen works with. */
export interface IssueList {
  readonly pages: IssuePages;
  readonly filter: IssueListFilterState;
  setFilter(next: IssueListFilterState): void;
  /** Changes part of the filter, on top of the latest one in the address. */
  updateFilter(patch: Partial<IssueListFilterState>): void;
  /** The engine's answer for the current filter; null until the first one. */
  readonly result: EngineResult | null;
  readonly viewer: IssueViewer | null;
  readonly statuses: DisciplineStatusMap;
  readonly today: string;
  readonly context: ListContextData | null;
  readonly contextError: unknown;
}

function useEngine(): EngineClient {
  const [engine] = useState(createEngineClient);
  useEffect(() => () => engine.dispose(), [engine]);
  return engine;
}

/**
 * The issue list's state: every issue loaded page by page, the filter kept in the address (so back, forward
 * and shared links keep it), and the engine's ordered ids and tab counts for it. Each answer is also recorded
 * as the list context the issue view reads for previous/next.
 */
export function useIssueList(project: ProjectDetails): IssueList {
  const { user } = useSession();
  const engine = useEngine();
  const pages = useIssuePages(project.id, engine);
  const [context] = useQuery({ query: IssuesListContextDocument, variables: { projectId: project.id } });
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => filterFromParams(params), [params]);
  const statuses = useMemo(() => projectStatusMap(project.disciplinesStatus), [project.disciplinesStatus]);
  const [today] = useState(() => localDate(new Date()));
  const [result, setResult] = useState<EngineResult | null>(null);
  // The pages' version the shown result was computed from (a first visit decides only on an up-to-date one).
  const [resultVersion, setResultVersion] = useState(-1);
  const latestVersion = useRef(-1);

  const data = context.data;
  const viewer = useMemo<IssueViewer | null>(() => {
    if (!data || !user) return null;
    return {
      userId: user.id,
      manageDisciplines: data.projectData.permissions.manageDisciplines,
      disciplineIds: data.projectData.permissions.userDisciplines,
      groupIds: data.projectIssuesGeneralData.groups
        .filter((g) => g.usersId.includes(user.id))
        .map((g) => g.id),
    };
  }, [data, user]);

  // One query at a time; changes that arrive meanwhile collapse into the next one.
  const latest = useRef<EngineQuery | null>(null);
  const running = useRef(false);
  const run = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    try {
      while (latest.current) {
        const query = latest.current;
        const version = latestVersion.current;
        latest.current = null;
        setResult(await engine.query(query));
        setResultVersion(version);
      }
    } catch {
      // The engine was disposed (the screen is leaving).
    } finally {
      running.current = false;
    }
  }, [engine]);

  useEffect(() => {
    if (!viewer) return;
    latest.current = {
      filter,
      viewer,
      statuses: [...statuses.entries()],
      today,
      timezoneOffset: new Date().getTimezoneOffset(),
    };
    latestVersion.current = pages.version;
    void run();
  }, [pages.version, filter, viewer, statuses, today, run]);

  const search = params.toString();
  // A first visit (nothing saved, plain address) waits for the first answer to choose the landing tab. Every
  // view the user sets is remembered for the project at once, so the side menu's plain link restores it.
  const firstVisit = useRef(readLastView(project.id) === null && search === '');
  const apply = useCallback(
    (next: URLSearchParams) => {
      firstVisit.current = false;
      writeLastView(project.id, next.toString());
      setParams(next, { replace: true });
    },
    [project.id, setParams],
  );
  useEffect(() => {
    // An address that says something (a shared link, back from an issue) is the view from now on.
    if (search !== '') writeLastView(project.id, search);
    // Only when the list opens: later changes are written by `apply`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [project.id]);
  useEffect(() => {
    if (!firstVisit.current || !result || !viewer) return;
    if (landsOnPending(viewer, result.counts)) {
      apply(filterToParams({ ...filterFromParams(params), standard: 'pendencies' }));
    } else if (pages.progress.done && resultVersion === pages.version) {
      // Only once every page is in and counted: a result of fewer pages may not show the pending items yet.
      firstVisit.current = false;
      writeLastView(project.id, search);
    }
  }, [result, resultVersion, viewer, params, search, apply, project.id, pages.progress.done, pages.version]);

  // Leaving the page (another site, a reload, closing the tab) keeps the list for the issue view's previous/next.
  useEffect(() => {
    window.addEventListener('pagehide', flushIssueListContext);
    return () => window.removeEventListener('pagehide', flushIssueListContext);
  }, []);
  useEffect(() => {
    if (result)
      setIssueListContext({
        projectId: project.id,
        issueIds: result.ids,
        filter,
        search: search ? `?${search}` : '',
      });
  }, [result, project.id, filter, search]);

  const setFilter = useCallback((next: IssueListFilterState) => apply(filterToParams(next)), [apply]);

  const updateFilter = useCallback(
    (patch: Partial<IssueListFilterState>) => {
      firstVisit.current = false;
      setParams(
        (current) => {
          const next = filterToParams({ ...filterFromParams(current), ...patch });
          writeLastView(project.id, next.toString());
          return next;
        },
        { replace: true },
      );
    },
    [project.id, setParams],
  );

  return {
    pages,
    filter,
    setFilter,
    updateFilter,
    result,
    viewer,
    statuses,
    today,
    context: data ?? null,
    contextError: context.error ?? null,
  };
}
