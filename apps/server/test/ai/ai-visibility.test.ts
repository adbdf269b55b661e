import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ISSUE_VISIBILITIES } from '@obra/domain';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { call } from '../projects/project-test-kit.ts';
import { buildIssueWorld, createIssueAs, draft, type IssueWorld } from '../issues/issue-test-kit.ts';
import {
  startOpenAiTestServer,
  type OpenAiTestServer,
  type ScriptedToolCall,
} from '../support/openai-test-server.ts';
import type { TestUser } from '../support/factories.ts';
import { ask, enableAssistant } from './ai-test-kit.ts';

// The visibility matrix for the assistant: a partner without the issues' discipline (collaboratorOther) asks,
// through every tool, for a draft (visibility creator), a group-only issue and the restricted ones
// (project_management, semi_public), by title, by id, by code and by a quoted sentence of the description (and
// tries to draft a comment on each), and gets nothing of them; the public issue is found by the same calls, and the creator finds every one.

let ai: OpenAiTestServer;
let t: TestServer;
let w: IssueWorld;
const issues: { visibility: string; id: number; code: string; title: string; sentence: string }[] = [];

beforeAll(async () => {
  ai = await startOpenAiTestServer();
  t = await startTestServer({
    AI_BASE_URL: ai.url,
    AI_MODEL: 'scripted-model',
    AI_MESSAGES_PER_MINUTE: '100',
  });
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
});
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
  ];
  for (const issue of issues)
    calls.push(
      { name: 'search_issues', arguments: { text: issue.title } },
      { name: 'search_issues', arguments: { projectId, text: issue.code } },
      { name: 'search_issues', arguments: { text: issue.sentence } },
      { name: 'read_issue', arguments: { projectId, issueId: issue.id } },
      { name: 'draft_comment', arguments: { projectId, issueId: issue.id, message: 'Zebra?' } },
    );
  return calls;
}

async function toolResultsFor(user: TestUser): Promise<string[]> {
  ai.queue.push({ toolCalls: everyToolCall(w.projectId) }, { text: ['Pronto.'] });
  const answer = await ask(t, user, 'Mostre tudo sobre a Zebra');
  expect(answer.events.at(-1)?.kind).toBe('done');
  const request = ai.received.at(-1);
  return (request?.messages ?? []).filter((m) => m.role === 'tool').map((m) => m.content ?? '');
}

describe('the assistant sees only what its user sees', () => {
  it('gives a partner without the discipline nothing of the draft, group and restricted issues, through every tool', async () => {
    const results = await toolResultsFor(w.collaboratorOther);
    expect(results).toHaveLength(everyToolCall(w.projectId).length);
    const all = results.join('\n');
    for (const issue of issues) {
      const leaks = [issue.title, issue.code, issue.sentence, `"id":${issue.id},"projectId"`].filter((s) =>
        all.includes(s),
      );
      if (issue.visibility === 'public') expect(leaks.length).toBeGreaterThan(0);
      else expect([issue.visibility, leaks]).toEqual([issue.visibility, []]);
    }
    // The counts count only the public issue.
    const counts = results.filter((r) => r.includes('"by":')).map((r) => JSON.parse(r) as { total: number });
    expect(counts.map((c) => c.total)).toEqual([1, 1, 1, 1]);
    // Reading a hidden issue by id, or drafting a comment on it, answers exactly like a missing one.
    const perIssue = results.slice(-5 * issues.length);
    issues.forEach((issue, i) => {
      const [read, drafted] = [perIssue[i * 5 + 3], perIssue[i * 5 + 4]];
      const hidden = issue.visibility !== 'public';
      expect([
        issue.visibility,
        read === '{"error":"not found"}',
        drafted === '{"error":"not found"}',
      ]).toEqual([issue.visibility, hidden, hidden]);
    });
  });

  it('finds every one of them for their creator (the same calls work)', async () => {
    const all = (await toolResultsFor(w.creator)).join('\n');
    for (const issue of issues)
      expect([issue.visibility, all.includes(issue.sentence)]).toEqual([issue.visibility, true]);
  });
});
