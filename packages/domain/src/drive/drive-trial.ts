/** How long a company's drive is a trial from its first use, unless a platform admin enables it (editor §9). */
export const DRIVE_TRIAL_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A company's drive plan as stored: enabled by a platform admin, and when its trial started (first upload). */
export interface DrivePlanRecord {
  readonly enabled: boolean;
  readonly trialStartedAt: Date | null;
}

/**
 * Where a company's drive stands: `enabled` (no limit), `notStarted` (the first upload starts the trial), `trial`
 * (with the whole days left, counted up: 30 on the first day, 1 on the last) or `ended` (the drive stays readable;
 * uploads ask for an upgrade).
 */
export type DrivePlanState =
  | { readonly state: 'enabled' }
  | { readonly state: 'notStarted'; readonly days: number }
  | { readonly state: 'trial'; readonly daysLeft: number; readonly endsAt: Date }
  | { readonly state: 'ended'; readonly endedAt: Date };

/** The drive plan's state at `now`. */
export function drivePlanState(plan: DrivePlanRecord, now: Date): DrivePlanState {
  if (plan.enabled) return { state: 'enabled' };
  if (!plan.trialStartedAt) return { state: 'notStarted', days: DRIVE_TRIAL_DAYS };
  const endsAt = new Date(plan.trialStartedAt.getTime() + DRIVE_TRIAL_DAYS * DAY_MS);
  const left = endsAt.getTime() - now.getTime();
  if (left <= 0) return { state: 'ended', endedAt: endsAt };
  return { state: 'trial', daysLeft: Math.ceil(left / DAY_MS), endsAt };
}

/** Whether the company may add documents or revisions to its projects' drives at `now`. */
export function driveAcceptsUploads(plan: DrivePlanRecord, now: Date): boolean {
  return drivePlanState(plan, now).state !== 'ended';
}
