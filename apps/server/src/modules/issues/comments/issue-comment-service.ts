import {
  AppError,
  canSeeComment,
  COMMENT_VISIBILITIES,
  commentGroupFor,
  commentTextProblems,
  throwFirstProblem,
  type CommentVisibility,
  type HistoryChanges,
} from '@obra/domain';
import type { Db } from '../../../db/database.ts';
import type { AppServices } from '../../../services.ts';
import { emitProjectEvent, unitOfWork } from '../../../db/unit-of-work.ts';
import type { Actor } from '../../../auth/actor.ts';
import {
  loadForWrite,
  loadProjectAccess,
  requireActive,
  type ProjectAccess,
} from '../../projects/project-access.ts';
import { appendAiAssistantLog, loadVisibleIssue } from '../issue-repository.ts';
import {
  commentMarkUserIds,
  commentPermissions,
  deleteCommentMarks,
  insertCommentRow,
  loadCommentViews,
  updateCommentRow,
  loadVisibleComment,
  type CommentRow,
  type CommentView,
} from './issue-comment-repository.ts';
import { loadProjectMembers } from '../../projects/project-access-repository.ts';
import { writeIssueHistory } from '../issue-activity-repository.ts';
import { checkMentions, notifyUsers } from '../issue-activity.ts';
import { parseImagesJson, prepareImageFiles, replaceImages } from '../images/issue-image-service.ts';
import { findGroup } from '../../projects/project-group-repository.ts';
import { checkIdempotencyKey, priorResult, withIdempotencyKey } from '../idempotency.ts';

/** The fields of createProjectIssueComment and updateProjectIssueComment. */
export interface CommentFieldsInput {
  message?: string | null | undefined;
  visibility?: string | null | undefined;
  groupId?: number | null | undefined;
  mentionedUsers?: readonly number[] | null | undefined;
  /** A list of IssueImageInput as JSON (parseImagesJson); when sent, it replaces the comment's images. */
  images?: unknown;
}

type Changes = HistoryChanges;

/**
 * message and visibility are required (REQUIRED_FIELD lists the missing ones); a message beyond
 * TEXT_LIMITS.commentMessage is TEXT_TOO_LONG; an unknown visibility is BAD_USER_INPUT.
 */
function checkFields(input: CommentFieldsInput): { message: string; visibility: CommentVisibility } {
  const message = (input.message ?? '').trim();
  const missing = [
    ...(message === '' ? ['message'] : []),
    ...(input.visibility == null || input.visibility === '' ? ['visibility'] : []),
  ];
  if (missing.length > 0) throw new AppError('REQUIRED_FIELD', 'REQUIRED_FIELD', { fields: missing });
  throwFirstProblem(commentTextProblems({ message }));
  const visibility = COMMENT_VISIBILITIES.find((v) => v === input.visibility);
  if (!visibility) throw new AppError('BAD_USER_INPUT', 'invalid visibility', { field: 'visibility' });
  return { message, visibility };
}

/** A group visibility needs a group of the project (REQUIRED_FIELD, PROJECT_GROUP_NOT_FOUND). */
async function checkGroup(
  db: Db,
  projectId: number,
  visibility: CommentVisibility,
  groupId: number | null,
): Promise<void> {
  if (visibility !== 'group') return;
  if (groupId === null) throw new AppError('REQUIRED_FIELD', 'REQUIRED_FIELD', { fields: ['groupId'] });
  const group = await findGroup(db, projectId, groupId);
  if (!group) throw new AppError('PROJECT_GROUP_NOT_FOUND');
}

async function viewOf(
  db: Db,
  access: ProjectAccess,
  row: CommentRow,
  issueVisibility: string,
): Promise<CommentView> {
  const [view] = await loadCommentViews(db, access, new Map([[row.issueId, issueVisibility]]), [row]);
  if (!view) throw new Error('comment view missing');
  return view;
}

function commentEvent(row: CommentRow, action: 'created' | 'updated' | 'deleted'): void {
  emitProjectEvent({
    kind: 'comment',
    action,
    projectId: row.projectId,
    issueId: row.issueId,
    commentId: row.id,
  });
}

/**
 * createProjectIssueComment: authorize (comment.create, active project, the issue visible) → check the fields,
 * the group and the mentions → store the comment, its history entry and the unread marks in one transaction;
 * publish after commit.
 */
