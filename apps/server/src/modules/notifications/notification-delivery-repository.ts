import { and, eq, gte, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  issueNotifications,
  issues,
  issueUserStates,
  notificationDeliveries,
  notificationDigests,
  projectCompanies,
  users,
} from '../../db/schema/index.ts';

/** The effective issue e-mail frequency of a mark's user in its project, as SQL over issue_notifications. */
function effectiveIssueEmailsSql(): SQL<string> {
  return sql<string>`coalesce(
    (select ps.issue_emails from notification_project_settings ps
      where ps.user_id = ${issueNotifications.userId} and ps.project_id = ${issueNotifications.projectId}),
    (select s.issue_emails from notification_settings s where s.user_id = ${issueNotifications.userId}),
    'hourly')`;
}

/** Marks not yet told by e-mail. */
function notEmailedSql(): SQL {
  return sql`not exists (select 1 from ${notificationDeliveries} d
    where d.notification_id = ${issueNotifications.id} and d.channel = 'email')`;
}

/** The marks a digest of the period takes: made from `oldest` to its end, not e-mailed yet, of its frequency. */
export function digestMarksWhere(period: { end: Date; frequency: string }, oldest: Date): SQL | undefined {
  return and(
    lt(issueNotifications.createdAt, period.end),
    gte(issueNotifications.createdAt, oldest),
    notEmailedSql(),
    sql`${effectiveIssueEmailsSql()} = ${period.frequency}`,
  );
}

/** Marks made since `since` not yet e-mailed or not yet pushed. */
export function immediateMarksWhere(since: Date): SQL | undefined {
  return and(
    gte(issueNotifications.createdAt, since),
    or(
      notEmailedSql(),
      sql`not exists (select 1 from ${notificationDeliveries} p where p.notification_id = ${issueNotifications.id} and p.channel = 'push')`,
    ),
  );
}

/** The users who have marks among those of `where` (digestMarksWhere, immediateMarksWhere). */
export function usersWithMarks(db: Db, where: SQL | undefined): Promise<{ userId: number }[]> {
  return db.selectDistinct({ userId: issueNotifications.userId }).from(issueNotifications).where(where);
}

/** Claims the delivery of a mark on a channel: true the first time, false when it was claimed already. */
export async function claimDelivery(
  db: Db,
  notificationId: number,
  channel: 'email' | 'push',
): Promise<boolean> {
  const [claimed] = await db
    .insert(notificationDeliveries)
    .values({ notificationId, channel })
    .onConflictDoNothing()
    .returning({ id: notificationDeliveries.notificationId });
  return claimed !== undefined;
}

/** Claims the e-mail deliveries of marks for a digest; the ids it got (others were taken meanwhile). */
export async function claimDigestEmails(
  db: Db,
  notificationIds: readonly number[],
  digestId: number,
): Promise<Set<number>> {
  const taken = await db
    .insert(notificationDeliveries)
    .values(notificationIds.map((notificationId) => ({ notificationId, channel: 'email', digestId })))
    .onConflictDoNothing()
    .returning({ id: notificationDeliveries.notificationId });
  return new Set(taken.map((r) => r.id));
}

/**
 * Claims (user, kind, period): its id when this run is the first, undefined when another run has it (committed,
 * or in flight: the insert then waits for that transaction and finds its row).
 */
export async function claimDigest(
  db: Db,
  userId: number,
  kind: string,
  periodKey: string,
): Promise<number | undefined> {
  const [row] = await db
    .insert(notificationDigests)
    .values({ userId, kind, periodKey })
    .onConflictDoNothing()
    .returning({ id: notificationDigests.id });
  return row?.id;
}

/** Gives a claim back (nothing was sent). */
export async function deleteDigest(db: Db, digestId: number): Promise<void> {
  await db.delete(notificationDigests).where(eq(notificationDigests.id, digestId));
}

/** Records how many items a sent digest held. */
export async function setDigestItemCount(db: Db, digestId: number, itemCount: number): Promise<void> {
  await db.update(notificationDigests).set({ itemCount }).where(eq(notificationDigests.id, digestId));
}

/** The users who may get a pending-items summary: confirmed, not administrators, of a company in a project. */
export function pendingSummaryCandidates(db: Db): Promise<{ userId: number }[]> {
  return db
    .selectDistinct({ userId: users.id })
    .from(users)
    .innerJoin(projectCompanies, eq(projectCompanies.companyId, users.companyId))
    .where(and(isNotNull(users.emailConfirmedAt), eq(users.isAdmin, false)));
}

/** Whether the user created or follows (starred) an issue. */
export async function createdOrFollows(db: Db, userId: number, issueId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: issues.id })
    .from(issues)
    .leftJoin(
      issueUserStates,
      and(eq(issueUserStates.issueId, issues.id), eq(issueUserStates.userId, userId)),
    )
    .where(
      and(
        eq(issues.id, issueId),
        sql`(${issues.createdByUserId} = ${userId} or coalesce(${issueUserStates.starred}, false))`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
