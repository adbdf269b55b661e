import { projectRoleOf, type DisciplineStatusMap } from '@obra/domain';
import { useEffect, useMemo, useRef } from 'react';
import { useMutation, useQuery, useSubscription } from 'urql';
import { useSession } from '../../../app/guards/session-context.ts';
import { createScreenCache } from '../../../lib/screen-cache.ts';
import {
  IssueDetailDocument,
  IssueScreenDataDocument,
  IssueViewCommentChangedDocument,
  IssueViewIssueChangedDocument,
  MarkIssueReadDocument,
  type IssueDetailFieldsFragment,
  type IssueScreenDataQuery,
} from '../../../gql/generated.ts';
import type { ProjectDetails } from '../../projects/project-context.ts';
import { projectStatusMap } from '../shared/project-status-map.ts';
import type { IssueEditor } from './issue-rules.ts';
import { useLiveResumed } from '../../../lib/live-resume.ts';

/** A participant of the project as the issue screens name them. */
export type ScreenUser = IssueScreenDataQuery['projectUsers'][number];

/** What every part of the issue screen reads. */
export interface IssueScreen {
  readonly project: ProjectDetails;
  readonly issue: IssueDetailFieldsFragment;
  readonly editor: IssueEditor;
  readonly statuses: DisciplineStatusMap;
  readonly usersById: ReadonlyMap<number, ScreenUser>;
  readonly general: IssueScreenDataQuery['projectIssuesGeneralData'];
  /** Loads the issue again (after a write of the user's, or a live change). */
  readonly reload: () => void;
}

const screenData = createScreenCache<IssueScreenDataQuery>();

/**
 * The project data that does not change while the issue is open: users, groups, tags, mentions. When an issue
 * of the project was open before, what it showed is used at once while the data is fetched again.
 */
export function useIssueScreenData(projectId: number) {
  const userId = useSession().user?.id ?? 0;
  const [result, refetch] = useQuery({ query: IssueScreenDataDocument, variables: { projectId } });
  useEffect(() => {
    if (result.data) screenData.set(userId, projectId, result.data);
  }, [result.data, userId, projectId]);
  return {
    data: result.data ?? (result.error ? undefined : screenData.get(userId, projectId)),
    error: result.error,
    reload: () => refetch({ requestPolicy: 'network-only' }),
  };
}

/**
 * The open issue: loaded network-only, reloaded when someone changes it or one of its comments (live updates
 * through projectIssueChanged / projectIssueCommentChanged), and marked read once it is shown.
 */
export function useIssueDetail(projectId: number, issueId: number) {
  const valid = Number.isInteger(issueId) && issueId > 0;
  const [result, refetch] = useQuery({
    query: IssueDetailDocument,
    variables: { projectId, issueId },
    pause: !valid,
  });
  const reload = useMemo(() => () => refetch({ requestPolicy: 'network-only' }), [refetch]);
  useLiveReload(projectId, issueId, reload);
  useMarkRead(result.data?.issue ?? null);
  return { issue: result.data?.issue ?? null, fetching: result.fetching, error: result.error, reload, valid };
}

function useLiveReload(projectId: number, issueId: number, reload: () => void) {
  const [issueChange] = useSubscription({ query: IssueViewIssueChangedDocument, variables: { projectId } });
  const [commentChange] = useSubscription({
    query: IssueViewCommentChangedDocument,
    variables: { projectId },
  });
  const issueEvent = issueChange.data?.projectIssueChanged;
  const commentEvent = commentChange.data?.projectIssueCommentChanged;
  // Each event object is new; reload only for events about this issue.
  useEffect(() => {
    if (issueEvent && issueEvent.issueId === issueId) reload();
  }, [issueEvent, issueId, reload]);
  useEffect(() => {
    if (commentEvent && commentEvent.issueId === issueId) reload();
  }, [commentEvent, issueId, reload]);
  // Live updates that dropped and came back missed whatever changed in between: load the issue again.
  useLiveResumed(reload);
}

/**
 * Opening an issue marks it read (deleteProjectIssueNotifications), once per arrival of new marks: the marks
 * shown on this load stay highlighted until the next one.
 */
function useMarkRead(issue: IssueDetailFieldsFragment | null) {
  const [, markRead] = useMutation(MarkIssueReadDocument);
  const marked = useRef<string>('');
  const count = issue?.notificationsSummary.count ?? 0;
  const signature = issue ? `${issue.id}:${issue.notificationsSummary.last ?? ''}:${count}` : '';
  useEffect(() => {
    if (!issue || count === 0 || marked.current === signature) return;
    marked.current = signature;
    void markRead({ issuesId: [issue.id] });
  }, [issue, count, signature, markRead]);
}

/** The screen model from the project, the issue and the project data. */
export function buildIssueScreen(
  project: ProjectDetails,
  issue: IssueDetailFieldsFragment,
  data: IssueScreenDataQuery,
  userId: number,
  reload: () => void,
): IssueScreen {
  return {
    project,
    issue,
    editor: {
      userId,
      role: projectRoleOf(project.permissions.role),
      manageDisciplines: data.projectData.permissions.manageDisciplines,
      userDisciplines: data.projectData.permissions.userDisciplines,
    },
    statuses: projectStatusMap(project.disciplinesStatus),
    usersById: new Map(data.projectUsers.map((u) => [u.id, u])),
    general: data.projectIssuesGeneralData,
    reload,
  };
}

/** The signed-in user's id. */
export function useMyId(): number {
  return useSession().user?.id ?? 0;
}
