import { describe, expect, it } from 'vitest';
import { DRIVE_TRIAL_DAYS, driveAcceptsUploads, drivePlanState } from './drive-trial.ts';

const start = new Date('2026-03-01T10:00:00Z');
const at = (days: number, hours = 0) => new Date(start.getTime() + (days * 24 + hours) * 3_600_000);

describe('the drive trial (editor §9: 30 days)', () => {
  it('lasts 30 days from its first use, counted in whole days left', () => {
    expect(DRIVE_TRIAL_DAYS).toBe(30);
    const plan = { enabled: false, trialStartedAt: start };
    expect(drivePlanState(plan, start)).toEqual({ state: 'trial', daysLeft: 30, endsAt: at(30) });
    expect(drivePlanState(plan, at(0, 1))).toMatchObject({ state: 'trial', daysLeft: 30 });
    expect(drivePlanState(plan, at(1))).toMatchObject({ state: 'trial', daysLeft: 29 });
    expect(drivePlanState(plan, at(29, 23))).toMatchObject({ state: 'trial', daysLeft: 1 });
    expect(drivePlanState(plan, at(30))).toEqual({ state: 'ended', endedAt: at(30) });
    expect(driveAcceptsUploads(plan, at(29, 23))).toBe(true);
    expect(driveAcceptsUploads(plan, at(30))).toBe(false);
  });

  it('has not started before the first upload, and never ends once a platform admin enables the drive', () => {
    expect(drivePlanState({ enabled: false, trialStartedAt: null }, start)).toEqual({
      state: 'notStarted',
      days: 30,
    });
    expect(driveAcceptsUploads({ enabled: false, trialStartedAt: null }, start)).toBe(true);
    expect(drivePlanState({ enabled: true, trialStartedAt: start }, at(400))).toEqual({ state: 'enabled' });
    expect(driveAcceptsUploads({ enabled: true, trialStartedAt: start }, at(400))).toBe(true);
  });
});
