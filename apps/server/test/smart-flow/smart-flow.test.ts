import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SMART_FLOW_RULES_PER_USER } from '@obra/domain';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { call, codeOf } from '../projects/project-test-kit.ts';
import { buildIssueWorld, createIssueAs, draft, type IssueWorld } from '../issues/issue-test-kit.ts';
import { waitForOutbox } from '../support/auth-client.ts';
import { startOpenAiTestServer, type OpenAiTestServer } from '../support/openai-test-server.ts';
import type { TestUser } from '../support/factories.ts';
import { enableAssistant } from '../ai/ai-test-kit.ts';
import { runTimedRule } from '../../src/modules/smart-flow/smart-flow-runner.ts';

// Smart flow (issue 31 item 6; docs/smart-flow.md): rules of their owner, checked, run with the owner's rights (never
// more than they see), on a schedule, on new issues or on demand; e-mail or follow; drafted from words by the model.

let ai: OpenAiTestServer;
let t: TestServer;
let w: IssueWorld;
let publicLate: { id: number; code: string };
let hiddenLate: { id: number; code: string };

const RULE = `id projectId projectName name description trigger condition action paused nextRunAt
  runs { id cause state issueCount errorCode }`;
const CREATE = `mutation($i: JSON!) { createSmartFlowRule(input: $i) { ${RULE} } }`;
const LIST = `{ smartFlowRules { ${RULE} } }`;
const RUN = `mutation($id: Int!) { runSmartFlowRule(id: $id) { cause state issueCount errorCode } }`;
const PAUSE = `mutation($id: Int!, $p: Boolean!) { setSmartFlowRulePaused(id: $id, paused: $p) { paused nextRunAt } }`;
const DELETE = `mutation($id: Int!) { deleteSmartFlowRule(id: $id) }`;
const DRAFT = `mutation($text: String!, $tz: String!) { draftSmartFlowRule(text: $text, timeZone: $tz) }`;

interface Rule {
  id: number;
  name: string;
  paused: boolean;
  nextRunAt: string | null;
  trigger: Record<string, unknown>;
  runs: { cause: string; state: string; issueCount: number; errorCode: string | null }[];
}

const weekly = { kind: 'schedule', frequency: 'weekly', weekday: 1, hour: 8, timeZone: 'America/Sao_Paulo' };
const ruleInput = (over: Record<string, unknown> = {}) => ({
  projectId: w.projectId,
  name: 'Late structure',
  trigger: weekly,
  condition: { filter: 'actives', disciplineIds: [w.disciplineIds[0]], search: 'Zebra' },
  action: { kind: 'email' },
  ...over,
});

async function create(user: TestUser, over: Record<string, unknown> = {}): Promise<Rule> {
  return (await call<{ createSmartFlowRule: Rule }>(t, user, CREATE, { i: ruleInput(over) }))
    .createSmartFlowRule;
}
async function rulesOf(user: TestUser): Promise<Rule[]> {
  return (await call<{ smartFlowRules: Rule[] }>(t, user, LIST)).smartFlowRules;
}
async function codeOfIssue(id: number): Promise<string> {
  const read = await call<{ issue: { code: string } }>(
    t,
    w.creator,
    'query($p: Int!, $i: Int!) { issue(projectId: $p, issueId: $i) { code } }',
    { p: w.projectId, i: id },
  );
  return read.issue.code;
}

beforeAll(async () => {
  ai = await startOpenAiTestServer();
  t = await startTestServer({
    AI_BASE_URL: ai.url,
    AI_MODEL: 'scripted-model',
    AI_MESSAGES_PER_MINUTE: '100',
  });
  w = await buildIssueWorld(t);
  const late = { deadline: '2020-02-02', title: 'Zebra crossing slab late' };
  const publicId = await createIssueAs(t, w.creator, draft(w, late));
  const hiddenId = await createIssueAs(
    t,
    w.creator,
    draft(w, { ...late, title: 'Zebra secret draft', visibility: 'creator' }),
  );
  publicLate = { id: publicId, code: await codeOfIssue(publicId) };
  hiddenLate = { id: hiddenId, code: await codeOfIssue(hiddenId) };
});
afterAll(async () => {
  await t?.close();
  await ai?.close();
});

