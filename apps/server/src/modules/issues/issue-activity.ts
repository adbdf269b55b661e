/**
 * What a stored change of an issue or a comment causes, inside its transaction (issue 29: one home): the history
 * entry, the mentions, who is told and their unread marks, the events published after commit. createIssue,
 * updateIssue, the comments and the BCF import (through those services) record here.
 */
import {
  AppError,
  canSeeComment,
  canSeeIssue,
  type CommentVisibilityFacts,
  type IssueVisibilityFacts,
  type HistoryChanges,
  type IssueUpdateWrite,
} from '@obra/domain';
import type { Db } from '../../db/database.ts';
import { emitProjectEvent } from '../../db/unit-of-work.ts';
import { loadProjectMembers, type ProjectMember } from '../projects/project-access-repository.ts';
import { setIssueMentions, storeIssueUpdate, type IssueRow } from './issue-repository.ts';
import {
  insertMarks,
  issueFollowFacts,
  upsertCommentMarks,
  writeIssueHistory,
} from './issue-activity-repository.ts';

/** What createIssue / updateIssue hand over once they have stored an issue's row and children. */
export interface IssueChange {
  /** The issue's row as just stored (its visibility says who may read the entry and who is told). */
  readonly issue: IssueRow;
  readonly userId: number;
  readonly action: 'created' | 'updated';
  /** The changed fields, for the history entry. */
  readonly fields: HistoryChanges;
  /** Sent: replaces the stored mentions (project users only, else BAD_USER_INPUT); absent: keeps them. */
  readonly mentionedUsers?: readonly number[] | null | undefined;
}

/**
 * Records a created or updated issue, inside its transaction, as one step of the store: its history entry
 * (writeIssueHistory, the one writer), the mentions, the unread marks of that entry for the interested users
 * (mention marks for the newly mentioned) and the issue event, published after commit. The stored row is the
 * one the store answered (not read again).
 */
export async function recordIssueChange(tx: Db, change: IssueChange): Promise<void> {
  const { issue } = change;
  const historyId = await writeIssueHistory(tx, {
    issueId: issue.id,
    entityType: 'issue',
    fields: change.fields,
    issueVisibility: issue.visibility,
    userId: change.userId,
  });
  const before = Array.isArray(issue.mentionedUserIds) ? (issue.mentionedUserIds as number[]) : [];
  let mentioned = before;
  if (change.mentionedUsers != null) {
    mentioned = await checkMentions(tx, issue.projectId, change.mentionedUsers);
    await setIssueMentions(tx, issue.id, mentioned);
  }
  const added = mentioned.filter((id) => !before.includes(id));
  await notifyUsers(tx, {
    issue: { ...issue, mentionedUserIds: mentioned },
    actorId: change.userId,
    historyId,
    mentioned: added,
    tellInterested: true,
  });
  emitProjectEvent({ kind: 'issue', action: change.action, projectId: issue.projectId, issueId: issue.id });
}

/**
 * Stores a decided update with its record, so that no stored change goes without its history entry: the row and
 * the children the update replaces (storeIssueUpdate, which answers the row as stored), then recordIssueChange on
 * that row. Answers the stored row.
 */
export async function storeIssueChange(
  tx: Db,
  row: IssueRow,
  write: IssueUpdateWrite,
  change: Omit<IssueChange, 'issue' | 'action'>,
): Promise<IssueRow> {
  const stored = await storeIssueUpdate(tx, row, write);
  await recordIssueChange(tx, { ...change, issue: stored, action: 'updated' });
  return stored;
}

/** The issue a notification is about. */
export interface NotifiedIssue extends IssueVisibilityFacts {
  readonly id: number;
  readonly projectId: number;
  /** Users mentioned in the issue: they follow it from then on. */
  readonly mentionedUserIds?: unknown;
}

/** What happened: a new comment (or new mentions in one), or a new issue history entry. */
export interface NotificationCause {
  readonly issue: NotifiedIssue;
  readonly actorId: number;
  /** The comment concerned; its visibility decides who may be told. */
  readonly comment?: (CommentVisibilityFacts & { readonly id: number }) | undefined;
  readonly historyId?: number | undefined;
  readonly mentioned: readonly number[];
  /** False when only the mentioned are told (new mentions in an edited comment). */
  readonly tellInterested: boolean;
}

/**
 * Refuses mentions of users who do not take part in the project (BAD_USER_INPUT): the client only offers
 * project users. Returns the mentioned ids without repeats.
 */
export async function checkMentions(
  db: Db,
  projectId: number,
  mentioned: readonly number[] | null | undefined,
): Promise<number[]> {
  const ids = [...new Set(mentioned ?? [])];
  if (ids.length === 0) return [];
  const members = await loadProjectMembers(db, projectId, ids);
  if (members.length !== ids.length)
    throw new AppError('BAD_USER_INPUT', 'mentioned users must take part in the project', {
      field: 'mentionedUsers',
    });
  return ids;
}

/**
 * The users interested in an issue, as BIMcollab / ACC watchers: its creator, the users of its disciplines
 * (all of them for companies with every discipline), the members of its group, those mentioned in it, those
 * who commented on it, and those who starred it.
 */
async function interestedUserIds(
  db: Db,
  issue: NotifiedIssue,
  members: readonly ProjectMember[],
): Promise<Set<number>> {
  const facts = await issueFollowFacts(db, issue.id);
  const mentioned = Array.isArray(issue.mentionedUserIds)
    ? issue.mentionedUserIds.filter((v): v is number => typeof v === 'number')
    : [];
  const ids = new Set<number>([
    issue.createdByUserId,
    ...mentioned,
    ...facts.commenterIds,
    ...facts.starredBy,
  ]);
  const issueDisciplineIds = facts.disciplineIds;
  for (const m of members) {
    if (m.disciplineIds.some((id) => issueDisciplineIds.includes(id))) ids.add(m.userId);
    if (issue.groupId !== null && m.groupIds.includes(issue.groupId)) ids.add(m.userId);
  }
  return ids;
}

/**
 * Creates the unread marks a change causes, inside the caller's transaction: one per user told, never the
 * actor, only users who may see the issue (and the comment), a mention mark for the mentioned. Emits a
 * notifications event for the users told (published after commit). Returns their ids.
 */
export async function notifyUsers(tx: Db, cause: NotificationCause): Promise<number[]> {
  const members = await loadProjectMembers(tx, cause.issue.projectId);
  const interested = cause.tellInterested
    ? await interestedUserIds(tx, cause.issue, members)
    : new Set<number>();
  const mentioned = new Set(cause.mentioned);
  const told = members.filter(
    (m) =>
      m.userId !== cause.actorId &&
      (interested.has(m.userId) || mentioned.has(m.userId)) &&
      (cause.comment ? canSeeComment(m, cause.issue, cause.comment) : canSeeIssue(m, cause.issue)),
  );
  if (told.length === 0) return [];
  const rows = told.map((m) => ({
    projectId: cause.issue.projectId,
    issueId: cause.issue.id,
    userId: m.userId,
    commentId: cause.comment?.id ?? null,
    historyId: cause.comment ? null : (cause.historyId ?? null),
    isMention: mentioned.has(m.userId),
  }));
  if (cause.comment) {
    // A comment marks each user once; a mention upgrades an existing mark.
    await upsertCommentMarks(tx, rows);
  } else {
    await insertMarks(tx, rows);
  }
  const userIds = told.map((m) => m.userId);
  emitProjectEvent({
    kind: 'notifications',
    action: 'created',
    projectId: cause.issue.projectId,
    issueId: cause.issue.id,
    userIds,
  });
  return userIds;
}
