import { and, eq } from 'drizzle-orm';
import { AppError, canSeeIssue } from '@obra/domain';
import { requireActor, type GraphQLContext } from '../context.ts';
import type { Resolvers } from '../generated/resolvers-types.ts';
import { issues } from '../../db/schema/index.ts';
import {
  filterMapEvents,
  PROJECT_EVENTS_CHANNEL,
  projectTopic,
  type ProjectEvent,
} from '../../realtime/project-events.ts';
import { loadProjectAccess, type ProjectAccess } from '../../modules/projects/project-access.ts';
import { getIssue } from '../../modules/issues/list/issue-query-service.ts';
import { visibleCommentView } from '../../modules/issues/comments/issue-comment-query-service.ts';
import {
  loadNotificationSummaries,
  NO_NOTIFICATIONS,
} from '../../modules/issues/notifications/issue-notification-sql.ts';
import { audienceOf, projectActorOf, visibleIssuesWhere } from '../../modules/issues/issue-visibility-sql.ts';
import { presentIssue } from './issues-presenters.ts';
import { presentComment, presentSummary } from './issue-comments-presenters.ts';
import { attachIssueOrigin } from './issue-request-cache.ts';

type Loader<T> = (event: ProjectEvent, access: ProjectAccess) => Promise<T | undefined>;

/**
 * A project's events for one subscriber: refused at once to callers outside the project (PROJECT_NOT_FOUND);
 * then, for each event, the subscriber's access is loaded again (it may have changed) and the event becomes
 * what they may see, or nothing. Only ids travel on the pub/sub; data never leaves unchecked.
 */
async function projectStream<T>(
  ctx: GraphQLContext,
  projectId: number,
  load: Loader<T>,
): Promise<AsyncIterable<T>> {
  const actor = requireActor(ctx);
  const { db } = ctx.services.database;
  await loadProjectAccess(db, actor, projectId);
  const source = ctx.services.pubsub.subscribe(PROJECT_EVENTS_CHANNEL, projectTopic(ctx.services, projectId));
  return filterMapEvents(source, async (event) => {
    try {
      return await load(event, await loadProjectAccess(db, actor, projectId));
    } catch (error) {
      // Whatever the subscriber may no longer see (or the project they left) is skipped.
      if (error instanceof AppError) return undefined;
      throw error;
    }
  });
}

function issueChange(ctx: GraphQLContext): Loader<object> {
  return async (event, access) => {
    if (event.kind !== 'issue') return undefined;
    const base = { kind: event.action, projectId: event.projectId, issueId: event.issueId };
    if (event.action === 'deleted')
      return event.facts && canSeeIssue(projectActorOf(access), event.facts)
        ? { ...base, issue: null }
        : undefined;
    const { view, history } = await getIssue(ctx.services, access.actor, event.projectId, event.issueId);
    return { ...base, issue: attachIssueOrigin(presentIssue(access, view, history), access, true) };
  };
}

function commentChange(ctx: GraphQLContext): Loader<object> {
  return async (event, access) => {
    if (event.kind !== 'comment' || event.commentId === undefined) return undefined;
    const view = await visibleCommentView(ctx.services, access, event.commentId);
    if (!view) return undefined;
    return {
      kind: event.action,
      projectId: event.projectId,
      issueId: event.issueId,
      commentId: event.commentId,
      comment: presentComment(view),
    };
  };
}

function notificationsChange(ctx: GraphQLContext): Loader<object> {
  return async (event, access) => {
    const userId = access.actor.account.id;
    if (event.kind !== 'notifications' || !event.userIds?.includes(userId)) return undefined;
    const { db } = ctx.services.database;
    const [visible] = await db
      .select({ id: issues.id })
      .from(issues)
      .where(and(eq(issues.id, event.issueId), visibleIssuesWhere(audienceOf(access))));
    if (!visible) return undefined;
    const summary =
      (await loadNotificationSummaries(db, userId, [visible.id])).get(visible.id) ?? NO_NOTIFICATIONS;
    return {
      projectId: event.projectId,
      issueId: event.issueId,
      notificationsSummary: presentSummary(summary),
    };
  };
}

const identity = <T>(payload: T): T => payload;

/** Live issue, comment and notification changes of a project, per subscriber's visibility (spec core §7). */
export const issueEventsResolvers: Resolvers = {
  Subscription: {
    projectIssueChanged: {
      subscribe: (_r, { projectId }, ctx) => projectStream(ctx, projectId, issueChange(ctx)) as never,
      resolve: identity,
    },
    projectIssueCommentChanged: {
      subscribe: (_r, { projectId }, ctx) => projectStream(ctx, projectId, commentChange(ctx)) as never,
      resolve: identity,
    },
    projectNotificationsChanged: {
      subscribe: (_r, { projectId }, ctx) => projectStream(ctx, projectId, notificationsChange(ctx)) as never,
      resolve: identity,
    },
  },
};
