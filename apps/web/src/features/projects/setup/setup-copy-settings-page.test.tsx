import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubAuthFetch } from '../../../app/guards/guard-test-utils.tsx';
import { SetupExportPage, SetupImportPage } from './setup-copy-settings-page.tsx';
import { operations, renderSetupScreen, TEST_PROJECT } from './setup-test-kit.tsx';

// jsdom with user-event is slow on a loaded machine; the limit only catches a hang, it asserts no timing.
const SLOW = { timeout: 30_000 };
// jsdom lays nothing out, so Floating UI hides the popover's dropdown: queries inside it include hidden ones.
const IN_POPOVER = { hidden: true } as const;

afterEach(() => vi.unstubAllGlobals());

const card = (id: number, name: string, status = 1) => ({
  id,
  name,
  image: null,
  status,
  starred: false,
  mentions: 0,
  notifications: 0,
  pendencies: 0,
  latePendencies: 0,
  company: { id: 3, name: 'Acme Engenharia', logo: null },
});
const PROJECTS = [
  card(7, 'Residencial Aurora'),
  card(1, 'Torre Sul'),
  card(2, 'Edifício Sol', 0),
  card(4, 'Hospital Norte'),
];
const COPIED = { data: { copyProjectSettings: true } };

async function choose(label: string, names: string[]) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: label }));
  const list = await screen.findByRole('listbox', { name: label, ...IN_POPOVER });
  await within(list).findAllByTestId('project-selector-option');
  const offered = within(list)
    .getAllByTestId('project-selector-option')
    .map((o) => o.getAttribute('aria-label'));
  for (const name of names) await user.click(within(list).getByRole('option', { name, ...IN_POPOVER }));
  return { user, offered, list };
}

describe('setup/exportSettings and setup/importSettings (copyProjectSettings)', SLOW, () => {
  it('exports the chosen parts into several active projects after a confirmation', async () => {
    const calls = stubAuthFetch(
      {},
      { WorkspaceProjects: { data: { workspaceProjects: PROJECTS } }, CopyProjectSettings: COPIED },
    );
    await renderSetupScreen(<SetupExportPage />);
    const run = await screen.findByRole('button', { name: 'Copy settings' });
    expect(run).toBeDisabled();
    const { user, offered, list } = await choose('Choose target projects', ['Torre Sul', 'Hospital Norte']);
    // Neither this project nor an inactive one can receive settings.
    expect(offered).toEqual(['Hospital Norte', 'Torre Sul']);
    await user.click(within(list).getByRole('button', { name: 'Done', ...IN_POPOVER }));
    expect(screen.getAllByTestId('copy-chosen').map((b) => b.textContent)).toEqual([
      'Torre Sul',
      'Hospital Norte',
    ]);
    await user.click(screen.getByRole('checkbox', { name: 'Labels' }));
    await user.click(screen.getByRole('checkbox', { name: 'Document naming rule' }));
    await user.click(run);
    const dialog = await screen.findByRole('dialog', { name: 'Copy the settings?' });
    expect(dialog).toHaveTextContent('The chosen settings will replace those of: Torre Sul, Hospital Norte.');
    await user.click(within(dialog).getByRole('button', { name: 'Copy settings' }));
    expect(await screen.findByText('Changes saved.')).toBeInTheDocument();
    expect(operations(calls, 'CopyProjectSettings').map((o) => o.variables)).toEqual([
      {
        sourceProjectId: 7,
        targetProjectsIds: [1, 4],
        settings: {
          locals: true,
          labels: false,
          categories: true,
          phases: true,
          disciplines: true,
          disciplinesStatus: true,
          documentsNamingRule: false,
        },
      },
    ]);
    // After the copy the choice is cleared.
    expect(screen.queryAllByTestId('copy-chosen')).toHaveLength(0);
  });

  it('imports from one source project, inactive ones included, into this project', async () => {
    const calls = stubAuthFetch(
      {},
      { WorkspaceProjects: { data: { workspaceProjects: PROJECTS } }, CopyProjectSettings: COPIED },
    );
    await renderSetupScreen(<SetupImportPage />);
    const { user, offered } = await choose('Choose the source project', ['Edifício Sol']);
    expect(offered).toEqual(['Edifício Sol', 'Hospital Norte', 'Torre Sul']);
    expect(screen.getAllByTestId('copy-chosen').map((b) => b.textContent)).toEqual(['Edifício Sol']);
    // Nothing to copy, nothing to run.
    for (const part of ['Locations', 'Labels', 'Categories', 'Phases', 'Disciplines', 'Discipline statuses'])
      await user.click(screen.getByRole('checkbox', { name: part }));
    expect(screen.getByRole('button', { name: 'Copy settings' })).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: 'Document naming rule' }));
    expect(screen.getByRole('button', { name: 'Copy settings' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Phases' }));
    await user.click(screen.getByRole('button', { name: 'Copy settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy the settings?' });
    expect(dialog).toHaveTextContent(
      'The chosen settings of Edifício Sol will replace those of this project.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Copy settings' }));
    await screen.findByText('Changes saved.');
    expect(operations(calls, 'CopyProjectSettings')[0]?.variables).toMatchObject({
      sourceProjectId: 2,
      targetProjectsIds: [7],
      settings: { phases: true, locals: false, documentsNamingRule: false },
    });
  });

  it('offers every project of the platform to a platform administrator', async () => {
    stubAuthFetch({}, { AdminProjects: { data: { adminProjects: [card(30, 'Obra Alheia')] } } });
    await renderSetupScreen(<SetupImportPage />, {
      area: { kind: 'admin', closeTo: '/admin/projects' },
      project: { ...TEST_PROJECT, permissions: { ...TEST_PROJECT.permissions, role: null } },
    });
    const { offered } = await choose('Choose the source project', ['Obra Alheia']);
    expect(offered).toEqual(['Obra Alheia']);
    expect(screen.getByRole('button', { name: 'Copy settings' })).toBeEnabled();
  });

  it('lets nobody run a copy without the right to', async () => {
    stubAuthFetch({}, { WorkspaceProjects: { data: { workspaceProjects: PROJECTS } } });
    await renderSetupScreen(<SetupExportPage />, {
      project: { ...TEST_PROJECT, permissions: { ...TEST_PROJECT.permissions, canDuplicate: false } },
    });
    expect(await screen.findByTestId('setup-read-only')).toBeInTheDocument();
    await choose('Choose target projects', ['Torre Sul']);
    expect(screen.getByRole('button', { name: 'Copy settings' })).toBeDisabled();
  });
});
