import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { lastEndedPeriod, type DigestFrequency } from '@obra/domain';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import type { TestUser } from '../support/factories.ts';
import { call } from '../projects/project-test-kit.ts';
import { buildIssueWorld, createIssueAs, draft, type IssueWorld } from '../issues/issue-test-kit.ts';
import { clearNotifications, commentAs, UPDATE_COMMENT } from '../issues/comment-test-kit.ts';
import {
  runIssueDigests,
  runPendingSummaries,
} from '../../src/modules/notifications/notification-digest-service.ts';
import { sendImmediateEmailsOf } from '../../src/modules/notifications/notification-immediate-service.ts';
import {
  mailJobsTo,
  nextMail,
  seenBy,
  setSettings,
  startSmtp,
  stopNotificationSchedules,
  type ReceivedMail,
} from './notification-test-kit.ts';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestServer;
let w: IssueWorld;
const PUBLIC_URL = 'https://obra.test';
const LENGTH: Record<DigestFrequency, number> = {
  fifteenMinutes: 15 * 60_000,
  hourly: 3_600_000,
  daily: 86_400_000,
  weekly: 7 * 86_400_000,
};

/** The period of a frequency that is running now (it ends after every mark made so far). */
function current(frequency: DigestFrequency) {
  return lastEndedPeriod(frequency, new Date(Date.now() + LENGTH[frequency]));
}

function db() {
  return t.server.services.database.db;
}

async function setLocale(user: TestUser, locale: string): Promise<void> {
  await db().execute(sql`update users set locale_id = ${locale} where id = ${user.id}`);
}

function people(): TestUser[] {
  return [w.creator, w.coordinator, w.groupMember, w.collaboratorSame, w.collaboratorOther];
}

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestServer({ SMTP_URL: smtp.url, MAIL_FROM: 'Obra <no-reply@obra.test>', PUBLIC_URL });
  await stopNotificationSchedules(t);
  w = await buildIssueWorld(t);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  await clearNotifications(t);
  await db().execute(sql`delete from notification_digests`);
  await db().execute(sql`delete from notification_project_settings`);
  // Immediate e-mails off: each test says what it expects by e-mail.
  for (const user of people())
    await setSettings(t, user, {
      issueEmails: 'hourly',
      pendingSummary: 'weekly',
      immediateMention: false,
      immediateAssigned: false,
      immediateComment: false,
    });
});

function unsubscribeLink(mail: ReceivedMail): string {
  const header = mail.headers.get('list-unsubscribe') ?? '';
  const url = /^<([^>]+)>$/.exec(header)?.[1];
  if (!url) throw new Error(`no List-Unsubscribe in ${header}`);
  return url;
}

