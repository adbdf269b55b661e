import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { issueUserStates } from '../../db/schema/index.ts';

/** Writes whether a user starred an issue (their own mark), keeping their tags. */
export async function writeIssueStarred(
  db: Db,
  issueId: number,
  userId: number,
  starred: boolean,
): Promise<void> {
  await db
    .insert(issueUserStates)
    .values({ issueId, userId, starred })
    .onConflictDoUpdate({
      target: [issueUserStates.issueId, issueUserStates.userId],
      set: { starred },
    });
}

/** Writes a user's personal tags on an issue (replacing the previous ones), keeping their star. */
export async function writeIssueTagIds(
  db: Db,
  issueId: number,
  userId: number,
  tagIds: readonly number[],
): Promise<void> {
  await db
    .insert(issueUserStates)
    .values({ issueId, userId, tagIds: [...tagIds] })
    .onConflictDoUpdate({
      target: [issueUserStates.issueId, issueUserStates.userId],
      set: { tagIds: [...tagIds] },
    });
}

/** Adds one of a user's personal tags to an issue, keeping their other tags and their star (once: no duplicate). */
export async function addIssueTagId(db: Db, issueId: number, userId: number, tagId: number): Promise<void> {
  const one = sql`jsonb_build_array(${tagId}::int)`;
  await db
    .insert(issueUserStates)
    .values({ issueId, userId, tagIds: [tagId] })
    .onConflictDoUpdate({
      target: [issueUserStates.issueId, issueUserStates.userId],
      set: {
        tagIds: sql`case when coalesce(${issueUserStates.tagIds}, '[]'::jsonb) @> ${one}
          then ${issueUserStates.tagIds} else coalesce(${issueUserStates.tagIds}, '[]'::jsonb) || ${one} end`,
      },
    });
}
