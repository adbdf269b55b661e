import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../lib/auth-session.ts';
import { getAccessToken } from '../../lib/auth-token.ts';
import { UNAUTHENTICATED_EVENT } from '../../lib/session-events.ts';
import { READY_USER, renderRoutes, fakeSession, stubAuthFetch } from './guard-test-utils.tsx';
import { useSession } from './session-context.ts';
import { SessionProvider } from './session-provider.tsx';

// jsdom with user-event is slow on a loaded machine; the limit only catches a hang, it asserts no timing.
const SLOW = { timeout: 30_000 };

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

function Probe() {
  const session = useSession();
  return (
    <p data-testid="probe">
      {session.status}:{session.user?.email ?? 'none'}
    </p>
  );
}

// renderRoutes wraps with a fake session; the real provider inside it takes over for its children.
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

describe('SessionProvider', SLOW, () => {
  it('restores the session silently at load with the refresh cookie, then loads the user', async () => {
    const calls = stubAuthFetch(
      { 'POST /auth/refresh': [200, { accessToken: 'r1', expiresIn: 900 }] },
      { LoggedUserData: { data: { loggedUserData: READY_USER } } },
    );
    await renderRoutes(routes, '/', fakeSession());
    expect(await screen.findByText(`ready:${READY_USER.email}`)).toBeInTheDocument();
    expect(getAccessToken()).toBe('r1');
    expect(calls.filter((c) => c.path === '/auth/refresh')).toHaveLength(1);
  });

  it('is anonymous when there is no refresh cookie', async () => {
    stubAuthFetch({ 'POST /auth/refresh': [401, { code: 'UNAUTHENTICATED', message: 'no session' }] });
    await renderRoutes(routes, '/', fakeSession());
    expect(await screen.findByText('anonymous:none')).toBeInTheDocument();
    expect(getAccessToken()).toBeNull();
  });

  it('ends the session when a call meets UNAUTHENTICATED and the refresh is refused', async () => {
    const table: Record<string, [number, unknown]> = {
      'POST /auth/refresh': [200, { accessToken: 'r1', expiresIn: 900 }],
    };
    stubAuthFetch(table, { LoggedUserData: { data: { loggedUserData: READY_USER } } });
    await renderRoutes(routes, '/', fakeSession());
    await screen.findByText(`ready:${READY_USER.email}`);
    table['POST /auth/refresh'] = [401, { code: 'UNAUTHENTICATED', message: 'revoked' }];
    act(() => {
      window.dispatchEvent(new CustomEvent(UNAUTHENTICATED_EVENT));
    });
    expect(await screen.findByText('anonymous:none')).toBeInTheDocument();
  });
});
