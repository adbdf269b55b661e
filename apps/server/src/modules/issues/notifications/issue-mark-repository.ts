import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import {
  issueComments,
  issueDisciplines,
  issueNotifications,
  issueUserStates,
} from '../../../db/schema/index.ts';
import { allQueries } from '../../../db/all-queries.ts';

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
