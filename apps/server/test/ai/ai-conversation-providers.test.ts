import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { buildCompanyWithAdmin, type TestUser } from '../support/factories.ts';
import { subscribeAs } from '../issues/subscription-test-kit.ts';
import { startOpenAiTestServer, type OpenAiTestServer } from '../support/openai-test-server.ts';
import { writeTinyGguf } from '../support/tiny-gguf.ts';
import { call, createProject } from '../projects/project-test-kit.ts';
import { AI_TOOLS } from '../../src/modules/ai/ai-tools.ts';
import { ANSWER, enableAssistant, MESSAGES, SEND, type AnswerEvent } from './ai-test-kit.ts';

// The same conversations against every provider (issue 31, "Done when"): an OpenAI-compatible endpoint (the scripted
// local server), the embedded model on a tiny GGUF model the test writes (node-llama-cpp in the worker thread, for
// real), and, when AI_MODEL_PATH names a GGUF file, the embedded model on that real model. A real model's words are
// its own: its cases check the behaviour (streamed, stored, cancelled, answered in the conversation), not the text.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'obra-ai-providers-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

interface ProviderCase {
  name: string;
  /** Generous for a real model on a loaded 2-core machine. */
  answerTimeoutMs: number;
  /** The server's settings (started once for the case). */
  env(): Promise<Record<string, string>>;
  /** Settings of a server whose model answers at length (for cancel); undefined: the same server. */
  longEnv?: () => Promise<Record<string, string>>;
  /** Called before a greeting is asked. */
  beforeGreeting?(): void;
  /** Called before a question with a long answer is asked. */
  beforeLong?(): void;
  /** The text asked for a long answer. */
  longQuestion: string;
  /** Settings of a server whose model calls a tool (list_projects), then answers; undefined: the same server. */
  toolEnv?: () => Promise<Record<string, string>>;
  /** Called before the question that calls a tool. */
  beforeTool?(): void;
  toolQuestion: string;
  /** Checks the tools used (in order) and the answer. */
  expectTool(tools: string[], answer: string): void;
  /** Checks the answer to a greeting. */
  expectGreeting(answer: string): void;
  /** Checks what was kept of a cancelled answer. */
  expectCancelled(kept: string): void;
  close?(): Promise<void>;
}

let endpoint: OpenAiTestServer | undefined;

const TINY_ANSWER = ['Olá', ',', ' sou', ' o', ' modelo', ' embutido', '.'];
const TINY_LOOP = ['la', ' li', ' lu', ' '];
/**
 * After the chat template's "assistant\n" (the end of the prompt), node-llama-cpp's default call syntax: its prefix,
 * a space, a tool's name ended by a new line (the name is then held to the tools' names by a grammar); after a new
 * line (the end of the call's result, in the next round), the answer.
 */
const TINY_TOOL = {
  tokens: ['as', 'ass', 'assi', 'assis', 'assist', 'assista', 'assistan', 'assistant', 'assistant\n'],
  scripts: [
    {
      after: 'assistant\n',
      say: ['||call:', ' ', 'list_projects', '\n', 'Tenho', ' um', ' projeto.'],
      end: 'stop' as const,
    },
  ],
};
const KNOWN_TOOLS = AI_TOOLS.map((tool) => tool.name);

