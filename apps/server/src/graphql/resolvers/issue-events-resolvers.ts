import { AppError, canSeeIssue } from '@obra/domain';
import { requireActor, type GraphQLContext } from '../context.ts';
import type { Resolvers } from '../generated/resolvers-types.ts';
import {
  filterMapEvents,
  PROJECT_EVENTS_CHANNEL,
  projectTopic,
  type ProjectEvent,
} from '../../realtime/project-events.ts';
import { currentSubscriber } from '../../realtime/subscriber-access.ts';
import { isServiceUnavailableError } from '../../lib/database-errors.ts';
import {
  loadProjectAccess,
  type ProjectAccess,
  projectActorOf,
} from '../../modules/projects/project-access.ts';
import { getIssue } from '../../modules/issues/list/issue-query-service.ts';
import { visibleCommentView } from '../../modules/issues/comments/issue-comment-query-service.ts';
import { visibleNotificationSummary } from '../../modules/issues/notifications/issue-live-events.ts';
import { requireIssueReader } from '../../modules/projects/project-access.ts';
import { presentIssue } from './issues-presenters.ts';
import { presentComment, presentSummary } from './issue-comments-presenters.ts';
import { attachIssueOrigin } from './issue-request-cache.ts';

type Loader<T> = (event: ProjectEvent, access: ProjectAccess) => Promise<T | undefined>;

/** Undefined for what the subscriber may not see (an AppError of the loaders); other errors go on. */
async function unlessRefused<T>(work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) return undefined;
    throw error;
  }
}

/**
 * A database that went away ends the subscription's connection (the client reconnects and subscribes again,
 * then refetches what it missed) rather than ending the subscription alone while the socket stays open.
 */
async function closingWhenUnavailable<T>(ctx: GraphQLContext, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isServiceUnavailableError(error)) throw error;
    ctx.live?.close('unavailable');
    throw new AppError('SERVICE_UNAVAILABLE');
  }
}

/**
 * A project's events for one subscriber: refused at once to callers outside the project (PROJECT_NOT_FOUND).
 * Then each event is checked against the subscriber's access at delivery time: their session must still be
 * open and they must still be in the company they subscribed as (otherwise the connection is closed and the
 * stream ends), their company still in the project and the issue or comment visible to them (otherwise the
 * event is skipped). Only ids travel on the pub/sub; data never leaves unchecked.
 */
async function projectStream<T>(
  ctx: GraphQLContext,
  projectId: number,
  load: Loader<T>,
): Promise<AsyncIterable<T>> {
  const actor = requireActor(ctx);
  const { db } = ctx.services.database;
  requireIssueReader(await closingWhenUnavailable(ctx, () => loadProjectAccess(db, actor, projectId)));
  const source = ctx.services.pubsub.subscribe(PROJECT_EVENTS_CHANNEL, projectTopic(ctx.services, projectId));
  return filterMapEvents(source, (event) =>
    closingWhenUnavailable(ctx, async () => {
      const subscriber = await currentSubscriber(ctx.services, actor);
      if (subscriber.ended) {
        ctx.live?.close(subscriber.ended);
        throw new AppError(subscriber.ended === 'signedOut' ? 'UNAUTHENTICATED' : 'PROJECT_NOT_FOUND');
      }
      const access = await unlessRefused(() => loadProjectAccess(db, subscriber.actor, projectId));
      return access && unlessRefused(() => load(event, access));
    }),
  );
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
    const summary = await visibleNotificationSummary(ctx.services.database.db, access, event.issueId);
    if (!summary) return undefined;
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
