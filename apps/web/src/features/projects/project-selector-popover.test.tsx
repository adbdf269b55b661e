import { Button } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, READY_USER, renderRoutes, stubAuthFetch } from '../../app/guards/guard-test-utils.tsx';
import { ProjectSelectorPopover } from './project-selector-popover.tsx';

// jsdom with user-event is slow on a loaded machine; the limit only catches a hang, it asserts no timing.
const SLOW = { timeout: 30_000 };
// jsdom lays nothing out, so Floating UI takes the target for detached and hides the dropdown (display: none):
// queries inside the popover include hidden elements.
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
  card(1, 'Torre Sul'),
  card(2, 'Edifício Sol'),
  card(3, 'Armazém', 0),
  card(4, 'Hospital Norte'),
];

async function render(element: React.ReactNode) {
  await renderRoutes([{ path: '/', element }], '/', fakeSession({ status: 'ready', user: READY_USER }));
  return userEvent.setup();
}

function optionNames(): string[] {
  return screen.getAllByTestId('project-selector-option').map((o) => o.getAttribute('aria-label') ?? '');
}

describe('ProjectSelectorPopover (editor §2.4)', SLOW, () => {
  it('searches ignoring accents and case, leaves out excluded projects, and picks one project', async () => {
    stubAuthFetch({}, { WorkspaceProjects: { data: { workspaceProjects: PROJECTS } } });
    const onChange = vi.fn();
    const user = await render(
      <ProjectSelectorPopover
        label="Switch project"
        exclude={[4]}
        selection={{ mode: 'single', value: 1, onChange }}
        target={<Button component="span">Torre Sul</Button>}
      />,
    );
    await user.click(await screen.findByRole('button', { name: 'Switch project' }));
    const list = await screen.findByRole('listbox', { name: 'Switch project', ...IN_POPOVER });
    await within(list).findAllByTestId('project-selector-option');
    // Sorted by name; the excluded project is not offered; the current one is marked.
    expect(optionNames()).toEqual(['Armazém', 'Edifício Sol', 'Torre Sul']);
    expect(within(list).getByRole('option', { name: 'Torre Sul', ...IN_POPOVER })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(list).toHaveAttribute('aria-multiselectable', 'false');

    await user.type(
      within(list).getByRole('textbox', { name: 'Search projects', ...IN_POPOVER }),
      'EDIFICIO',
    );
    expect(optionNames()).toEqual(['Edifício Sol']);
    await user.clear(within(list).getByRole('textbox', { name: 'Search projects', ...IN_POPOVER }));
    await user.type(
      within(list).getByRole('textbox', { name: 'Search projects', ...IN_POPOVER }),
      'nothing like it',
    );
    expect(within(list).getByText('No projects found')).toBeInTheDocument();
    await user.clear(within(list).getByRole('textbox', { name: 'Search projects', ...IN_POPOVER }));

    await user.click(within(list).getByRole('option', { name: 'Armazém', ...IN_POPOVER }));
    expect(onChange).toHaveBeenCalledWith(3, expect.objectContaining({ id: 3, name: 'Armazém' }));
    // A single choice closes the popover.
    expect(screen.getByRole('button', { name: 'Switch project' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('toggles several projects in multiple mode, filtered, and closes on Done', async () => {
    stubAuthFetch({}, { WorkspaceProjects: { data: { workspaceProjects: PROJECTS } } });
    const onChange = vi.fn();
    const user = await render(
      <ProjectSelectorPopover
        label="Choose target projects"
        filter={(p) => p.status === 1}
        selection={{ mode: 'multiple', value: [2], onChange }}
        target={<Button component="span">Choose</Button>}
      />,
    );
    await user.click(await screen.findByRole('button', { name: 'Choose target projects' }));
    const list = await screen.findByRole('listbox', { name: 'Choose target projects', ...IN_POPOVER });
    await within(list).findAllByTestId('project-selector-option');
    expect(list).toHaveAttribute('aria-multiselectable', 'true');
    expect(optionNames()).toEqual(['Edifício Sol', 'Hospital Norte', 'Torre Sul']);
    await user.click(within(list).getByRole('option', { name: 'Torre Sul', ...IN_POPOVER }));
    expect(onChange).toHaveBeenLastCalledWith([2, 1]);
    await user.click(within(list).getByRole('option', { name: 'Edifício Sol', ...IN_POPOVER }));
    expect(onChange).toHaveBeenLastCalledWith([]);
    // Multiple selection stays open until Done.
    expect(screen.getByRole('button', { name: 'Choose target projects' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await user.click(within(list).getByRole('button', { name: 'Done', ...IN_POPOVER }));
    expect(screen.getByRole('button', { name: 'Choose target projects' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('offers every project of the platform in the admin area', async () => {
    stubAuthFetch({}, { AdminProjects: { data: { adminProjects: [card(8, 'Obra de Outra Empresa')] } } });
    const user = await render(
      <ProjectSelectorPopover
        label="Choose the source project"
        scope="admin"
        selection={{ mode: 'single', value: null, onChange: vi.fn() }}
        target={<Button component="span">Choose</Button>}
      />,
    );
    await user.click(await screen.findByRole('button', { name: 'Choose the source project' }));
    const list = await screen.findByRole('listbox', { name: 'Choose the source project', ...IN_POPOVER });
    await within(list).findAllByTestId('project-selector-option');
    expect(optionNames()).toEqual(['Obra de Outra Empresa']);
  });
});
