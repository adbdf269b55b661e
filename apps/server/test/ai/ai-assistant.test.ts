import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { buildCompanyWithAdmin, buildUser } from '../support/factories.ts';
import { call, codeOf } from '../projects/project-test-kit.ts';
import { buildIssueWorld, createIssueAs, draft, type IssueWorld } from '../issues/issue-test-kit.ts';
import { subscribeAs } from '../issues/subscription-test-kit.ts';
import { startOpenAiTestServer, type OpenAiTestServer } from '../support/openai-test-server.ts';
import { aiStatus } from '../../src/modules/ai/ai-chat-service.ts';
import { ANSWER, ask, enableAssistant, MESSAGES, SEND, type AnswerEvent } from './ai-test-kit.ts';

let ai: OpenAiTestServer;
let t: TestServer;
let w: IssueWorld;
let issueId: number;

beforeAll(async () => {
  ai = await startOpenAiTestServer();
  t = await startTestServer({
    AI_BASE_URL: ai.url,
    AI_MODEL: 'scripted-model',
    AI_TIMEOUT_MS: '1500',
    AI_CONTEXT_TOKENS: '1024',
    AI_MESSAGES_PER_MINUTE: '12',
  });
  w = await buildIssueWorld(t);
  issueId = await createIssueAs(
    t,
    w.creator,
    draft(w, { title: 'Viga V12 atrasada', deadline: '2020-01-10' }),
  );
  await enableAssistant(t, w.creator);
});
afterAll(async () => {
  await t?.close();
  await ai?.close();
});

const STATUS = 'query { aiStatus { configured available canManage } }';

describe('access', () => {
  it('lets a company admin turn the assistant on and off for a member; others may not', async () => {
    const { admin, companyId } = await buildCompanyWithAdmin(t);
    const member = await buildUser(t, { companyId });
    const set = `mutation($u: Int!, $e: Boolean!) { setCompanyMemberAiAssistant(userId: $u, enabled: $e) { id hasAiAssistant } }`;
    expect(await codeOf(t, member, set, { u: member.id, e: true })).toBe('FORBIDDEN');
    expect(await codeOf(t, admin, set, { u: w.creator.id, e: false })).toBe('NOT_FOUND');
    const status = async () => (await call<{ aiStatus: { available: boolean } }>(t, member, STATUS)).aiStatus;
    expect((await status()).available).toBe(false);
    const on = await call<{ setCompanyMemberAiAssistant: { hasAiAssistant: boolean } }>(t, admin, set, {
      u: member.id,
      e: true,
    });
    expect(on.setCompanyMemberAiAssistant.hasAiAssistant).toBe(true);
    expect((await status()).available).toBe(true);
    const members = await call<{ companyMembers: { id: number; hasAiAssistant: boolean }[] }>(
      t,
      admin,
      'query { companyMembers { id hasAiAssistant } }',
    );
    expect(members.companyMembers.find((m) => m.id === member.id)?.hasAiAssistant).toBe(true);
    // The disclaimer comes first, then the assistant answers.
    expect(await codeOf(t, member, SEND, { p: 'ana', t: 'Olá' })).toBe('AI_DISCLAIMER_NOT_ACCEPTED');
    await call(t, member, 'mutation { acceptAiDisclaimer { id } }');
    expect(await codeOf(t, member, SEND, { p: 'ana', t: 'Olá' })).toBeUndefined();
    // A platform admin may do it in any company; a company admin naming another company acts in their own.
    const platform = await buildUser(t, { isAdmin: true });
    const setIn = `mutation($c: Int, $u: Int!, $e: Boolean!) { setCompanyMemberAiAssistant(companyId: $c, userId: $u, enabled: $e) { hasAiAssistant } }`;
    const other = await buildCompanyWithAdmin(t);
    expect(await codeOf(t, other.admin, setIn, { c: companyId, u: member.id, e: false })).toBe('NOT_FOUND');
    expect(await codeOf(t, platform, setIn, { c: companyId, u: member.id, e: true })).toBeUndefined();
    await call(t, admin, set, { u: member.id, e: false });
    expect(await codeOf(t, member, 'query { aiConversations { id } }')).toBe('FORBIDDEN');
  });

  it('says a model is missing only through the status (admins may manage it), and refuses the chat', () => {
    const services = {
      ...t.server.services,
      config: { ...t.config, ai: { ...t.config.ai, provider: undefined } },
    };
    const admin = { account: { isAdmin: false, companyRole: 'admin', hasAiAssistant: true } };
    expect(aiStatus(services, admin as never)).toEqual({
      configured: false,
      available: false,
      canManage: true,
    });
    const member = { account: { isAdmin: false, companyRole: 'collaborator', hasAiAssistant: true } };
    expect(aiStatus(services, member as never)).toEqual({
      configured: false,
      available: false,
      canManage: false,
    });
  });
});