export async function createComment(
  services: AppServices,
  actor: Actor,
  input: CommentFieldsInput & { projectId: number; issueId: number; idempotencyKey?: string | null },
  /** The AI assistant drafted it (issue 31): this entry goes into the issue's aiAssistantLogs, in the same unit. */
  aiLog?: Record<string, unknown>,
): Promise<CommentView> {
  const { db } = services.database;
  const key = checkIdempotencyKey(input.idempotencyKey);
  const access = await loadForWrite(db, actor, input.projectId, 'comment.create');
  const replay = async (tx: Db, commentId: number): Promise<CommentView> => {
    const { comment, issue } = await loadVisibleComment(tx, access, commentId);
    return viewOf(tx, access, comment, issue.visibility);
  };
  const prior = await priorResult(db, actor.account.id, key, 'comment', input.projectId);
  if (prior?.commentId !== undefined) return replay(db, prior.commentId);
  const fields = checkFields(input);
  const groupId = commentGroupFor(fields.visibility, input.groupId);
  await checkGroup(db, input.projectId, fields.visibility, groupId);
  const mentioned = await checkMentions(db, input.projectId, input.mentionedUsers);
  const images = parseImagesJson(input.images);
  const files = await prepareImageFiles(services, access, images);
  const userId = actor.account.id;
  return unitOfWork(services, (tx) =>
    withIdempotencyKey(
      tx,
      userId,
      key,
      'comment',
      input.projectId,
      async () => {
        const view = await insertComment(tx);
        return {
          value: view,
          result: { projectId: input.projectId, issueId: input.issueId, commentId: view.row.id },
        };
      },
      (result) => replay(tx, result.commentId ?? 0),
    ),
  );

  async function insertComment(tx: Db): Promise<CommentView> {
    const issue = await loadVisibleIssue(tx, access, input.issueId);
    const row = await applyCommentCreate(tx, { files }, issue, {
      message: fields.message,
      visibility: fields.visibility,
      groupId,
      mentioned,
      images,
      userId,
    });
    if (aiLog) await appendAiAssistantLog(tx, issue.id, { ...aiLog, commentId: row.id });
    return viewOf(tx, access, row, issue.visibility);
  }
}

/** A comment to store, its fields already checked (checkFields, checkGroup, checkMentions). */
export interface NewComment {
  readonly message: string;
  readonly visibility: string;
  readonly groupId: number | null;
  readonly mentioned: readonly number[];
  readonly images?: ReturnType<typeof parseImagesJson> | undefined;
  readonly userId: number;
  /** When the comment was written, if not now (a BCF comment keeps its own date). */
  readonly createdAt?: Date | undefined;
}

/**
 * Stores one new comment inside the caller's transaction (createProjectIssueComment, the BCF import): the row,
 * its images, its history entry (with `historyExtra` merged into its fields), the unread marks of the interested
 * and the mentioned, and the comment event published after commit. The one way a comment comes into being.
 */
export async function applyCommentCreate(
  tx: Db,
  context: { files?: Awaited<ReturnType<typeof prepareImageFiles>> },
  issue: Awaited<ReturnType<typeof loadVisibleIssue>>,
  comment: NewComment,
  historyExtra: HistoryChanges = {},
): Promise<CommentRow> {
  const { userId } = comment;
  const row = await insertCommentRow(tx, {
    projectId: issue.projectId,
    issueId: issue.id,
    message: comment.message,
    visibility: comment.visibility,
    groupId: comment.groupId,
    mentionedUserIds: [...comment.mentioned],
    createdByUserId: userId,
    ...(comment.createdAt ? { createdAt: comment.createdAt } : {}),
  });
  const owner = { projectId: issue.projectId, issueId: issue.id, commentId: row.id, userId };
  const stored = comment.images?.length
    ? await replaceImages(tx, owner, comment.images, context.files ?? new Map())
    : undefined;
  await writeIssueHistory(tx, {
    issueId: issue.id,
    entityType: 'comment',
    commentId: row.id,
    fields: {
      message: { old: null, new: row.message },
      visibility: { old: null, new: row.visibility },
      ...(row.groupId !== null ? { groupId: { old: null, new: row.groupId } } : {}),
      ...(comment.mentioned.length > 0 ? { mentionedUsers: { old: null, new: [...comment.mentioned] } } : {}),
      ...(stored ? { images: { old: null, new: stored.new } } : {}),
      ...historyExtra,
    },
    issueVisibility: issue.visibility,
    commentVisibility: row.visibility,
    userId,
  });
  await notifyUsers(tx, {
    issue,
    actorId: userId,
    comment: row,
    mentioned: comment.mentioned,
    tellInterested: true,
  });
  commentEvent(row, 'created');
  return row;
}

/** The fields whose change is a change of who may see, not of what is said (no editedAt). */
const VISIBILITY_FIELDS = new Set(['visibility', 'groupId']);

function diff(before: Record<string, unknown>, after: Record<string, unknown>): Changes {
  const changes: Changes = {};
  for (const [key, value] of Object.entries(after))
    if (JSON.stringify(value) !== JSON.stringify(before[key]))
      changes[key] = { old: before[key] ?? null, new: value };
  return changes;
}

/**
 * updateProjectIssueComment: only the author, of a comment not deleted (INVALID_ACTION). message and visibility
 * are required; the group is kept only for group visibility (sent, else the stored one). Mentions, when sent,
 * replace the stored ones and the newly mentioned are told. Users who no longer see the comment lose their
 * unread marks on it.
 */
