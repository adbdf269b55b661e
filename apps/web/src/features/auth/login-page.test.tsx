import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, READY_USER, renderRoutes, stubAuthFetch } from '../../app/guards/guard-test-utils.tsx';
import { LoginPage } from './login-page.tsx';

// jsdom with user-event is slow on a loaded machine; the limit only catches a hang, it asserts no timing.
const SLOW = { timeout: 30_000 };

afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/workspace/user/accessKeys', element: <p>access keys</p> },
  { path: '/workspace', element: <p>workspace</p> },
];

async function signIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^E-mail/), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginPage', SLOW, () => {
  it('shows the translated NotAuthorizedException on a wrong password', async () => {
    stubAuthFetch({
      'POST /auth/sign-in': [
        401,
        { code: 'NotAuthorizedException', message: 'Incorrect username or password.' },
      ],
      'GET /auth/providers': [200, []],
    });
    const session = fakeSession();
    await renderRoutes(routes, '/login', session);
    await signIn('ana@acme.com', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid e-mail or password.');
    expect(session.signIn).not.toHaveBeenCalled();
  });

  it('keeps the deep link through the sign-in', async () => {
    const calls = stubAuthFetch({
      'POST /auth/sign-in': [200, { accessToken: 't', expiresIn: 900 }],
      'GET /auth/providers': [200, []],
    });
    const session = fakeSession({ signIn: vi.fn(async () => READY_USER) });
    await renderRoutes(routes, '/login?redirect=%2Fworkspace%2Fuser%2FaccessKeys', session);
    await signIn('ana@acme.com', 'Secret1!');
    expect(await screen.findByText('access keys')).toBeInTheDocument();
    expect(session.signIn).toHaveBeenCalledWith({ accessToken: 't', expiresIn: 900 });
    expect(calls.find((c) => c.path === '/auth/sign-in')?.body).toEqual({
      email: 'ana@acme.com',
      password: 'Secret1!',
    });
  });

  it('ignores a redirect to another site', async () => {
    stubAuthFetch({
      'POST /auth/sign-in': [200, { accessToken: 't', expiresIn: 900 }],
      'GET /auth/providers': [200, []],
    });
    await renderRoutes(
      routes,
      '/login?redirect=%2F%2Fevil.example',
      fakeSession({ signIn: vi.fn(async () => READY_USER) }),
    );
    await signIn('ana@acme.com', 'Secret1!');
    expect(await screen.findByText('workspace')).toBeInTheDocument();
  });

  it('shows federated buttons only for enabled providers, carrying the redirect', async () => {
    stubAuthFetch({ 'GET /auth/providers': [200, ['microsoft']] });
    await renderRoutes(routes, '/login?redirect=%2Fworkspace%2Fuser%2FaccessKeys', fakeSession());
    const microsoft = await screen.findByRole('link', { name: 'Continue with Microsoft' });
    expect(microsoft).toHaveAttribute(
      'href',
      '/auth/federated/microsoft/start?redirect=%2Fworkspace%2Fuser%2FaccessKeys',
    );
    expect(screen.queryByRole('link', { name: 'Continue with Google' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute(
      'href',
      '/sign-up?redirect=%2Fworkspace%2Fuser%2FaccessKeys',
    );
    expect(screen.getByRole('link', { name: 'Request demo access' })).toHaveAttribute(
      'href',
      '/request-demo',
    );
  });

  it('shows the error a failed federated sign-in came back with', async () => {
    stubAuthFetch({ 'GET /auth/providers': [200, { providers: ['google'] }] });
    await renderRoutes(routes, '/login?error=NotAuthorizedException', fakeSession());
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid e-mail or password.');
    expect(await screen.findByRole('link', { name: 'Continue with Google' })).toHaveAttribute(
      'href',
      '/auth/federated/google/start',
    );
  });
});
