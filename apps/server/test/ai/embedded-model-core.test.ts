import { describe, expect, it } from 'vitest';
import {
  createEmbeddedModelHandler,
  toChatHistory,
  toFunctions,
  type EmbeddedAnswer,
  type EmbeddedEngine,
} from '../../src/modules/ai/embedded-model-core.mjs';
import type { AiToolSpec } from '../../src/modules/ai/ai-provider.ts';

// The embedded model's worker protocol (embedded-model-core.mjs) with a fake engine in place of node-llama-cpp: the
// conversation as node-llama-cpp's chat history, the tools as its functions, the answers streamed back in the shape
// the OpenAI-compatible provider yields, the order of requests, cancel and the failures.

const TOOLS: AiToolSpec[] = [
  {
    name: 'search_issues',
    description: 'Searches issues.',
    parameters: {
      type: 'object',
      properties: {
        text: { type: 'string', description: 'Words.', pattern: '^.+$' },
        status: { type: 'string', enum: ['active', 'resolved'] },
        limit: { type: 'integer', minimum: 1, maximum: 30 },
      },
      required: ['text', 'missing'],
      additionalProperties: false,
    },
  },
  { name: 'list_projects', description: 'Lists projects.', parameters: { type: 'object', properties: {} } },
];

describe('the conversation as a chat history', () => {
  it('keeps system and user messages and ends with a model response to continue', () => {
    expect(
      toChatHistory([
        { role: 'system', content: 'You are Caio.' },
        { role: 'user', content: 'Bom dia' },
        { role: 'assistant', content: 'Bom dia!' },
        { role: 'user', content: 'O que está atrasado?' },
      ]),
    ).toEqual([
      { type: 'system', text: 'You are Caio.' },
      { type: 'user', text: 'Bom dia' },
      { type: 'model', response: ['Bom dia!'] },
      { type: 'user', text: 'O que está atrasado?' },
      { type: 'model', response: [] },
    ]);
  });

  it('puts tool calls and their results (matched by id) into the answer being continued', () => {
    const history = toChatHistory([
      { role: 'user', content: 'Atrasos?' },
      {
        role: 'assistant',
        content: 'Vou ver.',
        toolCalls: [
          { id: 'a', name: 'search_issues', arguments: '{"text":"viga"}' },
          { id: 'b', name: 'list_projects', arguments: '' },
        ],
      },
      { role: 'tool', toolCallId: 'b', content: '{"projects":[]}' },
      { role: 'tool', toolCallId: 'a', content: 'not json' },
      { role: 'assistant', content: '', toolCalls: [{ id: 'c', name: 'list_projects', arguments: '{}' }] },
    ]);
    expect(history).toEqual([
      { type: 'user', text: 'Atrasos?' },
      {
        type: 'model',
        response: [
          'Vou ver.',
          { type: 'functionCall', name: 'search_issues', params: { text: 'viga' }, result: 'not json' },
          { type: 'functionCall', name: 'list_projects', params: {}, result: { projects: [] } },
          // A call whose result never came (an answer cut short) says so rather than leaving a hole.
          { type: 'functionCall', name: 'list_projects', params: {}, result: { error: 'no result' } },
        ],
      },
    ]);
  });
});

describe('the tools as functions', () => {
  it('keeps the shape a grammar can hold and leaves out the rest', () => {
    const functions = toFunctions(TOOLS);
    expect(functions).toEqual({
      search_issues: {
        description: 'Searches issues.',
        params: {
          type: 'object',
          properties: {
            text: { type: 'string', description: 'Words.' },
            status: { enum: ['active', 'resolved'] },
            limit: { type: 'integer' },
          },
          required: ['text'],
          additionalProperties: false,
        },
      },
      // No parameters: called as list_projects(), answered as {}.
      list_projects: { description: 'Lists projects.' },
    });
    expect(toFunctions([])).toBeUndefined();
  });
});

interface FakeRun {
  history: unknown[];
  functions: unknown;
  signal: AbortSignal;
  onTextChunk: (text: string) => void;
  finish: (result: { functionCalls?: { functionName: string; params: unknown }[] }) => void;
  fail: (error: Error) => void;
}

/** A fake engine whose answers the test gives by hand, and a record of what the worker posted. */
function harness(options: { loadFailures?: number } = {}) {
  const posted: EmbeddedAnswer[] = [];
  const runs: FakeRun[] = [];
  let loads = 0;
  let failures = options.loadFailures ?? 0;
  const waiters: (() => void)[] = [];
  const engine: EmbeddedEngine = {
    chat: (history, functions, { signal, onTextChunk }) =>
      new Promise((finish, fail) => {
        runs.push({ history, functions, signal, onTextChunk, finish, fail });
        waiters.splice(0).forEach((w) => w());
      }),
    embed: (texts) => Promise.resolve(texts.map((t) => [t.length, 1])),
  };
  const handler = createEmbeddedModelHandler({
    loadEngine: () => {
      loads++;
      if (failures > 0) {
        failures--;
        return Promise.reject(new Error('unknown model architecture'));
      }
      return Promise.resolve(engine);
    },
    post: (answer) => posted.push(answer),
  });
  const nextRun = async (n: number): Promise<FakeRun> => {
    while (runs.length < n) await new Promise<void>((r) => waiters.push(r));
    return runs[n - 1] as FakeRun;
  };
  return { handler, posted, runs, nextRun, loads: () => loads };
}

