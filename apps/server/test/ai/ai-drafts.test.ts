import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessage } from '@obra/domain';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { call, codeOf } from '../projects/project-test-kit.ts';
import { buildIssueWorld, createIssueAs, draft, type IssueWorld } from '../issues/issue-test-kit.ts';
import { CREATE_COMMENT } from '../issues/comment-test-kit.ts';
import {
  startOpenAiTestServer,
  type OpenAiTestServer,
  type ScriptedToolCall,
} from '../support/openai-test-server.ts';
import type { TestUser } from '../support/factories.ts';
import { ask, enableAssistant } from './ai-test-kit.ts';

// Issue 31 item 3: the assistant drafts an issue and a bulk change (applied only when the user confirms, through the
// normal creation and bulk update, logged on the issues) and reads a thread for a summary. Against the scripted
// OpenAI-protocol server.

let ai: OpenAiTestServer;
let t: TestServer;
let w: IssueWorld;

beforeAll(async () => {
  ai = await startOpenAiTestServer();
  t = await startTestServer({
    AI_BASE_URL: ai.url,
    AI_MODEL: 'scripted-model',
    AI_MESSAGES_PER_MINUTE: '100',
  });
  w = await buildIssueWorld(t);
  for (const user of [w.creator, w.coordinator, w.collaboratorSame]) await enableAssistant(t, user);
});
afterAll(async () => {
  await t?.close();
  await ai?.close();
});

/** Asks with one scripted round of tool calls; returns the answer and what each tool returned (parsed). */
async function withTools(user: TestUser, calls: ScriptedToolCall[], question = 'Faça isso') {
  ai.queue.push({ toolCalls: calls }, { text: ['Preparei para você confirmar.'] });
  const answer = await ask(t, user, question);
  expect(answer.events.at(-1)?.kind).toBe('done');
  const results = (ai.received.at(-1)?.messages ?? [])
    .filter((m) => m.role === 'tool')
    .map((m) => JSON.parse(m.content ?? '{}') as Record<string, unknown>);
  return { answer, results };
}

const ISSUE = `query($p: Int!, $i: Int!) { issue(projectId: $p, issueId: $i) {
  title description deadline priority aiAssistantLogs disciplines { disciplineId status } history { fields } } }`;

interface IssueData {
  title: string;
  description: string | null;
  deadline: string | null;
  priority: string;
  aiAssistantLogs: Record<string, unknown>[] | null;
  disciplines: { disciplineId: number; status: string }[];
  history: { fields: Record<string, unknown> }[];
}

async function issue(user: TestUser, id: number): Promise<IssueData> {
  return (await call<{ issue: IssueData }>(t, user, ISSUE, { p: w.projectId, i: id })).issue;
}

async function countByText(user: TestUser, text: string): Promise<number> {
  const page = await call<{ getIssues: { issues: { id: number }[] } }>(
    t,
    user,
    'query($p: Int!, $f: JSON) { getIssues(projectId: $p, filter: $f, first: 100) { issues { id } } }',
    { p: w.projectId, f: { standard: 'all', search: text } },
  );
  return page.getIssues.issues.length;
}

const CONFIRM_ISSUE = `mutation($c: Int!, $p: Int!, $title: String!, $description: String, $deadline: String,
  $disciplines: [IssueDisciplineInput!]!, $pin: JSON, $key: String) {
  confirmAiIssueDraft(conversationId: $c, projectId: $p, title: $title, description: $description, deadline: $deadline,
    disciplines: $disciplines, pin: $pin, visibility: "public", idempotencyKey: $key) { id projectId } }`;

const CONFIRM_BULK = `mutation($c: Int!, $p: Int!, $ids: [Int!]!, $v: IssueBulkValuesInput!) {
  confirmAiBulkChange(conversationId: $c, projectId: $p, issuesIds: $ids, newValues: $v) {
    updatedIds rejected { issueId code message } } }`;

