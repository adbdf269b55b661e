import { AppError, DRIVE_TRIAL_DAYS, drivePlanState, type DrivePlanState } from '@obra/domain';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import type { Db } from '../../db/database.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import { requirePlatformAdmin } from '../companies/company-admin-service.ts';
import {
  claimDriveTrial,
  readDrivePlan,
  writeDriveEnabled,
  writeDriveTrialStart,
} from './drive-plan-repository.ts';

/**
 * The drive's plan (editor §9): a company's drive is a 30-day trial from its first upload unless a platform admin
 * enables it; after the trial the drive stays readable and uploads are refused with DRIVE_TRIAL_ENDED. The plan is
 * the project owner's: uploads of partner companies into a project count on the owner's drive.
 */

/** Refuses an upload into a drive of `companyId` whose trial ended (a read: call before any work). */
export async function requireDriveUploads(db: Db, companyId: number, now: Date): Promise<void> {
  if (drivePlanState(await readDrivePlan(db, companyId), now).state === 'ended')
    throw new AppError('DRIVE_TRIAL_ENDED');
}

/** In an upload's transaction: starts the trial on the first upload and refuses once it ended. */
export async function claimDriveUpload(tx: Db, companyId: number, now: Date): Promise<void> {
  if (drivePlanState(await claimDriveTrial(tx, companyId, now), now).state === 'ended')
    throw new AppError('DRIVE_TRIAL_ENDED');
}

/** The drive plan of a project's owner company, for a project the caller's access was checked for. */
export async function ownerDrivePlan(
  services: AppServices,
  project: { readonly companyId: number },
): Promise<DrivePlanState> {
  return drivePlanState(await readDrivePlan(services.database.db, project.companyId), new Date());
}

/** The drive plan of a company: its own members, and platform admins. */
export async function companyDrivePlan(
  services: AppServices,
  actor: Actor,
  companyId: number,
): Promise<DrivePlanState> {
  if (!actor.account.isAdmin && actor.account.companyId !== companyId) throw new AppError('FORBIDDEN');
  return drivePlanState(await readDrivePlan(services.database.db, companyId), new Date());
}

/** Platform admins turn a company's drive on (no trial limit) or back to its trial. */
export async function setCompanyDriveEnabled(
  services: AppServices,
  actor: Actor,
  companyId: number,
  enabled: boolean,
): Promise<DrivePlanState> {
  requirePlatformAdmin(actor);
  await unitOfWork(services, async (tx) => writeDriveEnabled(tx, companyId, enabled));
  return companyDrivePlan(services, actor, companyId);
}

/** The latest a platform admin may move a trial's end: a year from now (a longer one is the drive enabled). */
const TRIAL_END_MAX_DAYS = 365;

/**
 * Platform admins move the end of a company's drive trial (editor §9 "Platform admins manage" the trial): later, for
 * a prospect who needs more time, or to now, to end it. The trial is kept as its start (its end is 30 days later), so
 * the start is set to the chosen end less 30 days; a trial not started yet starts then. The switch that enables the
 * drive is unchanged.
 */
export async function setCompanyDriveTrialEnd(
  services: AppServices,
  actor: Actor,
  companyId: number,
  endsAt: Date,
): Promise<DrivePlanState> {
  requirePlatformAdmin(actor);
  const now = Date.now();
  if (Number.isNaN(endsAt.getTime()) || endsAt.getTime() > now + TRIAL_END_MAX_DAYS * 86_400_000)
    throw new AppError('BAD_USER_INPUT', { field: 'endsAt', max: TRIAL_END_MAX_DAYS });
  // An end in the past is the trial ended now (its end date is then today, not a date the admin mistyped).
  const start = new Date(Math.max(endsAt.getTime(), now) - DRIVE_TRIAL_DAYS * 86_400_000);
  await unitOfWork(services, async (tx) => writeDriveTrialStart(tx, companyId, start));
  return companyDrivePlan(services, actor, companyId);
}