describe('the worker', () => {
  it('streams the pieces, then the tool calls in the OpenAI shape, then the end', async () => {
    const h = harness();
    const done = h.handler.handle({
      type: 'chat',
      id: 7,
      messages: [{ role: 'user', content: 'Atrasos?' }],
      tools: TOOLS,
    });
    const run = await h.nextRun(1);
    expect(run.history).toEqual([
      { type: 'user', text: 'Atrasos?' },
      { type: 'model', response: [] },
    ]);
    expect(Object.keys(run.functions as object)).toEqual(['search_issues', 'list_projects']);
    run.onTextChunk('Vou ');
    run.onTextChunk('');
    run.onTextChunk('ver.');
    run.finish({
      functionCalls: [
        { functionName: 'search_issues', params: { text: 'viga' } },
        { functionName: 'list_projects', params: undefined },
      ],
    });
    await done;
    expect(h.posted).toEqual([
      { id: 7, kind: 'text', text: 'Vou ' },
      { id: 7, kind: 'text', text: 'ver.' },
      {
        id: 7,
        kind: 'toolCalls',
        calls: [
          { id: 'call_7_0', name: 'search_issues', arguments: '{"text":"viga"}' },
          { id: 'call_7_1', name: 'list_projects', arguments: '{}' },
        ],
      },
      { id: 7, kind: 'end' },
    ]);
  });

  it('loads the model once, runs the requests one at a time in order, and answers embeddings', async () => {
    const h = harness();
    const first = h.handler.handle({ type: 'chat', id: 1, messages: [], tools: [] });
    const second = h.handler.handle({ type: 'chat', id: 2, messages: [], tools: [] });
    const third = h.handler.handle({ type: 'embed', id: 3, texts: ['abc', 'de'] });
    const run1 = await h.nextRun(1);
    // The second waits for the first: one context sequence, the CPU threads the operator gave.
    await new Promise((r) => setTimeout(r, 20));
    expect(h.runs).toHaveLength(1);
    run1.finish({});
    await first;
    (await h.nextRun(2)).finish({});
    await Promise.all([second, third]);
    expect(h.posted).toEqual([
      { id: 1, kind: 'end' },
      { id: 2, kind: 'end' },
      {
        id: 3,
        kind: 'embeddings',
        vectors: [
          [3, 1],
          [2, 1],
        ],
      },
    ]);
    expect(h.loads()).toBe(1);
  });

  it('stops a running request when it is aborted, and drops a waiting one without running it', async () => {
    const h = harness();
    const running = h.handler.handle({ type: 'chat', id: 1, messages: [], tools: TOOLS });
    const waiting = h.handler.handle({ type: 'chat', id: 2, messages: [], tools: [] });
    const run = await h.nextRun(1);
    run.onTextChunk('Estou a ');
    await h.handler.handle({ type: 'abort', id: 2 });
    await h.handler.handle({ type: 'abort', id: 1 });
    expect(run.signal.aborted).toBe(true);
    // node-llama-cpp returns what it had (stopOnAbortSignal); a piece after the abort is not sent, nor the calls.
    run.onTextChunk('ver');
    run.finish({ functionCalls: [{ functionName: 'list_projects', params: {} }] });
    await Promise.all([running, waiting]);
    expect(h.runs).toHaveLength(1);
    expect(h.posted).toEqual([
      { id: 1, kind: 'text', text: 'Estou a ' },
      { id: 1, kind: 'end' },
      { id: 2, kind: 'end' },
    ]);
  });

  it('says a load failure as such, tries the load again on the next request, and a run failure as a run failure', async () => {
    const h = harness({ loadFailures: 1 });
    await h.handler.handle({ type: 'chat', id: 1, messages: [], tools: [] });
    expect(h.posted).toEqual([
      { id: 1, kind: 'error', stage: 'load', message: 'unknown model architecture' },
    ]);
    const second = h.handler.handle({ type: 'chat', id: 2, messages: [], tools: [] });
    (await h.nextRun(1)).fail(new Error('context is full'));
    await second;
    expect(h.posted.at(-1)).toEqual({ id: 2, kind: 'error', stage: 'run', message: 'context is full' });
    expect(h.loads()).toBe(2);
  });
});
