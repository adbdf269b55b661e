import {
  AppError,
  checkIssueEmailFrequency,
  checkPendingSummaryFrequency,
  type NotificationSettings,
} from '@obra/domain';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import { loadProjectAccess } from '../projects/project-access.ts';
import {
  loadProjectOverrides,
  loadSettings,
  saveProjectOverride,
  saveSettings,
  type ProjectNotificationOverride,
} from './notification-settings-repository.ts';

/** The caller's settings with their project overrides. */
export interface NotificationSettingsView extends NotificationSettings {
  projects: ProjectNotificationOverride[];
}

/** What setNotificationSettings takes: each field left out keeps its value. */
export interface NotificationSettingsInput {
  deviceEnabled?: boolean | null | undefined;
  issueEmails?: string | null | undefined;
  pendingSummary?: string | null | undefined;
  immediateMention?: boolean | null | undefined;
  immediateAssigned?: boolean | null | undefined;
  immediateComment?: boolean | null | undefined;
}

/** notificationSettings: the caller's settings (the defaults until they change one). */
export async function notificationSettingsOf(
  services: AppServices,
  actor: Actor,
): Promise<NotificationSettingsView> {
  const { db } = services.database;
  const userId = actor.account.id;
  const [settings, projects] = await Promise.all([
    loadSettings(db, userId),
    loadProjectOverrides(db, userId),
  ]);
  return { ...settings, projects };
}

function flag(value: boolean | null | undefined, current: boolean): boolean {
  return value === null || value === undefined ? current : value;
}

/**
 * setNotificationSettings: changes the caller's own settings; a frequency outside the spec's choices is
 * INVALID_NOTIFICATION_TYPE and changes nothing.
 */
export async function setNotificationSettings(
  services: AppServices,
  actor: Actor,
  input: NotificationSettingsInput,
): Promise<NotificationSettingsView> {
  const issueEmails =
    input.issueEmails === null || input.issueEmails === undefined
      ? undefined
      : checkIssueEmailFrequency(input.issueEmails);
  const pendingSummary =
    input.pendingSummary === null || input.pendingSummary === undefined
      ? undefined
      : checkPendingSummaryFrequency(input.pendingSummary);
  const userId = actor.account.id;
  await unitOfWork(services, async (tx) => {
    const current = await loadSettings(tx, userId);
    await saveSettings(tx, userId, {
      deviceEnabled: flag(input.deviceEnabled, current.deviceEnabled),
      issueEmails: issueEmails ?? current.issueEmails,
      pendingSummary: pendingSummary ?? current.pendingSummary,
      immediateMention: flag(input.immediateMention, current.immediateMention),
      immediateAssigned: flag(input.immediateAssigned, current.immediateAssigned),
      immediateComment: flag(input.immediateComment, current.immediateComment),
    });
  });
  return notificationSettingsOf(services, actor);
}

/**
 * setProjectNotificationSettings: the caller's frequencies for one project they take part in (PROJECT_NOT_FOUND
 * otherwise); null follows their own setting. Bad frequencies are INVALID_NOTIFICATION_TYPE.
 */
export async function setProjectNotificationSettings(
  services: AppServices,
  actor: Actor,
  input: {
    projectId: number;
    issueEmails?: string | null | undefined;
    pendingSummary?: string | null | undefined;
  },
): Promise<ProjectNotificationOverride> {
  const issueEmails =
    input.issueEmails === null || input.issueEmails === undefined
      ? null
      : checkIssueEmailFrequency(input.issueEmails);
  const pendingSummary =
    input.pendingSummary === null || input.pendingSummary === undefined
      ? null
      : checkPendingSummaryFrequency(input.pendingSummary);
  const access = await loadProjectAccess(services.database.db, actor, input.projectId);
  if (access.role === null) throw new AppError('PROJECT_NOT_FOUND');
  const override = { projectId: input.projectId, issueEmails, pendingSummary };
  await unitOfWork(services, (tx) => saveProjectOverride(tx, actor.account.id, override));
  return override;
}
