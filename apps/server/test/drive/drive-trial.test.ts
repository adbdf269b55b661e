import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { call, codeOf } from '../projects/project-test-kit.ts';
import { buildDriveWorld, pdfBytes, rest, uploadFile, type DriveWorld } from './drive-test-kit.ts';

/** The drive trial (editor §9): 30 days from the owner company's first upload unless a platform admin enables it. */

let t: TestServer;
let w: DriveWorld;
let ownerCompanyId: number;

beforeAll(async () => {
  t = await startTestServer();
  w = await buildDriveWorld(t, 'Torre Teste');
  ownerCompanyId = w.owner.companyId!;
});

afterAll(async () => {
  await t.close();
});

interface Plan {
  state: string;
  daysLeft: number | null;
  endsAt: string | null;
}

const PROJECT_PLAN = 'query($p: Int!) { projectData(projectId: $p) { drivePlan { state daysLeft endsAt } } }';
const COMPANY_PLAN =
  'query($c: Int!) { adminCompany(companyId: $c) { drivePlan { state daysLeft endsAt } } }';
const ENABLE =
  'mutation($c: Int!, $e: Boolean!) { setCompanyDriveEnabled(companyId: $c, enabled: $e) { state daysLeft endsAt } }';

async function projectPlan(user = w.owner): Promise<Plan> {
  return (await call<{ projectData: { drivePlan: Plan } }>(t, user, PROJECT_PLAN, { p: w.projectId }))
    .projectData.drivePlan;
}

async function companyPlan(companyId: number): Promise<Plan> {
  return (
    await call<{ adminCompany: { drivePlan: Plan } }>(t, w.platformAdmin, COMPANY_PLAN, { c: companyId })
  ).adminCompany.drivePlan;
}

async function endTrial(): Promise<void> {
  await t.server.services.database.db.execute(
    sql`update company_settings set drive_trial_started_at = now() - interval '31 days' where company_id = ${ownerCompanyId}`,
  );
}

describe('the drive trial', () => {
  it("starts at the first upload into the owner's drive, even a partner's, and counts 30 days", async () => {
    expect(await projectPlan()).toEqual({ state: 'notStarted', daysLeft: 30, endsAt: null });
    const before = Date.now();
    await uploadFile(t, w, w.collabArq, 'TRN-ARQ-ED-0001-R00.pdf');
    const plan = await projectPlan(w.collabArq);
    expect(plan).toMatchObject({ state: 'trial', daysLeft: 30 });
    const ends = new Date(plan.endsAt ?? 0).getTime();
    expect(ends).toBeGreaterThanOrEqual(before + 30 * 86_400_000 - 1000);
    expect(ends).toBeLessThanOrEqual(Date.now() + 30 * 86_400_000 + 1000);
    // The plan is the owner company's: the partner's own drive has not started.
    expect(await companyPlan(w.collabArq.companyId!)).toMatchObject({ state: 'notStarted' });
    expect(await companyPlan(ownerCompanyId)).toEqual(plan);
  });

  it('after the trial, keeps the drive readable and refuses uploads with DRIVE_TRIAL_ENDED in the caller’s language', async () => {
    await endTrial();
    expect(await projectPlan()).toMatchObject({ state: 'ended', daysLeft: 0 });
    const refused = await rest<{ code: string; message: string }>(
      t,
      w.owner,
      'POST',
      `${w.base}/files`,
      { fileName: 'TRN-ARQ-ED-0002-R00.pdf', fileSize: pdfBytes().length },
      { 'accept-language': 'pt-BR' },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('DRIVE_TRIAL_ENDED');
    expect(refused.body.message).toContain('teste de 30 dias');
    // A new revision of an existing document is an upload too.
    const revision = await rest<{ code: string }>(t, w.collabArq, 'POST', `${w.base}/files`, {
      fileName: 'TRN-ARQ-ED-0001-R01.pdf',
      fileSize: pdfBytes().length,
    });
    expect(revision.body.code).toBe('DRIVE_TRIAL_ENDED');
    // Reading goes on: the list and a download.
    const list = await rest<{ files: { id: number; fileName: string }[] }>(
      t,
      w.owner,
      'GET',
      `${w.base}/files`,
    );
    expect(list.status).toBe(200);
    expect(list.body.files.map((f) => f.fileName)).toEqual(['TRN-ARQ-ED-0001-R00.pdf']);
    const url = await rest<{ url: string }>(
      t,
      w.owner,
      'GET',
      `${w.base}/files/${list.body.files[0]?.id}/download-url`,
    );
    expect(url.status).toBe(200);
    expect((await fetch(url.body.url)).status).toBe(200);
  });

  it('is lifted by a platform admin only, and comes back when the admin turns the drive off again', async () => {
    expect(await codeOf(t, w.owner, ENABLE, { c: ownerCompanyId, e: true })).toBe('FORBIDDEN');
    const enabled = await call<{ setCompanyDriveEnabled: Plan }>(t, w.platformAdmin, ENABLE, {
      c: ownerCompanyId,
      e: true,
    });
    expect(enabled.setCompanyDriveEnabled).toEqual({ state: 'enabled', daysLeft: null, endsAt: null });
    expect(await projectPlan()).toMatchObject({ state: 'enabled' });
    await uploadFile(t, w, w.owner, 'TRN-ARQ-ED-0002-R00.pdf');
    await call(t, w.platformAdmin, ENABLE, { c: ownerCompanyId, e: false });
    expect(await projectPlan()).toMatchObject({ state: 'ended' });
  });
});

describe("the platform admin moves the trial's end", () => {
  const MOVE =
    'mutation($c: Int!, $e: DateTime!) { setCompanyDriveTrialEnd(companyId: $c, endsAt: $e) { state daysLeft endsAt } }';

  it('extends a trial, ends it now (an end in the past is now), and refuses more than a year or a non-admin', async () => {
    const in10 = new Date(Date.now() + 10 * 86_400_000 + 60_000);
    const moved = await call<{ setCompanyDriveTrialEnd: Plan }>(t, w.platformAdmin, MOVE, {
      c: ownerCompanyId,
      e: in10.toISOString(),
    });
    expect(moved.setCompanyDriveTrialEnd).toMatchObject({ state: 'trial', daysLeft: 11 });
    expect(
      Math.abs(new Date(moved.setCompanyDriveTrialEnd.endsAt ?? 0).getTime() - in10.getTime()),
    ).toBeLessThan(1000);
    expect((await projectPlan()).state).toBe('trial');
    const ended = await call<{ setCompanyDriveTrialEnd: Plan }>(t, w.platformAdmin, MOVE, {
      c: ownerCompanyId,
      e: '2020-01-01T00:00:00Z',
    });
    expect(ended.setCompanyDriveTrialEnd.state).toBe('ended');
    expect(new Date(ended.setCompanyDriveTrialEnd.endsAt ?? 0).getTime()).toBeGreaterThan(
      Date.now() - 60_000,
    );
    expect((await projectPlan()).state).toBe('ended');
    const tooFar = new Date(Date.now() + 400 * 86_400_000).toISOString();
    expect(await codeOf(t, w.platformAdmin, MOVE, { c: ownerCompanyId, e: tooFar })).toBe('BAD_USER_INPUT');
    expect(await codeOf(t, w.owner, MOVE, { c: ownerCompanyId, e: in10.toISOString() })).toBe('FORBIDDEN');
    // Back to a running trial for the tests after this one.
    await call(t, w.platformAdmin, MOVE, { c: ownerCompanyId, e: in10.toISOString() });
  });
});
