import { insertBcfComment, upsertBcfComment } from '../bcf-repository.ts';
import {
  AppError,
  commentTextProblems,
  throwFirstProblem,
  isBcfGuid,
  matchesODataFilter,
  orderByOData,
  parseODataFilter,
  parseODataOrderBy,
} from '@obra/domain';
import type { Actor } from '../../../auth/actor.ts';
import { unitOfWork } from '../../../db/unit-of-work.ts';
import type { AppServices } from '../../../services.ts';
import { issueCommentViews } from '../../issues/comments/issue-comment-query-service.ts';
import {
  applyCommentCreate,
  deleteComment,
  updateComment,
} from '../../issues/comments/issue-comment-service.ts';
import { loadVisibleIssue } from '../../issues/issue-repository.ts';
import { bcfRowsOfComments } from './bcf-api-repository.ts';
import type { CommentView } from '../../issues/comments/issue-comment-repository.ts';
import { type ProjectAccess } from '../../projects/project-access.ts';
import { derivedCommentGuid } from '../bcf-guids.ts';
import { readStoredViewpoints } from '../bcf-import-files.ts';
import { commentAuthorization, commentOf } from './bcf-api-mapping.ts';
import { active, requireWrites, type Json, writes } from './bcf-api-projects.ts';
import {
  loadTopic,
  loadTopicFor,
  type LoadedTopic,
  type TopicAt,
  type ODataQuery,
} from './bcf-api-topics.ts';

// --- comments -------------------------------------------------------------------------------------------

/** The guids of a topic's stored BCF viewpoints: those a comment may refer to (bcf-api-viewpoints.ts lists them). */
function storedViewpointGuids(topic: LoadedTopic): Set<string> {
  return new Set(readStoredViewpoints(topic.view.row.viewpoints).map((v) => v.guid));
}

interface LoadedComment {
  guid: string;
  view: CommentView;
  /** What BCF keeps of the comment (bcf_comments.comment), if anything. */
  kept: unknown;
  json: Json;
}

export async function commentsOf(
  services: AppServices,
  access: ProjectAccess,
  topic: LoadedTopic,
): Promise<LoadedComment[]> {
  const row = topic.view.row;
  const views = (await issueCommentViews(services, access, row.id, row.visibility)).filter(
    (c) => c.row.deletedAt === null && c.showMessage,
  );
  const kept = await bcfRowsOfComments(
    services.database.db,
    views.map((v) => v.row.id),
  );
  const byId = new Map(kept.map((k) => [k.commentId, k]));
  const viewpointGuids = storedViewpointGuids(topic);
  return views.map((view) => {
    const bcf = byId.get(view.row.id);
    const guid = bcf?.guid ?? derivedCommentGuid(access.project.guid, view.row.id);
    return {
      guid,
      view,
      kept: bcf?.comment,
      json: commentOf({
        guid,
        topicGuid: topic.guid,
        message: view.row.message,
        createdAt: view.row.createdAt,
        authorEmail: view.users.get(view.row.createdByUserId)?.email,
        editedAt: view.row.editedAt,
        kept: bcf?.comment as Parameters<typeof commentOf>[0]['kept'],
        viewpointGuids,
        authorization: commentAuthorization({
          active: active(access),
          writes: writes(access),
          canEdit: view.canEdit,
          canDelete: view.canDelete,
        }),
      }),
    };
  });
}

export async function listBcfComments(
  services: AppServices,
  actor: Actor,
  at: TopicAt,
  query: ODataQuery,
): Promise<Json[]> {
  const order = parseODataOrderBy(query.$orderby, ['date']);
  const filter = parseODataFilter(query.$filter, { author: 'text', date: 'date', viewpoint_guid: 'text' });
  const { access, topic } = await loadTopic(services, actor, at);
  const comments = (await commentsOf(services, access, topic)).map((c) => c.json);
  return orderByOData(
    comments.filter((c) =>
      matchesODataFilter(filter, c, { author: 'text', date: 'date', viewpoint_guid: 'text' }),
    ),
    order,
    { date: 'date' },
  );
}

async function loadComment(
  services: AppServices,
  actor: Actor,
  at: TopicAt,
  commentGuid: string,
): Promise<{ access: ProjectAccess; topic: LoadedTopic; comment: LoadedComment }> {
  const { access, topic } = await loadTopic(services, actor, at);
  const comment = (await commentsOf(services, access, topic)).find(
    (c) => c.guid === commentGuid.toLowerCase(),
  );
  if (!comment) throw new AppError('NOT_FOUND');
  return { access, topic, comment };
}

export async function getBcfComment(
  services: AppServices,
  actor: Actor,
  at: TopicAt,
  commentGuid: string,
): Promise<Json> {
  return (await loadComment(services, actor, at, commentGuid)).comment.json;
}

