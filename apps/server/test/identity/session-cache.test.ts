import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { GOOD_PASSWORD, post, readyUser, signIn, signUpConfirmed } from '../support/auth-client.ts';
import {
  createSessionCache,
  dropSessionCache,
  forgetCachedSessionsNow,
  SESSION_CACHE_TTL_MS,
} from '../../src/modules/identity/session-cache.ts';
import type { UserRow } from '../../src/modules/identity/account.ts';

const row = (id: number, name: string) => ({ id, name }) as unknown as UserRow;

describe('the session cache', () => {
  it('keeps nothing when turned off (SESSION_CACHE_MS=0)', () => {
    const cache = createSessionCache(0);
    try {
      cache.set(7, 'a', row(7, 'Ana'), cache.generation(7));
      expect(cache.get(7, 'a')).toBeUndefined();
    } finally {
      dropSessionCache(cache);
    }
  });

  it('keeps an open session for its lifetime only, and forgets every session of a user at once', () => {
    let now = 1_000;
    const cache = createSessionCache(SESSION_CACHE_TTL_MS, () => now);
    try {
      cache.set(7, 'a', row(7, 'Ana'), cache.generation(7));
      cache.set(7, 'b', row(7, 'Ana'), cache.generation(7));
      cache.set(8, 'c', row(8, 'Bia'), cache.generation(8));
      expect(cache.get(7, 'a')?.name).toBe('Ana');
      expect(cache.get(7, 'x')).toBeUndefined();
      cache.forget(7);
      expect(cache.get(7, 'a')).toBeUndefined();
      expect(cache.get(7, 'b')).toBeUndefined();
      expect(cache.get(8, 'c')?.name).toBe('Bia');
      now += SESSION_CACHE_TTL_MS;
      expect(cache.get(8, 'c')).toBeUndefined();
    } finally {
      dropSessionCache(cache);
    }
  });

  it('does not keep a read that began before the user was forgotten (a write committed meanwhile)', () => {
    const cache = createSessionCache();
    try {
      const before = cache.generation(7);
      forgetCachedSessionsNow(7); // a write of user 7, in any cache of the process
      cache.set(7, 'a', row(7, 'old'), before);
      expect(cache.get(7, 'a')).toBeUndefined();
      cache.set(7, 'a', row(7, 'new'), cache.generation(7));
      expect(cache.get(7, 'a')?.name).toBe('new');
    } finally {
      dropSessionCache(cache);
    }
  });
});

describe('signed-in requests with the session cache', () => {
  let t: TestServer;
  const me = (token: string) =>
    t.gql<{ loggedUserData: { email: string; name: string | null } }>(
      '{ loggedUserData { email name } }',
      {},
      { token },
    );
  const queries = () => t.server.services.database.stats.queries;

  beforeAll(async () => {
    t = await startTestServer({ RATE_LIMIT_MULTIPLIER: '100', SESSION_CACHE_MS: '2000' });
    // Accepting the policies and filling in the profile are user writes that the next request must see at once:
    // readyUser makes them one after the other with one token.
    await readyUser(t, 'carla@example.com');
  });
  afterAll(async () => {
    await t.close();
  });

  it('reads a session once for a burst of requests', async () => {
    const s = await signIn(t, 'carla@example.com');
    let before = queries();
    expect((await me(s.accessToken)).data?.loggedUserData.email).toBe('carla@example.com');
    const first = queries() - before;
    before = queries();
    expect((await me(s.accessToken)).data?.loggedUserData.email).toBe('carla@example.com');
    const second = queries() - before;
    // The second request did not ask the database about the session.
    expect(second).toBe(first - 1);
  });

  it('sees a change of the user at once', async () => {
    const s = await signIn(t, 'carla@example.com');
    expect((await me(s.accessToken)).data?.loggedUserData.name).toBe('Ana');
    const changed = await t.gql<{ updateUserProfile: { name: string } }>(
      'mutation { updateUserProfile(input: { name: "Carla" }) { name } }',
      {},
      { token: s.accessToken },
    );
    expect(changed.errors).toBeUndefined();
    expect(changed.data?.updateUserProfile.name).toBe('Carla');
    expect((await me(s.accessToken)).data?.loggedUserData.name).toBe('Carla');
  });

  it("sees a change of the user's own account at once (the account the guards read)", async () => {
    await signUpConfirmed(t, 'dora@example.com');
    const { accessToken } = await signIn(t, 'dora@example.com');
    const rename = () =>
      t.gql<{ updateUserProfile: { name: string } }>(
        'mutation { updateUserProfile(input: { name: "Dora" }) { name } }',
        {},
        { token: accessToken },
      );
    // Refused by the policies' guard, which reads the caller's account: the session is now cached.
    expect((await rename()).errors?.[0]?.extensions?.code).toBe('NOT_ACCEPTED_POLICIES');
    const policies = await t.gql<{ policies: { version: string } }>(
      '{ policies { version } }',
      {},
      { token: accessToken },
    );
    const accepted = await t.gql(
      'mutation($v: String!) { acceptPolicies(version: $v) { id } }',
      { v: policies.data?.policies.version ?? '' },
      { token: accessToken },
    );
    expect(accepted.errors).toBeUndefined();
    const renamed = await rename();
    expect(renamed.errors).toBeUndefined();
    expect(renamed.data?.updateUserProfile.name).toBe('Dora');
  });

  it('refuses a cached session at once once it is signed out', async () => {
    const s = await signIn(t, 'carla@example.com');
    expect((await me(s.accessToken)).data?.loggedUserData.email).toBe('carla@example.com');
    expect((await post(t, '/auth/sign-out', { refreshToken: s.refreshToken })).status).toBe(204);
    expect((await me(s.accessToken)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('refuses the other cached sessions at once after a password change', async () => {
    const other = await signIn(t, 'carla@example.com');
    const current = await signIn(t, 'carla@example.com');
    expect((await me(other.accessToken)).data?.loggedUserData.email).toBe('carla@example.com');
    const changed = await post(
      t,
      '/auth/change-password',
      { oldPassword: GOOD_PASSWORD, newPassword: 'An0ther!Pass' },
      { authorization: `Bearer ${current.accessToken}` },
    );
    expect(changed.status).toBe(204);
    expect((await me(other.accessToken)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await me(current.accessToken)).data?.loggedUserData.email).toBe('carla@example.com');
  });
});
