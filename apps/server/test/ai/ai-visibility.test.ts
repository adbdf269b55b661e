import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ISSUE_VISIBILITIES } from '@obra/domain';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { call } from '../projects/project-test-kit.ts';
import { buildIssueWorld, codeIn, createIssueAs, draft, type IssueWorld } from '../issues/issue-test-kit.ts';
import {
  startOpenAiTestServer,
  type OpenAiTestServer,
  type ScriptedToolCall,
} from '../support/openai-test-server.ts';
import type { TestUser } from '../support/factories.ts';
import { uploadFile, type DriveWorld } from '../drive/drive-test-kit.ts';
import { settled, textPdf } from '../smart-docs/smart-docs-test-kit.ts';
import { ask, enableAssistant } from './ai-test-kit.ts';

// The visibility matrix for the assistant: a partner without the issues' discipline (collaboratorOther) asks,
// through every tool, for a draft (visibility creator), a group-only issue and the restricted ones
// (project_management, semi_public), by title, by id, by code and by a quoted sentence of the description (and
// tries to draft a comment on each, to summarise its thread and to draft a bulk change of it by id and by title), and
// gets nothing of them; the public issue is found by the same calls, and the creator finds every one. The same
// partner looks for a drive document restricted to another discipline by its name, a quoted sentence and its id
// (find_documents: the drive's list and Smart Docs' passages) and gets nothing of it, while a public one is found.

let ai: OpenAiTestServer;
let t: TestServer;
/** The server's warnings and errors (an AI provider failure is logged with its cause). */
const serverLog: string[] = [];
let w: IssueWorld;
const issues: { visibility: string; id: number; code: string; title: string; sentence: string }[] = [];
/** Tool calls made for each issue, in everyToolCall's order. */
const PER_ISSUE = 8;
const RESTRICTED_SENTENCE = 'a armadura reservada da Zebra fica sob sigilo quarenta e tres';
const PUBLIC_SENTENCE = 'o memorial aberto da Zebra descreve a fachada norte';
const docs = {
  restricted: { fileId: 0, documentId: 0, name: 'Zebra-Reservado-Memorial' },
  open: { fileId: 0, documentId: 0, name: 'Zebra-Aberto-Memorial' },
};

beforeAll(async () => {
  ai = await startOpenAiTestServer();
  t = await startTestServer(
    {
      AI_BASE_URL: ai.url,
      AI_MODEL: 'scripted-model',
      AI_MESSAGES_PER_MINUTE: '100',
      // One model turn carries every tool's answer about every issue and document (the creator's are long).
      AI_CONTEXT_TOKENS: '400000',
      LOG_LEVEL: 'warn',
    },
    undefined,
    { write: (line) => serverLog.push(line) },
  );
  w = await buildIssueWorld(t);
  for (const visibility of ISSUE_VISIBILITIES) {
    const title = `Segredo ${visibility} Zebra`;
    const sentence = `a tubulação ${visibility} passa sob a laje quarenta e dois`;
    const id = await createIssueAs(
      t,
      w.creator,
      draft(w, {
        visibility,
        groupId: w.groupId,
        title,
        description: `Nota: "${sentence}".`,
        deadline: '2020-02-02',
      }),
    );
    const read = await call<{ issue: { code: string } }>(
      t,
      w.creator,
      'query($p: Int!, $i: Int!) { issue(projectId: $p, issueId: $i) { code } }',
      { p: w.projectId, i: id },
    );
    issues.push({ visibility, id, code: read.issue.code, title, sentence });
  }
  await enableAssistant(t, w.collaboratorOther);
  await enableAssistant(t, w.creator);
  // Drive documents of the project: one visible only to the discipline of the issues (disciplineIds[0]), one public.
  const drive = { base: `/project-drive/projects/${w.projectId}` } as DriveWorld;
  const restricted = await uploadFile(
    t,
    drive,
    w.creator,
    `${docs.restricted.name}.pdf`,
    { disciplineId: w.disciplineIds[0], visibility: 'discipline' },
    await textPdf([`Nota: ${RESTRICTED_SENTENCE}.`]),
  );
  const open = await uploadFile(
    t,
    drive,
    w.creator,
    `${docs.open.name}.pdf`,
    { visibility: 'public' },
    await textPdf([`Nota: ${PUBLIC_SENTENCE}.`]),
  );
  docs.restricted = { ...docs.restricted, fileId: restricted.id, documentId: restricted.documentId };
  docs.open = { ...docs.open, fileId: open.id, documentId: open.documentId };
  await settled(t, w.creator, w.projectId, [restricted.id, open.id]);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await ai?.close();
});

