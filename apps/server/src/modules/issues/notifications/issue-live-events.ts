import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { issues } from '../../../db/schema/index.ts';
import type { ProjectAccess } from '../../projects/project-access.ts';
import {
  loadNotificationSummaries,
  NO_NOTIFICATIONS,
  type NotificationsSummary,
} from './issue-notification-sql.ts';
import { audienceOf, visibleIssuesWhere } from '../issue-visibility-sql.ts';

/**
 * The caller's unread marks on an issue, for a live notifications change: undefined when the caller may not
 * see the issue (then nothing of it is pushed).
 */
export async function visibleNotificationSummary(
  db: Db,
  access: ProjectAccess,
  issueId: number,
): Promise<NotificationsSummary | undefined> {
  const [visible] = await db
    .select({ id: issues.id })
    .from(issues)
    .where(and(eq(issues.id, issueId), visibleIssuesWhere(audienceOf(access))));
  if (!visible) return undefined;
  const userId = access.actor.account.id;
  return (await loadNotificationSummaries(db, userId, [visible.id])).get(visible.id) ?? NO_NOTIFICATIONS;
}
