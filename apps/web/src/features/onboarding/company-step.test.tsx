import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, READY_USER, renderRoutes, stubAuthFetch } from '../../app/guards/guard-test-utils.tsx';
import { CompanyStep } from './company-step.tsx';

// jsdom with user-event is slow on a loaded machine; the limit only catches a hang, it asserts no timing.
const SLOW = { timeout: 30_000 };

afterEach(() => vi.unstubAllGlobals());
// A dialog closed by the last test ends its transition on a timer: let it run before jsdom's window is torn down
// (CI once saw it fire after, as an unhandled "window is not defined").
afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, 500)));

const newcomer = { ...READY_USER, email: 'joao@gmail.com', companyId: null, company: null };
const invite = (id: number, name: string, ownerEmailDomain: string) => ({
  id,
  role: 'collaborator',
  createdAt: '2026-01-02T00:00:00.000Z',
  expiresAt: '2026-02-02T00:00:00.000Z',
  company: { id: id * 10, name, logo: null, ownerEmailDomain },
  invitedBy: { id: 9, name: 'Maria', lastName: 'Costa', email: `maria@${ownerEmailDomain}` },
});
const routes = [
  { path: '/onboarding/company', element: <CompanyStep /> },
  { path: '/workspace', element: <p>workspace</p> },
];

describe('CompanyStep', SLOW, () => {
  it('asks "Does this collaborator really belong to your company?" when the owner domain differs, then joins', async () => {
    const calls = stubAuthFetch(
      {},
      {
        MyCompanyInvites: { data: { myCompanyInvites: [invite(1, 'Acme', 'acme.com')] } },
        AcceptCompanyInvite: { data: { acceptCompanyInvite: { ...READY_USER, email: newcomer.email } } },
      },
    );
    const session = fakeSession({ status: 'ready', user: newcomer });
    await renderRoutes(routes, '/onboarding/company', session);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Does this collaborator really belong to your company?');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, join' }));
    expect(await screen.findByText('workspace')).toBeInTheDocument();
    expect(session.setUser).toHaveBeenCalled();
    expect(calls.filter((c) => c.path === '/graphql').length).toBeGreaterThanOrEqual(2);
  });

  it('creates a company when there is no invite', async () => {
    stubAuthFetch(
      {},
      {
        MyCompanyInvites: { data: { myCompanyInvites: [] } },
        CreateCompany: { data: { createCompany: READY_USER } },
      },
    );
    const session = fakeSession({ status: 'ready', user: newcomer });
    await renderRoutes(routes, '/onboarding/company', session);
    const user = userEvent.setup();
    const create = await screen.findByRole('button', { name: 'Create company' });
    expect(create).toBeDisabled();
    await user.type(screen.getByLabelText(/^Company name/), 'Construtora Nova');
    await user.click(create);
    expect(await screen.findByText('workspace')).toBeInTheDocument();
    expect(session.setUser).toHaveBeenCalledWith(READY_USER);
  });
});
