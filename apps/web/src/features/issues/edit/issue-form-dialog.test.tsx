import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DISCIPLINE_STATUSES } from '@obra/domain';
import { useState } from 'react';
import { Provider, type Client } from 'urql';
import { never } from 'wonka';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProjectDetails } from '../../projects/project-context.ts';
import { renderIssueUi } from '../view/issue-test-utils.tsx';
import { IssueFormDialog } from './issue-form-dialog.tsx';

// jsdom with user-event is slow on a loaded machine; the limit only catches a hang, it asserts no timing.
const SLOW = { timeout: 60_000 };
Element.prototype.scrollIntoView ??= () => undefined;

afterEach(() => localStorage.clear());

const project = {
  id: 41,
  status: 1,
  categories: [],
  phases: [],
  locals: [],
  labels: [],
  disciplines: [{ id: 7, name: 'Estrutura', abbreviation: 'EST', active: true }],
  disciplinesStatus: DISCIPLINE_STATUSES.map((s) => ({ ...s, name: s.key, active: true })),
} as unknown as ProjectDetails;

/** The New-issue dialog behind a button, as the list opens it; onClose closes it. */
function Harness({ onClose }: { onClose: () => void }) {
  const [open, setOpen] = useState(true);
  return open ? (
    <IssueFormDialog
      project={project}
      groups={[]}
      issueId={null}
      onClose={() => {
        onClose();
        setOpen(false);
      }}
      onSaved={() => setOpen(false)}
    />
  ) : (
    <button type="button" onClick={() => setOpen(true)}>
      reopen
    </button>
  );
}

async function show() {
  const client = {
    executeMutation: vi.fn(() => never),
    executeQuery: vi.fn(() => never),
  } as unknown as Client;
  const onClose = vi.fn();
  await renderIssueUi(
    <Provider value={client}>
      <Harness onClose={onClose} />
    </Provider>,
  );
  return { user: userEvent.setup(), onClose };
}

describe('New issue form', () => {
  it(
    'asks before Escape discards what was typed, and keeps a draft restored on reopening',
    SLOW,
    async () => {
      const { user, onClose } = await show();
      const title = await screen.findByRole('textbox', { name: /^Title/ });
      await user.type(title, 'Fissura');
      await user.keyboard('{Escape}');
      // Nothing is thrown away without asking.
      const confirm = await screen.findByTestId('issue-form-discard');
      expect(onClose).not.toHaveBeenCalled();
      expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveValue('Fissura');
      await user.click(within(confirm).getByRole('button', { name: 'Keep editing' }));
      expect(screen.queryByTestId('issue-form-discard')).toBeNull();
      await user.keyboard('{Escape}');
      await user.click(
        within(await screen.findByTestId('issue-form-discard')).getByRole('button', {
          name: 'Keep as draft',
        }),
      );
      expect(onClose).toHaveBeenCalledTimes(1);
      // Reopened: the draft comes back.
      await user.click(await screen.findByRole('button', { name: 'reopen' }));
      expect(await screen.findByRole('textbox', { name: /^Title/ })).toHaveValue('Fissura');
      expect(screen.getByTestId('issue-draft-restored')).toBeInTheDocument();
      // Discarding forgets it.
      await user.type(screen.getByRole('textbox', { name: /^Title/ }), ' V');
      await user.keyboard('{Escape}');
      await user.click(
        within(await screen.findByTestId('issue-form-discard')).getByRole('button', { name: 'Discard' }),
      );
      await user.click(await screen.findByRole('button', { name: 'reopen' }));
      expect(await screen.findByRole('textbox', { name: /^Title/ })).toHaveValue('');
      expect(screen.queryByTestId('issue-draft-restored')).toBeNull();
    },
  );

  it('closes at once when nothing was typed, and keeps drafts per project', SLOW, async () => {
    localStorage.setItem(
      'obra.issueDraft.99',
      JSON.stringify({ version: 1, values: { title: 'other project' } }),
    );
    const { user, onClose } = await show();
    await screen.findByRole('textbox', { name: /^Title/ });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('issue-form-discard')).toBeNull();
    expect(localStorage.getItem('obra.issueDraft.41')).toBeNull();
    expect(localStorage.getItem('obra.issueDraft.99')).not.toBeNull();
  });
});