const cases: ProviderCase[] = [
  {
    name: 'an OpenAI-compatible endpoint (scripted local server)',
    answerTimeoutMs: 15_000,
    async env() {
      endpoint = await startOpenAiTestServer();
      return { AI_BASE_URL: endpoint.url, AI_MODEL: 'scripted-model' };
    },
    beforeGreeting: () => endpoint?.queue.push({ text: ['Bom ', 'dia', '!'] }),
    beforeLong: () => endpoint?.queue.push({ hang: 'Estou a ver' }),
    longQuestion: 'Resuma tudo',
    beforeTool: () =>
      endpoint?.queue.push(
        { toolCalls: [{ name: 'list_projects', arguments: {} }] },
        { text: ['Tenho um projeto.'] },
      ),
    toolQuestion: 'Quais são os meus projetos?',
    expectTool: (tools, answer) => {
      expect(tools).toEqual(['list_projects']);
      expect(answer).toBe('Tenho um projeto.');
      // The model's second request carried the call and its result.
      const second = endpoint?.received.at(-1);
      expect(second?.messages.some((m) => m.role === 'tool' && m.content?.includes('Torre'))).toBe(true);
    },
    expectGreeting: (answer) => expect(answer).toBe('Bom dia!'),
    expectCancelled: (kept) => expect(kept).toBe('Estou a ver'),
    close: async () => endpoint?.close(),
  },
  {
    name: 'the embedded model (a tiny GGUF model written by the test)',
    answerTimeoutMs: 30_000,
    async env() {
      const file = path.join(dir, 'tiny.gguf');
      writeTinyGguf(file, { answer: TINY_ANSWER });
      return { AI_MODEL_PATH: file };
    },
    async longEnv() {
      const file = path.join(dir, 'tiny-loop.gguf');
      writeTinyGguf(file, { answer: TINY_LOOP, loop: true });
      return { AI_MODEL_PATH: file };
    },
    longQuestion: 'Resuma tudo',
    async toolEnv() {
      const file = path.join(dir, 'tiny-tool.gguf');
      writeTinyGguf(file, TINY_TOOL);
      return { AI_MODEL_PATH: file };
    },
    toolQuestion: 'Quais são os meus projetos?',
    // node-llama-cpp's function calling for real: the call's prefix, its name under the grammar, the call returned
    // as a tool call, the tool run as the user, its result in the next round's context, then the answer.
    expectTool: (tools, answer) => {
      expect(tools).toEqual(['list_projects']);
      expect(answer).toBe('Tenho um projeto.');
    },
    expectGreeting: (answer) => expect(answer).toBe(TINY_ANSWER.join('')),
    // Whole rounds of the loop, then part of one: the start of the endless answer.
    expectCancelled: (kept) => {
      expect(kept.length).toBeGreaterThan(0);
      expect(
        TINY_LOOP.join('')
          .repeat(Math.ceil(kept.length / 8) + 1)
          .startsWith(kept),
      ).toBe(true);
    },
  },
];

const realModel = process.env.AI_MODEL_PATH;
if (realModel)
  cases.push({
    name: `the embedded model (${path.basename(realModel)} of AI_MODEL_PATH)`,
    answerTimeoutMs: 600_000,
    env: () =>
      Promise.resolve({
        AI_MODEL_PATH: realModel,
        ...(process.env.AI_CONTEXT_TOKENS ? {} : { AI_CONTEXT_TOKENS: '8192' }),
        AI_TIMEOUT_MS: '600000',
      }),
    longQuestion: 'Count from 1 to 300, writing each number in words on its own line.',
    toolQuestion:
      'Which projects do I have? Call the list_projects tool to find out, then tell me their names.',
    // A real model decides whether to call: any call is one of the tools, and the answer completes.
    expectTool: (tools, answer) => {
      expect(tools.every((name) => KNOWN_TOOLS.includes(name))).toBe(true);
      expect(answer.trim().length).toBeGreaterThan(0);
    },
    expectGreeting: (answer) => expect(answer.trim().length).toBeGreaterThan(0),
    expectCancelled: (kept) => expect(kept.trim().length).toBeGreaterThan(0),
  });
else
  process.stdout.write(
    'ai-conversation-providers: the conversations on a real embedded model were not run: AI_MODEL_PATH is not set ' +
      '(set it to a GGUF file to run them; the endpoint and the tiny test model ran)\n',
  );

/** Asks a question and collects the streamed answer until done or error. */
async function ask(t: TestServer, user: TestUser, text: string, timeoutMs: number, conversationId?: number) {
  const sent = await call<{ sendAiMessage: { conversation: { id: number }; message: { id: number } } }>(
    t,
    user,
    SEND,
    { c: conversationId ?? null, p: 'caio', t: text },
  );
  const live = await subscribeAs<AnswerEvent>(
    t,
    user,
    ANSWER,
    { m: sent.sendAiMessage.message.id },
    'aiAnswer',
  );
  try {
    await live.waitFor((e) => e.kind === 'done' || e.kind === 'error', timeoutMs);
  } finally {
    await live.close();
  }
  return { conversationId: sent.sendAiMessage.conversation.id, events: [...live.events] };
}