describe('smart flow rules', () => {
  it('stores a checked rule with its next run and queues that run; others neither see nor change it', async () => {
    const rule = await create(w.collaboratorSame);
    expect(rule).toMatchObject({ name: 'Late structure', paused: false, runs: [] });
    // Monday 08:00 in São Paulo is 11:00 UTC.
    expect(new Date(rule.nextRunAt ?? '').getUTCHours()).toBe(11);
    expect(new Date(rule.nextRunAt ?? '').getUTCDay()).toBe(1);
    const { rows } = (await t.server.services.database.db.execute(
      sql`select data, start_after from pgboss.job where name = 'smartFlow.run'`,
    )) as unknown as { rows: { data: { ruleId: number; at: string }; start_after: Date }[] };
    const job = rows.find((r) => r.data.ruleId === rule.id);
    expect(job?.data.at).toBe(rule.nextRunAt);
    expect(new Date(job?.start_after ?? 0).toISOString()).toBe(rule.nextRunAt);
    expect((await rulesOf(w.collaboratorSame)).map((r) => r.id)).toContain(rule.id);
    expect((await rulesOf(w.coordinator)).map((r) => r.id)).not.toContain(rule.id);
    for (const mutation of [DELETE, RUN])
      expect(await codeOf(t, w.coordinator, mutation, { id: rule.id })).toBe('SMART_FLOW_RULE_NOT_FOUND');
    expect(await codeOf(t, w.coordinator, PAUSE, { id: rule.id, p: true })).toBe('SMART_FLOW_RULE_NOT_FOUND');
  });

  it('refuses a bad rule with the field, a project the owner is not in, and more than the limit', async () => {
    const bad = async (over: Record<string, unknown>) =>
      (await t.gql(CREATE, { i: ruleInput(over) }, { token: w.coordinator.token })).errors?.[0]?.extensions;
    expect(await bad({ trigger: { ...weekly, weekday: undefined } })).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: { field: 'trigger.weekday' },
    });
    expect(await bad({ action: { kind: 'deleteEverything' } })).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(await bad({ condition: { filter: 'all', disciplineIds: [999_999] } })).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: { field: 'condition.disciplineIds' },
    });
    expect(await codeOf(t, w.outsider, CREATE, { i: ruleInput() })).toMatch(/FORBIDDEN|PROJECT_NOT_FOUND/);
    const existing = (await rulesOf(w.coordinator)).length;
    for (let i = existing; i < SMART_FLOW_RULES_PER_USER; i++)
      await create(w.coordinator, { name: `Rule ${i}` });
    expect(await codeOf(t, w.coordinator, CREATE, { i: ruleInput() })).toBe('SMART_FLOW_RULE_LIMIT_REACHED');
    for (const rule of await rulesOf(w.coordinator))
      expect(await call(t, w.coordinator, DELETE, { id: rule.id })).toEqual({ deleteSmartFlowRule: true });
    expect(await rulesOf(w.coordinator)).toEqual([]);
  });

  it('e-mails its owner only the issues the owner may see, when run now', async () => {
    const rule = await create(w.collaboratorOther, {
      name: 'Zebra digest',
      condition: { filter: 'all', disciplineIds: [], search: 'Zebra' },
    });
    const run = await call<{ runSmartFlowRule: Rule['runs'][number] }>(t, w.collaboratorOther, RUN, {
      id: rule.id,
    });
    expect(run.runSmartFlowRule).toEqual({ cause: 'manual', state: 'done', issueCount: 1, errorCode: null });
    const [mail] = await waitForOutbox(t.dataDir, w.collaboratorOther.email, 1, /Zebra digest/);
    // The issue lines, not the raw message: a MIME boundary is random and may hold any short code.
    const issueLines = (mail ?? '').split('\n').filter((line) => line.startsWith('- '));
    expect(issueLines).toEqual([
      expect.stringMatching(new RegExp(`^- ${publicLate.code} Zebra crossing slab late `)),
    ]);
    expect(mail).toContain(`/workspace/project/${w.projectId}/issues/${publicLate.id}`);
    expect(mail).not.toContain(`/workspace/project/${w.projectId}/issues/${hiddenLate.id}`);
    expect(issueLines.join('\n')).not.toContain(hiddenLate.code);
    expect(mail).not.toContain('Zebra secret draft');
    // The creator's own run of the same rule finds both.
    const own = await create(w.creator, {
      name: 'Creator digest',
      condition: { filter: 'all', search: 'Zebra' },
    });
    const mine = await call<{ runSmartFlowRule: Rule['runs'][number] }>(t, w.creator, RUN, { id: own.id });
    expect(mine.runSmartFlowRule.issueCount).toBe(2);
  });

  it('runs a timed rule when its job comes at its time, then queues the next week; a stale job does nothing', async () => {
    const rule = await create(w.creator, {
      name: 'Weekly zebra',
      condition: { filter: 'all', search: 'Zebra' },
    });
    await runTimedRule(t.server.services, { ruleId: rule.id, at: '2020-01-01T00:00:00.000Z' });
    expect((await rulesOf(w.creator)).find((r) => r.id === rule.id)?.runs).toEqual([]);
    await runTimedRule(t.server.services, { ruleId: rule.id, at: rule.nextRunAt ?? '' });
    const after = (await rulesOf(w.creator)).find((r) => r.id === rule.id);
    expect(after?.runs).toMatchObject([{ cause: 'schedule', state: 'done', issueCount: 2 }]);
    expect(new Date(after?.nextRunAt ?? '').getTime()).toBeGreaterThan(Date.now());
    expect(after?.nextRunAt).not.toBe(rule.nextRunAt);
    // Paused: no next run, and its queued job does nothing.
    const paused = await call<{ setSmartFlowRulePaused: Rule }>(t, w.creator, PAUSE, {
      id: rule.id,
      p: true,
    });
    expect(paused.setSmartFlowRulePaused).toEqual({ paused: true, nextRunAt: null });
    await runTimedRule(t.server.services, { ruleId: rule.id, at: after?.nextRunAt ?? '' });
    expect((await rulesOf(w.creator)).find((r) => r.id === rule.id)?.runs).toHaveLength(1);
  });

  it('follows the new issues it may see, as they are created, and not those created before it', async () => {
    const rule = await create(w.collaboratorSame, {
      name: 'Follow my discipline',
      trigger: { kind: 'issueCreated' },
      condition: { filter: 'all', disciplineIds: [w.disciplineIds[0]] },
      action: { kind: 'follow' },
    });
    expect(rule.nextRunAt).toBeNull();
    const seen = await createIssueAs(t, w.creator, draft(w, { title: 'New beam clash' }));
    const hidden = await createIssueAs(t, w.creator, draft(w, { title: 'New draft', visibility: 'creator' }));
    const other = await createIssueAs(
      t,
      w.creator,
      draft(w, {
        title: 'Other discipline',
        disciplines: [{ disciplineId: w.disciplineIds[1], status: 'todo' }],
      }),
    );
    let runs: Rule['runs'] = [];
    for (let i = 0; i < 100 && runs.reduce((n, r) => n + r.issueCount, 0) < 1; i++) {
      await new Promise((r) => setTimeout(r, 100));
      runs = (await rulesOf(w.collaboratorSame)).find((r) => r.id === rule.id)?.runs ?? [];
    }
    expect(runs.every((r) => r.cause === 'event' && r.state === 'done')).toBe(true);
    expect(runs.reduce((n, r) => n + r.issueCount, 0)).toBe(1);
    const starred = async (id: number) =>
      (
        await call<{ issue: { userPersonalData: { starred: boolean } } | null }>(
          t,
          w.collaboratorSame,
          'query($p: Int!, $i: Int!) { issue(projectId: $p, issueId: $i) { userPersonalData { starred } } }',
          { p: w.projectId, i: id },
        )
      ).issue?.userPersonalData.starred;
    expect(await starred(seen)).toBe(true);
    expect(await starred(other)).toBe(false);
    expect(await starred(publicLate.id)).toBe(false);
    // The hidden one was never starred for them (a star is their own mark on an issue they see).
    const { rows } = (await t.server.services.database.db.execute(
      sql`select count(*)::int as n from issue_user_states where issue_id = ${hidden} and user_id = ${w.collaboratorSame.id} and starred`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows[0]?.n).toBe(0);
  });

  it("puts its owner's personal tag on the issues the owner may see, made once and kept with their own tags", async () => {
    const rule = await create(w.collaboratorOther, {
      name: 'Tag the zebras',
      condition: { filter: 'all', disciplineIds: [], search: 'Zebra' },
      action: { kind: 'tag', tag: 'Revisar na obra' },
    });
    expect((await rulesOf(w.collaboratorOther)).find((r) => r.id === rule.id)).toBeDefined();
    const tagsOf = async (id: number) =>
      (
        await call<{ issue: { userPersonalData: { tags: { tag: { name: string } | null }[] } } | null }>(
          t,
          w.collaboratorOther,
          'query($p: Int!, $i: Int!) { issue(projectId: $p, issueId: $i) { userPersonalData { tags { tag { name } } } } }',
          { p: w.projectId, i: id },
        )
      ).issue?.userPersonalData.tags.map((tag) => tag.tag?.name);
    for (let round = 0; round < 2; round++) {
      const run = await call<{ runSmartFlowRule: Rule['runs'][number] }>(t, w.collaboratorOther, RUN, {
        id: rule.id,
      });
      expect(run.runSmartFlowRule).toMatchObject({ state: 'done', issueCount: 1 });
    }
    // Run twice: one tag, once on the issue; the hidden issue is never tagged for them.
    expect(await tagsOf(publicLate.id)).toEqual(['Revisar na obra']);
    const { rows } = (await t.server.services.database.db.execute(
      sql`select (select count(*)::int from project_user_tags where user_id = ${w.collaboratorOther.id}
                   and lower(name) = 'revisar na obra') as tags,
                 (select count(*)::int from issue_user_states where issue_id = ${hiddenLate.id}
                   and user_id = ${w.collaboratorOther.id}) as hidden`,
    )) as unknown as { rows: { tags: number; hidden: number }[] };
    expect(rows[0]).toEqual({ tags: 1, hidden: 0 });
    // A tag action needs its tag.
    expect(
      (
        await t.gql(
          CREATE,
          { i: ruleInput({ action: { kind: 'tag' } }) },
          { token: w.collaboratorOther.token },
        )
      ).errors?.[0]?.extensions,
    ).toMatchObject({ code: 'BAD_USER_INPUT' });
  });

  it('makes a discipline responsible on the issues that change, as its owner, through the issue rules', async () => {
    const [structure, other] = w.disciplineIds as [number, number];
    const disciplinesOf = async (id: number) =>
      (
        await call<{ issue: { disciplines: { disciplineId: number; status: string }[] } }>(
          t,
          w.creator,
          'query($p: Int!, $i: Int!) { issue(projectId: $p, issueId: $i) { disciplines { disciplineId status } } }',
          { p: w.projectId, i: id },
        )
      ).issue.disciplines
        .map((d) => [d.disciplineId, d.status])
        .sort((a, b) => Number(a[0]) - Number(b[0]));
    const rule = await create(w.coordinator, {
      name: 'Ramps need the other discipline',
      trigger: { kind: 'issueChanged' },
      condition: { filter: 'all', disciplineIds: [structure], search: 'Ramp' },
      action: { kind: 'assignDiscipline', disciplineId: other, status: 'todo' },
    });
    expect(rule.nextRunAt).toBeNull();
    const untouched = await createIssueAs(t, w.creator, draft(w, { title: 'Ramp handrail missing' }));
    const changed = await createIssueAs(t, w.creator, draft(w, { title: 'Ramp slope too steep' }));
    await call(
      t,
      w.creator,
      'mutation($p: Int!, $i: Int!) { updateIssue(projectId: $p, issueId: $i, description: "Measured 12 %") { id } }',
      { p: w.projectId, i: changed },
    );
    let runs: Rule['runs'] = [];
    for (let i = 0; i < 100 && runs.reduce((n, r) => n + r.issueCount, 0) < 1; i++) {
      await new Promise((r) => setTimeout(r, 100));
      runs = (await rulesOf(w.coordinator)).find((r) => r.id === rule.id)?.runs ?? [];
    }
    expect(runs.reduce((n, r) => n + r.issueCount, 0)).toBe(1);
    expect(runs.every((r) => r.cause === 'event' && r.state === 'done' && r.errorCode === null)).toBe(true);
    expect(await disciplinesOf(changed)).toEqual([
      [structure, 'todo'],
      [other, 'todo'],
    ]);
    // Created but never changed: not the rule's.
    expect(await disciplinesOf(untouched)).toEqual([[structure, 'todo']]);
    // The change is the owner's, in the issue's history like any edit.
    const { rows } = (await t.server.services.database.db.execute(
      sql`select count(*)::int as n from issue_history where issue_id = ${changed} and entity_type = 'issue'
            and user_id = ${w.coordinator.id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows[0]?.n).toBe(1);
    // Run again (its own change is a change): the discipline is there already, nothing is added twice.
    const again = await call<{ runSmartFlowRule: Rule['runs'][number] }>(t, w.coordinator, RUN, {
      id: rule.id,
    });
    expect(again.runSmartFlowRule).toMatchObject({ state: 'done', errorCode: null });
    expect(await disciplinesOf(changed)).toHaveLength(2);
  });

  it('leaves an issue its owner may not change, and says why in the run; an unknown discipline is refused', async () => {
    const [structure, other] = w.disciplineIds as [number, number];
    const rule = await create(w.collaboratorSame, {
      name: 'I may not assign',
      condition: { filter: 'all', disciplineIds: [structure], search: 'Zebra' },
      action: { kind: 'assignDiscipline', disciplineId: other, status: 'todo' },
    });
    const run = await call<{ runSmartFlowRule: Rule['runs'][number] }>(t, w.collaboratorSame, RUN, {
      id: rule.id,
    });
    expect(run.runSmartFlowRule).toMatchObject({ state: 'done', issueCount: 0, errorCode: 'FORBIDDEN' });
    const read = await call<{ issue: { disciplines: { disciplineId: number }[] } }>(
      t,
      w.creator,
      'query($p: Int!, $i: Int!) { issue(projectId: $p, issueId: $i) { disciplines { disciplineId } } }',
      { p: w.projectId, i: publicLate.id },
    );
    expect(read.issue.disciplines.map((d) => d.disciplineId)).toEqual([structure]);
    const unknown = await t.gql(
      CREATE,
      { i: ruleInput({ action: { kind: 'assignDiscipline', disciplineId: 999_999, status: 'todo' } }) },
      { token: w.coordinator.token },
    );
    expect(unknown.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: { field: 'action.disciplineId' },
    });
    const badStatus = await t.gql(
      CREATE,
      { i: ruleInput({ action: { kind: 'assignDiscipline', disciplineId: other, status: 'varies' } }) },
      { token: w.coordinator.token },
    );
    expect(badStatus.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: { field: 'action.status' },
    });
  });

  it('takes the issues whose deadline passed since its last look', async () => {
    const rule = await create(w.creator, {
      name: 'Deadlines',
      trigger: { kind: 'deadlinePassed', hour: 7, timeZone: 'UTC' },
      condition: { filter: 'all', search: 'Zebra' },
    });
    const fresh = await call<{ runSmartFlowRule: Rule['runs'][number] }>(t, w.creator, RUN, { id: rule.id });
    expect(fresh.runSmartFlowRule.issueCount).toBe(0);
    await t.server.services.database.db.execute(
      sql`update smart_flow_rules set cursor_at = '2020-02-01T00:00:00Z' where id = ${rule.id}`,
    );
    const back = await call<{ runSmartFlowRule: Rule['runs'][number] }>(t, w.creator, RUN, { id: rule.id });
    expect(back.runSmartFlowRule.issueCount).toBe(2);
  });

  it('records a failed run and pauses the rule when its owner lost the project', async () => {
    const rule = await create(w.collaboratorOther, { name: 'Soon without access' });
    await t.server.services.database.db.execute(
      sql`delete from project_companies where project_id = ${w.projectId} and company_id = ${w.collaboratorOther.companyId}`,
    );
    const run = await call<{ runSmartFlowRule: Rule['runs'][number] }>(t, w.collaboratorOther, RUN, {
      id: rule.id,
    });
    expect(run.runSmartFlowRule.state).toBe('failed');
    expect(run.runSmartFlowRule.errorCode).toMatch(/FORBIDDEN|PROJECT_NOT_FOUND/);
    expect((await rulesOf(w.collaboratorOther)).find((r) => r.id === rule.id)?.paused).toBe(true);
  });
});

describe('drafting a rule from words', () => {
  it('turns the words into a rule through the model, with the browser zone, and stores nothing', async () => {
    await enableAssistant(t, w.creator);
    ai.queue.push({
      toolCalls: [
        {
          name: 'propose_rule',
          arguments: {
            projectId: w.projectId,
            name: 'Late structure on Mondays',
            trigger: { kind: 'schedule', frequency: 'weekly', weekday: 1, hour: 8 },
            condition: { filter: 'latePendencies', disciplineIds: [w.disciplineIds[0]] },
            action: { kind: 'email' },
          },
        },
      ],
    });
    const before = (await rulesOf(w.creator)).length;
    const text = 'Every Monday, e-mail me the late structural issues';
    const drafted = await call<{ draftSmartFlowRule: Record<string, unknown> }>(t, w.creator, DRAFT, {
      text,
      tz: 'Europe/Lisbon',
    });
    expect(drafted.draftSmartFlowRule).toEqual({
      projectId: w.projectId,
      name: 'Late structure on Mondays',
      description: text,
      trigger: { ...weekly, timeZone: 'Europe/Lisbon' },
      condition: { filter: 'latePendencies', disciplineIds: [w.disciplineIds[0]] },
      action: { kind: 'email' },
    });
    expect((await rulesOf(w.creator)).length).toBe(before);
    const prompt = ai.received.at(-1)?.messages[0]?.content ?? '';
    expect(prompt).toContain(`project ${w.projectId}`);
    expect(prompt).toContain('Europe/Lisbon');
    expect(ai.received.at(-1)?.tools?.map((tool) => tool.function.name)).toEqual(['propose_rule']);
  });

  it('says it did not understand when the model proposes nothing valid, and refuses blank words', async () => {
    ai.queue.push({ text: ['I am not sure.'] });
    expect(await codeOf(t, w.creator, DRAFT, { text: 'Make coffee', tz: 'UTC' })).toBe(
      'SMART_FLOW_NOT_UNDERSTOOD',
    );
    ai.queue.push({
      toolCalls: [{ name: 'propose_rule', arguments: { projectId: w.projectId, name: 'x' } }],
    });
    expect(await codeOf(t, w.creator, DRAFT, { text: 'Something', tz: 'UTC' })).toBe(
      'SMART_FLOW_NOT_UNDERSTOOD',
    );
    expect(await codeOf(t, w.creator, DRAFT, { text: '   ', tz: 'UTC' })).toBe(
      'CONTENT_MUST_BE_NON_EMPTY_STRING',
    );
    expect(await codeOf(t, w.creator, DRAFT, { text: 'x', tz: 'Mars/Base' })).toBe('BAD_USER_INPUT');
    // Without the assistant turned on for them.
    expect(await codeOf(t, w.coordinator, DRAFT, { text: 'x', tz: 'UTC' })).toBe('FORBIDDEN');
  });
});
