import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderIssueUi } from '../view/issue-test-utils.tsx';
import { LIST_SHORTCUTS, ShortcutsHelp } from './shortcuts-help.tsx';

describe('shortcuts help', () => {
  it('opens with ? and lists every shortcut', { timeout: 30_000 }, async () => {
    await renderIssueUi(<ShortcutsHelp />);
    expect(screen.queryByRole('dialog')).toBeNull();
    // The screen mounts behind the router's Suspense: press until its listener is there.
    await waitFor(() => {
      fireEvent.keyDown(document.body, { key: '?', shiftKey: true });
      expect(screen.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
    });
    expect(screen.getAllByTestId('shortcut')).toHaveLength(LIST_SHORTCUTS.length);
    expect(screen.getByText('Select or unselect the issue')).toBeInTheDocument();
  });
});
