import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forRevision } from '@obra/domain';
import { describe, expect, it, vi } from 'vitest';
import { renderIssueUi } from '../issues/view/issue-test-utils.tsx';
import { MarkupControls, type MarkupControlsProps } from './markup-controls.tsx';
import type { ViewerMarkup } from './viewer-api.ts';

// jsdom with user-event is slow on a loaded machine; the limit only catches a hang, it asserts no timing.
const SLOW = { timeout: 60_000 };
// jsdom lays nothing out, so Floating UI takes the target for detached and hides the dropdown (display: none):
// queries inside the popover include hidden elements.
const IN_POPOVER = { hidden: true } as const;

function markup(id: number, over: Partial<ViewerMarkup>): ViewerMarkup {
  return {
    id,
    documentId: 5,
    revision: 'R01',
    page: 1,
    scale: 1,
    markUp: {},
    issueId: null,
    issueCode: null,
    issueTitle: null,
    authorName: 'Ana Souza',
    mine: true,
    updatedAt: '2026-11-26T10:00:00.000Z',
    ...over,
  };
}

const items = [
  markup(1, {}),
  markup(2, { issueId: 9, issueCode: 'TRN-12', issueTitle: 'Fachada' }),
  markup(3, { mine: false, authorName: 'Bruno Lima', issueId: 9, issueCode: 'TRN-12', revision: 'R00' }),
  markup(4, { page: 2 }),
];

function controls(over: Partial<MarkupControlsProps> = {}) {
  const props: MarkupControlsProps = {
    state: { status: 'ready', items },
    // The sheet shown: R01, page 1 (R00's markup carried over, marked).
    shown: forRevision(items, ['R00', 'R01'], { revision: 'R01', page: 1 }),
    visible: true,
    canDraw: true,
    onVisible: vi.fn(),
    onDraw: vi.fn(),
    onEdit: vi.fn(),
    onDelete: vi.fn(),
    onRetry: vi.fn(),
    ...over,
  };
  return props;
}

describe('the viewer markup controls', () => {
  it(
    'lists the page markups: mine to change or remove, others shared with issues, older revisions marked',
    SLOW,
    async () => {
      const props = controls();
      await renderIssueUi(<MarkupControls {...props} />);
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: '3 markups' }));
      const rows = await screen.findAllByTestId('markup-row');
      expect(rows.map((row) => row.textContent)).toEqual([
        'Mine (only I see it)',
        'Mine, shared with TRN-12',
        'Bruno Lima, shared with TRN-12Drawn on revision R00; the sheet has changed since',
      ]);
      // Another user's markup can be neither changed nor removed from here.
      expect(within(rows[2]!).queryByRole('button', IN_POPOVER)).toBeNull();
      await user.click(
        await within(rows[1]!).findByRole('button', { name: 'Change this markup', ...IN_POPOVER }),
      );
      expect(props.onEdit).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
      await user.click(within(rows[0]!).getByRole('button', { name: 'Remove this markup', ...IN_POPOVER }));
      expect(props.onDelete).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
      await user.click(screen.getByRole('button', { name: 'Draw a markup' }));
      expect(props.onDraw).toHaveBeenCalled();
      await user.click(screen.getByRole('switch', { name: 'Show markups' }));
      expect(props.onVisible).toHaveBeenCalledWith(false);
    },
  );

  it(
    'says when a page has none, offers no drawing without the right, and retries after an error',
    SLOW,
    async () => {
      const empty = controls({ shown: [], canDraw: false });
      const { unmount } = await renderIssueUi(<MarkupControls {...empty} />);
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: '0 markups' }));
      expect(await screen.findByText('No markups on this page.')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Draw a markup' })).toBeNull();
      unmount();
      const failed = controls({ state: { status: 'error' }, shown: [] });
      await renderIssueUi(<MarkupControls {...failed} />);
      await user.click(await screen.findByTestId('markups-button'));
      expect(await screen.findByRole('alert', IN_POPOVER)).toHaveTextContent(
        'The markups could not be loaded.',
      );
      await user.click(await screen.findByRole('button', { name: 'Try again', ...IN_POPOVER }));
      expect(failed.onRetry).toHaveBeenCalled();
    },
  );
});