describe('issue e-mail digests', () => {
  it('sends one digest per user and period, grouped by project then issue, mentions first, linking each item', async () => {
    const issueId = await createIssueAs(t, w.creator, draft(w, { title: 'Viga V12 no duto' }));
    const mention = await commentAs(t, w.creator, w, issueId, {
      message: 'Verifique a viga, por favor',
      mentionedUsers: [w.collaboratorSame.id],
    });
    const other = await commentAs(t, w.collaboratorOther, w, issueId, { message: 'Duto já foi movido' });
    const period = current('hourly');
    const seen = seenBy(smtp.received, w.collaboratorSame.email);
    const first = await runIssueDigests(t.server.services, period);
    expect(first.sent).toBeGreaterThanOrEqual(2);
    const mail = await nextMail(smtp.received, w.collaboratorSame.email, seen);
    expect(mail.headers.get('subject')).toBe('Obra: 3 new updates');
    const text = mail.text;
    expect(text).toContain('In the last hour');
    expect(text).toContain('== Torre Issues ==');
    expect(text).toContain('Viga V12 no duto');
    // Mentions first in the issue, then the rest in the order they happened.
    const order = ['mentioned you', 'created the issue', 'commented'].map((s) => text.indexOf(s));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(text).toContain('Verifique a viga, por favor');
    const base = `${PUBLIC_URL}/workspace/project/${w.projectId}/issues/${issueId}`;
    expect(text).toContain(`${base}\n`);
    expect(text).toContain(`${base}?comment=${mention.id}#comment-${mention.id}`);
    expect(text).toContain(`${base}?comment=${other.id}#comment-${other.id}`);
    expect(text).toContain(`${PUBLIC_URL}/workspace/user/notifications`);
    expect(mail.html).toMatch(/^<!doctype html>/i);
    expect(mail.html).toContain(`href="${base}?comment=${mention.id}#comment-${mention.id}"`);
    // RFC 8058 one-click unsubscribe.
    expect(unsubscribeLink(mail)).toMatch(new RegExp(`^${PUBLIC_URL}/notifications/unsubscribe\\?token=`));
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // A second run of the same period sends nothing more.
    const second = await runIssueDigests(t.server.services, period);
    expect(second.sent).toBe(0);
    expect(await mailJobsTo(t, w.collaboratorSame.email)).toBe(1);
    // Nor does the next period: those marks were told.
    const next = lastEndedPeriod('hourly', new Date(period.end.getTime() + LENGTH.hourly));
    expect((await runIssueDigests(t.server.services, next)).sent).toBe(0);
  });

  it.each([
    ['fifteenMinutes', 'En los últimos 15 minutos'],
    ['daily', 'En el último día'],
    ['weekly', 'En la última semana'],
  ] as const)(
    'a %s digest goes out in its own period only, in the user language',
    async (frequency, heading) => {
      const user = w.collaboratorOther;
      await setLocale(user, 'es');
      await setSettings(t, user, { issueEmails: frequency });
      const before = await mailJobsTo(t, user.email);
      const seen = seenBy(smtp.received, user.email);
      await createIssueAs(
        t,
        w.creator,
        draft(w, {
          title: `Fissura ${frequency}`,
          disciplines: [{ disciplineId: w.disciplineIds[1], status: 'todo' }],
        }),
      );
      for (const other of (['fifteenMinutes', 'hourly', 'daily', 'weekly'] as const).filter(
        (f) => f !== frequency,
      ))
        await runIssueDigests(t.server.services, current(other));
      expect(await mailJobsTo(t, user.email)).toBe(before);
      expect((await runIssueDigests(t.server.services, current(frequency))).sent).toBe(1);
      const mail = await nextMail(smtp.received, user.email, seen);
      expect(mail.text).toContain(heading);
      expect(mail.text).toContain(`Fissura ${frequency}`);
      expect(mail.text).toContain('creó la incidencia');
      await setLocale(user, 'en');
    },
  );

  it('sends nothing when e-mails are off, for a project muted by an override, or in a quiet period', async () => {
    expect(await runIssueDigests(t.server.services, current('hourly'))).toEqual({ sent: 0, skipped: 0 });
    const before = await mailJobsTo(t, w.collaboratorSame.email);
    const coordinatorBefore = await mailJobsTo(t, w.coordinator.email);
    await setSettings(t, w.collaboratorSame, { issueEmails: 'off' });
    await call(
      t,
      w.coordinator,
      'mutation($p: Int!) { setProjectNotificationSettings(projectId: $p, issueEmails: "off") { projectId } }',
      {
        p: w.projectId,
      },
    );
    await createIssueAs(t, w.creator, draft(w));
    const run = await runIssueDigests(t.server.services, current('hourly'));
    expect(await mailJobsTo(t, w.collaboratorSame.email)).toBe(before);
    expect(await mailJobsTo(t, w.coordinator.email)).toBe(coordinatorBefore);
    expect(run.sent).toBe(0);
  });

  it('tells only what the user may see when it is sent: a comment restricted after it was written is left out', async () => {
    const issueId = await createIssueAs(t, w.creator, draft(w, { title: 'Laje L3' }));
    await clearNotifications(t);
    const comment = await commentAs(t, w.creator, w, issueId, {
      message: 'Custo extra de 12 mil',
      visibility: 'public',
    });
    const before = await mailJobsTo(t, w.collaboratorSame.email);
    const seen = seenBy(smtp.received, w.coordinator.email);
    // After the marks were made, the comment becomes visible to project management only.
    await call(t, w.creator, UPDATE_COMMENT, {
      projectId: w.projectId,
      commentId: comment.id,
      message: 'Custo extra de 12 mil',
      visibility: 'project_management',
    });
    await runIssueDigests(t.server.services, current('hourly'));
    const mail = await nextMail(smtp.received, w.coordinator.email, seen);
    expect(mail.text).toContain('Custo extra de 12 mil');
    // The collaborator lost access: nothing of the comment (here: no e-mail at all).
    expect(await mailJobsTo(t, w.collaboratorSame.email)).toBe(before);
    expect(
      smtp.received.some((m) => m.to.includes(w.collaboratorSame.email) && m.body.includes('Custo extra')),
    ).toBe(false);
  });

  it('a run killed before its commit leaves nothing behind, and the retry sends exactly once', async () => {
    await createIssueAs(t, w.creator, draft(w, { title: 'Pilar P7' }));
    const user = w.collaboratorSame;
    const before = await mailJobsTo(t, user.email);
    const seen = seenBy(smtp.received, user.email);
    // The worker "dies" at COMMIT: a deferred trigger refuses the first commit of a digest claim.
    await db().execute(sql`create table if not exists kill_switch (on_ boolean)`);
    await db().execute(sql`insert into kill_switch values (true)`);
    await db().execute(sql`create or replace function kill_digest() returns trigger language plpgsql as $$
      begin if exists (select 1 from kill_switch) then raise exception 'worker killed'; end if; return null; end $$`);
    await db().execute(sql`create constraint trigger kill_digest after insert on notification_digests
      deferrable initially deferred for each row execute function kill_digest()`);
    const period = current('hourly');
    await expect(runIssueDigests(t.server.services, period)).rejects.toThrow();
    expect(await mailJobsTo(t, user.email)).toBe(before);
    const [claims] = await Promise.all([
      db().execute(sql`select count(*)::int as n from notification_digests`),
    ]);
    expect(JSON.stringify(claims)).toContain('"n":0');
    await db().execute(sql`delete from kill_switch`);
    await runIssueDigests(t.server.services, period);
    await runIssueDigests(t.server.services, period);
    expect(await mailJobsTo(t, user.email)).toBe(before + 1);
    expect((await nextMail(smtp.received, user.email, seen)).text).toContain('Pilar P7');
    await db().execute(sql`drop trigger kill_digest on notification_digests`);
  });
});

