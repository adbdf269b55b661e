import { eq, sql } from 'drizzle-orm';
import type { DrivePlanRecord } from '@obra/domain';
import type { Db } from '../../db/database.ts';
import { companySettings } from '../../db/schema/index.ts';

/** A company's drive plan as stored in its settings (no settings row: never enabled, trial not started). */
export async function readDrivePlan(db: Db, companyId: number): Promise<DrivePlanRecord> {
  const [row] = await db
    .select({ enabled: companySettings.driveEnabled, trialStartedAt: companySettings.driveTrialStartedAt })
    .from(companySettings)
    .where(eq(companySettings.companyId, companyId))
    .limit(1);
  return { enabled: row?.enabled ?? false, trialStartedAt: row?.trialStartedAt ?? null };
}

/**
 * Starts the company's drive trial at `now` unless it started already, and answers the plan as it then stands:
 * the row is locked for the transaction, so two first uploads agree on one start.
 */
export async function claimDriveTrial(db: Db, companyId: number, now: Date): Promise<DrivePlanRecord> {
  const [row] = await db
    .insert(companySettings)
    .values({ companyId, driveTrialStartedAt: now })
    .onConflictDoUpdate({
      target: companySettings.companyId,
      set: {
        driveTrialStartedAt: sql`coalesce(${companySettings.driveTrialStartedAt}, excluded.drive_trial_started_at)`,
      },
    })
    .returning({
      enabled: companySettings.driveEnabled,
      trialStartedAt: companySettings.driveTrialStartedAt,
    });
  return { enabled: row?.enabled ?? false, trialStartedAt: row?.trialStartedAt ?? now };
}

/** Turns the company's drive on (no trial limit) or back to its trial. */
export async function writeDriveEnabled(db: Db, companyId: number, enabled: boolean): Promise<void> {
  await db
    .insert(companySettings)
    .values({ companyId, driveEnabled: enabled })
    .onConflictDoUpdate({
      target: companySettings.companyId,
      set: { driveEnabled: enabled, updatedAt: sql`now()` },
    });
}

/** Sets when the company's drive trial started (a platform admin moving its end). */
export async function writeDriveTrialStart(db: Db, companyId: number, startedAt: Date): Promise<void> {
  await db
    .insert(companySettings)
    .values({ companyId, driveTrialStartedAt: startedAt })
    .onConflictDoUpdate({
      target: companySettings.companyId,
      set: { driveTrialStartedAt: startedAt, updatedAt: sql`now()` },
    });
}
