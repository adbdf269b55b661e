import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, READY_USER, renderRoutes, stubAuthFetch } from '../../app/guards/guard-test-utils.tsx';
import { WorkspaceHomePage } from './workspace-home-page.tsx';

// jsdom with user-event is slow on a loaded machine; the limit only catches a hang, it asserts no timing.
const SLOW = { timeout: 30_000 };

afterEach(() => vi.unstubAllGlobals());

const company = { id: 3, name: 'Acme Engenharia', logo: null };
const card = (id: number, name: string, status: number, starred: boolean) => ({
  id,
  name,
  image: null,
  status,
  starred,
  mentions: 0,
  notifications: 0,
  pendencies: 0,
  latePendencies: 0,
  company,
});

const home = {
  data: {
    workspaceProjects: [
      card(1, 'Torre Sul', 1, false),
      card(2, 'Edifício Sol', 0, true),
      card(3, 'Armazém', 0, false),
    ],
    companyProjectInvites: [
      {
        id: 9,
        createdAt: '2026-01-01T00:00:00.000Z',
        allDisciplines: false,
        project: {
          ...card(4, 'Hospital Norte', 1, false),
          company: { id: 8, name: 'Beta Obras', logo: null },
        },
        role: { id: 3, name: 'collaborator' },
        disciplines: [{ id: 1, name: 'Architecture', abbreviation: 'ARQ' }],
        invitedBy: null,
      },
    ],
  },
};

describe('WorkspaceHomePage', SLOW, () => {
  it('shows starred, active and inactive sections, and filters them by name', async () => {
    stubAuthFetch({}, { WorkspaceHome: home });
    await renderRoutes(
      [{ path: '/', element: <WorkspaceHomePage /> }],
      '/',
      fakeSession({ status: 'ready', user: READY_USER }),
    );
    expect(await screen.findByTestId('projects-starred')).toHaveTextContent('Edifício Sol');
    expect(screen.getByTestId('projects-active')).toHaveTextContent('Torre Sul');
    expect(screen.getByTestId('projects-inactive')).toHaveTextContent('Armazém');
    await userEvent.setup().type(screen.getByRole('textbox', { name: 'Search projects' }), 'armazem');
    expect(screen.queryByTestId('projects-starred')).toBeNull();
    expect(screen.getByTestId('projects-inactive')).toHaveTextContent('Armazém');
    // An administrator answers invitations.
    const invite = screen.getByTestId('project-invite');
    expect(within(invite).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
  });

  it("singles out the invitation an e-mail's link names, focused to accept", async () => {
    stubAuthFetch({}, { WorkspaceHome: home });
    await renderRoutes(
      [{ path: '/', element: <WorkspaceHomePage /> }],
      '/?projectInvite=9',
      fakeSession({ status: 'ready', user: READY_USER }),
    );
    const invite = await screen.findByTestId('project-invite');
    expect(invite).toHaveAttribute('data-linked', 'true');
    expect(within(invite).getByRole('button', { name: 'Accept' })).toHaveFocus();
    expect(screen.queryByTestId('project-invite-gone')).toBeNull();
  });

  it('says when the linked invitation is no longer pending', async () => {
    stubAuthFetch({}, { WorkspaceHome: home });
    await renderRoutes(
      [{ path: '/', element: <WorkspaceHomePage /> }],
      '/?projectInvite=10',
      fakeSession({ status: 'ready', user: READY_USER }),
    );
    expect(await screen.findByTestId('project-invite-gone')).toHaveTextContent('no longer pending');
    expect(screen.getByTestId('project-invite')).not.toHaveAttribute('data-linked');
  });

  it('shows invitations read-only to a collaborator, with no way to create a project', async () => {
    stubAuthFetch({}, { WorkspaceHome: home });
    const user = { ...READY_USER, company: { ...company, amountProjects: 1, role: 'collaborator' } };
    await renderRoutes(
      [{ path: '/', element: <WorkspaceHomePage /> }],
      '/',
      fakeSession({ status: 'ready', user }),
    );
    expect(await screen.findByTestId('project-invites-ask-admin')).toBeInTheDocument();
    expect(within(screen.getByTestId('project-invite')).queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New project' })).toBeNull();
  });

  it('requires a project name and shows the upgrade prompt when the limit is reached', async () => {
    stubAuthFetch(
      {},
      {
        WorkspaceHome: { data: { workspaceProjects: [], companyProjectInvites: [] } },
        CreateProject: { errors: [{ message: 'limit', extensions: { code: 'PROJECT_LIMIT_REACHED' } }] },
      },
    );
    await renderRoutes(
      [{ path: '/', element: <WorkspaceHomePage /> }],
      '/',
      fakeSession({ status: 'ready', user: READY_USER }),
    );
    const user = userEvent.setup();
    expect(await screen.findByTestId('workspace-empty')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New project' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Create and configure later' }));
    expect(within(dialog).getByText('The project name is a required field')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Project name/), 'Residencial Aurora');
    await user.click(within(dialog).getByRole('button', { name: 'Create and configure now' }));
    expect(await within(dialog).findByTestId('project-limit')).toHaveTextContent(
      'Active project limit reached',
    );
  });
});