describe('conversations', () => {
  it('streams an answer token by token and keeps the conversation, which may be renamed and deleted', async () => {
    ai.queue.push({ text: ['Bom ', 'dia', '!'] });
    const answer = await ask(t, w.creator, 'Bom dia');
    expect(answer.events.filter((e) => e.kind === 'token').map((e) => e.text)).toEqual(['Bom ', 'dia', '!']);
    expect(answer.events.at(-1)).toMatchObject({ kind: 'done', text: 'Bom dia!' });
    expect(ai.received.at(-1)?.stream).toBe(true);
    expect(ai.received.at(-1)?.messages[0]?.content).toContain('Caio');
    const messages = await call<{ aiConversationMessages: { role: string; content: string }[] }>(
      t,
      w.creator,
      MESSAGES,
      { c: answer.conversationId },
    );
    expect(messages.aiConversationMessages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'Bom dia'],
      ['assistant', 'Bom dia!'],
    ]);
    const renamed = await call<{ renameAiConversation: { title: string } }>(
      t,
      w.creator,
      'mutation($c: Int!) { renameAiConversation(conversationId: $c, title: " Atrasos ") { title } }',
      { c: answer.conversationId },
    );
    expect(renamed.renameAiConversation.title).toBe('Atrasos');
    // Another user's conversation does not exist for them.
    await enableAssistant(t, w.coordinator);
    expect(await codeOf(t, w.coordinator, MESSAGES, { c: answer.conversationId })).toBe('NOT_FOUND');
    await call(t, w.creator, 'mutation($c: Int!) { deleteAiConversation(conversationId: $c) }', {
      c: answer.conversationId,
    });
    const list = await call<{ aiConversations: { id: number }[] }>(
      t,
      w.creator,
      'query { aiConversations { id } }',
    );
    expect(list.aiConversations.map((c) => c.id)).not.toContain(answer.conversationId);
  });

  it('runs a tool call as the user and answers with a link to the issue', async () => {
    ai.queue.push({ toolCalls: [{ name: 'search_issues', arguments: { filter: 'all', text: 'Viga V12' } }] });
    ai.answer = (request) => {
      const tool = request.messages.find((m) => m.role === 'tool');
      const found = JSON.parse(tool?.content ?? '{}') as { issues?: { code: string; link: string }[] };
      const first = found.issues?.[0];
      return { text: [first ? `Atrasada: [${first.code}](${first.link})` : 'Nada'] };
    };
    try {
      const answer = await ask(t, w.creator, 'O que está atrasado?');
      expect(answer.events.some((e) => e.kind === 'tool' && e.text === 'search_issues')).toBe(true);
      const done = answer.events.at(-1);
      expect(done?.kind).toBe('done');
      expect(done?.text).toContain(`(/workspace/project/${w.projectId}/issues/${issueId})`);
      const second = ai.received.at(-1);
      expect(second?.tools?.map((x) => x.function.name)).toContain('read_issue');
      expect(second?.messages.some((m) => m.role === 'assistant' && (m.tool_calls?.length ?? 0) > 0)).toBe(
        true,
      );
    } finally {
      ai.answer = undefined;
    }
  });

  it('drafts a comment that is posted only when the user confirms it, and logs it on the issue', async () => {
    ai.queue.push(
      {
        toolCalls: [
          {
            name: 'draft_comment',
            arguments: { projectId: w.projectId, issueId, message: 'Favor reenviar o projeto.' },
          },
        ],
      },
      { text: ['Preparei um comentário para você confirmar.'] },
    );
    const answer = await ask(t, w.creator, 'Peça o projeto revisado');
    const draft = answer.events.find((e) => e.kind === 'draft')?.draft;
    expect(draft).toMatchObject({ projectId: w.projectId, issueId, message: 'Favor reenviar o projeto.' });
    const comments = async () =>
      (
        await call<{ issue: { aiAssistantLogs: unknown } }>(
          t,
          w.creator,
          'query($p: Int!, $i: Int!) { issue(projectId: $p, issueId: $i) { aiAssistantLogs } }',
          { p: w.projectId, i: issueId },
        )
      ).issue.aiAssistantLogs;
    expect(await comments()).toBeNull();
    const confirm = `mutation($c: Int!, $p: Int!, $i: Int!, $m: String!) {
      confirmAiCommentDraft(conversationId: $c, projectId: $p, issueId: $i, message: $m) { id message } }`;
    const posted = await call<{ confirmAiCommentDraft: { id: number; message: string } }>(
      t,
      w.creator,
      confirm,
      {
        c: answer.conversationId,
        p: w.projectId,
        i: issueId,
        m: 'Favor reenviar o projeto revisado.',
      },
    );
    expect(posted.confirmAiCommentDraft.message).toBe('Favor reenviar o projeto revisado.');
    expect(await comments()).toEqual([
      expect.objectContaining({
        kind: 'comment',
        commentId: posted.confirmAiCommentDraft.id,
        conversationId: answer.conversationId,
        persona: 'caio',
      }),
    ]);
    // Another user's conversation cannot carry a confirmation.
    expect(
      await codeOf(t, w.coordinator, confirm, {
        c: answer.conversationId,
        p: w.projectId,
        i: issueId,
        m: 'x',
      }),
    ).toBe('NOT_FOUND');
  });

  it('refuses a blank message and one that no longer fits the window', async () => {
    expect(await codeOf(t, w.creator, SEND, { p: 'caio', t: '  \n ' })).toBe(
      'CONTENT_MUST_BE_NON_EMPTY_STRING',
    );
    expect(await codeOf(t, w.creator, SEND, { p: 'caio', t: 'x'.repeat(4000) })).toBe('CHAT_TOO_LONG');
  });

  it("answers a provider error or time-out with the catalogue's Oops and keeps the user's text", async () => {
    ai.queue.push({ status: 500 });
    const failed = await ask(t, w.creator, 'Quantas pendências?');
    expect(failed.events.at(-1)).toMatchObject({ kind: 'error', code: 'AI_TROUBLE_RESPONDING' });
    ai.queue.push({ hang: 'Um momento' });
    const slow = await ask(t, w.creator, 'E agora?', failed.conversationId);
    expect(slow.events.at(-1)).toMatchObject({ kind: 'error', code: 'AI_TROUBLE_RESPONDING' });
    const messages = await call<{ aiConversationMessages: { role: string; content: string }[] }>(
      t,
      w.creator,
      MESSAGES,
      { c: failed.conversationId },
    );
    expect(messages.aiConversationMessages.map((m) => m.content)).toEqual([
      'Quantas pendências?',
      'E agora?',
    ]);
  });

  it('stops the model when the user cancels, keeping what was said', async () => {
    ai.queue.push({ hang: 'Estou a ver' });
    const sent = await call<{ sendAiMessage: { conversation: { id: number }; message: { id: number } } }>(
      t,
      w.creator,
      SEND,
      { p: 'ana', t: 'Resuma tudo' },
    );
    const live = await subscribeAs<AnswerEvent>(
      t,
      w.creator,
      ANSWER,
      { m: sent.sendAiMessage.message.id },
      'aiAnswer',
    );
    await live.waitFor((e) => e.kind === 'token');
    await live.close();
    const c = sent.sendAiMessage.conversation.id;
    let contents: string[] = [];
    for (let i = 0; i < 50 && contents.length < 2; i++) {
      const messages = await call<{ aiConversationMessages: { content: string }[] }>(t, w.creator, MESSAGES, {
        c,
      });
      contents = messages.aiConversationMessages.map((m) => m.content);
      if (contents.length < 2) await new Promise((r) => setTimeout(r, 100));
    }
    expect(contents).toEqual(['Resuma tudo', 'Estou a ver']);
  });

  it('limits the messages a user sends per minute', async () => {
    const { admin } = await buildCompanyWithAdmin(t);
    await enableAssistant(t, admin);
    const codes: (string | undefined)[] = [];
    for (let i = 0; i < 13; i++) codes.push(await codeOf(t, admin, SEND, { p: 'caio', t: `Pergunta ${i}` }));
    expect(codes.slice(0, 12).every((c) => c === undefined)).toBe(true);
    expect(codes[12]).toBe('TOO_MANY_REQUESTS');
  });
});
