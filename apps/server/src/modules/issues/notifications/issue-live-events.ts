import type { Db } from '../../../db/database.ts';
import type { ProjectAccess } from '../../projects/project-access.ts';
import {
  loadNotificationSummaries,
  NO_NOTIFICATIONS,
  type NotificationsSummary,
} from './issue-notification-sql.ts';
import { isVisibleIssue } from '../issue-repository.ts';

/**
 * The caller's unread marks on an issue, for a live notifications change: undefined when the caller may not
 * see the issue (then nothing of it is pushed).
 */
export async function visibleNotificationSummary(
  db: Db,
  access: ProjectAccess,
  issueId: number,
): Promise<NotificationsSummary | undefined> {
  if (!(await isVisibleIssue(db, access, issueId))) return undefined;
  const userId = access.actor.account.id;
  return (await loadNotificationSummaries(db, userId, [issueId])).get(issueId) ?? NO_NOTIFICATIONS;
}
