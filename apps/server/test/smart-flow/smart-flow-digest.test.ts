import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ISSUE_VISIBILITIES } from '@obra/domain';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { call } from '../projects/project-test-kit.ts';
import { buildIssueWorld, codeIn, createIssueAs, draft, type IssueWorld } from '../issues/issue-test-kit.ts';
import { waitForOutbox } from '../support/auth-client.ts';
import { startOpenAiTestServer, type OpenAiTestServer } from '../support/openai-test-server.ts';
import type { TestUser } from '../support/factories.ts';
import { enableAssistant } from '../ai/ai-test-kit.ts';
import { users } from '../../src/db/schema/index.ts';
import { monthOf } from '../../src/modules/ai/ai-usage-repository.ts';

// Smart flow digests (issue 31 item 6, "write a digest"; docs/smart-flow.md "Digests"): the run's e-mail headed by
// a summary the model writes from the issues the run read as the rule's owner, in the owner's language, when a model
// is configured and the owner passes the assistant's gate; otherwise the list alone, and the run says why. Against
// the scripted OpenAI-protocol server. Runs on PGlite, and on PostgreSQL with DATABASE_URL.

let ai: OpenAiTestServer;
let t: TestServer;
let w: IssueWorld;
const issues: { visibility: string; id: number; code: string; title: string }[] = [];

const RULE = `id name action runs { cause state issueCount errorCode }`;
const CREATE = `mutation($i: JSON!) { createSmartFlowRule(input: $i) { ${RULE} } }`;
const RUN = `mutation($id: Int!) { runSmartFlowRule(id: $id) { cause state issueCount errorCode } }`;
const DRAFT = `mutation($text: String!, $tz: String!) { draftSmartFlowRule(text: $text, timeZone: $tz) }`;

interface Run {
  cause: string;
  state: string;
  issueCount: number;
  errorCode: string | null;
}

/** A digest rule of every Quokka issue, run now by its owner; the run as recorded. */
async function runDigest(user: TestUser, name: string, server = t, world = w): Promise<Run> {
  const created = await call<{ createSmartFlowRule: { id: number } }>(server, user, CREATE, {
    i: {
      projectId: world.projectId,
      name,
      trigger: { kind: 'schedule', frequency: 'daily', hour: 8, timeZone: 'America/Sao_Paulo' },
      condition: { filter: 'all', disciplineIds: [], search: 'Quokka' },
      action: { kind: 'digest' },
    },
  });
  const run = await call<{ runSmartFlowRule: Run }>(server, user, RUN, {
    id: created.createSmartFlowRule.id,
  });
  return run.runSmartFlowRule;
}

async function codeOfIssue(server: TestServer, world: IssueWorld, id: number): Promise<string> {
  const read = await call<{ issue: { code: string } }>(
    server,
    world.creator,
    'query($p: Int!, $i: Int!) { issue(projectId: $p, issueId: $i) { code } }',
    { p: world.projectId, i: id },
  );
  return read.issue.code;
}

async function monthTokens(user: TestUser): Promise<number> {
  const found = (await t.server.services.database.db.execute(
    sql`select tokens from ai_company_usage where company_id = ${user.companyId} and month = ${monthOf(new Date())}`,
  )) as unknown as { rows: { tokens: number }[] };
  return Number(found.rows[0]?.tokens ?? 0);
}

beforeAll(async () => {
  ai = await startOpenAiTestServer();
  t = await startTestServer({
    AI_BASE_URL: ai.url,
    AI_MODEL: 'scripted-model',
    AI_TIMEOUT_MS: '3000',
    AI_MESSAGES_PER_MINUTE: '100',
    AI_COMPANY_MONTHLY_TOKENS: '100000',
  });
  w = await buildIssueWorld(t);
  // One late issue of each visibility, in the group, of the first discipline: the partner of another discipline
  // (collaboratorOther) sees only the public one.
  for (const visibility of ISSUE_VISIBILITIES) {
    const title = `Quokka ${visibility} slab`;
    const id = await createIssueAs(
      t,
      w.creator,
      draft(w, { visibility, groupId: w.groupId, title, deadline: '2020-02-02' }),
    );
    issues.push({ visibility, id, code: await codeOfIssue(t, w, id), title });
  }
  for (const user of [w.creator, w.collaboratorOther]) await enableAssistant(t, user);
});
afterAll(async () => {
  await t?.close();
  await ai?.close();
});