async function messagesOf(t: TestServer, user: TestUser, conversationId: number) {
  const answer = await call<{ aiConversationMessages: { role: string; content: string }[] }>(
    t,
    user,
    MESSAGES,
    {
      c: conversationId,
    },
  );
  return answer.aiConversationMessages.map((m) => [m.role, m.content]);
}

async function assistantUser(t: TestServer): Promise<TestUser> {
  const { admin } = await buildCompanyWithAdmin(t);
  await enableAssistant(t, admin);
  return admin;
}

describe.each(cases)('conversations with $name', (provider) => {
  let t: TestServer;
  let user: TestUser;

  beforeAll(async () => {
    t = await startTestServer({
      AI_TIMEOUT_MS: '60000',
      AI_CONTEXT_TOKENS: '16384',
      AI_MESSAGES_PER_MINUTE: '100',
      ...(await provider.env()),
    });
    user = await assistantUser(t);
  });
  afterAll(async () => {
    await t?.close();
    await provider.close?.();
  });

  it('streams an answer piece by piece, keeps it, and answers a follow-up in the same conversation', async () => {
    const status = await call<{ aiStatus: { configured: boolean; available: boolean } }>(
      t,
      user,
      'query { aiStatus { configured available } }',
    );
    expect(status.aiStatus).toEqual({ configured: true, available: true });
    provider.beforeGreeting?.();
    const first = await ask(t, user, 'Bom dia', provider.answerTimeoutMs);
    const done = first.events.at(-1);
    expect(done?.kind).toBe('done');
    const pieces = first.events.filter((e) => e.kind === 'token').map((e) => e.text ?? '');
    expect(pieces.length).toBeGreaterThan(0);
    expect(pieces.join('')).toBe(done?.text);
    provider.expectGreeting(done?.text ?? '');
    provider.beforeGreeting?.();
    const second = await ask(t, user, 'E amanhã?', provider.answerTimeoutMs, first.conversationId);
    expect(second.events.at(-1)?.kind).toBe('done');
    provider.expectGreeting(second.events.at(-1)?.text ?? '');
    expect(await messagesOf(t, user, first.conversationId)).toEqual([
      ['user', 'Bom dia'],
      ['assistant', done?.text],
      ['user', 'E amanhã?'],
      ['assistant', second.events.at(-1)?.text],
    ]);
  });

  it('runs a tool the model calls as the user, and answers with its result in the context', async () => {
    const server = provider.toolEnv ? await startTestServer(await provider.toolEnv()) : t;
    try {
      const asker = server === t ? user : await assistantUser(server);
      await createProject(server, asker, 'Torre Aurora');
      provider.beforeTool?.();
      const answer = await ask(server, asker, provider.toolQuestion, provider.answerTimeoutMs);
      const done = answer.events.at(-1);
      expect(done?.kind).toBe('done');
      const tools = answer.events.filter((e) => e.kind === 'tool').map((e) => e.text ?? '');
      provider.expectTool(tools, done?.text ?? '');
    } finally {
      if (server !== t) await server.close();
    }
  });

  it('stops the model when the user cancels, keeping what was said', async () => {
    const long = provider.longEnv ? await startTestServer(await provider.longEnv()) : t;
    try {
      const asker = long === t ? user : await assistantUser(long);
      provider.beforeLong?.();
      const sent = await call<{ sendAiMessage: { conversation: { id: number }; message: { id: number } } }>(
        long,
        asker,
        SEND,
        { p: 'ana', t: provider.longQuestion },
      );
      const live = await subscribeAs<AnswerEvent>(
        long,
        asker,
        ANSWER,
        { m: sent.sendAiMessage.message.id },
        'aiAnswer',
      );
      await live.waitFor((e) => e.kind === 'token', provider.answerTimeoutMs);
      await live.close();
      const c = sent.sendAiMessage.conversation.id;
      let kept: string[][] = [];
      for (let i = 0; i < 100 && kept.length < 2; i++) {
        kept = await messagesOf(long, asker, c);
        if (kept.length < 2) await new Promise((r) => setTimeout(r, 100));
      }
      expect(kept[0]).toEqual(['user', provider.longQuestion]);
      expect(kept[1]?.[0]).toBe('assistant');
      provider.expectCancelled(kept[1]?.[1] ?? '');
    } finally {
      if (long !== t) await long.close();
    }
  });
});
