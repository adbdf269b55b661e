import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAccessToken, hasFreshSignIn } from './auth-token.ts';
import { clearSession, refreshDelaySeconds, refreshSession, startSession } from './auth-session.ts';

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('refreshDelaySeconds', () => {
  it('refreshes a minute before expiry for ordinary tokens', () => {
    expect(refreshDelaySeconds(900)).toBe(840);
  });
  it('refreshes at 80 % of the life of short tokens, never sooner than 5 s', () => {
    expect(refreshDelaySeconds(100)).toBe(80);
    expect(refreshDelaySeconds(2)).toBe(5);
  });
});

describe('session', () => {
  it('keeps the token in memory and marks a fresh sign-in of this tab', () => {
    startSession({ accessToken: 'a', expiresIn: 900 }, true);
    expect(getAccessToken()).toBe('a');
    expect(hasFreshSignIn()).toBe(true);
    clearSession();
    expect(getAccessToken()).toBeNull();
    expect(hasFreshSignIn()).toBe(false);
  });

  it('sends one refresh request however many callers ask at once', async () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ accessToken: 'r', expiresIn: 900 }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const results = await Promise.all([refreshSession(), refreshSession(), refreshSession()]);
    expect(results).toEqual([true, true, true]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(getAccessToken()).toBe('r');
    expect(hasFreshSignIn()).toBe(false);
  });

  it('clears the session when the refresh cookie is refused', async () => {
    startSession({ accessToken: 'old', expiresIn: 900 }, false);
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify({ code: 'UNAUTHENTICATED', message: 'no' }), { status: 401 }),
      ),
    );
    expect(await refreshSession()).toBe(false);
    expect(getAccessToken()).toBeNull();
  });
});
