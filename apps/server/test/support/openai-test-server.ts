import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A tool call the scripted model makes: the function's name and its arguments (sent as JSON text). */
export interface ScriptedToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

/** One scripted answer: text streamed in the given pieces, or tool calls, or an HTTP error, or silence. */
export type ScriptedAnswer =
  | { text: string[] }
  | { toolCalls: ScriptedToolCall[] }
  | { status: number }
  /** Sends the headers and the first piece, then never finishes (time-outs and cancel). */
  | { hang: string };

/** A chat-completions request as received. */
export interface ReceivedChat {
  model: string;
  messages: { role: string; content?: string | null; tool_calls?: unknown[]; tool_call_id?: string }[];
  tools?: { function: { name: string } }[];
  stream?: boolean;
}

/**
 * A real local HTTP server speaking the OpenAI chat-completions (streamed as server-sent events, with tool calls)
 * embeddings and moderations protocol, answering from a script: `answer` decides each chat answer from the request (default:
 * the next of `queue`, else an echo of the last user message).
 */
export interface OpenAiTestServer {
  readonly url: string;
  readonly received: ReceivedChat[];
  /** Answers used in order before `answer` is asked. */
  readonly queue: ScriptedAnswer[];
  answer: ((request: ReceivedChat) => ScriptedAnswer) | undefined;
  /** The embedding of a text (default: a stable 8-number vector of its characters). */
  embed: (text: string) => number[];
  /** The texts the embeddings endpoint was asked about. */
  readonly embedded: string[];
  /** The texts the moderation endpoint was asked about. */
  readonly moderated: string[];
  /** Whether the moderation endpoint flags a text (default: it contains "FLAG-ME"). */
  flags: (text: string) => boolean;
  close(): Promise<void>;
}

function sse(res: http.ServerResponse, data: unknown): void {
  res.write(`data: ${JSON.stringify(data)}\n\n`);
}

function chunk(model: string, delta: Record<string, unknown>, finish: string | null = null) {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  };
}

/** A stable fake embedding of a text (so tests may compare). */
function embeddingOf(text: string): number[] {
  const v = new Array<number>(8).fill(0);
  for (let i = 0; i < text.length; i++) v[i % 8] = (v[i % 8] ?? 0) + text.charCodeAt(i) / 1000;
  return v;
}

export async function startOpenAiTestServer(port = 0): Promise<OpenAiTestServer> {
  const received: ReceivedChat[] = [];
  const queue: ScriptedAnswer[] = [];
  const hanging = new Set<http.ServerResponse>();
  const self: OpenAiTestServer = {
    url: '',
    received,
    queue,
    answer: undefined,
    moderated: [],
    embed: embeddingOf,
    embedded: [],
    flags: (text) => text.includes('FLAG-ME'),
    close: async () => undefined,
  };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const json = body ? (JSON.parse(body) as Record<string, unknown>) : {};
      if (req.method === 'POST' && req.url?.endsWith('/embeddings')) {
        const input = json['input'];
        const texts = Array.isArray(input) ? (input as string[]) : [String(input)];
        self.embedded.push(...texts);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            object: 'list',
            model: json['model'],
            data: texts.map((t, index) => ({ object: 'embedding', index, embedding: self.embed(t) })),
            usage: { prompt_tokens: 1, total_tokens: 1 },
          }),
        );
        return;
      }
      if (req.method === 'POST' && req.url?.endsWith('/moderations')) {
        const input = json['input'];
        const texts = Array.isArray(input) ? (input as string[]) : [String(input)];
        self.moderated.push(...texts);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'modr-test',
            model: json['model'] ?? 'omni-moderation-latest',
            results: texts.map((t) => ({
              flagged: self.flags(t),
              categories: { harassment: self.flags(t) },
              category_scores: { harassment: self.flags(t) ? 0.99 : 0.01 },
            })),
          }),
        );
        return;
      }
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      const request = json as unknown as ReceivedChat;
      received.push(request);
      const lastUser = [...request.messages].reverse().find((m) => m.role === 'user');
      const scripted = queue.shift() ??
        self.answer?.(request) ?? { text: [`Echo: ${lastUser?.content ?? ''}`] };
      if ('status' in scripted) {
        res.writeHead(scripted.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'scripted failure', type: 'server_error' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const model = request.model;
      sse(res, chunk(model, { role: 'assistant', content: '' }));
      if ('hang' in scripted) {
        sse(res, chunk(model, { content: scripted.hang }));
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      if ('toolCalls' in scripted) {
        scripted.toolCalls.forEach((call, index) => {
          const text = JSON.stringify(call.arguments);
          const half = Math.floor(text.length / 2);
          // Arguments in two pieces, as real servers stream them.
          sse(
            res,
            chunk(model, {
              tool_calls: [
                {
                  index,
                  id: `call_${received.length}_${index}`,
                  type: 'function',
                  function: { name: call.name, arguments: text.slice(0, half) },
                },
              ],
            }),
          );
          sse(res, chunk(model, { tool_calls: [{ index, function: { arguments: text.slice(half) } }] }));
        });
        sse(res, chunk(model, {}, 'tool_calls'));
      } else {
        for (const piece of scripted.text) sse(res, chunk(model, { content: piece }));
        sse(res, chunk(model, {}, 'stop'));
      }
      res.write('data: [DONE]\n\n');
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  Object.assign(self, {
    url: `http://127.0.0.1:${address.port}/v1`,
    close: async () => {
      for (const res of hanging) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
  return self;
}
