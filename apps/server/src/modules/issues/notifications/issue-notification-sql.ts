import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { issueComments, issueNotifications, issues } from '../../../db/schema/index.ts';
import type { AppServices } from '../../../services.ts';
import { type ProjectAccess, audienceOf, type IssueAudience } from '../../projects/project-access.ts';
import { visibleCommentsWhere } from '../issue-repository.ts';
import { anyId } from '../../../db/any-id-sql.ts';

/** The caller's unread marks on an issue, summed up. */
export interface NotificationsSummary {
  count: number;
  mentions: number;
  last: Date | null;
}

/** An issue without unread marks. */
export const NO_NOTIFICATIONS: NotificationsSummary = { count: 0, mentions: 0, last: null };

/**
 * The caller's marks per issue of a project, as a subquery named `ns` (issue_id, count, mentions, last_at)
 * for the issue list to left-join: the sort keys of the list read it (see issue-sort-sql.ts).
 */
export function notificationSummaryJoin(db: Db, userId: number, projectId: number) {
  return summariesWhere(
    db,
    and(eq(issueNotifications.userId, userId), eq(issueNotifications.projectId, projectId))!,
  ).as('ns');
}

/** The caller's marks per issue, counted where `where` holds: how many, how many mentions, the newest. */
function summariesWhere(db: Db, where: SQL) {
  return db
    .select({
      issueId: issueNotifications.issueId,
      count: sql<number>`count(*)::int`.as('count'),
      mentions: sql<number>`(count(*) filter (where ${issueNotifications.isMention}))::int`.as('mentions'),
      lastAt: sql<string | Date | null>`max(${issueNotifications.createdAt})`.as('last_at'),
    })
    .from(issueNotifications)
    .where(where)
    .groupBy(issueNotifications.issueId);
}

/** The sort key "mention notifications" (most first), over the `ns` join. */
export const MENTIONS_SORT_KEY = sql`(-coalesce("ns"."mentions", 0))`;
/** The sort key "last notification" (newest first, issues without marks last), over the `ns` join. */
export const LAST_NOTIFICATION_SORT_KEY = sql`coalesce(-extract(epoch from "ns"."last_at"), 1e12)`;

/** The standard filter notifications (any mark) or newMentions (a mention mark) for the caller, as SQL. */
export function hasNotificationsWhere(userId: number, mentionsOnly: boolean): SQL {
  const mention = mentionsOnly ? sql` and n.is_mention` : sql``;
  return sql`exists (select 1 from issue_notifications n where n.issue_id = ${issues.id} and n.user_id = ${userId}${mention})`;
}

/** The summaries of some issues for one user, in one query. */
export async function loadNotificationSummaries(
  db: Db,
  userId: number,
  issueIds: readonly number[],
): Promise<Map<number, NotificationsSummary>> {
  if (issueIds.length === 0) return new Map();
  const rows = await summariesWhere(
    db,
    and(eq(issueNotifications.userId, userId), anyId(issueNotifications.issueId, issueIds))!,
  );
  return new Map(
    rows.map((r) => [
      r.issueId,
      {
        count: Number(r.count),
        mentions: Number(r.mentions),
        last: r.lastAt === null ? null : new Date(r.lastAt),
      },
    ]),
  );
}

/** The caller's marks on an issue they see, leaving out those of comments they may not see. */
export async function loadIssueNotifications(db: Db, audience: IssueAudience, issueId: number) {
  return db
    .select({
      id: issueNotifications.id,
      projectId: issueNotifications.projectId,
      commentId: issueNotifications.commentId,
      historyId: issueNotifications.historyId,
    })
    .from(issueNotifications)
    .leftJoin(issueComments, eq(issueComments.id, issueNotifications.commentId))
    .where(
      and(
        eq(issueNotifications.issueId, issueId),
        eq(issueNotifications.userId, audience.userId),
        or(isNull(issueNotifications.commentId), visibleCommentsWhere(audience)),
      ),
    )
    .orderBy(issueNotifications.id);
}

/** Which of some history entries the user has an unread mark on, in one query. */
export async function loadHistoryMarks(
  db: Db,
  userId: number,
  historyIds: readonly number[],
): Promise<Set<number>> {
  if (historyIds.length === 0) return new Set();
  const rows = await db
    .select({ historyId: issueNotifications.historyId })
    .from(issueNotifications)
    .where(
      and(eq(issueNotifications.userId, userId), inArray(issueNotifications.historyId, [...historyIds])),
    );
  return new Set(rows.map((r) => r.historyId ?? 0));
}

/** The caller's marks on an issue they see (the detail's notifications). */
export function issueNotificationsOf(services: AppServices, access: ProjectAccess, issueId: number) {
  return loadIssueNotifications(services.database.db, audienceOf(access), issueId);
}