describe('pending-items summary', () => {
  it('lists per project the pending issues, late ones first with their deadlines', async () => {
    const user = w.collaboratorSame;
    await setSettings(t, user, { pendingSummary: 'daily' });
    const late = await createIssueAs(
      t,
      w.creator,
      draft(w, { title: 'Atrasado A1', deadline: '2020-03-01' }),
    );
    await createIssueAs(t, w.creator, draft(w, { title: 'Futuro F1', deadline: '2099-01-01' }));
    const before = await mailJobsTo(t, user.email);
    const seen = seenBy(smtp.received, user.email);
    const run = await runPendingSummaries(t.server.services, current('daily'));
    expect(run.sent).toBeGreaterThanOrEqual(1);
    const mail = await nextMail(smtp.received, user.email, seen);
    const text = mail?.text ?? '';
    expect(mail?.headers.get('subject')).toMatch(/^Obra: \d+ pending issues, \d+ late$/);
    expect(text).toContain('== Torre Issues ==');
    expect(text).toMatch(/Atrasado A1 · Late · Deadline Mar 1, 2020/);
    expect(text).toMatch(/Futuro F1 · Deadline Jan 1, 2099/);
    expect(text.indexOf('Atrasado A1')).toBeLessThan(text.indexOf('Futuro F1'));
    expect(text).toContain(`${PUBLIC_URL}/workspace/project/${w.projectId}/issues/${late}`);
    expect(mail?.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // Weekly users are not in the daily run; a second daily run sends nothing.
    expect(await mailJobsTo(t, w.collaboratorOther.email, 'Obra: 0 pending')).toBe(0);
    expect(await mailJobsTo(t, w.collaboratorOther.email, 'Obra: 1 pending')).toBe(0);
    await runPendingSummaries(t.server.services, current('daily'));
    expect(await mailJobsTo(t, user.email)).toBe(before + 1);
  });
});

describe('immediate e-mails', () => {
  it('a mention is e-mailed at once when switched on, and not repeated in the digest', async () => {
    const user = w.collaboratorSame;
    const issueId = await createIssueAs(t, w.creator, draft(w, { title: 'Escada E2' }));
    await clearNotifications(t);
    await setSettings(t, user, { immediateMention: true });
    await commentAs(t, w.creator, w, issueId, { message: 'Pode olhar a escada?', mentionedUsers: [user.id] });
    const before = await mailJobsTo(t, user.email);
    const seen = seenBy(smtp.received, user.email);
    expect(await sendImmediateEmailsOf(t.server.services, user.id, new Date(Date.now() - 60_000))).toBe(1);
    expect(await sendImmediateEmailsOf(t.server.services, user.id, new Date(Date.now() - 60_000))).toBe(0);
    const mail = await nextMail(smtp.received, user.email, seen);
    expect(mail.headers.get('subject')).toContain('mentioned you in');
    expect(mail.text).toContain('Pode olhar a escada?');
    expect(unsubscribeLink(mail)).toContain('immediateMention');
    await runIssueDigests(t.server.services, current('hourly'));
    expect(await mailJobsTo(t, user.email)).toBe(before + 1);
  });

  it('switched off, the mention waits for the digest; a comment on a followed issue is e-mailed when asked', async () => {
    const user = w.groupMember;
    const issueId = await createIssueAs(t, w.creator, draft(w, { title: 'Rampa R1' }));
    await call(
      t,
      user,
      'mutation($p: Int!, $i: Int!) { setProjectIssueStarring(projectId: $p, issueId: $i, starred: true) }',
      {
        p: w.projectId,
        i: issueId,
      },
    );
    await clearNotifications(t);
    await setSettings(t, user, { immediateComment: true });
    await commentAs(t, w.creator, w, issueId, { message: 'Rampa aprovada', mentionedUsers: [user.id] });
    await commentAs(t, w.collaboratorOther, w, issueId, { message: 'Concordo' });
    const since = new Date(Date.now() - 60_000);
    const seen = seenBy(smtp.received, user.email);
    // The mention's switch is off; the comment on the starred issue is e-mailed.
    expect(await sendImmediateEmailsOf(t.server.services, user.id, since)).toBe(1);
    expect((await nextMail(smtp.received, user.email, seen)).headers.get('subject')).toContain(
      'commented on',
    );
    await runIssueDigests(t.server.services, current('hourly'));
    const digest = (await nextMail(smtp.received, user.email, seen + 1)).text;
    expect(digest).toContain('mentioned you');
    expect(digest).not.toContain('Concordo');
  });
});

describe('one-click unsubscribe', () => {
  it('works without sign-in, only for its own setting; GET only asks; a forged token changes nothing', async () => {
    const user = w.coordinator;
    await setSettings(t, user, { immediateComment: true, pendingSummary: 'daily' });
    await createIssueAs(t, w.creator, draft(w, { title: 'Cobertura C1' }));
    const seen = seenBy(smtp.received, user.email);
    await runIssueDigests(t.server.services, current('hourly'));
    const link = unsubscribeLink(await nextMail(smtp.received, user.email, seen)).replace(PUBLIC_URL, t.url);
    const GET = '{ notificationSettings { issueEmails pendingSummary immediateMention immediateComment } }';
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(user.email);
    expect(
      (await call<{ notificationSettings: { issueEmails: string } }>(t, user, GET)).notificationSettings
        .issueEmails,
    ).toBe('hourly');
    const forged = link.replace(/token=\d+/, `token=${w.collaboratorOther.id}`);
    const refused = await fetch(forged, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(refused.status).toBe(400);
    const done = await fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('you will no longer receive issue e-mail digests');
    expect((await call<{ notificationSettings: unknown }>(t, user, GET)).notificationSettings).toEqual({
      issueEmails: 'off',
      pendingSummary: 'daily',
      immediateMention: false,
      immediateComment: true,
    });
    const other = await call<{ notificationSettings: { issueEmails: string } }>(t, w.collaboratorOther, GET);
    expect(other.notificationSettings.issueEmails).toBe('hourly');
  });
});
