import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { RATE_LIMITS } from '../../src/auth/rate-limit-rules.ts';

let t: TestServer;

// A multiplier of 0.1 turns "30 registrations an hour per address" into 3, so the limit trips in a few calls.
beforeAll(async () => {
  t = await startTestServer({ RATE_LIMIT_MULTIPLIER: '0.1' });
});
afterAll(async () => {
  await t.close();
});

const register = () =>
  fetch(`${t.url}/bcf-oauth/reg`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'es' },
    body: JSON.stringify({
      client_name: 'Desktop BCF client',
      application_type: 'native',
      redirect_uris: ['http://127.0.0.1/callback'],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    }),
  });

describe('OAuth2 dynamic client registration', () => {
  it('is limited per address: TOO_MANY_REQUESTS with Retry-After, in the catalogue shape', async () => {
    const allowed = Math.round(RATE_LIMITS.oauthRegistration.ip[0] * 0.1);
    for (let i = 0; i < allowed; i++) expect((await register()).status).toBe(201);
    const blocked = await register();
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringMatching(/\S/),
      details: { retryAfterSeconds: expect.any(Number) },
    });
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(RATE_LIMITS.oauthRegistration.ip[1]);
    // Other OAuth2 calls are not counted with registrations.
    const discovery = await fetch(`${t.url}/bcf-oauth/.well-known/openid-configuration`);
    expect(discovery.status).toBe(200);
  });
});
