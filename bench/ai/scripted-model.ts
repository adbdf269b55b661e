// The model of the Smart Docs and assistant bench, in a process of its own (as a real model server would be, so that
// its work does not share the server's event loop): the tests' scripted OpenAI-protocol server
// (apps/server/test/support/openai-test-server.ts) behind a proxy that records each request's span, from its arrival
// to the end of its response. Started by smart-docs-bench.ts with fork(); it sends `{ url }` once listening, and
// answers each `'spans'` message with the spans (ms) of the requests finished since the last one.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  startOpenAiTestServer,
  type ReceivedChat,
} from '../../apps/server/test/support/openai-test-server.ts';

/** A user message starting with this mark (and a project id: `[tool:12] …`) is answered by a tool call. */
export const TOOL_MARK = '[tool:';

/** An answer of some 60 words, streamed a word a piece, as a model streams it. */
const ANSWER_PIECES = (
  'The late items for the electrical partner on level 3 are the cable tray clash and the riser shaft ' +
  'penetrations; the MEP contractor owes an answer on both by Friday, and the fire protection installer is ' +
  'waiting for the revised sprinkler drawings before closing the ceiling of the corridor and the lobby.'
).split(/(?<= )/);

const ai = await startOpenAiTestServer();
ai.answer = (request: ReceivedChat) => {
  const last = request.messages[request.messages.length - 1];
  const content = last?.role === 'user' ? (last.content ?? '') : '';
  if (content.startsWith(TOOL_MARK))
    return {
      toolCalls: [
        {
          name: 'search_issues',
          arguments: { projectId: Number(content.slice(TOOL_MARK.length).split(']')[0]), text: 'fachada' },
        },
      ],
    };
  return { text: ANSWER_PIECES };
};

const upstream = new URL(ai.url);
let spans: number[] = [];
const proxy = http.createServer((req, res) => {
  const arrived = performance.now();
  res.on('finish', () => spans.push(performance.now() - arrived));
  const forward = http.request(
    { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  forward.on('error', () => res.destroy());
  req.pipe(forward);
});
await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
process.on('message', (message) => {
  if (message !== 'spans') return;
  process.send?.({ spans });
  spans = [];
});
process.on('disconnect', () => {
  proxy.close();
  void ai.close();
});
process.send?.({ url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/v1` });
