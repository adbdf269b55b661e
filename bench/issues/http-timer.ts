// Times a GraphQL POST the way the server sees it: from a worker thread (its own event loop, so the client's
// work never runs on the server's), over node:http with one kept-alive connection, counting the answer's bytes
// without decoding them. What it measures is the server's time plus loopback transfer.
import { Worker } from 'node:worker_threads';
import type { TestServer } from '../../apps/server/test/support/test-server.ts';
import type { TestUser } from '../../apps/server/test/support/factories.ts';

const WORKER = `
const { parentPort } = require('node:worker_threads');
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
parentPort.on('message', ({ url, token, body }) => {
  const send = (retry) => {
    const t0 = performance.now();
    const req = http.request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', authorization: 'Bearer ' + token, 'content-length': Buffer.byteLength(body) } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => { bytes += chunk.length; });
      const timing = /dur=([0-9.]+)/.exec(String(res.headers['server-timing'] ?? ''));
      res.on('end', () => parentPort.postMessage({ ms: performance.now() - t0, bytes, status: res.statusCode, serverMs: timing ? Number(timing[1]) : undefined }));
    });
    // A kept-alive connection the server closed while idle fails once; the retry opens a new one.
    req.on('error', (error) => (retry ? send(false) : parentPort.postMessage({ error: String(error) })));
    req.end(body);
  };
  send(true);
});`;

interface Answer {
  ms?: number;
  /** The server's own time (its Server-Timing header): from the request's arrival to the answer ready to send. */
  serverMs?: number;
  bytes?: number;
  status?: number;
  error?: string;
}

/**
 * A client in a worker thread; `post` resolves with the milliseconds the call took, the answer's size and the
 * server's own time for it.
 */
export interface HttpTimer {
  post(variables: Record<string, unknown>): Promise<{ ms: number; bytes: number; serverMs: number }>;
  close(): Promise<void>;
}

/** Starts the worker for one user and one query. */
export function httpTimer(t: TestServer, user: TestUser, query: string): HttpTimer {
  const worker = new Worker(WORKER, { eval: true });
  let pending: ((a: Answer) => void) | undefined;
  worker.on('message', (a: Answer) => pending?.(a));
  return {
    post: (variables) =>
      new Promise((resolve, reject) => {
        pending = (a) =>
          a.error || a.status !== 200
            ? reject(new Error(a.error ?? `HTTP ${a.status}`))
            : resolve({ ms: a.ms ?? 0, bytes: a.bytes ?? 0, serverMs: a.serverMs ?? Number.NaN });
        worker.postMessage({
          url: `${t.url}/graphql`,
          token: user.token,
          body: JSON.stringify({ query, variables }),
        });
      }),
    close: async () => {
      await worker.terminate();
    },
  };
}
