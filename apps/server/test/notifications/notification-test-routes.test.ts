import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { buildIssueWorld, createIssueAs, draft, type IssueWorld } from '../issues/issue-test-kit.ts';
import { clearNotifications, commentAs } from '../issues/comment-test-kit.ts';
import { nextMail, seenBy, setSettings, startSmtp } from './notification-test-kit.ts';

// The routes the browser journeys use to run the notification jobs (their schedules are off under test).
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let withRoutes: TestServer;
let without: TestServer;
let w: IssueWorld;

beforeAll(async () => {
  smtp = await startSmtp();
  withRoutes = await startTestServer({ SMTP_URL: smtp.url, TEST_JOB_ROUTES: 'true' });
  without = await startTestServer();
  w = await buildIssueWorld(withRoutes);
});
afterAll(async () => {
  await withRoutes.close();
  await without.close();
  await smtp.close();
});

const post = (t: TestServer, path: string, body: unknown) =>
  fetch(`${t.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('test-only job routes', () => {
  it('exist only under NODE_ENV=test with TEST_JOB_ROUTES; the flag is refused anywhere else', async () => {
    const absent = await post(without, '/test/jobs/notifications/digest', {
      kind: 'issues',
      frequency: 'hourly',
    });
    expect(absent.status).toBe(404);
    for (const env of ['production', 'development'])
      expect(() => loadConfig({ NODE_ENV: env, TEST_JOB_ROUTES: 'true' })).toThrow(ConfigError);
    expect(loadConfig({ NODE_ENV: 'production' }).testJobRoutes).toBe(false);
  });

  it('runs the digest of the period running now for one user, once', async () => {
    const user = w.collaboratorSame;
    await clearNotifications(withRoutes);
    await setSettings(withRoutes, user, { issueEmails: 'daily', immediateMention: false });
    const issueId = await createIssueAs(withRoutes, w.creator, draft(w, { title: 'Escada E2' }));
    await commentAs(withRoutes, w.creator, w, issueId, {
      message: 'Corrimão faltando',
      mentionedUsers: [user.id],
    });
    const seen = seenBy(smtp.received, user.email);
    const run = await post(withRoutes, '/test/jobs/notifications/digest', {
      kind: 'issues',
      frequency: 'daily',
      userId: user.id,
    });
    expect(await run.json()).toMatchObject({ sent: 1, skipped: 0 });
    const mail = await nextMail(smtp.received, user.email, seen);
    expect(mail.text).toContain('In the last day');
    expect(mail.text).toContain('Corrimão faltando');
    const again = await post(withRoutes, '/test/jobs/notifications/digest', {
      kind: 'issues',
      frequency: 'daily',
      userId: user.id,
    });
    expect(await again.json()).toMatchObject({ sent: 0 });
  });

  it('answers the spec’s code for a bad frequency', async () => {
    const bad = await post(withRoutes, '/test/jobs/notifications/digest', {
      kind: 'pending',
      frequency: 'hourly',
    });
    expect(((await bad.json()) as { code: string }).code).toBe('INVALID_NOTIFICATION_TYPE');
  });
});
