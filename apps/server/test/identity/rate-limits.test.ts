import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { GOOD_PASSWORD, post } from '../support/auth-client.ts';
import { RATE_LIMITS } from '../../src/auth/rate-limit-rules.ts';

let t: TestServer;

// A multiplier of 0.1 turns "10 per account" into 1 and "60 per address" into 6, so limits trip in a few calls.
beforeAll(async () => {
  t = await startTestServer({ RATE_LIMIT_MULTIPLIER: '0.1' });
});

afterAll(async () => {
  await t.close();
});

describe('rate limits', () => {
  it('limits sign-in per account: TOO_MANY_REQUESTS with Retry-After, translated', async () => {
    const attempt = () =>
      post(
        t,
        '/auth/sign-in',
        { email: 'victim@example.com', password: GOOD_PASSWORD },
        { 'accept-language': 'pt-BR' },
      );
    expect((await attempt()).status).toBe(401);
    const blocked = await attempt();
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: 'Muitas tentativas. Aguarde um momento e tente novamente.',
      details: { retryAfterSeconds: expect.any(Number) },
    });
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(RATE_LIMITS.signIn.account[1]);
  });

  it('limits sign-in per address across accounts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push(
        (await post(t, '/auth/sign-in', { email: `spray${i}@example.com`, password: GOOD_PASSWORD })).status,
      );
    expect(statuses).toContain(429);
    expect(statuses.indexOf(429)).toBeGreaterThan(0);
  });

  it('limits sign-up, codes and password reset per account', async () => {
    const signUp = () =>
      post(t, '/auth/sign-up', {
        email: 'burst@example.com',
        password: GOOD_PASSWORD,
        name: 'B',
        lastName: 'C',
      });
    expect((await signUp()).status).toBe(201);
    expect((await signUp()).status).toBe(429);
    const confirm = () => post(t, '/auth/confirm-sign-up', { email: 'burst@example.com', code: '000000' });
    expect((await confirm()).status).toBe(400);
    expect((await confirm()).status).toBe(429);
    const forgot = () => post(t, '/auth/forgot-password', { email: 'reset@example.com' });
    expect((await forgot()).status).toBe(204);
    expect((await forgot()).status).toBe(429);
    expect(
      (
        await post(t, '/auth/confirm-forgot-password', {
          email: 'reset@example.com',
          code: '000000',
          newPassword: 'N3w!Password',
        })
      ).status,
    ).toBe(429);
  });

  it('limits demo requests per address', async () => {
    const ask = (i: number) =>
      t.gql(`{ requestDemoAccess(name: "A", lastName: "B", company: "C", email: "d${i}@e.co", phone: "1") }`);
    const first = await ask(0);
    expect(first.errors).toBeUndefined();
    const second = await ask(1);
    expect(second.errors?.[0]?.extensions?.code).toBe('TOO_MANY_REQUESTS');
  });
});

describe('the Redis-backed limiter', () => {
  it('counts across processes (two limiters on one Redis) and reports the wait', async () => {
    const { createRateLimiter } = await import('../../src/auth/rate-limiter.ts');
    const { createLogger } = await import('../../src/server.ts');
    const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    const logger = createLogger({ logLevel: 'silent' });
    const a = createRateLimiter(url, logger);
    const b = createRateLimiter(url, logger);
    const key = `test:${Date.now()}:${Math.random()}`;
    try {
      expect(a.distributed).toBe(true);
      expect((await a.hit(key, 2, 60)).allowed).toBe(true);
      expect((await b.hit(key, 2, 60)).allowed).toBe(true);
      const third = await a.hit(key, 2, 60);
      expect(third.allowed).toBe(false);
      expect(third.retryAfterSeconds).toBeGreaterThan(0);
      expect(third.retryAfterSeconds).toBeLessThanOrEqual(60);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
