import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { downloadNotices, users } from '../../db/schema/index.ts';

export type DownloadNoticeRow = typeof downloadNotices.$inferSelect;

/** Writes the notice of a finished preparation (once: a retried job does not write it twice). */
export async function insertDownloadNotice(
  db: Db,
  values: Pick<DownloadNoticeRow, 'userId' | 'downloadId' | 'kind' | 'status' | 'projectName' | 'fileName'>,
): Promise<boolean> {
  const rows = await db
    .insert(downloadNotices)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: downloadNotices.downloadId });
  return rows.length > 0;
}

/** Marks the person's notices of these downloads seen (the web app showed them, or the Downloads page). */
export async function markNoticesSeen(
  db: Db,
  userId: number,
  downloadIds: readonly string[],
): Promise<number> {
  if (downloadIds.length === 0) return 0;
  const rows = await db
    .update(downloadNotices)
    .set({ seenAt: new Date() })
    .where(
      and(
        eq(downloadNotices.userId, userId),
        inArray(downloadNotices.downloadId, [...downloadIds]),
        isNull(downloadNotices.seenAt),
      ),
    )
    .returning({ id: downloadNotices.downloadId });
  return rows.length;
}

/**
 * Claims an unseen, unmailed notice for its e-mail (marks it mailed in the same statement, so two runs never
 * both send), with the person's address and language; undefined when it was seen or mailed already.
 */
export async function claimNoticeForMail(
  db: Db,
  userId: number,
  downloadId: string,
): Promise<
  (DownloadNoticeRow & { email: string; name: string | null; localeId: string | null }) | undefined
> {
  const [notice] = await db
    .update(downloadNotices)
    .set({ mailedAt: new Date() })
    .where(
      and(
        eq(downloadNotices.userId, userId),
        eq(downloadNotices.downloadId, downloadId),
        isNull(downloadNotices.seenAt),
        isNull(downloadNotices.mailedAt),
      ),
    )
    .returning();
  if (!notice) return undefined;
  const [user] = await db
    .select({ email: users.email, name: users.name, localeId: users.localeId })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return undefined;
  return { ...notice, ...user };
}

/** Notices older than `before` go (their downloads have expired by then). */
export async function deleteOldNotices(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(downloadNotices)
    .where(lt(downloadNotices.readyAt, before))
    .returning({ id: downloadNotices.downloadId });
  return rows.length;
}