describe('a drafted issue', () => {
  it('is only a draft until the user confirms it; then it is created once, by the normal rules, and logged', async () => {
    const [arq] = w.disciplineIds as [number];
    const { answer, results } = await withTools(w.creator, [
      {
        name: 'draft_issue',
        arguments: {
          projectId: w.projectId,
          title: 'Infiltração na laje do térreo',
          description: 'Mancha de umidade sob a laje, eixo B3.',
          disciplines: [{ discipline: 'arq', status: 'todo' }, { discipline: 'Paisagismo' }],
          deadline: '2030-01-15',
          priority: 'high',
        },
      },
    ]);
    const event = answer.events.find((e) => e.kind === 'issueDraft');
    expect(event?.issueDraft).toMatchObject({
      projectId: w.projectId,
      title: 'Infiltração na laje do térreo',
      disciplines: [{ disciplineId: arq, status: 'todo' }],
    });
    expect(results[0]).toMatchObject({ created: false, notRecognised: ['Paisagismo'] });
    // Nothing was written by the tool.
    expect(await countByText(w.creator, 'Infiltração')).toBe(0);

    const variables = {
      c: answer.conversationId,
      p: w.projectId,
      title: 'Infiltração na laje do térreo (B3)',
      description: 'Mancha de umidade sob a laje, eixo B3.',
      deadline: '2030-01-20',
      disciplines: [{ disciplineId: arq, status: 'todo' }],
      key: 'ai-draft-issue-0001',
    };
    // Every issue needs its location pin: refused with the catalogue's message in the user's language.
    const refused = await t.gql(CONFIRM_ISSUE, variables, {
      token: w.creator.token,
      headers: { 'accept-language': 'pt-BR' },
    });
    expect(refused.errors?.[0]?.extensions?.code).toBe('INSERT_PIN_LOCATION');
    expect(refused.errors?.[0]?.message).toBe(errorMessage('pt-BR', 'INSERT_PIN_LOCATION'));
    // Another user's conversation cannot carry the confirmation.
    expect(await codeOf(t, w.coordinator, CONFIRM_ISSUE, { ...variables, pin: { x: 1, y: 2 } })).toBe(
      'NOT_FOUND',
    );

    const first = await call<{ confirmAiIssueDraft: { id: number } }>(t, w.creator, CONFIRM_ISSUE, {
      ...variables,
      pin: { x: 1, y: 2 },
    });
    const again = await call<{ confirmAiIssueDraft: { id: number } }>(t, w.creator, CONFIRM_ISSUE, {
      ...variables,
      pin: { x: 1, y: 2 },
    });
    expect(again.confirmAiIssueDraft.id).toBe(first.confirmAiIssueDraft.id);
    expect(await countByText(w.creator, 'Infiltração')).toBe(1);
    const created = await issue(w.creator, first.confirmAiIssueDraft.id);
    expect(created).toMatchObject({
      title: 'Infiltração na laje do térreo (B3)',
      deadline: '2030-01-20',
      disciplines: [{ disciplineId: arq, status: 'todo' }],
    });
    expect(created.aiAssistantLogs).toEqual([
      expect.objectContaining({
        kind: 'issue',
        userId: w.creator.id,
        persona: 'caio',
        conversationId: answer.conversationId,
      }),
    ]);
    expect(created.history[0]?.fields).toHaveProperty('created');
  });

  it('answers a project the user is not in as not found, and drafts nothing', async () => {
    const { answer, results } = await withTools(w.coordinator, [
      { name: 'draft_issue', arguments: { projectId: 999_999, title: 'Nada' } },
      { name: 'draft_issue', arguments: { projectId: w.projectId } },
    ]);
    expect(results).toEqual([{ error: 'not found' }, { error: 'projectId and title are required' }]);
    expect(answer.events.some((e) => e.kind === 'issueDraft')).toBe(false);
  });
});

