import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubAuthFetch } from '../../../app/guards/guard-test-utils.tsx';
import { SetupUserTagsPage } from './setup-user-tags-page.tsx';
import { operations, renderSetupScreen } from './setup-test-kit.tsx';

// jsdom with user-event is slow on a loaded machine; the limit only catches a hang, it asserts no timing.
const SLOW = { timeout: 30_000 };

afterEach(() => vi.unstubAllGlobals());

const TAGS = {
  data: {
    projectData: {
      id: 7,
      userTags: [
        { id: 1, name: 'Cliente' },
        { id: 2, name: 'Urgente' },
      ],
    },
  },
};
const SAVED = { data: { setProjectUserTags: [{ id: 1, name: 'Cliente' }] } };

describe('setup/userTags (setProjectUserTags)', SLOW, () => {
  it('adds a tag with a new name, keeping the others by id', async () => {
    const calls = stubAuthFetch({}, { SetupUserTags: TAGS, SetupSetProjectUserTags: SAVED });
    await renderSetupScreen(<SetupUserTagsPage />);
    expect((await screen.findAllByTestId('user-tag-row')).map((r) => r.textContent)).toEqual([
      'Cliente',
      'Urgente',
    ]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'New tag' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'urgente');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('You already have a tag with this name')).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Name' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), ' Revisar ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Changes saved.');
    expect(operations(calls, 'SetupSetProjectUserTags').map((o) => o.variables)).toEqual([
      {
        projectId: 7,
        tags: [{ id: 1, name: 'Cliente' }, { id: 2, name: 'Urgente' }, { name: 'Revisar' }],
      },
    ]);
  });

  it('deletes a tag only after its name is typed', async () => {
    const calls = stubAuthFetch({}, { SetupUserTags: TAGS, SetupSetProjectUserTags: SAVED });
    await renderSetupScreen(<SetupUserTagsPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Urgente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the tag?' });
    expect(within(dialog).getByRole('button', { name: 'Remove' })).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Type "Urgente" to confirm'), 'urgente');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await screen.findByText('Changes saved.');
    expect(operations(calls, 'SetupSetProjectUserTags')[0]?.variables).toEqual({
      projectId: 7,
      tags: [{ id: 1, name: 'Cliente' }],
    });
  });
});