function commentBody(body: unknown): {
  message: string;
  viewpointGuid: string | undefined;
  guid: string | undefined;
} {
  const json = (typeof body === 'object' && body !== null ? body : {}) as Json;
  const message = typeof json['comment'] === 'string' ? json['comment'] : '';
  if (message.trim() === '') throw new AppError('REQUIRED_FIELD', { fields: ['comment'] });
  const guid = typeof json['guid'] === 'string' ? json['guid'].toLowerCase() : undefined;
  if (guid !== undefined && !isBcfGuid(guid))
    throw new AppError('BAD_USER_INPUT', 'guid is not a GUID', { field: 'guid' });
  const viewpointGuid = typeof json['viewpoint_guid'] === 'string' ? json['viewpoint_guid'] : undefined;
  return { message, viewpointGuid: viewpointGuid?.toLowerCase(), guid: guid?.toLowerCase() };
}

/**
 * POST comments: a public comment through applyCommentCreate (the text limit, history, unread marks, live event)
 * with its BCF GUID and viewpoint kept beside it, in one transaction; createComment's action is the topic's.
 */
export async function createBcfComment(
  services: AppServices,
  actor: Actor,
  at: TopicAt,
  body: unknown,
): Promise<Json> {
  const { access, topic } = await loadTopicFor(services, actor, at, 'createComment');
  const input = commentBody(body);
  const known = await commentsOf(services, access, topic);
  if (input.guid && known.some((c) => c.guid === input.guid))
    throw new AppError('BAD_USER_INPUT', 'a comment with this guid exists', { field: 'guid' });
  if (input.viewpointGuid && !storedViewpointGuids(topic).has(input.viewpointGuid))
    throw new AppError('BAD_USER_INPUT', 'unknown viewpoint', { field: 'viewpoint_guid' });
  const message = input.message.trim();
  throwFirstProblem(commentTextProblems({ message }));
  const guid = await unitOfWork(services, async (tx) => {
    const issue = await loadVisibleIssue(tx, access, topic.view.row.id);
    const created = await applyCommentCreate(tx, {}, issue, {
      message,
      visibility: 'public',
      groupId: null,
      mentioned: [],
      userId: actor.account.id,
    });
    const commentGuid = input.guid ?? derivedCommentGuid(access.project.guid, created.id);
    await insertBcfComment(tx, {
      commentId: created.id,
      issueId: issue.id,
      guid: commentGuid,
      comment: {
        author: actor.account.email,
        date: created.createdAt.toISOString(),
        viewpointGuid: input.viewpointGuid,
      },
    });
    return commentGuid;
  });
  return getBcfComment(services, actor, { ...at, topicGuid: topic.guid }, guid);
}

/** PUT comment: its text (the author only, as updateComment rules); its visibility stays. */
export async function updateBcfComment(
  services: AppServices,
  actor: Actor,
  at: TopicAt,
  commentGuid: string,
  body: unknown,
): Promise<Json> {
  const { access, topic, comment } = await loadComment(services, actor, at, commentGuid);
  requireWrites(access);
  const actions = (comment.json['authorization'] as { comment_actions: string[] }).comment_actions;
  if (!actions.includes('update')) throw new AppError('FORBIDDEN');
  const input = commentBody(body);
  if (input.viewpointGuid && !storedViewpointGuids(topic).has(input.viewpointGuid))
    throw new AppError('BAD_USER_INPUT', 'unknown viewpoint', { field: 'viewpoint_guid' });
  await updateComment(services, actor, {
    projectId: access.project.id,
    commentId: comment.view.row.id,
    message: input.message,
    visibility: comment.view.row.visibility,
    groupId: comment.view.row.groupId,
  });
  // The comment's BCF identity keeps its GUID; its viewpoint is the one sent (none when none is sent).
  const kept = (comment.kept ?? {}) as Record<string, unknown>;
  await unitOfWork(services, (tx) =>
    upsertBcfComment(tx, {
      commentId: comment.view.row.id,
      issueId: topic.view.row.id,
      guid: comment.guid,
      comment: { ...kept, viewpointGuid: input.viewpointGuid },
    }),
  );
  return getBcfComment(services, actor, at, comment.guid);
}

export async function deleteBcfComment(
  services: AppServices,
  actor: Actor,
  at: TopicAt,
  commentGuid: string,
): Promise<void> {
  const { access, comment } = await loadComment(services, actor, at, commentGuid);
  requireWrites(access);
  const actions = (comment.json['authorization'] as { comment_actions: string[] }).comment_actions;
  if (!actions.includes('delete')) throw new AppError('FORBIDDEN');
  await deleteComment(services, actor, { projectId: access.project.id, commentId: comment.view.row.id });
}
