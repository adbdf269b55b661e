import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, READY_USER, renderRoutes, stubAuthFetch } from '../../app/guards/guard-test-utils.tsx';
import { PoliciesPage } from './policies-page.tsx';

// jsdom with user-event is slow on a loaded machine; the limit only catches a hang, it asserts no timing.
const SLOW = { timeout: 30_000 };

afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/policies', element: <PoliciesPage /> },
  { path: '/workspace/home', element: <p>home</p> },
  { path: '/workspace', element: <p>workspace</p> },
];
const policies = (accepted: boolean, url: string | null = null) => ({
  data: { policies: { version: '2026-01', publishedAt: '2026-01-10T00:00:00.000Z', accepted, url } },
});

describe('PoliciesPage', SLOW, () => {
  it('shows the version and accepts it only after the box is ticked, then returns to the wanted page', async () => {
    const calls = stubAuthFetch(
      {},
      { Policies: policies(false), AcceptPolicies: { data: { acceptPolicies: READY_USER } } },
    );
    const session = fakeSession({ status: 'ready', user: { ...READY_USER, acceptedPolicies: false } });
    await renderRoutes(routes, '/policies?redirect=%2Fworkspace%2Fhome', session);
    expect(await screen.findByTestId('policies-version')).toHaveTextContent('Version 2026-01');
    const accept = screen.getByRole('button', { name: 'Accept and continue' });
    expect(accept).toBeDisabled();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText(/I have read and accept/));
    await user.click(accept);
    expect(await screen.findByText('home')).toBeInTheDocument();
    expect(session.setUser).toHaveBeenCalledWith(READY_USER);
    const mutation = calls.find(
      (c) => (c.body as { operationName?: string } | null)?.operationName === 'AcceptPolicies',
    );
    expect(mutation?.body).toMatchObject({ variables: { version: '2026-01' } });
  });

  it('says so when the version in force is already accepted', async () => {
    stubAuthFetch({}, { Policies: policies(true) });
    await renderRoutes(routes, '/policies', fakeSession({ status: 'ready', user: READY_USER }));
    expect(await screen.findByTestId('policies-accepted')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('workspace')).toBeInTheDocument();
  });

  it('shows the bundled terms before the box to tick', async () => {
    stubAuthFetch({}, { Policies: policies(false) });
    const session = fakeSession({ status: 'ready', user: { ...READY_USER, acceptedPolicies: false } });
    await renderRoutes(routes, '/policies', session);
    const terms = await screen.findByTestId('policies-terms');
    expect(terms).toHaveTextContent('Terms of use and privacy policy');
    expect(terms).toHaveTextContent(/operated by the organisation that runs this installation/);
    const box = screen.getByLabelText(/I have read and accept/);
    expect(terms.compareDocumentPosition(box) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("links the operator's terms when they publish them", async () => {
    stubAuthFetch({}, { Policies: policies(false, 'https://example.com/terms/2026-01') });
    const session = fakeSession({ status: 'ready', user: { ...READY_USER, acceptedPolicies: false } });
    await renderRoutes(routes, '/policies', session);
    const link = await screen.findByTestId('policies-link');
    expect(link).toHaveAttribute('href', 'https://example.com/terms/2026-01');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.queryByTestId('policies-terms')).toBeNull();
  });
});
