import { and, eq, inArray } from 'drizzle-orm';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type IssueEmailFrequency,
  type NotificationSettings,
  type PendingSummaryFrequency,
} from '@obra/domain';
import type { Db } from '../../db/database.ts';
import { notificationProjectSettings, notificationSettings } from '../../db/schema/index.ts';

/** A user's override for one project (null: the user's own setting). */
export interface ProjectNotificationOverride {
  projectId: number;
  issueEmails: IssueEmailFrequency | null;
  pendingSummary: PendingSummaryFrequency | null;
}

type SettingsRow = typeof notificationSettings.$inferSelect;

function toSettings(row: SettingsRow | undefined): NotificationSettings {
  if (!row) return { ...DEFAULT_NOTIFICATION_SETTINGS };
  return {
    deviceEnabled: row.deviceEnabled,
    issueEmails: row.issueEmails as IssueEmailFrequency,
    pendingSummary: row.pendingSummary as PendingSummaryFrequency,
    immediateMention: row.immediateMention,
    immediateAssigned: row.immediateAssigned,
    immediateComment: row.immediateComment,
  };
}

/** The settings of some users (the defaults for those without a row). */
export async function loadSettingsOf(
  db: Db,
  userIds: readonly number[],
): Promise<Map<number, NotificationSettings>> {
  const ids = [...new Set(userIds)];
  const rows =
    ids.length === 0
      ? []
      : await db.select().from(notificationSettings).where(inArray(notificationSettings.userId, ids));
  return new Map(ids.map((id) => [id, toSettings(rows.find((r) => r.userId === id))]));
}

/** One user's settings. */
export async function loadSettings(db: Db, userId: number): Promise<NotificationSettings> {
  return (await loadSettingsOf(db, [userId])).get(userId) ?? { ...DEFAULT_NOTIFICATION_SETTINGS };
}

/** Stores a user's whole settings. */
export async function saveSettings(db: Db, userId: number, settings: NotificationSettings): Promise<void> {
  const values = { ...settings, updatedAt: new Date() };
  await db
    .insert(notificationSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: values });
}

/** The user's project overrides (only projects with one). */
export async function loadProjectOverrides(
  db: Db,
  userId: number,
  projectIds?: readonly number[],
): Promise<ProjectNotificationOverride[]> {
  const rows = await db
    .select()
    .from(notificationProjectSettings)
    .where(
      and(
        eq(notificationProjectSettings.userId, userId),
        projectIds ? inArray(notificationProjectSettings.projectId, [...projectIds, 0]) : undefined,
      ),
    )
    .orderBy(notificationProjectSettings.projectId);
  return rows.map((r) => ({
    projectId: r.projectId,
    issueEmails: r.issueEmails as IssueEmailFrequency | null,
    pendingSummary: r.pendingSummary as PendingSummaryFrequency | null,
  }));
}

/** Stores a project override; one with nothing overridden is removed. */
export async function saveProjectOverride(
  db: Db,
  userId: number,
  override: ProjectNotificationOverride,
): Promise<void> {
  const where = and(
    eq(notificationProjectSettings.userId, userId),
    eq(notificationProjectSettings.projectId, override.projectId),
  );
  if (override.issueEmails === null && override.pendingSummary === null) {
    await db.delete(notificationProjectSettings).where(where);
    return;
  }
  const values = {
    issueEmails: override.issueEmails,
    pendingSummary: override.pendingSummary,
    updatedAt: new Date(),
  };
  await db
    .insert(notificationProjectSettings)
    .values({ userId, projectId: override.projectId, ...values })
    .onConflictDoUpdate({
      target: [notificationProjectSettings.userId, notificationProjectSettings.projectId],
      set: values,
    });
}

/** Removes the user's project overrides of one frequency (each project then follows the account's setting). */
export async function clearProjectOverridesOf(
  db: Db,
  userId: number,
  setting: 'issueEmails' | 'pendingSummary',
): Promise<void> {
  await db
    .update(notificationProjectSettings)
    .set({ [setting]: null, updatedAt: new Date() })
    .where(eq(notificationProjectSettings.userId, userId));
}
