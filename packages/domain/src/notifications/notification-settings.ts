import { AppError } from '../errors/app-error.ts';

/**
 * Notification settings (spec editor §1 "Notification settings", §9 "Notification frequencies"): device
 * notifications on this device, issue e-mails every 15 minutes, hourly, daily or weekly, and a pending-items
 * summary with the same kind of choice (daily or weekly: a summary of pending issues every 15 minutes would be noise).
 */
export const ISSUE_EMAIL_FREQUENCIES = ['off', 'fifteenMinutes', 'hourly', 'daily', 'weekly'] as const;
/** How often the issue e-mail digest is sent. */
export type IssueEmailFrequency = (typeof ISSUE_EMAIL_FREQUENCIES)[number];

export const PENDING_SUMMARY_FREQUENCIES = ['off', 'daily', 'weekly'] as const;
/** How often the pending-items summary is sent. */
export type PendingSummaryFrequency = (typeof PENDING_SUMMARY_FREQUENCIES)[number];

/** A frequency other than off: one digest period. */
export type DigestFrequency = Exclude<IssueEmailFrequency, 'off'>;

/** The switches of the immediate e-mails (each sent as soon as the change is made). */
export const IMMEDIATE_EMAIL_KINDS = ['mention', 'assigned', 'comment'] as const;
/** An immediate e-mail kind. */
export type ImmediateEmailKind = (typeof IMMEDIATE_EMAIL_KINDS)[number];

/** A user's notification settings (a project may override the two frequencies). */
export interface NotificationSettings {
  deviceEnabled: boolean;
  issueEmails: IssueEmailFrequency;
  pendingSummary: PendingSummaryFrequency;
  immediateMention: boolean;
  immediateAssigned: boolean;
  immediateComment: boolean;
}

/**
 * The defaults of a user who never opened the settings: as ACC, an hourly digest; the weekly pending summary;
 * immediate e-mails for mentions and newly assigned issues (waiting would hurt), not for every comment.
 */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  deviceEnabled: true,
  issueEmails: 'hourly',
  pendingSummary: 'weekly',
  immediateMention: true,
  immediateAssigned: true,
  immediateComment: false,
};

/** Checks an issue e-mail frequency; anything else is INVALID_NOTIFICATION_TYPE (spec editor §8.2). */
export function checkIssueEmailFrequency(value: unknown, field = 'issueEmails'): IssueEmailFrequency {
  if (typeof value === 'string' && (ISSUE_EMAIL_FREQUENCIES as readonly string[]).includes(value))
    return value as IssueEmailFrequency;
  throw new AppError('INVALID_NOTIFICATION_TYPE', { field, value: String(value) });
}

/** Checks a pending-summary frequency; anything else is INVALID_NOTIFICATION_TYPE. */
export function checkPendingSummaryFrequency(
  value: unknown,
  field = 'pendingSummary',
): PendingSummaryFrequency {
  if (typeof value === 'string' && (PENDING_SUMMARY_FREQUENCIES as readonly string[]).includes(value))
    return value as PendingSummaryFrequency;
  throw new AppError('INVALID_NOTIFICATION_TYPE', { field, value: String(value) });
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Daily and weekly periods turn at 06:00 UTC (early morning in Europe, night in the Americas). */
const DAY_TURN = 6 * HOUR;
/** 1970-01-01 was a Thursday; weekly periods turn on Mondays at 06:00 UTC. */
const MONDAY_OFFSET = 4 * DAY;

/** One digest period: [start, end), with a key unique per frequency. */
export interface DigestPeriod {
  frequency: DigestFrequency;
  start: Date;
  end: Date;
  key: string;
}

function lengthOf(frequency: DigestFrequency): number {
  switch (frequency) {
    case 'fifteenMinutes':
      return 15 * MINUTE;
    case 'hourly':
      return HOUR;
    case 'daily':
      return DAY;
    case 'weekly':
      return 7 * DAY;
  }
}

function offsetOf(frequency: DigestFrequency): number {
  if (frequency === 'daily') return DAY_TURN;
  if (frequency === 'weekly') return DAY_TURN + MONDAY_OFFSET;
  return 0;
}

/** The last period of a frequency that has ended at `at` (its end is at or before `at`). */
export function lastEndedPeriod(frequency: DigestFrequency, at: Date): DigestPeriod {
  const length = lengthOf(frequency);
  const offset = offsetOf(frequency);
  const end = Math.floor((at.getTime() - offset) / length) * length + offset;
  const start = end - length;
  return {
    frequency,
    start: new Date(start),
    end: new Date(end),
    key: `${frequency}:${new Date(start).toISOString()}`,
  };
}