describe('a drafted bulk change', () => {
  it('lists the issues by code and title, changes nothing, and on confirmation runs the bulk rules and logs each changed issue', async () => {
    const [d0, d1] = w.disciplineIds as [number, number];
    const mine = await createIssueAs(t, w.creator, draft(w, { title: 'Lote Zebra um' }));
    const notMine = await createIssueAs(
      t,
      w.creator,
      draft(w, { title: 'Lote Zebra dois', disciplines: [{ disciplineId: d1, status: 'todo' }] }),
    );
    const user = w.collaboratorSame;
    const { answer, results } = await withTools(user, [
      {
        name: 'draft_bulk_change',
        arguments: {
          projectId: w.projectId,
          text: 'Lote Zebra',
          disciplines: [{ discipline: 'ARQ', status: 'doing' }],
        },
      },
    ]);
    const bulkDraft = answer.events.find((e) => e.kind === 'bulkDraft')?.bulkDraft;
    if (!bulkDraft) throw new Error('no bulk draft');
    expect(bulkDraft.issues.map((i) => i.title).sort()).toEqual(['Lote Zebra dois', 'Lote Zebra um']);
    expect(bulkDraft.issues.every((i) => /^\d{3,}$/.test(i.code))).toBe(true);
    expect(bulkDraft.disciplines).toEqual([expect.objectContaining({ disciplineId: d0, status: 'doing' })]);
    expect(results[0]).toMatchObject({ applied: false });
    expect((await issue(user, mine)).disciplines[0]?.status).toBe('todo');

    const res = await t.gql<{
      confirmAiBulkChange: {
        updatedIds: number[];
        rejected: { issueId: number; code: string; message: string }[];
      };
    }>(
      CONFIRM_BULK,
      {
        c: answer.conversationId,
        p: w.projectId,
        ids: bulkDraft.issues.map((i) => i.id),
        v: { disciplines: [{ disciplineId: d0, status: 'doing' }] },
      },
      { token: user.token, headers: { 'accept-language': 'es' } },
    );
    const done = res.data?.confirmAiBulkChange;
    expect(done?.updatedIds).toEqual([mine]);
    // The issue without the collaborator's discipline is theirs to read, not to change: refused, in their language.
    expect(done?.rejected).toEqual([
      { issueId: notMine, code: 'FORBIDDEN', message: errorMessage('es', 'FORBIDDEN') },
    ]);
    const changed = await issue(user, mine);
    expect(changed.disciplines[0]?.status).toBe('doing');
    expect(changed.aiAssistantLogs).toEqual([
      expect.objectContaining({
        kind: 'bulkChange',
        userId: user.id,
        conversationId: answer.conversationId,
        change: { disciplines: [{ disciplineId: d0, status: 'doing' }] },
      }),
    ]);
    expect((await issue(user, notMine)).aiAssistantLogs).toBeNull();
    expect(
      await codeOf(t, w.coordinator, CONFIRM_BULK, {
        c: answer.conversationId,
        p: w.projectId,
        ids: [mine],
        v: { priority: 'low' },
      }),
    ).toBe('NOT_FOUND');
  });

  it('drafts by ids read as the user, and refuses a draft without a change or without issues', async () => {
    const a = await createIssueAs(t, w.creator, draft(w, { title: 'Prazo Quagga', deadline: '2030-02-01' }));
    const { answer, results } = await withTools(w.creator, [
      {
        name: 'draft_bulk_change',
        arguments: { projectId: w.projectId, issueIds: [a, 999_999], deadline: '2030-03-01' },
      },
      { name: 'draft_bulk_change', arguments: { projectId: w.projectId, issueIds: [a] } },
      { name: 'draft_bulk_change', arguments: { projectId: w.projectId, deadline: '2030-03-01' } },
    ]);
    expect(results[0]).toMatchObject({
      notFound: 1,
      draft: { deadline: '2030-03-01', issues: [expect.objectContaining({ id: a, title: 'Prazo Quagga' })] },
    });
    expect(results[1]).toEqual({ error: 'no change recognised' });
    expect(results[2]).toEqual({ error: 'issueIds or a search (text, filter, status) is required' });
    expect(answer.events.filter((e) => e.kind === 'bulkDraft')).toHaveLength(1);
    const confirmed = await call<{ confirmAiBulkChange: { updatedIds: number[] } }>(
      t,
      w.creator,
      CONFIRM_BULK,
      {
        c: answer.conversationId,
        p: w.projectId,
        ids: [a],
        v: { deadline: '2030-03-01' },
      },
    );
    expect(confirmed.confirmAiBulkChange.updatedIds).toEqual([a]);
    const after = await issue(w.creator, a);
    expect(after.deadline).toBe('2030-03-01');
    expect(after.history.at(-1)?.fields).toHaveProperty('deadline');
  });
});

describe('summarize_thread', () => {
  it("returns the issue's description, comments and history the user may see, with who and when", async () => {
    const id = await createIssueAs(
      t,
      w.creator,
      draft(w, { title: 'Duto Okapi', description: 'O duto cruza a viga V7.', priority: 'low' }),
    );
    await call(t, w.collaboratorSame, CREATE_COMMENT, {
      projectId: w.projectId,
      issueId: id,
      message: 'Vamos desviar o duto pelo forro.',
      visibility: 'public',
    });
    await call(t, w.creator, CREATE_COMMENT, {
      projectId: w.projectId,
      issueId: id,
      message: 'Nota interna da gestão Okapi.',
      visibility: 'project_management',
    });
    await call(
      t,
      w.creator,
      'mutation($p: Int!, $i: Int!) { updateIssue(projectId: $p, issueId: $i, priority: "high") { id } }',
      {
        p: w.projectId,
        i: id,
      },
    );
    const { results } = await withTools(w.collaboratorSame, [
      { name: 'summarize_thread', arguments: { projectId: w.projectId, issueId: id } },
    ]);
    const thread = results[0] as {
      description: string;
      link: string;
      comments: { by: string | null; message: string }[];
      history: { by: string | null; changes: Record<string, { old: unknown; new: unknown }> }[];
    };
    expect(thread.description).toBe('O duto cruza a viga V7.');
    expect(thread.link).toBe(`/workspace/project/${w.projectId}/issues/${id}`);
    expect(thread.comments.map((c) => c.message)).toEqual(['Vamos desviar o duto pelo forro.']);
    expect(thread.comments[0]?.by).toBeTruthy();
    expect(thread.history.some((h) => h.changes['priority']?.new === 'high')).toBe(true);
    expect(JSON.stringify(thread)).not.toContain('Nota interna');
  });
});
