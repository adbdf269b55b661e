import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeSession, renderRoutes } from '../../app/guards/guard-test-utils.tsx';
import { SettingsLayout } from './settings-layout.tsx';

// jsdom with user-event is slow on a loaded machine; the limit only catches a hang, it asserts no timing.
const SLOW = { timeout: 30_000 };

describe('SettingsLayout (editor §2.3)', SLOW, () => {
  it('has a header with title, search, close and add (default label), and a save/cancel footer in edit mode', async () => {
    const onAdd = vi.fn();
    const onClose = vi.fn();
    const onSave = vi.fn();
    const onCancel = vi.fn();
    const onSearch = vi.fn();
    const layout = (
      <SettingsLayout
        title="Members"
        avatar={{ name: 'Ana Silva' }}
        manualUrl="https://example.com/manual"
        search={{ value: '', onChange: onSearch }}
        onClose={onClose}
        primary={{ onClick: onAdd }}
        editMode={{ onSave, onCancel }}
      >
        <p>body</p>
      </SettingsLayout>
    );
    await renderRoutes([{ path: '/', element: layout }], '/', fakeSession());
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Members' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the manual' })).toHaveAttribute(
      'href',
      'https://example.com/manual',
    );
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'a');
    expect(onSearch).toHaveBeenCalledWith('a');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect([onAdd, onClose, onSave, onCancel].map((f) => f.mock.calls.length)).toEqual([1, 1, 1, 1]);
  });

  it('shows a company logo whole at 4:1 instead of cropping it into a circle', async () => {
    const layout = (
      <SettingsLayout title="Acme" avatar={{ name: 'Acme', src: '/files/logo.webp', shape: 'logo' }}>
        <p>body</p>
      </SettingsLayout>
    );
    await renderRoutes([{ path: '/', element: layout }], '/', fakeSession());
    const logo = await screen.findByRole('img', { name: 'Acme' });
    expect(logo).toHaveAttribute('src', '/files/logo.webp');
    expect(Number(logo.getAttribute('width'))).toBe(4 * Number(logo.getAttribute('height')));
  });
});
