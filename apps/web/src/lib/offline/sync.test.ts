import { describe, expect, it, vi, beforeEach } from 'vitest';
import type { Client } from 'urql';
import { emptyIssueForm, newDisciplineRow } from '../../features/issues/edit/issue-form-model.ts';
import type { OutboxEntry } from './outbox.ts';

// The outbox in memory (jsdom has no IndexedDB): the sender's order, keys and states are what is tested here.
const store = new Map<number, OutboxEntry>();
vi.mock('./outbox.ts', () => ({
  listOutbox: async () => [...store.values()].sort((a, b) => a.seq - b.seq),
  removeEntry: async (_user: number, seq: number) => void store.delete(seq),
  updateEntry: async (_user: number, entry: OutboxEntry) => void store.set(entry.seq, entry),
}));

const { flushOutbox, OUTBOX_EVENT, retryDelayMs } = await import('./sync.ts');

type Answer = { error?: unknown; data?: unknown };

/** A urql client whose mutations answer from `answers`, in turn, and remember what they were sent. */
function fakeClient(answers: Answer[]) {
  const calls: { variables: Record<string, unknown> }[] = [];
  const client = {
    mutation: (_doc: unknown, variables: Record<string, unknown>) => ({
      toPromise: async () => {
        calls.push({ variables });
        return (
          answers.shift() ?? { error: { networkError: new TypeError('Failed to fetch'), graphQLErrors: [] } }
        );
      },
    }),
  } as unknown as Client;
  return { client, calls };
}

const offlineIssue = (seq: number, key: string, title: string): OutboxEntry => ({
  seq,
  key,
  queuedAt: '2026-11-29T10:00:00.000Z',
  state: 'queued',
  write: {
    kind: 'issue',
    projectId: 7,
    values: {
      ...emptyIssueForm(),
      title,
      priority: 'high',
      deadline: '2026-12-10',
      locals: [4],
      disciplines: [newDisciplineRow(3, 'todo', '')],
      pin: { x: 10, y: 20, imageKey: null },
    },
  },
});

const offlineComment = (seq: number, key: string, issueId: number): OutboxEntry => ({
  seq,
  key,
  queuedAt: '2026-11-29T10:01:00.000Z',
  state: 'queued',
  write: {
    kind: 'comment',
    projectId: 7,
    issueId,
    message: 'Medido: 3 mm',
    visibility: 'public',
    groupId: null,
    mentionedUsers: [],
  },
});

describe('outbox sender (issue 34)', () => {
  beforeEach(() => store.clear());

  it('sends a queued issue with its draft key; a lost answer resends the same key, then the entry leaves', async () => {
    store.set(1, offlineIssue(1, 'draft-key-0001', 'Fissura na laje L3'));
    const events: unknown[] = [];
    const listen = (e: Event) => events.push((e as CustomEvent).detail);
    window.addEventListener(OUTBOX_EVENT, listen);
    const first = fakeClient([
      { error: { networkError: new TypeError('Failed to fetch'), graphQLErrors: [] } },
    ]);
    await flushOutbox(first.client, 1);
    expect(first.calls).toHaveLength(1);
    expect(store.get(1)?.state).toBe('queued');

    const second = fakeClient([{ data: { createIssue: { id: 41, projectId: 7 } } }]);
    await flushOutbox(second.client, 1);
    window.removeEventListener(OUTBOX_EVENT, listen);
    expect(second.calls.map((c) => c.variables['idempotencyKey'])).toEqual(['draft-key-0001']);
    expect(first.calls[0]?.variables['idempotencyKey']).toBe('draft-key-0001');
    expect(second.calls[0]?.variables).toMatchObject({
      projectId: 7,
      title: 'Fissura na laje L3',
      priority: 'high',
      deadline: '2026-12-10',
      locals: [4],
      disciplines: [{ disciplineId: 3, status: 'todo', deadline: null }],
      images: [],
    });
    expect(store.size).toBe(0);
    expect(events.at(-1)).toEqual({
      sentIssueIds: [],
      createdIssues: [{ projectId: 7, issueId: 41, key: 'draft-key-0001' }],
    });
  });

  it('sends in queue order; a refused issue keeps its code and the run goes on', async () => {
    store.set(1, offlineIssue(1, 'draft-key-0001', 'Primeira'));
    store.set(2, offlineComment(2, 'comment-key-02', 5));
    store.set(3, offlineIssue(3, 'draft-key-0003', 'Terceira'));
    const { client, calls } = fakeClient([
      { error: { graphQLErrors: [{ extensions: { code: 'FORBIDDEN' } }] } },
      { data: { createProjectIssueComment: { id: 9 } } },
      { data: { createIssue: { id: 42, projectId: 7 } } },
    ]);
    await flushOutbox(client, 1);
    expect(calls.map((c) => c.variables['idempotencyKey'])).toEqual([
      'draft-key-0001',
      'comment-key-02',
      'draft-key-0003',
    ]);
    expect([...store.values()]).toMatchObject([{ seq: 1, state: 'refused', code: 'FORBIDDEN' }]);
  });

  it('no answer stops the run: what follows waits, in order, and is tried again 5 s later', async () => {
    vi.useFakeTimers();
    try {
      store.set(1, offlineIssue(1, 'draft-key-0001', 'Primeira'));
      store.set(2, offlineComment(2, 'comment-key-02', 5));
      const answers: Answer[] = [];
      const { client, calls } = fakeClient(answers);
      await flushOutbox(client, 1);
      expect(calls).toHaveLength(1);
      expect([...store.values()].map((e) => e.state)).toEqual(['queued', 'queued']);
      answers.push(
        { data: { createIssue: { id: 43, projectId: 7 } } },
        { data: { createProjectIssueComment: { id: 10 } } },
      );
      await vi.advanceTimersByTimeAsync(5_000);
      expect(calls.map((c) => c.variables['idempotencyKey'])).toEqual([
        'draft-key-0001',
        'draft-key-0001',
        'comment-key-02',
      ]);
      expect(store.size).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('tries again after 5 s, 10 s, 20 s … up to a minute when a run got no answer while online', () => {
    expect([1, 2, 3, 4, 5, 6, 9].map(retryDelayMs)).toEqual([
      5_000, 10_000, 20_000, 40_000, 60_000, 60_000, 60_000,
    ]);
  });
});
