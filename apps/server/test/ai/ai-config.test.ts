import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { writeTinyGguf } from '../support/tiny-gguf.ts';

// The AI settings checked at start (docs/ai.md "Settings"): an endpoint (AI_MODEL) or the embedded model
// (AI_MODEL_PATH), never both, and the embedded model's files there and GGUF files.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'obra-ai-config-'));
const model = path.join(dir, 'tiny.gguf');
writeTinyGguf(model, { answer: ['Olá'] });
const notGguf = path.join(dir, 'notes.txt');
fs.writeFileSync(notGguf, 'these are not weights');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.issues;
    throw error;
  }
  return [];
}

describe('the embedded model settings', () => {
  it('takes a GGUF file as the embedded model, named by its file, with a thread less than the cores', () => {
    const config = loadConfig({ AI_MODEL_PATH: model, AI_CONTEXT_TOKENS: '4096' });
    expect(config.ai.provider).toEqual({
      kind: 'embedded',
      modelPath: model,
      model: 'tiny.gguf',
      embeddingModel: undefined,
      threads: Math.max(1, os.availableParallelism() - 1),
    });
    expect(config.ai.contextTokens).toBe(4096);
    const withEmbeddings = loadConfig({
      AI_MODEL_PATH: path.relative(process.cwd(), model),
      AI_EMBEDDING_MODEL_PATH: model,
      AI_MODEL_THREADS: '2',
    }).ai.provider;
    expect(withEmbeddings).toMatchObject({ modelPath: model, embeddingModel: model, threads: 2 });
  });

  it('refuses at start a path with no file, a folder, and a file that is not GGUF, saying which', () => {
    const missing = path.join(dir, 'missing.gguf');
    expect(problemsOf({ AI_MODEL_PATH: missing })).toEqual([`AI_MODEL_PATH: no file at '${missing}'`]);
    expect(problemsOf({ AI_MODEL_PATH: dir })).toEqual([`AI_MODEL_PATH: '${dir}' is not a file`]);
    expect(problemsOf({ AI_MODEL_PATH: notGguf })).toEqual([
      `AI_MODEL_PATH: '${notGguf}' is not a GGUF file (it does not start with "GGUF")`,
    ]);
    expect(problemsOf({ AI_MODEL_PATH: model, AI_EMBEDDING_MODEL_PATH: missing })).toEqual([
      `AI_EMBEDDING_MODEL_PATH: no file at '${missing}'`,
    ]);
  });

  it('refuses both an endpoint model and the embedded model, and endpoint settings beside the embedded model', () => {
    expect(problemsOf({ AI_MODEL_PATH: model, AI_MODEL: 'gpt-4o-mini' })).toEqual([
      'AI_MODEL and AI_MODEL_PATH: choose one (AI_MODEL names the model of an OpenAI-compatible endpoint, AI_MODEL_PATH is a GGUF file run by Obra itself)',
    ]);
    expect(
      problemsOf({
        AI_MODEL_PATH: model,
        AI_BASE_URL: 'http://127.0.0.1:11434/v1',
        AI_EMBEDDING_MODEL: 'nomic-embed-text',
        AI_MODERATION: 'true',
      }),
    ).toEqual([
      'AI_BASE_URL, AI_EMBEDDING_MODEL, AI_MODERATION: settings of an OpenAI-compatible endpoint, not of the embedded model (AI_MODEL_PATH); its embeddings are AI_EMBEDDING_MODEL_PATH',
    ]);
  });

  it("refuses the embedded model's own settings without it, and leaves the endpoint as it was", () => {
    expect(problemsOf({ AI_EMBEDDING_MODEL_PATH: model })).toEqual([
      'AI_EMBEDDING_MODEL_PATH: a setting of the embedded model, which needs AI_MODEL_PATH',
    ]);
    expect(problemsOf({ AI_MODEL: 'm', AI_MODEL_THREADS: '1' })).toEqual([
      'AI_MODEL_THREADS: a setting of the embedded model, which needs AI_MODEL_PATH',
    ]);
    expect(loadConfig({ AI_MODEL: 'm', AI_BASE_URL: 'http://127.0.0.1:1/v1' }).ai.provider).toEqual({
      kind: 'endpoint',
      baseUrl: 'http://127.0.0.1:1/v1',
      apiKey: undefined,
      model: 'm',
      embeddingModel: undefined,
    });
    expect(loadConfig({}).ai.provider).toBeUndefined();
  });
});
