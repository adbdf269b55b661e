import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { issueHistory } from '../../db/schema/index.ts';

/** A stored history entry. */
export type IssueHistoryRow = typeof issueHistory.$inferSelect;

/** What changed in one history entry: each field with its old and new value. */
export type HistoryChanges = Record<string, { old: unknown; new: unknown }>;

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
