import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderIssueUi } from '../view/issue-test-utils.tsx';
import { CommentComposer, type CommentSubmission } from './comment-composer.tsx';

const SLOW = { timeout: 60_000 };

beforeAll(() => {
  // jsdom has no layout: Mantine's option list scrolls the active option into view.
  Element.prototype.scrollIntoView ??= () => undefined;
});

function renderComposer(onSubmit: (s: CommentSubmission) => Promise<boolean>, issueVisibility = 'public') {
  return renderIssueUi(
    <CommentComposer
      initial={{ message: '', visibility: 'public', groupId: null }}
      people={[
        { id: 7, label: 'Caio Colaborador', email: 'caio@obra.test' },
        { id: 8, label: 'Eva Teste', email: 'eva@obra.test' },
      ]}
      issues={[{ id: 3, code: '003', title: 'Viga' }]}
      groups={[{ id: 4, name: 'Fachadas' }]}
      issueVisibility={issueVisibility}
      busy={false}
      onSubmit={onSubmit}
      submitLabel="Send"
    />,
  );
}

describe('CommentComposer (comment visibility, mentions, Ctrl+Enter)', SLOW, () => {
  it('asks for a group only with group visibility and sends the group only then', async () => {
    const onSubmit = vi.fn(async () => true);
    await renderComposer(onSubmit);
    const user = userEvent.setup();
    const input = await screen.findByTestId('comment-input');
    expect(screen.queryByTestId('comment-group')).toBeNull();
    expect(screen.getByTestId('comment-audience')).toHaveTextContent(
      'Everyone who sees this issue will see it.',
    );
    await user.click(screen.getByRole('textbox', { name: 'Comment visibility' }));
    await user.click(await screen.findByRole('option', { name: 'Group', hidden: true }));
    expect(await screen.findByTestId('comment-group')).toBeInTheDocument();
    await user.type(input, 'Revisar a fachada');
    await user.keyboard('{Control>}{Enter}{/Control}');
    // No group chosen: refused before sending.
    expect(onSubmit).not.toHaveBeenCalled();
    expect(await screen.findByText('Fill in the required fields.')).toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: 'Comment group' }));
    await user.click(await screen.findByRole('option', { name: 'Fachadas', hidden: true }));
    expect(screen.getByTestId('comment-audience')).toHaveTextContent(
      'You and the members of Fachadas will see it.',
    );
    await user.click(input);
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(onSubmit).toHaveBeenCalledWith({
      message: 'Revisar a fachada',
      visibility: 'group',
      groupId: 4,
      mentionedUsers: [],
      files: [],
    });
  });

  it('completes a mention from @ and sends the mentioned user; a public comment on a draft says who sees it', async () => {
    const onSubmit = vi.fn(async () => true);
    await renderComposer(onSubmit, 'creator');
    const user = userEvent.setup();
    expect(await screen.findByTestId('comment-audience')).toHaveTextContent('the issue itself is not public');
    const input = screen.getByTestId('comment-input');
    await user.type(input, 'Veja @cai');
    const list = await screen.findByTestId('mention-suggestions');
    expect(within(list).getAllByRole('option')).toHaveLength(1);
    await user.keyboard('{Enter}');
    expect(input).toHaveValue('Veja @Caio Colaborador ');
    await user.type(input, 'por favor');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledWith({
      message: 'Veja @Caio Colaborador por favor',
      visibility: 'public',
      groupId: null,
      mentionedUsers: [7],
      files: [],
    });
    // Sent: the composer is empty again.
    expect(input).toHaveValue('');
  });

  it('refuses an empty message', async () => {
    const onSubmit = vi.fn(async () => true);
    await renderComposer(onSubmit);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(await screen.findByText('Fill in the required fields.')).toBeInTheDocument();
  });
});
