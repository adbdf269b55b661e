import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDecipheriv, createECDH, createHmac, randomBytes } from 'node:crypto';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { call, codeOf } from '../projects/project-test-kit.ts';
import { buildIssueWorld, createIssueAs, draft, type IssueWorld } from '../issues/issue-test-kit.ts';
import { commentAs } from '../issues/comment-test-kit.ts';
import { sendImmediateEmailsOf } from '../../src/modules/notifications/notification-immediate-service.ts';
import { setSettings, stopNotificationSchedules } from './notification-test-kit.ts';

/** A push service in the test: keeps each request's headers and body. */
const pushes: { path: string; headers: http.IncomingHttpHeaders; body: Buffer }[] = [];
let push: http.Server;
let pushUrl: string;
let t: TestServer;
let w: IssueWorld;

// The browser's side of the subscription (RFC 8291): a P-256 key pair and an auth secret.
const browser = createECDH('prime256v1');
browser.generateKeys();
const authSecret = randomBytes(16);

beforeAll(async () => {
  push = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      pushes.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(req.url?.includes('gone') ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => push.listen(0, '127.0.0.1', resolve));
  pushUrl = `http://127.0.0.1:${(push.address() as AddressInfo).port}`;
  t = await startTestServer({ PUBLIC_URL: 'https://obra.test' });
  await stopNotificationSchedules(t);
  w = await buildIssueWorld(t);
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => push.close(() => resolve()));
});

function hmac(key: Buffer, data: Buffer): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

/** Decrypts an aes128gcm Web Push message (RFC 8188 + RFC 8291) with the browser's keys. */
function decrypt(body: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20] ?? 0;
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = browser.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    browser.getPublicKey(),
    serverPublic,
    Buffer.from([1]),
  ]);
  const ikm = hmac(hmac(authSecret, shared), keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then padding zeros.
  return padded.subarray(0, padded.lastIndexOf(2)).toString('utf8');
}

const SUBSCRIBE = `mutation($endpoint: String!, $p256dh: String!, $auth: String!) {
  subscribeDevice(endpoint: $endpoint, p256dh: $p256dh, auth: $auth) }`;

async function waitForPush(count: number) {
  const until = Date.now() + 20_000;
  while (pushes.length < count) {
    if (Date.now() > until) throw new Error(`expected ${count} pushes, got ${pushes.length}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return pushes[count - 1];
}

describe('device notifications (Web Push)', () => {
  it('pushes a mention, encrypted for the subscription and signed with the VAPID key; the click target is the issue', async () => {
    const user = w.collaboratorSame;
    const { notificationSettings } = await call<{ notificationSettings: { pushPublicKey: string } }>(
      t,
      user,
      '{ notificationSettings { pushPublicKey } }',
    );
    await call(t, user, SUBSCRIBE, {
      endpoint: `${pushUrl}/push/device-1`,
      p256dh: browser.getPublicKey().toString('base64url'),
      auth: authSecret.toString('base64url'),
    });
    const issueId = await createIssueAs(t, w.creator, draft(w, { title: 'Porta P3' }));
    const comment = await commentAs(t, w.creator, w, issueId, {
      message: 'Veja a porta',
      mentionedUsers: [user.id],
    });
    await sendImmediateEmailsOf(t.server.services, user.id, new Date(Date.now() - 60_000));
    // The new issue for the user's discipline and the mention, told together: one device notification of the issue
    // (the device keeps one per issue, by tag), and the mention is the one told.
    await waitForPush(1);
    const issue2 = await createIssueAs(t, w.creator, draft(w, { title: 'Janela J1' }));
    await sendImmediateEmailsOf(t.server.services, user.id, new Date(Date.now() - 60_000));
    await waitForPush(2);
    const messages = pushes.map(
      (p) => JSON.parse(decrypt(p.body)) as { title: string; url: string; tag: string; body: string },
    );
    expect(messages.map((m) => m.tag)).toEqual([`issue-${issueId}`, `issue-${issue2}`]);
    expect(messages[0]).toMatchObject({
      url: `/workspace/project/${w.projectId}/issues/${issueId}?comment=${comment.id}#comment-${comment.id}`,
      tag: `issue-${issueId}`,
      body: 'Veja a porta',
    });
    expect(messages[0]?.title).toContain('mentioned you');
    expect(messages[1]?.title).toMatch(/^New issue for your discipline/);
    const first = pushes[0];
    expect(first?.path).toBe('/push/device-1');
    expect(first?.headers['content-encoding']).toBe('aes128gcm');
    const vapid = /^vapid t=([^,]+), k=(.+)$/.exec(String(first?.headers['authorization']));
    expect(vapid?.[2]).toBe(notificationSettings.pushPublicKey);
    const claims = JSON.parse(Buffer.from(vapid?.[1]?.split('.')[1] ?? '', 'base64url').toString()) as {
      aud: string;
    };
    expect(claims.aud).toBe(pushUrl);
    // Once per mark: running again pushes nothing more.
    await sendImmediateEmailsOf(t.server.services, user.id, new Date(Date.now() - 60_000));
    expect(pushes).toHaveLength(2);
  });

  it('sends nothing when device notifications are off; a subscription the push service forgot is removed', async () => {
    const user = w.collaboratorOther;
    await call(t, user, SUBSCRIBE, {
      endpoint: `${pushUrl}/push/gone`,
      p256dh: browser.getPublicKey().toString('base64url'),
      auth: authSecret.toString('base64url'),
    });
    await setSettings(t, user, { deviceEnabled: false });
    const before = pushes.length;
    const issueId = await createIssueAs(
      t,
      w.creator,
      draft(w, { disciplines: [{ disciplineId: w.disciplineIds[1], status: 'todo' }] }),
    );
    await sendImmediateEmailsOf(t.server.services, user.id, new Date(Date.now() - 60_000));
    expect(pushes).toHaveLength(before);
    await setSettings(t, user, { deviceEnabled: true });
    await commentAs(t, w.creator, w, issueId, { message: 'Olá', mentionedUsers: [user.id] });
    await sendImmediateEmailsOf(t.server.services, user.id, new Date(Date.now() - 60_000));
    await waitForPush(before + 1);
    const until = Date.now() + 20_000;
    for (;;) {
      const rows = await t.server.services.database.db.execute(
        `select count(*)::int as n from push_subscriptions where endpoint like '%/gone'` as never,
      );
      if (JSON.stringify(rows).includes('"n":0')) break;
      if (Date.now() > until) throw new Error('subscription kept');
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  it('refuses endpoints that are not URLs and malformed keys', async () => {
    const vars = {
      endpoint: 'not a url',
      p256dh: browser.getPublicKey().toString('base64url'),
      auth: authSecret.toString('base64url'),
    };
    expect(await codeOf(t, w.creator, SUBSCRIBE, vars)).toBe('BAD_USER_INPUT');
    expect(await codeOf(t, w.creator, SUBSCRIBE, { ...vars, endpoint: `${pushUrl}/x`, p256dh: '!!' })).toBe(
      'BAD_USER_INPUT',
    );
  });
});
