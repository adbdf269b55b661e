import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubAuthFetch } from '../../../app/guards/guard-test-utils.tsx';
import { SetupLocalsPage } from './setup-tree-page.tsx';
import { operations, renderSetupScreen, TEST_PROJECT } from './setup-test-kit.tsx';

// jsdom with user-event is slow on a loaded machine; the limit only catches a hang, it asserts no timing.
const SLOW = { timeout: 30_000 };

afterEach(() => vi.unstubAllGlobals());

describe('setup/locals by paste and import (issue 21)', SLOW, () => {
  it('moves the focus to a new row’s name', async () => {
    stubAuthFetch({}, {});
    await renderSetupScreen(<SetupLocalsPage />, { project: { ...TEST_PROJECT, locals: [] } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add' }));
    const names = await screen.findAllByRole('textbox', { name: 'Name' });
    expect(names[names.length - 1]).toHaveFocus();
  });

  it('previews a pasted outline and adds it to the tree, then saves it with the rest', async () => {
    const calls = stubAuthFetch({}, { SetProjectLocals: { data: { setProjectLocals: [] } } });
    await renderSetupScreen(<SetupLocalsPage />, { project: { ...TEST_PROJECT, locals: [] } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Paste or import…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Paste a list or import a CSV' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /One item per line/ }), {
      target: { value: 'Torre A\n  Térreo\n  Pavimento 1\nTorre B\tTB' },
    });
    expect(await within(dialog).findByText('Preview: 4 items')).toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByTestId('outline-import-row')
        .map((r) => r.textContent),
    ).toEqual(['TATorre A', 'TERTérreo', 'P1Pavimento 1', 'TBTorre B']);
    await user.click(within(dialog).getByRole('button', { name: 'Add 4 items' }));
    await waitFor(() => expect(screen.getAllByTestId('tree-row')).toHaveLength(4));
    expect(screen.getAllByRole('textbox', { name: 'Name' })[0]).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(operations(calls, 'SetProjectLocals')).toHaveLength(1));
    expect(operations(calls, 'SetProjectLocals')[0]?.variables.locals).toEqual([
      {
        name: 'Torre A',
        abbreviation: 'TA',
        children: [
          { name: 'Térreo', abbreviation: 'TER' },
          { name: 'Pavimento 1', abbreviation: 'P1' },
        ],
      },
      { name: 'Torre B', abbreviation: 'TB' },
    ]);
  });
});