export async function updateComment(
  services: AppServices,
  actor: Actor,
  input: CommentFieldsInput & { projectId: number; commentId: number },
): Promise<CommentView> {
  const { db } = services.database;
  const access = await loadProjectAccess(db, actor, input.projectId);
  requireActive(access);
  const fields = checkFields(input);
  const images = parseImagesJson(input.images);
  const files = await prepareImageFiles(services, access, images);
  const userId = actor.account.id;
  return unitOfWork(services, async (tx) => {
    const { comment: row, issue } = await loadVisibleComment(tx, access, input.commentId, true);
    if (row.deletedAt) throw new AppError('INVALID_ACTION', 'the comment is deleted');
    if (row.createdByUserId !== userId) throw new AppError('FORBIDDEN');
    const groupId = commentGroupFor(fields.visibility, input.groupId ?? row.groupId);
    await checkGroup(tx, input.projectId, fields.visibility, groupId);
    const before = (row.mentionedUserIds as number[]) ?? [];
    const mentioned =
      input.mentionedUsers == null ? before : await checkMentions(tx, input.projectId, input.mentionedUsers);
    const changes = diff(
      { message: row.message, visibility: row.visibility, groupId: row.groupId, mentionedUsers: before },
      { message: fields.message, visibility: fields.visibility, groupId, mentionedUsers: mentioned },
    );
    const owner = { projectId: row.projectId, issueId: row.issueId, commentId: row.id, userId };
    const stored = images ? await replaceImages(tx, owner, images, files) : undefined;
    if (stored) changes['images'] = stored;
    if (Object.keys(changes).length === 0) return viewOf(tx, access, row, issue.visibility);
    const now = new Date();
    const updated = await updateCommentRow(tx, row.id, {
      message: fields.message,
      visibility: fields.visibility,
      groupId,
      mentionedUserIds: mentioned,
      // Only a change of what the comment says marks it edited; a visibility change has its own stamps.
      ...(Object.keys(changes).some((key) => !VISIBILITY_FIELDS.has(key))
        ? { editedAt: now, editedByUserId: userId }
        : {}),
      ...(changes['visibility'] ? { visibilityUpdatedAt: now, visibilityUpdatedByUserId: userId } : {}),
    });
    await writeIssueHistory(tx, {
      issueId: issue.id,
      entityType: 'comment',
      commentId: row.id,
      fields: changes,
      issueVisibility: issue.visibility,
      commentVisibility: updated.visibility,
      userId,
    });
    if (changes['visibility'] || changes['groupId']) await dropHiddenMarks(tx, issue, updated);
    const added = mentioned.filter((id) => !before.includes(id));
    if (added.length > 0)
      await notifyUsers(tx, {
        issue,
        actorId: userId,
        comment: updated,
        mentioned: added,
        tellInterested: false,
      });
    commentEvent(updated, 'updated');
    return viewOf(tx, access, updated, issue.visibility);
  });
}

/** Removes the unread marks on a comment of users who may no longer see it. */
async function dropHiddenMarks(
  tx: Db,
  issue: Parameters<typeof canSeeComment>[1],
  comment: CommentRow,
): Promise<void> {
  const marked = await commentMarkUserIds(tx, comment.id);
  if (marked.length === 0) return;
  const members = await loadProjectMembers(tx, comment.projectId, marked);
  const still = new Set(members.filter((m) => canSeeComment(m, issue, comment)).map((m) => m.userId));
  const gone = marked.filter((id) => !still.has(id));
  if (gone.length === 0) return;
  await deleteCommentMarks(tx, comment.id, gone);
  emitProjectEvent({
    kind: 'notifications',
    action: 'deleted',
    projectId: comment.projectId,
    issueId: comment.issueId,
    userIds: gone,
  });
}

/**
 * deleteProjectIssueComment: a soft delete (deletedAt) by the author, or by whoever may delete any issue
 * (project admins and coordinators, for moderation). The comment stays as a tombstone; its unread marks go.
 */
export async function deleteComment(
  services: AppServices,
  actor: Actor,
  input: { projectId: number; commentId: number },
): Promise<boolean> {
  const { db } = services.database;
  const access = await loadProjectAccess(db, actor, input.projectId);
  requireActive(access);
  const userId = actor.account.id;
  return unitOfWork(services, async (tx) => {
    const { comment: row, issue } = await loadVisibleComment(tx, access, input.commentId, true);
    if (row.deletedAt) throw new AppError('INVALID_ACTION', 'the comment is already deleted');
    if (!commentPermissions(access, row).canDelete) throw new AppError('FORBIDDEN');
    const now = new Date();
    await updateCommentRow(tx, row.id, { deletedAt: now, deletedByUserId: userId });
    await writeIssueHistory(tx, {
      issueId: issue.id,
      entityType: 'comment',
      commentId: row.id,
      fields: { deletedAt: { old: null, new: now.toISOString() } },
      issueVisibility: issue.visibility,
      commentVisibility: row.visibility,
      userId,
    });
    const marks = await deleteCommentMarks(tx, row.id);
    if (marks.length > 0)
      emitProjectEvent({
        kind: 'notifications',
        action: 'deleted',
        projectId: row.projectId,
        issueId: row.issueId,
        userIds: marks,
      });
    commentEvent(row, 'deleted');
    return true;
  });
}