/** Every tool, asked about every issue by each of its handles, in one model turn. */
function everyToolCall(projectId: number): ScriptedToolCall[] {
  const calls: ScriptedToolCall[] = [
    { name: 'list_projects', arguments: {} },
    { name: 'my_pending_items', arguments: {} },
    { name: 'search_issues', arguments: { text: 'Zebra' } },
    { name: 'search_issues', arguments: { filter: 'latePendencies' } },
    { name: 'search_issues', arguments: { projectId, deadlineBefore: '2021-01-01' } },
    ...['status', 'discipline', 'company', 'deadline'].map((by) => ({
      name: 'count_issues',
      arguments: { by },
    })),
    {
      name: 'draft_issue',
      arguments: { projectId, title: 'Nova questão', disciplines: [{ discipline: 'EST' }] },
    },
    { name: 'draft_bulk_change', arguments: { projectId, text: 'Zebra', priority: 'low' } },
    { name: 'find_documents', arguments: { text: 'Zebra' } },
    { name: 'find_documents', arguments: { projectId, text: docs.restricted.name } },
    { name: 'find_documents', arguments: { text: RESTRICTED_SENTENCE } },
    { name: 'find_documents', arguments: { projectId, text: String(docs.restricted.documentId) } },
    { name: 'find_documents', arguments: { projectId, text: 'armadura reservada sigilo' } },
    { name: 'find_documents', arguments: { text: PUBLIC_SENTENCE } },
  ];
  for (const issue of issues)
    calls.push(
      { name: 'search_issues', arguments: { text: issue.title } },
      { name: 'search_issues', arguments: { projectId, text: issue.code } },
      { name: 'search_issues', arguments: { text: issue.sentence } },
      { name: 'read_issue', arguments: { projectId, issueId: issue.id } },
      { name: 'draft_comment', arguments: { projectId, issueId: issue.id, message: 'Zebra?' } },
      { name: 'summarize_thread', arguments: { projectId, issueId: issue.id } },
      { name: 'draft_bulk_change', arguments: { projectId, issueIds: [issue.id], priority: 'low' } },
      { name: 'draft_bulk_change', arguments: { projectId, text: issue.sentence, priority: 'low' } },
    );
  return calls;
}

async function toolResultsFor(user: TestUser): Promise<string[]> {
  ai.queue.push({ toolCalls: everyToolCall(w.projectId) }, { text: ['Pronto.'] });
  const answer = await ask(t, user, 'Mostre tudo sobre a Zebra');
  // When it is not done, its event and the server's log say why (it failed twice under loads of 11 to 17 with
  // AI_TROUBLE_RESPONDING, whose cause the server logs as 'AI provider failed').
  expect(
    answer.events.at(-1),
    `${JSON.stringify(answer.events.at(-1))}\n${serverLog.join('')}`,
  ).toMatchObject({
    kind: 'done',
  });
  const request = ai.received.at(-1);
  return (request?.messages ?? []).filter((m) => m.role === 'tool').map((m) => m.content ?? '');
}

describe('the assistant sees only what its user sees', () => {
  it('gives a partner without the discipline nothing of the draft, group and restricted issues, through every tool', async () => {
    const results = await toolResultsFor(w.collaboratorOther);
    expect(results).toHaveLength(everyToolCall(w.projectId).length);
    const all = results.join('\n');
    for (const issue of issues) {
      const leaks = [issue.title, issue.sentence, `"id":${issue.id},"projectId"`].filter((s) =>
        all.includes(s),
      );
      // The code ('003') stands alone: the same digits inside a timestamp ('…:41.003Z') or a longer number are not it.
      if (codeIn(all, issue.code)) leaks.push(issue.code);
      // The public issue is found by each handle, its code included (so the code's check can see a code).
      if (issue.visibility === 'public') expect(leaks).toContain(issue.code);
      else expect([issue.visibility, leaks]).toEqual([issue.visibility, []]);
    }
    // The counts count only the public issue.
    const counts = results
      .filter((r) => r.startsWith('{"by":'))
      .map((r) => JSON.parse(r) as { total: number });
    expect(counts.map((c) => c.total)).toEqual([1, 1, 1, 1]);
    // Reading a hidden issue by id, drafting a comment on it or summarising its thread answers exactly like a
    // missing one; a bulk change of it by id finds no issue.
    const perIssue = results.slice(-PER_ISSUE * issues.length);
    issues.forEach((issue, i) => {
      const [read, drafted, thread, bulk] = perIssue.slice(i * PER_ISSUE + 3, i * PER_ISSUE + 7);
      const hidden = issue.visibility !== 'public';
      expect([
        issue.visibility,
        read === '{"error":"not found"}',
        drafted === '{"error":"not found"}',
        thread === '{"error":"not found"}',
        bulk === '{"error":"no issues found"}',
      ]).toEqual([issue.visibility, hidden, hidden, hidden, hidden]);
    });
    // A drafted issue needs no issue read; the partner may draft one in their project.
    expect(results.some((r) => r.includes('"title":"Nova questão"'))).toBe(true);
    // Nothing of the restricted document, by its name, a quoted sentence, its words or its id; the public one is found.
    const restrictedLeaks = [
      docs.restricted.name,
      'armadura reservada',
      `"documentId":${docs.restricted.documentId},`,
      `"fileId":${docs.restricted.fileId},`,
    ].filter((s) => all.includes(s));
    expect(restrictedLeaks).toEqual([]);
    expect(all).toContain(docs.open.name);
    expect(all).toContain(`/workspace/project/${w.projectId}/drive/documents/${docs.open.documentId}`);
    expect(all).toContain('memorial aberto da Zebra');
  });

  it('finds every one of them for their creator (the same calls work)', async () => {
    const all = (await toolResultsFor(w.creator)).join('\n');
    for (const issue of issues)
      expect([issue.visibility, all.includes(issue.sentence)]).toEqual([issue.visibility, true]);
    expect(all).toContain(docs.restricted.name);
    expect(all).toContain('armadura reservada da Zebra');
  });
});
