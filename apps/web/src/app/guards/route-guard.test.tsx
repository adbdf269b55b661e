import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteGuard } from './route-guard.tsx';
import { fakeSession, READY_USER, renderRoutes } from './guard-test-utils.tsx';

// jsdom with user-event is slow on a loaded machine; the limit only catches a hang, it asserts no timing.
const SLOW = { timeout: 30_000 };

afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/login', element: <p>login screen</p> },
  { path: '/policies', element: <p>policies screen</p> },
  { path: '/onboarding/company', element: <p>company step</p> },
  { path: '/admin', element: <p>admin home</p> },
  {
    path: '/workspace',
    element: <RouteGuard area="workspace" />,
    children: [{ path: 'user/accessKeys', element: <p>access keys</p> }],
  },
];

describe('RouteGuard', SLOW, () => {
  it('waits while the session is being restored', async () => {
    await renderRoutes(routes, '/workspace/user/accessKeys', fakeSession({ status: 'restoring' }));
    expect(await screen.findByLabelText('Loading…')).toBeInTheDocument();
  });

  it('sends a signed-out visitor to the login, carrying the deep link', async () => {
    const { router } = await renderRoutes(routes, '/workspace/user/accessKeys', fakeSession());
    expect(await screen.findByText('login screen')).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/login?redirect=%2Fworkspace%2Fuser%2FaccessKeys',
    );
  });

  it('sends a user with outdated policies to /policies', async () => {
    await renderRoutes(
      routes,
      '/workspace/user/accessKeys',
      fakeSession({ status: 'ready', user: { ...READY_USER, acceptedPolicies: false } }),
    );
    expect(await screen.findByText('policies screen')).toBeInTheDocument();
  });

  it('sends a user without a company to onboarding company', async () => {
    await renderRoutes(
      routes,
      '/workspace/user/accessKeys',
      fakeSession({ status: 'ready', user: { ...READY_USER, companyId: null, company: null } }),
    );
    expect(await screen.findByText('company step')).toBeInTheDocument();
  });

  it('forces an admin into the admin area', async () => {
    await renderRoutes(
      routes,
      '/workspace/user/accessKeys',
      fakeSession({ status: 'ready', user: { ...READY_USER, isAdmin: true } }),
    );
    expect(await screen.findByText('admin home')).toBeInTheDocument();
  });

  it('treats a demo user without a sign-in in this tab as signed out', async () => {
    await renderRoutes(
      routes,
      '/workspace/user/accessKeys',
      fakeSession({ status: 'ready', user: { ...READY_USER, isDemo: true } }),
    );
    expect(await screen.findByText('login screen')).toBeInTheDocument();
  });

  it('lets a ready user in', async () => {
    await renderRoutes(
      routes,
      '/workspace/user/accessKeys',
      fakeSession({ status: 'ready', user: READY_USER }),
    );
    expect(await screen.findByText('access keys')).toBeInTheDocument();
  });
});
