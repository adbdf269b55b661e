import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { call, codeOf } from '../projects/project-test-kit.ts';
import { buildIssueWorld, createIssueAs, draft, type IssueWorld } from './issue-test-kit.ts';

// Issue 34 (docs/offline.md): an offline client's queued writes carry idempotency keys; a retry never writes twice.

const CREATE = `mutation($projectId: Int!, $title: String, $status: String, $priority: String, $visibility: String,
  $disciplines: [IssueDisciplineInput!], $pin: JSON, $idempotencyKey: String) {
  createIssue(projectId: $projectId, title: $title, status: $status, priority: $priority, visibility: $visibility,
    disciplines: $disciplines, pin: $pin, idempotencyKey: $idempotencyKey) { id projectId } }`;
const COMMENT = `mutation($projectId: Int!, $issueId: Int!, $message: String, $idempotencyKey: String) {
  createProjectIssueComment(projectId: $projectId, issueId: $issueId, message: $message, visibility: "public",
    idempotencyKey: $idempotencyKey) { id message } }`;

let t: TestServer;
let w: IssueWorld;
let issueId: number;

beforeAll(async () => {
  t = await startTestServer();
  w = await buildIssueWorld(t);
  issueId = await createIssueAs(t, w.creator, draft(w, { title: 'Base das idempotências' }));
});
afterAll(async () => {
  await t.close();
});

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const result: unknown = await t.server.services.database.db.execute(query);
  // PGlite answers { rows }, node-postgres through drizzle an array-like result with rows too.
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { n: number }[];
  return Number(rows[0]?.n);
}

const issuesTitled = (title: string) =>
  count(sql`select count(*)::int as n from issues where project_id = ${w.projectId} and title = ${title}`);

function createIssue(user: IssueWorld['creator'], title: string, key: string) {
  return call<{ createIssue: { id: number; projectId: number } }>(t, user, CREATE, {
    ...draft(w, { title }),
    idempotencyKey: key,
  });
}

describe('createIssue with an idempotency key', () => {
  it('the same key twice makes one issue, and the second call answers the first one', async () => {
    const first = await createIssue(w.creator, 'Fissura na laje L3', 'k-issue-0001');
    const second = await createIssue(w.creator, 'Fissura na laje L3', 'k-issue-0001');
    expect(second.createIssue).toEqual(first.createIssue);
    expect(await issuesTitled('Fissura na laje L3')).toBe(1);
    expect(
      await count(sql`select count(*)::int as n from issue_history where issue_id = ${first.createIssue.id}`),
    ).toBe(1);
  });

  it('two calls at once with the same key make one issue', async () => {
    const [a, b] = await Promise.all([
      createIssue(w.creator, 'Infiltração no poço', 'k-issue-0002'),
      createIssue(w.creator, 'Infiltração no poço', 'k-issue-0002'),
    ]);
    expect(a.createIssue.id).toBe(b.createIssue.id);
    expect(await issuesTitled('Infiltração no poço')).toBe(1);
  });

  it('keys are per user, a refused write does not use the key up, and without a key each call creates', async () => {
    await createIssue(w.creator, 'Chave de dois', 'k-shared-0003');
    await createIssue(w.coordinator, 'Chave de dois', 'k-shared-0003');
    expect(await issuesTitled('Chave de dois')).toBe(2);

    const refused = await codeOf(t, w.creator, CREATE, {
      ...draft(w, { title: '' }),
      idempotencyKey: 'k-issue-0004',
    });
    expect(refused).toBe('REQUIRED_FIELD');
    await createIssue(w.creator, 'Depois da recusa', 'k-issue-0004');
    expect(await issuesTitled('Depois da recusa')).toBe(1);

    await call(t, w.creator, CREATE, draft(w, { title: 'Sem chave' }));
    await call(t, w.creator, CREATE, draft(w, { title: 'Sem chave' }));
    expect(await issuesTitled('Sem chave')).toBe(2);
  });

  it('refuses a malformed key and a key used for another kind of write', async () => {
    expect(await codeOf(t, w.creator, CREATE, { ...draft(w), idempotencyKey: 'short' })).toBe(
      'BAD_USER_INPUT',
    );
    expect(await codeOf(t, w.creator, CREATE, { ...draft(w), idempotencyKey: 'has spaces in it' })).toBe(
      'BAD_USER_INPUT',
    );
    await createIssue(w.creator, 'Chave de issue', 'k-kind-0005');
    expect(
      await codeOf(t, w.creator, COMMENT, {
        projectId: w.projectId,
        issueId,
        message: 'Outra escrita',
        idempotencyKey: 'k-kind-0005',
      }),
    ).toBe('BAD_USER_INPUT');
  });
});

describe('createProjectIssueComment with an idempotency key', () => {
  it('the same key twice makes one comment, answered both times', async () => {
    const variables = {
      projectId: w.projectId,
      issueId,
      message: 'Fotografado no local',
      idempotencyKey: 'k-comment-0001',
    };
    type Answer = { createProjectIssueComment: { id: number; message: string } };
    const first = await call<Answer>(t, w.creator, COMMENT, variables);
    const second = await call<Answer>(t, w.creator, COMMENT, variables);
    const [third, fourth] = await Promise.all([
      call<Answer>(t, w.creator, COMMENT, { ...variables, idempotencyKey: 'k-comment-0002' }),
      call<Answer>(t, w.creator, COMMENT, { ...variables, idempotencyKey: 'k-comment-0002' }),
    ]);
    expect(second.createProjectIssueComment).toEqual(first.createProjectIssueComment);
    expect(fourth.createProjectIssueComment.id).toBe(third.createProjectIssueComment.id);
    expect(
      await count(
        sql`select count(*)::int as n from issue_comments where issue_id = ${issueId} and message = 'Fotografado no local'`,
      ),
    ).toBe(2);
  });
});
