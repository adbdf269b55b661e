import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { buildCompanyWithAdmin, type TestUser } from '../support/factories.ts';
import { call } from '../projects/project-test-kit.ts';
import { writeTinyGguf } from '../support/tiny-gguf.ts';
import { embeddedModelProvider } from '../../src/modules/ai/embedded-model-provider.ts';
import { ask, enableAssistant, MESSAGES } from './ai-test-kit.ts';

// The embedded model (AI_MODEL_PATH) beyond the conversations of ai-conversation-providers.test.ts: a file that is
// not a model, found on first use, and the embeddings.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'obra-embedded-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('a model file that cannot be loaded', () => {
  const file = path.join(dir, 'broken.gguf');
  let t: TestServer;
  let user: TestUser;

  beforeAll(async () => {
    // It starts like a GGUF file (so the server starts), and is not one.
    fs.writeFileSync(file, Buffer.concat([Buffer.from('GGUF'), Buffer.alloc(60, 0xab)]));
    t = await startTestServer({ AI_MODEL_PATH: file, AI_CONTEXT_TOKENS: '16384' });
    ({ admin: user } = await buildCompanyWithAdmin(t));
    await enableAssistant(t, user);
  });
  afterAll(async () => t?.close());

  it("answers the catalogue's Oops, keeps the question and the server, and loads the file once it is put right", async () => {
    const failed = await ask(t, user, 'Bom dia');
    expect(failed.events.at(-1)).toMatchObject({ kind: 'error', code: 'AI_TROUBLE_RESPONDING' });
    // The process lives on: the API answers, the question is kept.
    const kept = await call<{ aiConversationMessages: { content: string }[] }>(t, user, MESSAGES, {
      c: failed.conversationId,
    });
    expect(kept.aiConversationMessages.map((m) => m.content)).toEqual(['Bom dia']);
    const again = await ask(t, user, 'Olá?', failed.conversationId);
    expect(again.events.at(-1)).toMatchObject({ kind: 'error', code: 'AI_TROUBLE_RESPONDING' });
    // A failed load is tried again on the next question: the file put right answers without a restart.
    writeTinyGguf(file, { answer: ['Agora', ' sim', '.'] });
    const answered = await ask(t, user, 'E agora?', failed.conversationId);
    expect(answered.events.at(-1)).toMatchObject({ kind: 'done', text: 'Agora sim.' });
  });
});

describe('embeddings of the embedded model', () => {
  it('gives one vector a text, the same for the same text, and refuses without an embedding model', async () => {
    const file = path.join(dir, 'embed.gguf');
    writeTinyGguf(file, { answer: ['a', 'b'] });
    const settings = { kind: 'embedded' as const, modelPath: file, model: 'embed.gguf', threads: 1 };
    const provider = embeddedModelProvider({ ...settings, embeddingModel: file }, 2048);
    const [first, second, third] = await provider.embed(['porta corta-fogo', 'escada', 'porta corta-fogo']);
    expect(first?.length).toBe(64);
    expect(first?.every((x) => Number.isFinite(x))).toBe(true);
    expect(third).toEqual(first);
    expect(second?.length).toBe(64);
    const without = embeddedModelProvider({ ...settings, embeddingModel: undefined }, 2048);
    await expect(without.embed(['x'])).rejects.toThrow('AI_EMBEDDING_MODEL_PATH is not set');
    await expect(without.moderate('x')).rejects.toThrow('no moderation');
  });
});
