import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createDecipheriv, createECDH, createHmac, randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { buildIssueWorld, openIssue, signedInPage } from './issue-view-helpers.ts';
import { createIssues } from './issues-list-helpers.ts';
import { gql } from './project-helpers.ts';
import { waitForMail } from './mail-helpers.ts';

// With OBRA_SCREENSHOTS=1 the journey also refreshes docs/screenshots/notifications-*.png.
const SHOTS = process.env.OBRA_SCREENSHOTS === '1';
const shotsDir = path.resolve(import.meta.dirname, '../../docs/screenshots');

/** Picks an option of a Mantine select by its label. */
async function choose(page: Page, testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByTestId(testId)).toHaveValue(option);
}

function hmac(key: Buffer, data: Buffer): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

/**
 * A push service on this machine for one subscription (the browser's keys are made here, RFC 8291): it decrypts
 * what Obra sends (aes128gcm) and hands the payload on to the browser.
 */
async function startPushService(deliver: (payload: string) => Promise<void>) {
  const keys = createECDH('prime256v1');
  keys.generateKeys();
  const auth = randomBytes(16);
  const decrypt = (body: Buffer): string => {
    const salt = body.subarray(0, 16);
    const idLength = body[20] ?? 0;
    const serverPublic = body.subarray(21, 21 + idLength);
    const ciphertext = body.subarray(21 + idLength);
    const info = Buffer.concat([
      Buffer.from('WebPush: info\0'),
      keys.getPublicKey(),
      serverPublic,
      Buffer.from([1]),
    ]);
    const prk = hmac(salt, hmac(hmac(auth, keys.computeSecret(serverPublic)), info));
    const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
    const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
    const padded = Buffer.concat([
      decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
      decipher.final(),
    ]);
    return padded.subarray(0, padded.lastIndexOf(2)).toString('utf8');
  };
  const received: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const payload = decrypt(Buffer.concat(chunks));
      received.push(payload);
      deliver(payload).then(
        () => res.writeHead(201).end(),
        () => res.writeHead(500).end(),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}/push/device-1`,
    p256dh: keys.getPublicKey().toString('base64url'),
    auth: auth.toString('base64url'),
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test.describe('notifications', () => {
  test('settings → a mention → the bell → the digest from the mailbox (only what the reader may see) → its link → unsubscribe', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    test.setTimeout(240_000);
    const world = await buildIssueWorld(request, obra);
    const reader = world.collaborator;
    const [issueId] = await createIssues(request, world, [{ title: 'Viga V12 interfere com o duto' }]);

    // The reader chooses a digest every 15 minutes and no immediate e-mail for mentions.
    const page = await signedInPage(browser, baseURL, reader);
    await page.getByTestId('notification-bell').click();
    await page.getByRole('link', { name: 'Notification settings' }).click();
    await expect(page).toHaveURL(/\/workspace\/user\/notifications$/);
    await expect(page.getByTestId('notifications-issue-emails')).toHaveValue('Hourly');
    await choose(page, 'notifications-issue-emails', 'Every 15 minutes');
    await expect(page.getByText('Notification settings saved.').first()).toBeVisible();
    const mentionSwitch = page.getByRole('switch', { name: 'When someone mentions me' });
    await expect(mentionSwitch).toBeChecked();
    await mentionSwitch.click();
    await expect(mentionSwitch).not.toBeChecked();
    // Saved on the server: a fresh load shows the choices.
    await page.reload();
    await expect(page.getByTestId('notifications-issue-emails')).toHaveValue('Every 15 minutes');
    await expect(mentionSwitch).not.toBeChecked();
    if (SHOTS)
      await page.screenshot({ path: path.join(shotsDir, 'notifications-settings.png'), fullPage: true });

    // The coordinator mentions the reader on screen, then writes a public comment that is restricted to project
    // management afterwards: the reader lost access to it before the digest is sent.
    const coordinator = await signedInPage(browser, baseURL, world.owner);
    await openIssue(coordinator, world.projectId, issueId ?? 0);
    const input = coordinator.getByTestId('comment-composer').getByTestId('comment-input');
    await input.click();
    await input.pressSequentially('Pode verificar a viga V12, por favor? @Cai');
    await coordinator.getByRole('option', { name: /Caio Colaborador/ }).click();
    await coordinator.keyboard.press('Control+Enter');
    await expect(coordinator.getByTestId('comment').first().getByTestId('comment-mention')).toHaveText(
      '@Caio Colaborador',
    );
    await coordinator.context().close();
    const secret = await gql<{ createProjectIssueComment: { id: number } }>(
      request,
      world.owner.token,
      `mutation($p: Int!, $i: Int!) {
        createProjectIssueComment(projectId: $p, issueId: $i, message: "Custo extra de 12 mil", visibility: "public") { id } }`,
      { p: world.projectId, i: issueId },
    );
    await gql(
      request,
      world.owner.token,
      `mutation($p: Int!, $c: Int!) {
        updateProjectIssueComment(projectId: $p, commentId: $c, message: "Custo extra de 12 mil", visibility: "project_management") { id } }`,
      { p: world.projectId, c: secret.createProjectIssueComment.id },
    );

    // The bell: the mention first-class, nothing of the restricted comment.
    await page.goto('/workspace/home');
    await page.getByTestId('notification-bell').click();
    const items = page.getByTestId('notification-centre-item');
    await expect(items.filter({ hasText: 'Mention' })).toHaveCount(1);
    await expect(items.filter({ hasText: 'Pode verificar a viga V12' })).toHaveCount(1);
    await expect(items.filter({ hasText: 'Viga V12 interfere com o duto' }).first()).toBeVisible();
    await expect(items.filter({ hasText: 'Custo extra' })).toHaveCount(0);
    await expect(page.getByTestId('notification-bell')).toHaveAccessibleName(/Notifications: \d+ unread/);
    if (SHOTS) await page.screenshot({ path: path.join(shotsDir, 'notifications-bell.png') });
    await page.keyboard.press('Escape');

    // The digest of the 15-minute period (the schedules are off under test: the test route runs the real job).
    const run = await request.post('/test/jobs/notifications/digest', {
      data: { kind: 'issues', frequency: 'fifteenMinutes', userId: reader.id },
    });
    expect(run.ok()).toBe(true);
    expect(((await run.json()) as { sent: number }).sent).toBe(1);
    const mail = await waitForMail(obra, reader.email, /^Obra: \d+ new updates?$/);
    expect(mail.text).toContain('In the last 15 minutes');
    expect(mail.text).toContain('Viga V12 interfere com o duto');
    expect(mail.text).toContain('mentioned you');
    expect(mail.text).toContain('Pode verificar a viga V12, por favor?');
    expect(mail.text).not.toContain('Custo extra');
    expect(mail.html).not.toContain('Custo extra');
    // Mentions come first.
    expect(mail.text.indexOf('mentioned you')).toBeLessThan(mail.text.indexOf('created the issue'));
    // Each item links to the issue, the mention to its comment.
    const issueLink = `${baseURL}/workspace/project/${world.projectId}/issues/${issueId}`;
    const mentionAt = mail.text.indexOf('mentioned you');
    const mention = new RegExp(`${issueLink}\\?comment=(\\d+)#comment-(\\d+)`).exec(
      mail.text.slice(mentionAt),
    );
    expect(mention).not.toBeNull();
    expect(mention?.[1]).toBe(mention?.[2]);
    const link = mention?.[0] ?? '';
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const unsubscribe = /^<([^>]+)>$/.exec(mail.headers.get('list-unsubscribe') ?? '')?.[1] ?? '';
    expect(unsubscribe).toContain(`${baseURL}/notifications/unsubscribe?token=`);
    // A second run of the same period sends nothing more.
    const again = await request.post('/test/jobs/notifications/digest', {
      data: { kind: 'issues', frequency: 'fifteenMinutes', userId: reader.id },
    });
    expect(((await again.json()) as { sent: number }).sent).toBe(0);

    // The e-mail as a mail client shows it, and its link into the issue's comment.
    const mailPage = await page.context().newPage();
    await mailPage.setViewportSize({ width: 720, height: 900 });
    await mailPage.setContent(mail.html);
    await expect(mailPage.getByText('Pode verificar a viga V12, por favor?')).toBeVisible();
    if (SHOTS)
      await mailPage.screenshot({
        path: path.join(shotsDir, 'notifications-digest-email.png'),
        fullPage: true,
      });
    await mailPage.locator(`a[href="${link}"]`).first().click();
    await expect(mailPage).toHaveURL(link);
    await expect(mailPage.getByTestId('issue-view')).toBeVisible();
    await expect(mailPage.getByText('Pode verificar a viga V12, por favor?').first()).toBeVisible();
    await mailPage.close();

    // One-click unsubscribe, without signing in: it turns off the issue e-mails, and nothing else.
    const stranger = await browser.newContext({ baseURL, locale: 'en-US' });
    const unsubscribePage = await stranger.newPage();
    await unsubscribePage.goto(unsubscribe);
    await expect(unsubscribePage.getByText(reader.email)).toBeVisible();
    await unsubscribePage.getByRole('button').click();
    await expect(unsubscribePage.getByRole('status')).toBeVisible();
    await stranger.close();
    await page.goto('/workspace/user/notifications');
    await expect(page.getByTestId('notifications-issue-emails')).toHaveValue('Off');
    await expect(page.getByTestId('notifications-pending-summary')).toHaveValue('Weekly');
    await expect(
      page.getByRole('switch', { name: 'When an issue is newly assigned to my discipline' }),
    ).toBeChecked();

    // Opening the issue from the e-mail read its notifications: the bell is empty now.
    await page.goto('/workspace/home');
    await expect(page.getByTestId('notification-bell')).toHaveAccessibleName('Notifications: 0 unread');
    await page.context().close();
  });

  test('device notifications: the blocked message, then with permission a mention pops up from the service worker', async ({
    playwright,
    baseURL,
    request,
    obra,
  }) => {
    test.setTimeout(180_000);
    // Browsers of its own, one per part: notifications are kept by the browser, not by a context, and every page
    // of the app registers its service worker (/sw.js): in one browser, the first part's closed context left a
    // registration for the same scope, which DevTools could name first, so that the push went to a worker no page
    // listened to (seen in CI runs: the push arrived, no notification was shown).
    const options = test.info().project.use.launchOptions;
    const world = await buildIssueWorld(request, obra);
    const reader = world.collaborator;

    // Without permission (the headless browser refuses the prompt): the spec's message (editor §8.2).
    const refusingBrowser = await playwright.chromium.launch(options);
    const refused = await signedInPage(refusingBrowser, baseURL, reader);
    await refused.goto('/workspace/user/notifications');
    const device = refused.getByRole('switch', { name: 'Device notifications' });
    await expect(device).toBeChecked();
    await device.click();
    await expect(device).not.toBeChecked();
    await device.click();
    await expect(refused.getByTestId('notifications-blocked')).toBeVisible();
    await refusingBrowser.close();
    const browser = await playwright.chromium.launch(options);

    // With permission granted: the app's service worker, and a subscription whose push service is this test's
    // (Chromium's own push service is on the Internet; DevTools hands the decrypted message on to the worker).
    const page = await signedInPage(browser, baseURL, reader);
    await page.context().grantPermissions(['notifications'], { origin: baseURL ?? '' });
    await page.goto('/workspace/user/notifications');
    await expect(page.evaluate(() => Notification.permission)).resolves.toBe('granted');
    await page.evaluate(async () => {
      await navigator.serviceWorker.register('/sw.js');
      await navigator.serviceWorker.ready;
    });
    const cdp = await page.context().newCDPSession(page);
    // Every live registration of the app's scope that DevTools names (one, in this browser of its own): the push is
    // delivered to each, so that it cannot go to a registration no page of this test uses.
    const registrations = new Set<string>();
    const registered = new Promise<void>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
        for (const r of event.registrations) {
          if (!r.scopeURL.startsWith(baseURL ?? '')) continue;
          if (r.isDeleted) registrations.delete(r.registrationId);
          else registrations.add(r.registrationId);
        }
        if (registrations.size > 0) resolve();
      });
    });
    await cdp.send('ServiceWorker.enable');
    await registered;
    const push = await startPushService(async (payload) => {
      for (const registrationId of registrations) {
        await cdp.send('ServiceWorker.deliverPushMessage', {
          origin: baseURL ?? '',
          registrationId,
          data: payload,
        });
      }
    });
    try {
      // The refused attempt above left device notifications off; the switch cannot subscribe here (no push service
      // of Chromium's), so the setting and the subscription go through the API the switch uses.
      await gql(
        request,
        reader.token,
        'mutation { setNotificationSettings(input: { deviceEnabled: true, immediateAssigned: false }) { deviceEnabled } }',
      );
      await gql(
        request,
        reader.token,
        'mutation($e: String!, $p: String!, $a: String!) { subscribeDevice(endpoint: $e, p256dh: $p, auth: $a) }',
        { e: push.endpoint, p: push.p256dh, a: push.auth },
      );
      // A new issue for the reader's discipline is pushed to the device (whatever the e-mail switch says)…
      const [issueId] = await createIssues(request, world, [{ title: 'Porta P3 sem batente' }]);
      const first = await request.post('/test/jobs/notifications/immediate', { data: { userId: reader.id } });
      expect(first.ok()).toBe(true);
      await expect.poll(() => push.received.some((p) => p.includes('Porta P3 sem batente'))).toBe(true);
      // …then a mention on the same issue, which takes the place of that notification (one per issue: its tag).
      await gql(
        request,
        world.owner.token,
        `mutation($p: Int!, $i: Int!, $u: [Int!]) {
          createProjectIssueComment(projectId: $p, issueId: $i, message: "Veja a porta, por favor", visibility: "public", mentionedUsers: $u) { id } }`,
        { p: world.projectId, i: issueId, u: [reader.id] },
      );
      const run = await request.post('/test/jobs/notifications/immediate', { data: { userId: reader.id } });
      expect(run.ok()).toBe(true);
      // Obra sent it to the subscription's push service (encrypted for the browser's keys)…
      await expect.poll(() => push.received.some((p) => p.includes('mentioned you'))).toBe(true);
      // …and the service worker shows it, with the issue as its click target (asked of the worker itself).
      await expect
        .poll(
          async () => {
            const worker = page.context().serviceWorkers()[0];
            if (!worker) return [];
            return worker.evaluate(async () =>
              (
                await (
                  self as unknown as { registration: ServiceWorkerRegistration }
                ).registration.getNotifications()
              ).map((n: Notification) => ({
                title: n.title,
                body: n.body,
                url: (n.data as { url?: string } | null)?.url ?? '',
              })),
            );
          },
          { timeout: 60_000 },
        )
        .toContainEqual({
          title: expect.stringContaining('mentioned you') as unknown as string,
          body: 'Veja a porta, por favor',
          url: expect.stringContaining(
            `/workspace/project/${world.projectId}/issues/${issueId}?comment=`,
          ) as unknown as string,
        });
    } finally {
      await push.close();
      await page.context().close();
      await browser.close();
    }
  });
});
