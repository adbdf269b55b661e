import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Client, fetchExchange, Provider as UrqlProvider } from 'urql';
import { describe, expect, it, vi } from 'vitest';
import { SessionContext, type SessionValue } from '../../../app/guards/session-context.ts';
import type { EngineClient } from './engine-client.ts';
import type { IssueRow } from './issue-row.ts';
import { useIssuePages } from './use-issue-pages.ts';

function row(id: number, title = `Issue ${id}`): IssueRow {
  return {
    id,
    code: String(id).padStart(3, '0'),
    title,
    description: null,
    status: 'active',
    priority: 'high',
    visibility: 'public',
    category: null,
    creationPhase: null,
    resolutionPhase: null,
    deadline: null,
    groupId: null,
    createdAt: '2026-01-01T10:00:00.000Z',
    createdByUserId: 1,
    visibilityUpdatedAt: '2026-01-01T10:00:00.000Z',
    disciplines: [],
    locals: [],
    labels: [],
    userPersonalData: { starred: false, tags: [] },
    notificationsSummary: { count: 0, mentions: 0, last: null },
    imageTitles: [],
    cover: null,
    ccodeDocumentsReferences: [],
  };
}

/** A server whose list answers wait until the test sends them. */
function heldServer() {
  const answers: ((rows: IssueRow[]) => void)[] = [];
  const fetch = vi.fn(
    () =>
      new Promise<Response>((resolve) => {
        answers.push((rows) =>
          resolve(
            new Response(
              JSON.stringify({
                data: {
                  getIssues: {
                    __typename: 'IssuesPage',
                    issues: rows,
                    pageInfo: { hasNextPage: false, endCursor: null },
                  },
                },
              }),
              { headers: { 'content-type': 'application/json' } },
            ),
          ),
        );
      }),
  );
  const client = new Client({ url: 'http://obra.test/graphql', exchanges: [fetchExchange], fetch });
  const answer = async (rows: IssueRow[]) => {
    await waitFor(() => expect(answers.length).toBeGreaterThan(0));
    await act(async () => {
      answers.shift()?.(rows);
      await Promise.resolve();
    });
  };
  return { client, fetch, answer };
}

const engine: EngineClient = {
  upsert: () => undefined,
  remove: () => undefined,
  reset: () => undefined,
  query: () => Promise.reject(new Error('not used')),
  dispose: () => undefined,
};

function mount(client: Client, userId: number, projectId: number) {
  const session = { status: 'ready', user: { id: userId } } as unknown as SessionValue;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SessionContext.Provider value={session}>
      <UrqlProvider value={client}>{children}</UrqlProvider>
    </SessionContext.Provider>
  );
  return renderHook(() => useIssuePages(projectId, engine), { wrapper });
}

const ids = (rows: ReadonlyMap<number, IssueRow>) => [...rows.keys()].sort((a, b) => a - b);

describe('useIssuePages: the list from the last visit while it loads again', () => {
  it('shows the rows of the last visit at once, then the server’s answer replaces them', async () => {
    const server = heldServer();
    const first = mount(server.client, 5, 40);
    expect(first.result.current.rows.size).toBe(0);
    await server.answer([row(1), row(2), row(3)]);
    await waitFor(() => expect(first.result.current.progress.done).toBe(true));
    first.unmount();

    const again = mount(server.client, 5, 40);
    // Before the server answers: the last visit's rows.
    expect(ids(again.result.current.rows)).toEqual([1, 2, 3]);
    expect(again.result.current.progress.done).toBe(false);
    // The answer: issue 2 is gone and issue 3 was renamed meanwhile.
    await server.answer([row(1), row(3, 'Renamed')]);
    await waitFor(() => expect(again.result.current.progress.done).toBe(true));
    expect(ids(again.result.current.rows)).toEqual([1, 3]);
    expect(again.result.current.rows.get(3)?.title).toBe('Renamed');
    again.unmount();
  });

  it('never shows one user’s rows to another, nor one project’s in another', async () => {
    const server = heldServer();
    const first = mount(server.client, 6, 41);
    await server.answer([row(7)]);
    await waitFor(() => expect(first.result.current.progress.done).toBe(true));
    first.unmount();

    const otherUser = mount(server.client, 8, 41);
    expect(otherUser.result.current.rows.size).toBe(0);
    otherUser.unmount();
    const otherProject = mount(server.client, 6, 42);
    expect(otherProject.result.current.rows.size).toBe(0);
    otherProject.unmount();
  });
});
