import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Client, fetchExchange, Provider as UrqlProvider } from 'urql';
import { describe, expect, it, vi } from 'vitest';
import { renderIssueUi } from '../view/issue-test-utils.tsx';
import type { IssueScreen } from '../view/use-issue-screen.ts';
import { CommentThread } from './comment-thread.tsx';

const SLOW = { timeout: 60_000 };

/** The server's answer to the comment, held until the test releases it. */
function heldServer() {
  let release: (body: unknown) => void = () => undefined;
  const answered = new Promise<unknown>((resolve) => {
    release = resolve;
  });
  const fetch = vi.fn(async () => {
    const body = await answered;
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  });
  const client = new Client({ url: 'http://obra.test/graphql', exchanges: [fetchExchange], fetch });
  return { client, fetch, release };
}

function issueScreen(reload: () => void): IssueScreen {
  const me = { id: 5, name: 'Ana', lastName: 'Autora', email: 'ana@obra.test', photo: null };
  return {
    project: { id: 1 },
    issue: { id: 10, projectId: 1, visibility: 'public', comments: [] },
    editor: { userId: 5, manageDisciplines: false, userDisciplines: [] },
    statuses: new Map(),
    usersById: new Map([[5, me]]),
    general: { mentionableUsers: [], mentionableIssues: [], groups: [] },
    reload,
  } as unknown as IssueScreen;
}

async function writeAndSend(text: string) {
  const user = userEvent.setup();
  const composer = await screen.findByTestId('comment-composer');
  await user.type(within(composer).getByTestId('comment-input'), text);
  await user.click(within(composer).getByRole('button', { name: 'Send' }));
}

describe('CommentThread: one\u2019s own new comment', SLOW, () => {
  it('shows at once, before the server answers, and asks for the saved one when it does', async () => {
    const server = heldServer();
    const reload = vi.fn();
    await renderIssueUi(
      <UrqlProvider value={server.client}>
        <CommentThread screen={issueScreen(reload)} />
      </UrqlProvider>,
    );
    await writeAndSend('Conferir a armadura');
    // The server has the request and has not answered: the comment is already in the thread.
    await waitFor(() => expect(server.fetch).toHaveBeenCalledTimes(1));
    const shown = await screen.findByTestId('comment');
    expect(shown).toHaveAttribute('data-pending', 'true');
    expect(within(shown).getByTestId('comment-message')).toHaveTextContent('Conferir a armadura');
    expect(within(shown).getByText('Ana Autora')).toBeInTheDocument();
    expect(screen.getByTestId('comment-input')).toHaveValue('');
    expect(reload).not.toHaveBeenCalled();

    server.release({ data: { createProjectIssueComment: { __typename: 'Comment', id: 99 } } });
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    // Until the reloaded issue brings the saved comment, the sent one stays in view.
    expect(screen.getByTestId('comment-message')).toHaveTextContent('Conferir a armadura');
  });

  it('leaves the thread with an error toast when the server refuses it, giving the draft back', async () => {
    const server = heldServer();
    const reload = vi.fn();
    await renderIssueUi(
      <UrqlProvider value={server.client}>
        <CommentThread screen={issueScreen(reload)} />
      </UrqlProvider>,
    );
    await writeAndSend('Sem permissão');
    expect(await screen.findByTestId('comment')).toHaveAttribute('data-pending', 'true');

    server.release({ errors: [{ message: 'forbidden', extensions: { code: 'FORBIDDEN' } }] });
    expect(await screen.findByText('You do not have permission to perform this action.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('comment')).toBeNull());
    expect(screen.getByTestId('comment-input')).toHaveValue('Sem permissão');
    expect(reload).not.toHaveBeenCalled();
  });
});
