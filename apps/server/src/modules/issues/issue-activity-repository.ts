import { type HistoryChanges } from '@obra/domain';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  issueComments,
  issueDisciplines,
  issueHistory,
  issueNotifications,
  issueUserStates,
} from '../../db/schema/index.ts';
import { allQueries } from '../../db/all-queries.ts';

/*
 * The statements of an issue's activity (issue 29): its append-only history, written only here
 * (writeIssueHistory), and the unread marks users get for its entries and comments, with the facts that say who
 * follows an issue. issue-activity.ts decides what a change records; the notification list reads the marks.
 */

/** A stored history entry. */
export type IssueHistoryRow = typeof issueHistory.$inferSelect;

/** One entry of an issue's append-only history: a change of the issue itself, or of one of its comments. */
export type IssueHistoryEntry =
  | {
      readonly entityType: 'issue';
      readonly issueId: number;
      readonly fields: HistoryChanges;
      /** The issue's visibility after the change: who may read the entry. */
      readonly issueVisibility: string;
      readonly userId: number;
    }
  | {
      readonly entityType: 'comment';
      readonly issueId: number;
      readonly commentId: number;
      readonly fields: HistoryChanges;
      readonly issueVisibility: string;
      /** The comment's visibility after the change. */
      readonly commentVisibility: string;
      readonly userId: number;
    };

/**
 * The one place a history entry is written (issue 29, "where is a history entry written?"): issue creation and
 * update, comment creation, edit and deletion, and the BCF import through those same services. Lint refuses
 * `insert(issueHistory)` anywhere else (eslint.config.js). Returns the entry's id, which the unread marks point at.
 */
export async function writeIssueHistory(tx: Db, entry: IssueHistoryEntry): Promise<number> {
  const [row] = await tx
    .insert(issueHistory)
    .values({
      issueId: entry.issueId,
      entityType: entry.entityType,
      fields: entry.fields,
      issueVisibility: entry.issueVisibility,
      commentId: entry.entityType === 'comment' ? entry.commentId : null,
      commentVisibility: entry.entityType === 'comment' ? entry.commentVisibility : null,
      userId: entry.userId,
    })
    .returning({ id: issueHistory.id });
  if (!row) throw new Error('history entry not stored');
  return row.id;
}

/** A comment's history entries, oldest first. */
export async function commentHistoryRows(db: Db, commentId: number): Promise<IssueHistoryRow[]> {
  return db
    .select()
    .from(issueHistory)
    .where(and(eq(issueHistory.commentId, commentId), eq(issueHistory.entityType, 'comment')))
    .orderBy(asc(issueHistory.id));
}

/** The issue entries (not the comments') of these issues, oldest first. */
export async function issueHistoryRows(db: Db, issueIds: readonly number[]): Promise<IssueHistoryRow[]> {
  return db
    .select()
    .from(issueHistory)
    .where(and(inArray(issueHistory.issueId, [...issueIds]), eq(issueHistory.entityType, 'issue')))
    .orderBy(asc(issueHistory.id));
}

// ——— Unread marks ———

/** One unread mark: of an issue's change (historyId) or of a comment (commentId), a mention or not. */
export interface MarkRow {
  projectId: number;
  issueId: number;
  userId: number;
  commentId?: number | null;
  historyId?: number | null;
  isMention?: boolean;
}

/** Stores unread marks of comments: a comment marks each user once; a mention upgrades an existing mark. */
export async function upsertCommentMarks(tx: Db, rows: readonly MarkRow[]): Promise<void> {
  await tx
    .insert(issueNotifications)
    .values([...rows])
    .onConflictDoUpdate({
      target: [issueNotifications.userId, issueNotifications.commentId],
      targetWhere: sql`${issueNotifications.commentId} is not null`,
      set: { isMention: sql`${issueNotifications.isMention} or excluded.is_mention` },
    });
}

/** Stores unread marks of issue changes. */
export async function insertMarks(tx: Db, rows: readonly MarkRow[]): Promise<void> {
  await tx.insert(issueNotifications).values([...rows]);
}

/** Stores one comment mark of a user, unless they have it already. */
export async function insertCommentMarkOnce(tx: Db, row: MarkRow & { commentId: number }): Promise<void> {
  await tx
    .insert(issueNotifications)
    .values(row)
    .onConflictDoNothing({
      target: [issueNotifications.userId, issueNotifications.commentId],
      where: sql`${issueNotifications.commentId} is not null`,
    });
}

/** Removes a user's marks on these issues; answers the issues (with their project) that had some. */
export async function deleteUserIssueMarks(
  tx: Db,
  userId: number,
  issueIds: readonly number[],
): Promise<{ projectId: number; issueId: number }[]> {
  return tx
    .delete(issueNotifications)
    .where(and(eq(issueNotifications.userId, userId), inArray(issueNotifications.issueId, [...issueIds])))
    .returning({ projectId: issueNotifications.projectId, issueId: issueNotifications.issueId });
}

/** What decides who follows an issue: its disciplines, who commented on it (not deleted) and who starred it. */
export async function issueFollowFacts(db: Db, issueId: number) {
  const [disciplines, commenters, starred] = await allQueries(db, [
    () =>
      db
        .select({ id: issueDisciplines.disciplineId })
        .from(issueDisciplines)
        .where(eq(issueDisciplines.issueId, issueId)),
    () =>
      db
        .selectDistinct({ id: issueComments.createdByUserId })
        .from(issueComments)
        .where(and(eq(issueComments.issueId, issueId), isNull(issueComments.deletedAt))),
    () =>
      db
        .select({ id: issueUserStates.userId })
        .from(issueUserStates)
        .where(and(eq(issueUserStates.issueId, issueId), eq(issueUserStates.starred, true))),
  ]);
  return {
    disciplineIds: disciplines.map((d) => d.id),
    commenterIds: commenters.map((c) => c.id),
    starredBy: starred.map((s) => s.id),
  };
}
