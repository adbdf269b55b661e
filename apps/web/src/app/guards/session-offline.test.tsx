import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, lastRefreshFailure, refreshSession } from '../../lib/auth-session.ts';
import { lastOfflineUser } from '../../lib/offline/offline-session.ts';
import { READY_USER, renderRoutes, fakeSession, stubAuthFetch } from './guard-test-utils.tsx';
import { useSession } from './session-context.ts';
import { SessionProvider } from './session-provider.tsx';
import type * as ReadStore from '../../lib/offline/read-store.ts';

// The session offline (issue 34, docs/offline.md "The session offline"): a load without a network opens the last
// user's session from the offline copy; when the network returns, a refused refresh ends it and drops the copy.

// The copy (IndexedDB, absent in jsdom) in memory: what the server answered this user before.
const copy = new Map<string, unknown>();
const cleared: number[] = [];
vi.mock('../../lib/offline/read-store.ts', async (original) => ({
  ...(await original<typeof ReadStore>()),
  findAnswer: async (userId: number, name: string) => {
    const data = copy.get(`${userId}:${name}`);
    return data ? { data, storedAt: '2026-11-29T08:00:00.000Z' } : undefined;
  },
  storeAnswer: async () => undefined,
  clearOfflineCopy: async (userId: number) => void cleared.push(userId),
}));

const SLOW = { timeout: 30_000 };

afterEach(() => {
  // Unmount first: a provider of the test before, still restoring, would remember its user in the storage cleared
  // below after the clearing (seen on a loaded machine: the next test then resumed that user's session).
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
  localStorage.clear();
  copy.clear();
  cleared.length = 0;
});

function Probe() {
  const session = useSession();
  return (
    <p data-testid="probe">
      {session.status}:{session.user?.email ?? 'none'}
    </p>
  );
}

const routes = [
  {
    path: '/',
    element: (
      <SessionProvider>
        <Probe />
      </SessionProvider>
    ),
  },
];

/** No network at all: every request fails as fetch does offline. */
function noNetwork() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }),
  );
}

describe('the session offline', SLOW, () => {
  it('tells a refresh without an answer from one the server refused', async () => {
    noNetwork();
    expect(await refreshSession()).toBe(false);
    expect(lastRefreshFailure()).toBe('network');
    stubAuthFetch({ 'POST /auth/refresh': [401, { code: 'UNAUTHENTICATED', message: 'revoked' }] });
    expect(await refreshSession()).toBe(false);
    expect(lastRefreshFailure()).toBe('refused');
  });

  it("opens the last user's session from the offline copy when a load finds no network", async () => {
    localStorage.setItem('obra.offline.user', String(READY_USER.id));
    copy.set(`${READY_USER.id}:LoggedUserData`, { loggedUserData: READY_USER });
    noNetwork();
    await renderRoutes(routes, '/', fakeSession());
    expect(await screen.findByText(`ready:${READY_USER.email}`)).toBeInTheDocument();
  });

  it('shows the sign-in (anonymous) offline when no user was signed in on this device', async () => {
    copy.set(`${READY_USER.id}:LoggedUserData`, { loggedUserData: READY_USER });
    noNetwork();
    await renderRoutes(routes, '/', fakeSession());
    expect(await screen.findByText('anonymous:none')).toBeInTheDocument();
  });

  it('ends the offline session and drops the copy when the network returns and the refresh is refused', async () => {
    localStorage.setItem('obra.offline.user', String(READY_USER.id));
    copy.set(`${READY_USER.id}:LoggedUserData`, { loggedUserData: READY_USER });
    noNetwork();
    await renderRoutes(routes, '/', fakeSession());
    await screen.findByText(`ready:${READY_USER.email}`);
    stubAuthFetch({ 'POST /auth/refresh': [401, { code: 'UNAUTHENTICATED', message: 'revoked' }] });
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('anonymous:none')).toBeInTheDocument();
    expect(cleared).toEqual([READY_USER.id]);
    expect(lastOfflineUser()).toBeNull();
  });

  it('refreshes the token and reloads the user when the network returns to an offline session', async () => {
    localStorage.setItem('obra.offline.user', String(READY_USER.id));
    copy.set(`${READY_USER.id}:LoggedUserData`, { loggedUserData: { ...READY_USER, name: 'From the copy' } });
    noNetwork();
    await renderRoutes(routes, '/', fakeSession());
    await screen.findByText(`ready:${READY_USER.email}`);
    const calls = stubAuthFetch(
      { 'POST /auth/refresh': [200, { accessToken: 'back', expiresIn: 900 }] },
      { LoggedUserData: { data: { loggedUserData: READY_USER } } },
    );
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/graphql')).toBe(true));
    expect(calls.filter((c) => c.path === '/auth/refresh')).toHaveLength(1);
    expect(cleared).toEqual([]);
  });
});
