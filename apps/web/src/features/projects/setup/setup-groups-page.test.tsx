import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubAuthFetch } from '../../../app/guards/guard-test-utils.tsx';
import { SetupGroupsPage } from './setup-groups-page.tsx';
import { operations, renderSetupScreen, TEST_PROJECT } from './setup-test-kit.tsx';

// jsdom with user-event is slow on a loaded machine; the limit only catches a hang, it asserts no timing.
const SLOW = { timeout: 30_000 };

afterEach(() => vi.unstubAllGlobals());

const person = (id: number, name: string, company: string, removed = false) => ({
  id,
  name,
  lastName: 'Silva',
  email: `${name.toLowerCase()}@example.com`,
  photo: null,
  removed,
  company: { id: company.length, name: company },
});
const USERS = [
  person(1, 'Ana', 'Acme Engenharia'),
  person(2, 'Bruno', 'Acme Engenharia'),
  person(3, 'Carla', 'Instala Engenharia'),
  person(4, 'Davi', 'Saiu Ltda', true),
];
const group = (
  id: number,
  name: string,
  usersId: number[],
  permissions: { edit: boolean; delete: boolean; leave: boolean },
) => ({
  id,
  name,
  usersId,
  permissions,
});
const MANAGES = { edit: true, delete: true, leave: false };
const GROUPS = {
  data: {
    projectData: {
      id: 7,
      groups: [
        group(10, 'Coordenação', [1, 2], MANAGES),
        group(11, 'Instalações', [3], { edit: false, delete: false, leave: false }),
      ],
      users: USERS,
    },
  },
};
const failure = (code: string) => ({ errors: [{ message: code, extensions: { code } }] });

