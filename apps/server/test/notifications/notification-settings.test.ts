import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { call, codeOf } from '../projects/project-test-kit.ts';
import { buildIssueWorld, type IssueWorld } from '../issues/issue-test-kit.ts';

let t: TestServer;
let w: IssueWorld;

beforeAll(async () => {
  t = await startTestServer();
  w = await buildIssueWorld(t);
});
afterAll(async () => {
  await t.close();
});

const FIELDS = `deviceEnabled issueEmails pendingSummary immediateMention immediateAssigned immediateComment
  projects { projectId issueEmails pendingSummary } pushPublicKey`;
const GET = `{ notificationSettings { ${FIELDS} } }`;
const SET = `mutation($input: NotificationSettingsInput!) { setNotificationSettings(input: $input) { ${FIELDS} } }`;
const SET_PROJECT = `mutation($projectId: Int!, $issueEmails: String, $pendingSummary: String) {
  setProjectNotificationSettings(projectId: $projectId, issueEmails: $issueEmails, pendingSummary: $pendingSummary) {
    projectId issueEmails pendingSummary } }`;

interface Settings {
  deviceEnabled: boolean;
  issueEmails: string;
  pendingSummary: string;
  immediateMention: boolean;
  immediateAssigned: boolean;
  immediateComment: boolean;
  projects: { projectId: number; issueEmails: string | null; pendingSummary: string | null }[];
  pushPublicKey: string;
}

describe('notification settings', () => {
  it('starts from the defaults: hourly issue e-mails, weekly pending summary, immediate mentions and assignments', async () => {
    const { notificationSettings: s } = await call<{ notificationSettings: Settings }>(
      t,
      w.collaboratorSame,
      GET,
    );
    expect(s).toMatchObject({
      deviceEnabled: true,
      issueEmails: 'hourly',
      pendingSummary: 'weekly',
      immediateMention: true,
      immediateAssigned: true,
      immediateComment: false,
      projects: [],
    });
    // The VAPID public key browsers subscribe with: an uncompressed P-256 point, base64url.
    expect(Buffer.from(s.pushPublicKey, 'base64url')).toHaveLength(65);
  });

  it('changes only the fields sent, and only for the caller', async () => {
    const { setNotificationSettings: s } = await call<{ setNotificationSettings: Settings }>(
      t,
      w.coordinator,
      SET,
      {
        input: { issueEmails: 'fifteenMinutes', immediateComment: true, deviceEnabled: false },
      },
    );
    expect(s).toMatchObject({
      deviceEnabled: false,
      issueEmails: 'fifteenMinutes',
      pendingSummary: 'weekly',
      immediateMention: true,
      immediateComment: true,
    });
    const again = await call<{ setNotificationSettings: Settings }>(t, w.coordinator, SET, {
      input: { pendingSummary: 'off', issueEmails: 'weekly' },
    });
    expect(again.setNotificationSettings).toMatchObject({
      issueEmails: 'weekly',
      pendingSummary: 'off',
      immediateComment: true,
    });
    const other = await call<{ notificationSettings: Settings }>(t, w.groupMember, GET);
    expect(other.notificationSettings.issueEmails).toBe('hourly');
  });

  it.each([
    ['issueEmails', 'monthly'],
    ['issueEmails', 'OFF'],
    ['pendingSummary', 'fifteenMinutes'],
    ['pendingSummary', 'hourly'],
    ['pendingSummary', ''],
  ])('refuses %s = %j with INVALID_NOTIFICATION_TYPE and changes nothing', async (field, value) => {
    const before = await call<{ notificationSettings: Settings }>(t, w.creator, GET);
    expect(await codeOf(t, w.creator, SET, { input: { [field]: value, immediateMention: false } })).toBe(
      'INVALID_NOTIFICATION_TYPE',
    );
    expect((await call<{ notificationSettings: Settings }>(t, w.creator, GET)).notificationSettings).toEqual(
      before.notificationSettings,
    );
  });

  it('answers the error in the caller language', async () => {
    const res = await t.gql(
      SET,
      { input: { issueEmails: 'yearly' } },
      {
        token: w.creator.token,
        headers: { 'accept-language': 'pt-BR' },
      },
    );
    expect(res.errors?.[0]?.message).toBe('Tipo de notificação inválido.');
  });

  it('keeps per-project overrides of the frequencies; null follows the user setting and removes the override', async () => {
    const set = await call<{ setProjectNotificationSettings: unknown }>(t, w.collaboratorOther, SET_PROJECT, {
      projectId: w.projectId,
      issueEmails: 'off',
      pendingSummary: 'daily',
    });
    expect(set.setProjectNotificationSettings).toEqual({
      projectId: w.projectId,
      issueEmails: 'off',
      pendingSummary: 'daily',
    });
    let s = (await call<{ notificationSettings: Settings }>(t, w.collaboratorOther, GET))
      .notificationSettings;
    expect(s.projects).toEqual([{ projectId: w.projectId, issueEmails: 'off', pendingSummary: 'daily' }]);
    await call(t, w.collaboratorOther, SET_PROJECT, {
      projectId: w.projectId,
      issueEmails: null,
      pendingSummary: null,
    });
    s = (await call<{ notificationSettings: Settings }>(t, w.collaboratorOther, GET)).notificationSettings;
    expect(s.projects).toEqual([]);
    expect(
      await codeOf(t, w.collaboratorOther, SET_PROJECT, {
        projectId: w.projectId,
        pendingSummary: 'fifteenMinutes',
      }),
    ).toBe('INVALID_NOTIFICATION_TYPE');
  });

  it('refuses project overrides outside the caller projects, and everything without sign-in', async () => {
    expect(await codeOf(t, w.outsider, SET_PROJECT, { projectId: w.projectId, issueEmails: 'daily' })).toBe(
      'PROJECT_NOT_FOUND',
    );
    expect(await codeOf(t, undefined, GET)).toBe('UNAUTHENTICATED');
    expect(await codeOf(t, undefined, SET, { input: { issueEmails: 'off' } })).toBe('UNAUTHENTICATED');
  });
});
