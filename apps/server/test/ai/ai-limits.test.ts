import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { buildCompanyWithAdmin, buildUser, type TestUser } from '../support/factories.ts';
import { call, codeOf } from '../projects/project-test-kit.ts';
import { startOpenAiTestServer, type OpenAiTestServer } from '../support/openai-test-server.ts';
import { ask, enableAssistant, SEND } from './ai-test-kit.ts';

/**
 * The chat's limits (issue 31 item 3) and the text helper (item 5): blank messages, the provider's moderation (AI_MODERATION, a real local
 * /v1/moderations), and the per-company monthly token allowance (AI_COMPANY_MONTHLY_TOKENS) with its usage shown
 * to the company's admins.
 */

let ai: OpenAiTestServer;
let t: TestServer;
let admin: TestUser;
let member: TestUser;
let otherMember: TestUser;

const USAGE = 'query { aiCompanyUsage { month tokens limit } }';

beforeAll(async () => {
  ai = await startOpenAiTestServer();
  t = await startTestServer({
    AI_BASE_URL: ai.url,
    AI_MODEL: 'scripted-model',
    AI_TIMEOUT_MS: '3000',
    AI_MODERATION: 'true',
    AI_COMPANY_MONTHLY_TOKENS: '2000',
    AI_MESSAGES_PER_MINUTE: '100',
  });
  const company = await buildCompanyWithAdmin(t);
  admin = company.admin;
  member = await buildUser(t, { companyId: company.companyId });
  otherMember = await buildUser(t, { companyId: (await buildCompanyWithAdmin(t)).companyId });
  for (const user of [member, otherMember]) await enableAssistant(t, user);
});
afterAll(async () => {
  await t?.close();
  await ai?.close();
});

describe('chat limits', () => {
  it('refuses a blank message before asking anyone', async () => {
    const before = ai.moderated.length;
    expect(await codeOf(t, member, SEND, { c: null, p: 'caio', t: ' \n\t ' })).toBe(
      'CONTENT_MUST_BE_NON_EMPTY_STRING',
    );
    expect(ai.moderated.length).toBe(before);
  });

  it('refuses a message the moderation flags (MESSAGE_NOT_COMPLIANT), and stores nothing of it', async () => {
    expect(await codeOf(t, member, SEND, { c: null, p: 'caio', t: 'Please FLAG-ME now' })).toBe(
      'MESSAGE_NOT_COMPLIANT',
    );
    expect(ai.moderated).toContain('Please FLAG-ME now');
    const list = await call<{ aiConversations: { title: string }[] }>(
      t,
      member,
      'query { aiConversations { title } }',
    );
    expect(list.aiConversations.map((c) => c.title)).not.toContain('Please FLAG-ME now');
  });

  it('counts the tokens of each answer for the company and refuses past the monthly allowance', async () => {
    const first = await ask(t, member, 'What is late?');
    expect(first.events.at(-1)?.kind).toBe('done');
    const usage = await call<{ aiCompanyUsage: { month: string; tokens: number; limit: number } }>(
      t,
      admin,
      USAGE,
    );
    expect(usage.aiCompanyUsage.month).toBe(new Date().toISOString().slice(0, 7));
    expect(usage.aiCompanyUsage.limit).toBe(2000);
    expect(usage.aiCompanyUsage.tokens).toBeGreaterThan(0);
    // Only admins read it.
    expect(await codeOf(t, member, USAGE)).toBe('FORBIDDEN');
    // Long answers use the rest of the month's allowance; then the next question is refused.
    const long = 'x'.repeat(4000);
    let answered = 0;
    for (let i = 0; i < 5; i++) {
      if (await codeOf(t, member, SEND, { c: null, p: 'caio', t: `Question ${i}` })) break;
      ai.queue.push({ text: [long] });
      await ask(t, member, `Again ${i}`);
      answered += 1;
    }
    expect(answered).toBeGreaterThan(0);
    expect(answered).toBeLessThan(5);
    ai.queue.length = 0;
    expect(await codeOf(t, member, SEND, { c: null, p: 'caio', t: 'One more' })).toBe(
      'AI_TOKEN_BUDGET_EXCEEDED',
    );
    // Another company is not affected.
    expect((await ask(t, otherMember, 'Hello')).events.at(-1)?.kind).toBe('done');
  });
});

const IMPROVE = 'mutation($k: String!, $t: String!) { improveText(kind: $k, text: $t) }';

describe('the text helper (Improve text)', () => {
  it("returns the model's clearer version in the user's language, and saves nothing", async () => {
    await t.server.services.database.db
      .update(users)
      .set({ localeId: 'pt-BR' })
      .where(eq(users.id, otherMember.id));
    ai.queue.push({
      text: [
        'Vazamento no teto do banheiro do apto 302 (nível 3). ',
        'Responsável: [quem?]. Prazo: [até quando?]',
      ],
    });
    const answer = await call<{ improveText: string }>(t, otherMember, IMPROVE, {
      k: 'issueDescription',
      t: 'vazando no 302',
    });
    expect(answer.improveText).toBe(
      'Vazamento no teto do banheiro do apto 302 (nível 3). Responsável: [quem?]. Prazo: [até quando?]',
    );
    const sent = ai.received.at(-1);
    expect(sent?.messages[0]?.content).toContain('Brazilian Portuguese');
    expect(sent?.messages[0]?.content).toContain('by when');
    expect(sent?.messages[1]?.content).toBe('vazando no 302');
    expect(sent?.tools ?? []).toEqual([]);
  });

  it('refuses blank and flagged texts, users without the assistant, and says Oops on a provider error', async () => {
    expect(await codeOf(t, otherMember, IMPROVE, { k: 'comment', t: '   ' })).toBe(
      'CONTENT_MUST_BE_NON_EMPTY_STRING',
    );
    expect(await codeOf(t, otherMember, IMPROVE, { k: 'comment', t: 'FLAG-ME please' })).toBe(
      'MESSAGE_NOT_COMPLIANT',
    );
    expect(await codeOf(t, otherMember, IMPROVE, { k: 'title', t: 'x' })).toBe('BAD_USER_INPUT');
    expect(await codeOf(t, admin, IMPROVE, { k: 'comment', t: 'fix it' })).toBe('FORBIDDEN');
    ai.queue.push({ status: 500 });
    expect(await codeOf(t, otherMember, IMPROVE, { k: 'comment', t: 'fix it' })).toBe(
      'AI_TROUBLE_RESPONDING',
    );
  });
});