describe(
  'setup/groups (createProjectGroup, setProjectGroup, deleteProjectGroup, leaveProjectGroup)',
  SLOW,
  () => {
    it('lists the groups and creates one with a unique name and chosen members', async () => {
      const calls = stubAuthFetch(
        {},
        {
          SetupGroups: GROUPS,
          SetupCreateProjectGroup: { data: { createProjectGroup: group(12, 'Fachadas', [1, 3], MANAGES) } },
        },
      );
      await renderSetupScreen(<SetupGroupsPage />);
      const rows = await screen.findAllByTestId('group-row');
      expect(rows.map((r) => r.getAttribute('data-name'))).toEqual(['Coordenação', 'Instalações']);
      expect(within(rows[0]!).getByTestId('group-members')).toHaveTextContent('Ana Silva, Bruno Silva');
      expect(within(rows[0]!).getByText('Member')).toBeInTheDocument();
      // Edit and delete follow the group's permissions.
      expect(within(rows[1]!).queryByRole('button', { name: 'Edit Instalações' })).toBeNull();
      expect(within(rows[1]!).queryByRole('button', { name: 'Delete Instalações' })).toBeNull();

      const user = userEvent.setup();
      await user.type(screen.getByRole('textbox', { name: 'Search groups' }), 'instal');
      expect(screen.getAllByTestId('group-row').map((r) => r.getAttribute('data-name'))).toEqual([
        'Instalações',
      ]);
      await user.clear(screen.getByRole('textbox', { name: 'Search groups' }));

      await user.click(screen.getByRole('button', { name: 'New group' }));
      const dialog = await screen.findByRole('dialog', { name: 'New group' });
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(within(dialog).getByText('The group name is required')).toBeInTheDocument();
      await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'coordenação');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(within(dialog).getByText('Another group already has this name')).toBeInTheDocument();
      await user.clear(within(dialog).getByRole('textbox', { name: 'Name' }));
      await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Fachadas');
      expect(within(dialog).getByText('You join the groups you create.')).toBeInTheDocument();
      await user.click(within(dialog).getByRole('textbox', { name: 'Members' }));
      // The creator joins anyway, and people whose company left the project are not offered.
      const offered = (await screen.findAllByRole('option', { hidden: true })).map((o) => o.textContent);
      expect(offered).toEqual(['Bruno Silva · Acme Engenharia', 'Carla Silva · Instala Engenharia']);
      await user.click(
        screen.getByRole('option', { name: 'Carla Silva · Instala Engenharia', hidden: true }),
      );
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Changes saved.')).toBeInTheDocument();
      expect(operations(calls, 'SetupCreateProjectGroup').map((o) => o.variables)).toEqual([
        { projectId: 7, name: 'Fachadas', usersId: [3] },
      ]);
    });

    it('deletes only after the group name is typed, and shows GROUP_HAS_ISSUES translated', async () => {
      const calls = stubAuthFetch(
        {},
        { SetupGroups: GROUPS, SetupDeleteProjectGroup: failure('GROUP_HAS_ISSUES') },
      );
      await renderSetupScreen(<SetupGroupsPage />);
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Delete Coordenação' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete the group?' });
      const remove = within(dialog).getByRole('button', { name: 'Remove' });
      expect(remove).toBeDisabled();
      await user.type(within(dialog).getByLabelText('Type "Coordenação" to confirm'), 'Coordena');
      expect(remove).toBeDisabled();
      await user.type(within(dialog).getByLabelText('Type "Coordenação" to confirm'), 'ção');
      await user.click(remove);
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'Groups with issues cannot be deleted.',
      );
      expect(operations(calls, 'SetupDeleteProjectGroup').map((o) => o.variables)).toEqual([
        { projectId: 7, groupId: 10 },
      ]);
    });

    it('edits a group with its current name and members', async () => {
      const calls = stubAuthFetch(
        {},
        {
          SetupGroups: GROUPS,
          SetupSetProjectGroup: { data: { setProjectGroup: group(10, 'Coordenação geral', [1], MANAGES) } },
        },
      );
      await renderSetupScreen(<SetupGroupsPage />);
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Edit Coordenação' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit the group' });
      expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Coordenação');
      await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), ' geral');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await screen.findByText('Changes saved.');
      expect(operations(calls, 'SetupSetProjectGroup').map((o) => o.variables)).toEqual([
        { projectId: 7, groupId: 10, name: 'Coordenação geral', usersId: [1, 2] },
      ]);
    });

    it('does not let a project administrator leave, and lets a collaborator leave after a confirmation', async () => {
      stubAuthFetch({}, { SetupGroups: GROUPS });
      await renderSetupScreen(<SetupGroupsPage />);
      expect(await screen.findByTestId('groups-admin-hint')).toHaveTextContent(
        'Administrators cannot leave a project group.',
      );
      const leave = screen.getByRole('button', { name: 'Leave Coordenação' });
      expect(leave).toHaveAttribute('aria-disabled', 'true');
      await userEvent.setup().click(leave);
      expect(screen.queryByRole('dialog')).toBeNull();
    });

    it('lets a member leave after a confirmation, showing a refusal translated', async () => {
      const member = {
        data: {
          projectData: {
            ...GROUPS.data.projectData,
            groups: [group(11, 'Instalações', [1, 3], { edit: false, delete: false, leave: true })],
          },
        },
      };
      const calls = stubAuthFetch(
        {},
        { SetupGroups: member, SetupLeaveProjectGroup: failure('ADMIN_CANT_LEAVE_PROJECT_GROUP') },
      );
      await renderSetupScreen(<SetupGroupsPage />, {
        project: {
          ...TEST_PROJECT,
          permissions: { ...TEST_PROJECT.permissions, role: 'collaborator', canSetup: false },
        },
      });
      expect(await screen.findByTestId('group-row')).toBeInTheDocument();
      expect(screen.queryByTestId('groups-admin-hint')).toBeNull();
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Leave Instalações' }));
      const dialog = await screen.findByRole('dialog', { name: 'Leave the group?' });
      await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'Administrators cannot leave a project group.',
      );
      expect(operations(calls, 'SetupLeaveProjectGroup').map((o) => o.variables)).toEqual([
        { projectId: 7, groupId: 11 },
      ]);
    });
  },
);
