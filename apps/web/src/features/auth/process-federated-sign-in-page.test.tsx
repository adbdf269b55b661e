import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, READY_USER, renderRoutes, stubAuthFetch } from '../../app/guards/guard-test-utils.tsx';
import { ProcessFederatedSignInPage } from './process-federated-sign-in-page.tsx';

// jsdom with user-event is slow on a loaded machine; the limit only catches a hang, it asserts no timing.
const SLOW = { timeout: 30_000 };

afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/process-federated-sign-in', element: <ProcessFederatedSignInPage /> },
  { path: '/workspace/user/profile', element: <p>profile</p> },
];

describe('ProcessFederatedSignInPage', SLOW, () => {
  it('trades the one-time code once and goes where the user was heading', async () => {
    const calls = stubAuthFetch({
      'POST /auth/federated/exchange': [200, { accessToken: 'f', expiresIn: 900 }],
    });
    const session = fakeSession({ signIn: vi.fn(async () => READY_USER) });
    await renderRoutes(
      routes,
      '/process-federated-sign-in?code=abc&provider=google&redirect=%2Fworkspace%2Fuser%2Fprofile',
      session,
    );
    expect(await screen.findByText('profile')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/auth/federated/exchange')).toEqual([
      { method: 'POST', path: '/auth/federated/exchange', body: { code: 'abc' } },
    ]);
    expect(session.signIn).toHaveBeenCalledWith({ accessToken: 'f', expiresIn: 900 });
  });

  it('shows a translated error when the code is refused', async () => {
    stubAuthFetch({
      'POST /auth/federated/exchange': [401, { code: 'ExpiredCodeException', message: 'expired' }],
    });
    await renderRoutes(routes, '/process-federated-sign-in?code=old', fakeSession());
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired code. Request a new one.');
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });
});
