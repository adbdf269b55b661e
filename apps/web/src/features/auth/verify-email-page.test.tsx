import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, READY_USER, renderRoutes, stubAuthFetch } from '../../app/guards/guard-test-utils.tsx';
import { rememberPendingSignIn } from './pending-sign-in.ts';
import { VerifyEmailPage } from './verify-email-page.tsx';

// jsdom with user-event is slow on a loaded machine; the limit only catches a hang, it asserts no timing.
const SLOW = { timeout: 30_000 };

afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/verify-email', element: <VerifyEmailPage /> },
  { path: '/policies', element: <p>policies screen</p> },
  { path: '/login', element: <p>login screen</p> },
];

async function typeCode(code: string) {
  const user = userEvent.setup();
  const first = (await screen.findByTestId('code-input')).querySelector('input');
  if (!first) throw new Error('no code input');
  await user.click(first);
  await user.keyboard(code);
  await user.click(screen.getByRole('button', { name: 'Confirm' }));
  return user;
}

describe('VerifyEmailPage', SLOW, () => {
  it('after a sign-up in this tab, confirming signs straight in and goes on to the next step', async () => {
    const calls = stubAuthFetch({
      'POST /auth/confirm-sign-up': [200, {}],
      'POST /auth/sign-in': [200, { accessToken: 't', expiresIn: 900 }],
    });
    rememberPendingSignIn({ email: 'new@acme.com', password: 'Secret1!' });
    const session = fakeSession({ signIn: vi.fn(async () => ({ ...READY_USER, acceptedPolicies: false })) });
    await renderRoutes(routes, '/verify-email?email=new%40acme.com', session);
    await typeCode('123456');
    expect(await screen.findByText('policies screen')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/auth/confirm-sign-up')?.body).toEqual({
      email: 'new@acme.com',
      code: '123456',
    });
  });

  it('without the sign-up credentials, sends the user to the login with a notice', async () => {
    stubAuthFetch({ 'POST /auth/confirm-sign-up': [200, {}] });
    const { router } = await renderRoutes(routes, '/verify-email?email=other%40acme.com', fakeSession());
    await typeCode('654321');
    expect(await screen.findByText('login screen')).toBeInTheDocument();
    expect(router.state.location.search).toContain('confirmed=1');
  });

  it('shows the translated CodeMismatchException and resends a code', async () => {
    const calls = stubAuthFetch({
      'POST /auth/confirm-sign-up': [400, { code: 'CodeMismatchException', message: 'Invalid code' }],
      'POST /auth/resend-code': [204, null],
    });
    await renderRoutes(routes, '/verify-email?email=a%40acme.com', fakeSession());
    const user = await typeCode('000000');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid code.');
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('A new code is on its way. Check your inbox.')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/auth/resend-code')).toBe(true);
  });
});
