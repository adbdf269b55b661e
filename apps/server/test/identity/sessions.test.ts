import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SignJWT, importPKCS8 } from 'jose';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import {
  codeIn,
  GOOD_PASSWORD,
  outboxMessages,
  post,
  signIn,
  signUpConfirmed,
  waitForOutbox,
} from '../support/auth-client.ts';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ RATE_LIMIT_MULTIPLIER: '100' });
  await signUpConfirmed(t, 'ana@example.com');
});

afterAll(async () => {
  await t.close();
});

const me = (token: string) =>
  t.gql<{ loggedUserData: { email: string } }>('{ loggedUserData { email } }', {}, { token });

describe('POST /auth/sign-in', () => {
  it('answers an access token and sets the refresh token in an httpOnly SameSite=Strict cookie on /auth', async () => {
    const res = await post<{ accessToken: string; expiresIn: number; refreshToken?: string }>(
      t,
      '/auth/sign-in',
      { email: 'ANA@example.com', password: GOOD_PASSWORD },
    );
    expect(res.status).toBe(200);
    expect(res.body.expiresIn).toBe(900);
    expect(res.body.refreshToken).toBeUndefined();
    expect(res.body.accessToken.split('.')).toHaveLength(3);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^obra_refresh=[A-Za-z0-9_-]{40,};/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\/auth(;|$)/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await me(res.body.accessToken)).data?.loggedUserData.email).toBe('ana@example.com');
  });

  it('also answers the refresh token in the body when asked (non-browser clients)', async () => {
    const res = await post<{ refreshToken?: string }>(t, '/auth/sign-in', {
      email: 'ana@example.com',
      password: GOOD_PASSWORD,
      tokenInBody: true,
    });
    expect(res.body.refreshToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it('refuses a wrong password, an unknown account and an unconfirmed account alike', async () => {
    await post(t, '/auth/sign-up', {
      email: 'pending@example.com',
      password: GOOD_PASSWORD,
      name: 'P',
      lastName: 'Q',
    });
    const attempts = [
      { email: 'ana@example.com', password: 'Wrong!Passw0rd' },
      { email: 'nobody@example.com', password: GOOD_PASSWORD },
      { email: 'pending@example.com', password: GOOD_PASSWORD },
    ];
    for (const body of attempts) {
      const res = await post(t, '/auth/sign-in', body);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: 'NotAuthorizedException', message: 'Invalid e-mail or password.' });
      expect(res.headers.get('set-cookie')).toBeNull();
    }
  });

  it('runs one argon2id verification on every path, a dummy one when there is no account (no timing hint)', async () => {
    const hasher = t.server.services.auth.hasher;
    const verify = vi.spyOn(hasher, 'verify');
    const dummy = vi.spyOn(hasher, 'verifyDummy');
    try {
      // verifyDummy is the same argon2id verification against a hash of the same cost, without an account.
      await post(t, '/auth/sign-in', { email: 'nobody@example.com', password: GOOD_PASSWORD });
      expect([verify.mock.calls.length, dummy.mock.calls.length]).toEqual([0, 1]);
      await post(t, '/auth/sign-in', { email: 'ana@example.com', password: 'Wrong!Passw0rd' });
      expect([verify.mock.calls.length, dummy.mock.calls.length]).toEqual([1, 1]);
      await post(t, '/auth/sign-in', { email: 'pending@example.com', password: GOOD_PASSWORD });
      expect([verify.mock.calls.length, dummy.mock.calls.length]).toEqual([2, 1]);
    } finally {
      verify.mockRestore();
      dummy.mockRestore();
    }
  });
});