describe('a digest written by the model', () => {
  it("heads the e-mail with the model's summary, written from the listed issues in the owner's language", async () => {
    await t.server.services.database.db
      .update(users)
      .set({ localeId: 'pt-BR' })
      .where(eq(users.id, w.creator.id));
    const before = await monthTokens(w.creator);
    const asked = ai.received.length;
    ai.queue.push({ text: ['Cinco apontamentos atrasados; ', 'comece pela laje.'] });
    const run = await runDigest(w.creator, 'Resumo Quokka');
    expect(run).toEqual({ cause: 'manual', state: 'done', issueCount: 5, errorCode: null });
    const [mail] = await waitForOutbox(t.dataDir, w.creator.email, 1, /Resumo Quokka/);
    expect(mail).toContain('Cinco apontamentos atrasados; comece pela laje.');
    expect(mail).toContain('Resumo escrito pelo assistente de IA');
    // The list follows the summary, with every issue and its link.
    for (const issue of issues) expect(mail).toContain(issue.code);
    expect(mail).toContain(`/workspace/project/${w.projectId}/issues/${issues[0]?.id}`);
    // One model call, told the owner's language and given the e-mail's lines.
    expect(ai.received.length).toBe(asked + 1);
    const sent = ai.received.at(-1);
    expect(sent?.messages[0]?.content).toContain('Brazilian Portuguese');
    expect(sent?.messages[1]?.content).toContain('found 5 issue(s)');
    expect(sent?.messages[1]?.content).toContain(`${issues[0]?.code} ${issues[0]?.title} (2020-02-02)`);
    expect(sent?.tools ?? []).toEqual([]);
    // Its tokens count against the company's month.
    expect(await monthTokens(w.creator)).toBeGreaterThan(before);
  });

  it("never gives a partner's model or e-mail an issue the partner may not see", async () => {
    ai.queue.push({ text: ['One public slab issue.'] });
    const run = await runDigest(w.collaboratorOther, 'Partner Quokka');
    expect(run).toMatchObject({ state: 'done', issueCount: 1, errorCode: null });
    const [mail] = await waitForOutbox(t.dataDir, w.collaboratorOther.email, 1, /Partner Quokka/);
    const sent = JSON.stringify(ai.received.at(-1)?.messages);
    for (const issue of issues) {
      const seen = issue.visibility === 'public';
      expect([issue.visibility, codeIn(mail ?? '', issue.code), codeIn(sent, issue.code)]).toEqual([
        issue.visibility,
        seen,
        seen,
      ]);
      expect([issue.visibility, sent.includes(issue.title)]).toEqual([issue.visibility, seen]);
    }
    expect(mail).toContain('One public slab issue.');
  });

  it('e-mails the list alone when the model fails, and says so', async () => {
    ai.queue.push({ status: 500 });
    const run = await runDigest(w.creator, 'Quokka failing model');
    expect(run).toMatchObject({ state: 'done', issueCount: 5, errorCode: 'AI_TROUBLE_RESPONDING' });
    const [mail] = await waitForOutbox(t.dataDir, w.creator.email, 1, /Quokka failing model/);
    expect(mail).toContain(issues[0]?.code);
    expect(mail).not.toContain('Resumo escrito pelo assistente');
  });
});

