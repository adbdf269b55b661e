import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, READY_USER, renderRoutes, stubAuthFetch } from '../../app/guards/guard-test-utils.tsx';
import { CompanyMembersPage } from './company-members-page.tsx';

// jsdom with user-event is slow on a loaded machine; the limit only catches a hang, it asserts no timing.
const SLOW = { timeout: 30_000 };

afterEach(() => vi.unstubAllGlobals());
// jsdom has no scrollIntoView; Mantine's Select calls it when its options open.
Element.prototype.scrollIntoView ??= () => undefined;

const MEMBERS = {
  data: {
    companyMembers: [
      { id: 1, name: 'Ana', lastName: 'Silva', email: 'ana@acme.com', photo: null, role: 'admin' },
      { id: 2, name: 'Rui', lastName: null, email: 'rui@acme.com', photo: null, role: 'collaborator' },
    ],
  },
};

async function renderPage(removeAnswer: unknown, role: string = 'admin') {
  const calls = stubAuthFetch(
    {},
    {
      CompanyMembers: MEMBERS,
      CompanyMemberInvites: { data: { companyMemberInvites: [] } },
      RemoveCompanyMember: removeAnswer,
    },
  );
  const user = { ...READY_USER, company: { id: 3, name: 'Acme', logo: null, amountProjects: 2, role } };
  await renderRoutes(
    [{ path: '/', element: <CompanyMembersPage /> }],
    '/',
    fakeSession({ status: 'ready', user }),
  );
  return { calls, events: userEvent.setup() };
}

function removeCalls(calls: { body: unknown }[]) {
  return calls.filter((c) => JSON.stringify(c.body).includes('RemoveCompanyMember'));
}

describe('CompanyMembersPage (editor §2.2, §5.3)', SLOW, () => {
  it('removes a member only after the confirmation word is typed', async () => {
    const { calls, events } = await renderPage({ data: { removeCompanyMember: true } });
    const removeButtons = await screen.findAllByRole('button', { name: /from the company/ });
    expect(removeButtons).toHaveLength(2);
    await events.click(screen.getByRole('button', { name: 'Remove Rui from the company' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Remove' });
    expect(confirm).toBeDisabled();
    await events.type(within(dialog).getByLabelText('Type "remove" to confirm'), 'remov');
    expect(confirm).toBeDisabled();
    await events.type(within(dialog).getByLabelText('Type "remove" to confirm'), 'e');
    expect(confirm).toBeEnabled();
    expect(removeCalls(calls)).toHaveLength(0);
    await events.click(confirm);
    await waitFor(() => expect(removeCalls(calls)).toHaveLength(1));
    expect(JSON.stringify(removeCalls(calls)[0]?.body)).toContain('"userId":2');
  });

  it('says the last administrator cannot be removed', async () => {
    const { events } = await renderPage({
      errors: [{ message: 'last admin', extensions: { code: 'INVALID_ACTION' } }],
    });
    await events.click(await screen.findByRole('button', { name: 'Remove Ana Silva from the company' }));
    const dialog = await screen.findByRole('dialog');
    await events.type(within(dialog).getByLabelText('Type "remove" to confirm'), 'REMOVE');
    await events.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The company needs at least one administrator',
    );
  });

  it('shows members with role badges and no actions to a collaborator', async () => {
    await renderPage({ data: { removeCompanyMember: true } }, 'collaborator');
    const table = await screen.findByTestId('company-members-table');
    expect(
      within(table)
        .getAllByTestId('member-role')
        .map((b) => b.textContent),
    ).toEqual(['Administrator', 'Collaborator']);
    expect(screen.queryByRole('button', { name: /from the company/ })).toBeNull();
    expect(screen.queryByTestId('company-invites-table')).toBeNull();
    expect(screen.queryByTestId('company-invites-empty')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Invite' })).toBeNull();
  });

  it('lets a manager invite managers and collaborators, but not change roles or remove', async () => {
    const { events } = await renderPage({ data: { removeCompanyMember: true } }, 'manager');
    await screen.findByTestId('company-members-table');
    expect(screen.queryByRole('button', { name: /from the company/ })).toBeNull();
    expect(await screen.findByTestId('company-invites-empty')).toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Invite' }));
    const dialog = await screen.findByRole('dialog');
    await events.click(within(dialog).getByRole('textbox', { name: 'Role' }));
    const options = (await screen.findAllByRole('option', { hidden: true })).map((o) => o.textContent);
    expect(options).toEqual(['Collaborator', 'Manager']);
  });
});