describe('POST /auth/refresh and /auth/sign-out', () => {
  it('rotates the refresh token from the cookie', async () => {
    const res = await post(t, '/auth/sign-in', { email: 'ana@example.com', password: GOOD_PASSWORD });
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const refreshed = await post<{ accessToken: string }>(t, '/auth/refresh', {}, { cookie });
    expect(refreshed.status).toBe(200);
    const next = (refreshed.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(next).not.toBe(cookie);
    expect((await me(refreshed.body.accessToken)).data?.loggedUserData.email).toBe('ana@example.com');
  });

  it('revokes the whole family when a used refresh token comes back, ending its access tokens too', async () => {
    const first = await signIn(t, 'ana@example.com');
    const second = await post<{ accessToken: string; refreshToken: string }>(t, '/auth/refresh', {
      refreshToken: first.refreshToken,
      tokenInBody: true,
    });
    expect(second.status).toBe(200);
    const reuse = await post(t, '/auth/refresh', { refreshToken: first.refreshToken, tokenInBody: true });
    expect(reuse.status).toBe(401);
    expect(reuse.body).toMatchObject({ code: 'NotAuthorizedException' });
    // The thief's replay also kills the legitimate holder's newer token and its access token.
    expect((await post(t, '/auth/refresh', { refreshToken: second.body.refreshToken })).status).toBe(401);
    expect((await me(second.body.accessToken)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    // Other sessions are untouched.
    const other = await signIn(t, 'ana@example.com');
    expect((await me(other.accessToken)).data?.loggedUserData.email).toBe('ana@example.com');
  });

  it('refuses a missing, unknown or expired refresh token', async () => {
    expect((await post(t, '/auth/refresh', {})).body).toMatchObject({ code: 'NotAuthorizedException' });
    expect((await post(t, '/auth/refresh', { refreshToken: 'made-up' })).body).toMatchObject({
      code: 'NotAuthorizedException',
    });
    const s = await signIn(t, 'ana@example.com');
    await t.server.services.database.executor.executeSql(
      "update refresh_tokens set expires_at = now() - interval '1 second' where used_at is null and revoked_at is null",
      [],
    );
    expect((await post(t, '/auth/refresh', { refreshToken: s.refreshToken })).body).toMatchObject({
      code: 'NotAuthorizedException',
    });
  });

  it('signs out: the session and its access tokens end, the cookie is cleared, and it is idempotent', async () => {
    const s = await signIn(t, 'ana@example.com');
    const out = await post(t, '/auth/sign-out', { refreshToken: s.refreshToken });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/obra_refresh=;/);
    expect((await post(t, '/auth/refresh', { refreshToken: s.refreshToken })).status).toBe(401);
    expect((await me(s.accessToken)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await post(t, '/auth/sign-out', {})).status).toBe(204);
  });
});

describe('access tokens', () => {
  it('are refused once expired, forged or malformed', async () => {
    const s = await signIn(t, 'ana@example.com');
    const [, payload = ''] = s.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub: string; sid: string };
    const pem = fs.readFileSync(path.join(t.dataDir, 'keys', 'jwt-private.pem'), 'utf8');
    const key = await importPKCS8(pem, 'ES256');
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt' })
      .setIssuer('obra')
      .setAudience('obra-api')
      .setSubject(claims.sub)
      .setIssuedAt(now - 1000)
      .setExpirationTime(now - 100)
      .sign(key);
    expect((await me(expired)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const tampered = s.accessToken.slice(0, -4) + (s.accessToken.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect((await me(tampered)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await me('not-a-jwt')).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it("are refused when their session id is another user's open session", async () => {
    await signUpConfirmed(t, 'bia@example.com');
    const claimsOf = (token: string) =>
      JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
        sub: string;
        sid: string;
      };
    const ana = claimsOf((await signIn(t, 'ana@example.com')).accessToken);
    const bia = claimsOf((await signIn(t, 'bia@example.com')).accessToken);
    const pem = fs.readFileSync(path.join(t.dataDir, 'keys', 'jwt-private.pem'), 'utf8');
    const key = await importPKCS8(pem, 'ES256');
    const now = Math.floor(Date.now() / 1000);
    const sign = (sub: string, sid: string) =>
      new SignJWT({ sid })
        .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt' })
        .setIssuer('obra')
        .setAudience('obra-api')
        .setSubject(sub)
        .setIssuedAt(now)
        .setExpirationTime(now + 600)
        .sign(key);
    // Well signed and with a session that is open, but that session is Ana's: Bia's id must not pass with it.
    expect((await me(await sign(bia.sub, ana.sid))).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await me(await sign(bia.sub, bia.sid))).data?.loggedUserData.email).toBe('bia@example.com');
  });

  it('live as long as ACCESS_TOKEN_TTL_SECONDS says', async () => {
    const short = await startTestServer({ ACCESS_TOKEN_TTL_SECONDS: '4', RATE_LIMIT_MULTIPLIER: '100' });
    try {
      await signUpConfirmed(short, 'brief@example.com');
      const res = await post<{ accessToken: string; expiresIn: number }>(short, '/auth/sign-in', {
        email: 'brief@example.com',
        password: GOOD_PASSWORD,
      });
      expect(res.body.expiresIn).toBe(4);
      // The token states its own lifetime; the server refuses it once that has passed.
      const claims = JSON.parse(
        Buffer.from(res.body.accessToken.split('.')[1] ?? '', 'base64url').toString(),
      ) as { iat: number; exp: number };
      expect(claims.exp - claims.iat).toBe(4);
      const ask = () => short.gql('{ loggedUserData { id } }', {}, { token: res.body.accessToken });
      expect((await ask()).errors).toBeUndefined();
      await new Promise((r) => setTimeout(r, Math.max(0, claims.exp * 1000 - Date.now()) + 1100));
      expect((await ask()).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    } finally {
      await short.close();
    }
  });
});

describe('passwords', () => {
  it('forgot-password does the same work for an existing and an unknown address: it queues one job', async () => {
    await signUpConfirmed(t, 'caio@example.com');
    const send = vi.spyOn(t.server.services.jobs, 'send');
    try {
      for (const email of ['nobody-else@example.com', 'caio@example.com']) {
        send.mockClear();
        expect((await post(t, '/auth/forgot-password', { email })).status).toBe(204);
        // The request itself only queues one job, the same for both: no look-up, no code, no mail of its own. (The
        // job, woken at once, may already have queued its mail: that one is counted in the outbox below.)
        expect(send.mock.calls.filter(([name]) => name !== 'mail.send')).toEqual([
          ['password.resetCode', { email }],
        ]);
      }
    } finally {
      send.mockRestore();
    }
    // The job mails the code to the existing account.
    expect(await waitForOutbox(t.dataDir, 'caio@example.com', 1, /choose a new password/)).toHaveLength(1);
  });

  it('forgot-password always answers 204 and mails a code only to existing accounts', async () => {
    const before = outboxMessages(t.dataDir, 'ana@example.com').length;
    expect((await post(t, '/auth/forgot-password', { email: 'nobody@example.com' })).status).toBe(204);
    expect((await post(t, '/auth/forgot-password', { email: 'ana@example.com' })).status).toBe(204);
    const messages = await waitForOutbox(t.dataDir, 'ana@example.com', before + 1);
    const reset = messages.find((m) => m.includes('choose a new password'));
    const code = codeIn(reset ?? '');
    const session = await signIn(t, 'ana@example.com');
    const weak = await post(t, '/auth/confirm-forgot-password', {
      email: 'ana@example.com',
      code,
      newPassword: 'weak',
    });
    expect(weak.body).toMatchObject({ code: 'INVALID_PASSWORD' });
    const wrong = await post(t, '/auth/confirm-forgot-password', {
      email: 'ana@example.com',
      code: code === '000000' ? '000001' : '000000',
      newPassword: 'N3w!Password',
    });
    expect(wrong.body).toMatchObject({ code: 'CodeMismatchException' });
    const ok = await post(t, '/auth/confirm-forgot-password', {
      email: 'ana@example.com',
      code,
      newPassword: 'N3w!Password',
    });
    expect(ok.status).toBe(204);
    expect(
      (
        await post(t, '/auth/confirm-forgot-password', {
          email: 'ana@example.com',
          code,
          newPassword: 'N3w!Password',
        })
      ).body,
    ).toMatchObject({ code: 'ExpiredCodeException' });
    expect(
      (await post(t, '/auth/sign-in', { email: 'ana@example.com', password: GOOD_PASSWORD })).status,
    ).toBe(401);
    expect((await post(t, '/auth/refresh', { refreshToken: session.refreshToken })).status).toBe(401);
    await signIn(t, 'ana@example.com', 'N3w!Password');
    await waitForOutbox(t.dataDir, 'ana@example.com', before + 2);
    expect(
      outboxMessages(t.dataDir, 'ana@example.com').some((m) =>
        m.includes('password of your Obra account was changed'),
      ),
    ).toBe(true);
  });

  it('change-password needs a bearer token and the old password; other sessions end, this one stays', async () => {
    await signUpConfirmed(t, 'carla@example.com');
    const other = await signIn(t, 'carla@example.com');
    const current = await signIn(t, 'carla@example.com');
    const auth = { authorization: `Bearer ${current.accessToken}` };
    expect(
      (await post(t, '/auth/change-password', { oldPassword: GOOD_PASSWORD, newPassword: 'An0ther!Pass' }))
        .body,
    ).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(
      (
        await post(
          t,
          '/auth/change-password',
          { oldPassword: 'Wrong!Passw0rd', newPassword: 'An0ther!Pass' },
          auth,
        )
      ).body,
    ).toMatchObject({ code: 'NotAuthorizedException' });
    expect(
      (await post(t, '/auth/change-password', { oldPassword: GOOD_PASSWORD, newPassword: 'short' }, auth))
        .body,
    ).toMatchObject({ code: 'INVALID_PASSWORD' });
    expect(
      (await post(t, '/auth/change-password', { newPassword: 'An0ther!Pass' }, auth)).body,
    ).toMatchObject({ code: 'REQUIRED_FIELD' });
    const ok = await post(
      t,
      '/auth/change-password',
      { oldPassword: GOOD_PASSWORD, newPassword: 'An0ther!Pass' },
      auth,
    );
    expect(ok.status).toBe(204);
    expect((await me(current.accessToken)).data?.loggedUserData.email).toBe('carla@example.com');
    expect((await me(other.accessToken)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await post(t, '/auth/refresh', { refreshToken: other.refreshToken })).status).toBe(401);
    await signIn(t, 'carla@example.com', 'An0ther!Pass');
  });
});
