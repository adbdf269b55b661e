import { describe, expect, it } from 'vitest';
import type { Client } from 'urql';
import type { OutboxEntry } from './outbox.ts';
import {
  applyDisciplineChanges,
  applyEditToIssue,
  disciplineEdit,
  sendQueuedEdit,
  type QueuedEdit,
} from './queued-edits.ts';

// Edits of an existing issue made offline: what is queued, how the copy shows it at once, and what is sent when
// the server's issue changed meanwhile (resolveQueuedEdit, field by field).

const shown = [
  { disciplineId: 3, status: 'todo', deadline: null },
  { disciplineId: 4, status: 'todo', deadline: '2026-12-10' },
];

describe('disciplineEdit', () => {
  it('queues only the fields the user changed, with the values the copy had', () => {
    const edit = disciplineEdit(7, 11, shown, [{ ...shown[0]!, status: 'doing' }, shown[1]!]);
    expect(edit).toEqual({
      kind: 'disciplines',
      projectId: 7,
      issueId: 11,
      base: { 'status:3': 'todo', 'deadline:3': null, 'status:4': 'todo', 'deadline:4': '2026-12-10' },
      mine: { 'status:3': 'doing' },
    });
  });
});

describe('applyEditToIssue', () => {
  it('shows the edit on the stored issue at once: a status, the star, the tags', () => {
    const issue = { id: 11, disciplines: shown, userPersonalData: { starred: false, tags: [] } };
    const edit = disciplineEdit(7, 11, shown, [{ ...shown[0]!, status: 'doing' }, shown[1]!]);
    expect(applyEditToIssue(issue, edit).disciplines).toEqual([
      { disciplineId: 3, status: 'doing', deadline: null },
      shown[1],
    ]);
    expect(applyEditToIssue(issue, { kind: 'star', projectId: 7, issueId: 11, starred: true })).toMatchObject(
      {
        userPersonalData: { starred: true, tags: [] },
      },
    );
    expect(applyEditToIssue(issue, { kind: 'tags', projectId: 7, issueId: 11, tags: [5, 6] })).toMatchObject({
      userPersonalData: { starred: false, tags: [{ tagId: 5 }, { tagId: 6 }] },
    });
  });

  it("applies changes on the server's list, leaving its other disciplines as they are now", () => {
    const now = [
      { disciplineId: 3, status: 'todo', deadline: null },
      { disciplineId: 4, status: 'done', deadline: '2026-12-10' },
    ];
    expect(applyDisciplineChanges(now, { 'status:3': 'doing' })).toEqual([
      { disciplineId: 3, status: 'doing', deadline: null },
      { disciplineId: 4, status: 'done', deadline: '2026-12-10' },
    ]);
  });
});

/** A client whose IssueDetail answers `issue` (or `error`) and whose mutations are recorded. */
function fakeClient(now: { issue?: unknown; error?: unknown }) {
  const mutations: Record<string, unknown>[] = [];
  const client = {
    query: () => ({
      toPromise: async () => (now.error ? { error: now.error } : { data: { issue: now.issue } }),
    }),
    mutation: (_doc: unknown, variables: Record<string, unknown>) => ({
      toPromise: async () => {
        mutations.push(variables);
        return { data: {} };
      },
    }),
  } as unknown as Client;
  return { client, mutations };
}

const entry = (write: QueuedEdit): OutboxEntry & { write: QueuedEdit } => ({
  seq: 1,
  key: 'k-12345678',
  queuedAt: '2026-11-29T10:00:00.000Z',
  state: 'sending',
  write,
});

describe('sendQueuedEdit', () => {
  const mine = disciplineEdit(7, 11, shown, [
    { ...shown[0]!, status: 'doing' },
    { ...shown[1]!, status: 'doing' },
  ]);

  it("sends the user's change on a discipline nobody else touched, on the server's current list", async () => {
    const { client, mutations } = fakeClient({ issue: { disciplines: shown } });
    const sent = await sendQueuedEdit(client, entry(mine));
    expect(sent).toEqual({ outcome: { kind: 'sent' }, lost: [] });
    expect(mutations).toEqual([
      {
        projectId: 7,
        issueId: 11,
        disciplines: [
          { disciplineId: 3, status: 'doing', deadline: null },
          { disciplineId: 4, status: 'doing', deadline: '2026-12-10' },
        ],
      },
    ]);
  });

  it("keeps the server's newer change field by field and reports the user's value that lost", async () => {
    const now = [
      { disciplineId: 3, status: 'todo', deadline: null },
      { disciplineId: 4, status: 'done', deadline: '2026-12-10' },
    ];
    const { client, mutations } = fakeClient({ issue: { disciplines: now } });
    const sent = await sendQueuedEdit(client, entry(mine));
    expect(sent.lost).toEqual([{ field: 'status:4', mine: 'doing', server: 'done' }]);
    expect(mutations[0]?.['disciplines']).toEqual([
      { disciplineId: 3, status: 'doing', deadline: null },
      { disciplineId: 4, status: 'done', deadline: '2026-12-10' },
    ]);
  });

  it('sends nothing when every change lost, and reports them', async () => {
    const now = [
      { disciplineId: 3, status: 'done', deadline: null },
      { disciplineId: 4, status: 'done', deadline: '2026-12-10' },
    ];
    const { client, mutations } = fakeClient({ issue: { disciplines: now } });
    const sent = await sendQueuedEdit(client, entry(mine));
    expect(sent.outcome).toEqual({ kind: 'sent' });
    expect(sent.lost.map((l) => l.field)).toEqual(['status:3', 'status:4']);
    expect(mutations).toEqual([]);
  });

  it('marks the edit gone when the issue is not there any more, and waits when there is no network', async () => {
    const gone = fakeClient({ error: { graphQLErrors: [{ extensions: { code: 'NOT_FOUND' } }] } });
    expect((await sendQueuedEdit(gone.client, entry(mine))).outcome).toEqual({ kind: 'gone' });
    const offline = fakeClient({
      error: { networkError: new TypeError('Failed to fetch'), graphQLErrors: [] },
    });
    expect((await sendQueuedEdit(offline.client, entry(mine))).outcome).toEqual({ kind: 'retry' });
    expect([...gone.mutations, ...offline.mutations]).toEqual([]);
  });

  it('sends a star and tags as they were set', async () => {
    const { client, mutations } = fakeClient({});
    await sendQueuedEdit(client, entry({ kind: 'star', projectId: 7, issueId: 11, starred: true }));
    await sendQueuedEdit(client, entry({ kind: 'tags', projectId: 7, issueId: 11, tags: [5] }));
    expect(mutations).toEqual([
      { projectId: 7, issueId: 11, starred: true },
      { projectId: 7, issueId: 11, tags: [5] },
    ]);
  });
});
