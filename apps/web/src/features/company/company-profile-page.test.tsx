import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, READY_USER, renderRoutes, stubAuthFetch } from '../../app/guards/guard-test-utils.tsx';
import { CompanyProfilePage } from './company-profile-page.tsx';

// jsdom with user-event is slow on a loaded machine; the limit only catches a hang, it asserts no timing.
const SLOW = { timeout: 30_000 };

afterEach(() => vi.unstubAllGlobals());

const PROFILE = {
  id: 3,
  name: 'Acme Engenharia',
  logo: null,
  website: 'acme.com.br',
  cnpj: null,
  ownerEmail: 'ana@acme.com',
  isActive: true,
  maxActiveProjects: -1,
  activeProjects: 2,
  members: 4,
};

async function renderPage(
  role: string,
  profile: Omit<typeof PROFILE, 'logo'> & { logo: string | null } = PROFILE,
) {
  const calls = stubAuthFetch(
    {},
    {
      CompanyProfile: { data: { companyProfile: profile } },
      UpdateCompanyProfile: { data: { updateCompanyProfile: { ...PROFILE, name: 'Acme Norte' } } },
    },
  );
  const user = { ...READY_USER, company: { id: 3, name: 'Acme', logo: null, amountProjects: 2, role } };
  await renderRoutes(
    [{ path: '/', element: <CompanyProfilePage /> }],
    '/',
    fakeSession({ status: 'ready', user }),
  );
  const updates = () => calls.filter((c) => JSON.stringify(c.body).includes('UpdateCompanyProfile'));
  return { updates, events: userEvent.setup() };
}

describe('CompanyProfilePage (core §2 company/profile)', SLOW, () => {
  it('shows the profile with the project limit, read-only to a collaborator', async () => {
    await renderPage('collaborator');
    expect(await screen.findByTestId('company-profile-usage')).toHaveTextContent('2 / unlimited');
    expect(screen.getByTestId('company-profile-cnpj')).toHaveTextContent('—');
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('validates the edit form before saving, then saves the trimmed values', async () => {
    const { updates, events } = await renderPage('admin');
    await events.click(await screen.findByRole('button', { name: 'Edit' }));
    const name = screen.getByLabelText(/^Company name/);
    await events.clear(name);
    await events.type(screen.getByLabelText(/^CNPJ/), '12345');
    await events.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Enter the company name.')).toBeInTheDocument();
    expect(screen.getByText('A CNPJ has 14 digits.')).toBeInTheDocument();
    expect(updates()).toHaveLength(0);

    await events.type(name, ' Acme Norte ');
    await events.clear(screen.getByLabelText(/^CNPJ/));
    await events.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates()).toHaveLength(1));
    expect(updates()[0]?.body).toMatchObject({
      variables: { input: { name: 'Acme Norte', website: 'acme.com.br', cnpj: null } },
    });
  });

  it('shows the logo and removes it on save, after the confirmation', async () => {
    const logo = '/files/profile-images/COMPANY_LOGO/logo.webp';
    const { updates, events } = await renderPage('admin', { ...PROFILE, logo });
    expect(await screen.findByTestId('company-profile-logo')).toHaveAttribute('src', logo);
    await events.click(screen.getByRole('button', { name: 'Edit' }));
    const field = screen.getByTestId('company-logo-field');
    expect(within(field).getByRole('img', { name: 'Logo' })).toHaveAttribute('src', logo);
    await events.click(within(field).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the image?' });
    await events.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(within(field).getByLabelText('Logo')).toHaveTextContent('AE');
    await events.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates()).toHaveLength(1));
    expect(updates()[0]?.body).toMatchObject({
      variables: { input: { name: 'Acme Engenharia', logo: null } },
    });
  });
});