describe('a digest without its summary', () => {
  it("e-mails the list alone when the owner's assistant is off or its notice not accepted, without asking the model", async () => {
    const asked = ai.received.length;
    // The coordinator's assistant was never turned on.
    const off = await runDigest(w.coordinator, 'Quokka assistant off');
    expect(off).toMatchObject({ state: 'done', errorCode: 'AI_ASSISTANT_OFF' });
    const [mail] = await waitForOutbox(t.dataDir, w.coordinator.email, 1, /Quokka assistant off/);
    expect(mail).toContain(issues.find((i) => i.visibility === 'public')?.code);
    expect(mail).not.toMatch(/Digest written by the AI assistant|Resumo escrito|Resumen escrito/);
    // Turned on, but the notice not accepted.
    await t.server.services.database.db
      .update(users)
      .set({ hasAiAssistant: true, aiDisclaimerAcceptedAt: null })
      .where(eq(users.id, w.coordinator.id));
    expect(await runDigest(w.coordinator, 'Quokka no notice')).toMatchObject({
      state: 'done',
      errorCode: 'AI_DISCLAIMER_NOT_ACCEPTED',
    });
    await waitForOutbox(t.dataDir, w.coordinator.email, 1, /Quokka no notice/);
    expect(ai.received.length).toBe(asked);
  });

  it("e-mails the list alone once the company's monthly allowance is used", async () => {
    const asked = ai.received.length;
    await t.server.services.database.db.execute(
      sql`insert into ai_company_usage (company_id, month, tokens)
          values (${w.collaboratorOther.companyId}, ${monthOf(new Date())}, 100000)
          on conflict (company_id, month) do update set tokens = 100000`,
    );
    expect(await runDigest(w.collaboratorOther, 'Quokka over budget')).toMatchObject({
      state: 'done',
      issueCount: 1,
      errorCode: 'AI_TOKEN_BUDGET_EXCEEDED',
    });
    const [mail] = await waitForOutbox(t.dataDir, w.collaboratorOther.email, 1, /Quokka over budget/);
    expect(mail).toContain(issues.find((i) => i.visibility === 'public')?.code);
    expect(ai.received.length).toBe(asked);
  });

  it('e-mails the list alone without a model, recording AI_NOT_CONFIGURED', async () => {
    const plain = await startTestServer();
    try {
      const pw = await buildIssueWorld(plain);
      const id = await createIssueAs(plain, pw.creator, draft(pw, { title: 'Quokka plain slab' }));
      await enableAssistant(plain, pw.creator);
      const run = await runDigest(pw.creator, 'Quokka without model', plain, pw);
      expect(run).toMatchObject({ state: 'done', issueCount: 1, errorCode: 'AI_NOT_CONFIGURED' });
      const [mail] = await waitForOutbox(plain.dataDir, pw.creator.email, 1, /Quokka without model/);
      expect(mail).toContain(await codeOfIssue(plain, pw, id));
      expect(mail).not.toMatch(/Digest written by the AI assistant|Resumo escrito|Resumen escrito/);
      // The rule's page shows the reason with the run.
      const listed = await call<{ smartFlowRules: { name: string; runs: Run[] }[] }>(
        plain,
        pw.creator,
        `{ smartFlowRules { ${RULE} } }`,
      );
      expect(listed.smartFlowRules.find((r) => r.name === 'Quokka without model')?.runs).toMatchObject([
        { state: 'done', errorCode: 'AI_NOT_CONFIGURED' },
      ]);
    } finally {
      await plain.close();
    }
  }, 60_000);
});

describe('drafting a digest from words', () => {
  it('tells the model about the digest action and takes its proposal', async () => {
    ai.queue.push({
      toolCalls: [
        {
          name: 'propose_rule',
          arguments: {
            projectId: w.projectId,
            name: 'Resumo semanal',
            trigger: { kind: 'schedule', frequency: 'weekly', weekday: 1, hour: 8 },
            condition: { filter: 'latePendencies' },
            action: { kind: 'digest' },
          },
        },
      ],
    });
    const drafted = await call<{ draftSmartFlowRule: { action: unknown } }>(t, w.creator, DRAFT, {
      text: 'Toda segunda, um resumo dos atrasados',
      tz: 'America/Sao_Paulo',
    });
    expect(drafted.draftSmartFlowRule.action).toEqual({ kind: 'digest' });
    const sent = ai.received.at(-1);
    expect(sent?.messages[0]?.content).toContain('digest');
    const tool = (sent?.tools?.[0] ?? {}) as {
      function: {
        parameters?: { properties?: { action?: { properties?: { kind?: { enum?: string[] } } } } };
      };
    };
    expect(tool.function.parameters?.properties?.action?.properties?.kind?.enum).toContain('digest');
  });
});
