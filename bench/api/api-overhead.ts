// Measures Obra's HTTP and GraphQL overhead against a bare node:http server and the bare SQL, in one run
// (machines here are noisy: compare ratios, not absolute numbers). Loopback only, bounded in count and time.
// Run: node --import tsx bench/api/api-overhead.ts [requests=4000] [concurrency=50]
// The persisted read also runs signed in, as every request of the web app is: on this server (its session cache on,
// SESSION_CACHE_MS's default) and on a second server of the same process with the cache off (SESSION_CACHE_MS=0).
import http from 'node:http';
import { Worker } from 'node:worker_threads';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../apps/server/src/config.ts';
import { PERSISTED_OPERATIONS } from '../../apps/server/src/graphql/persisted-operations.ts';
import { createLogger, startServer } from '../../apps/server/src/server.ts';
import { buildUser } from '../../apps/server/test/support/factories.ts';

const REQUESTS = Number(process.argv[2] ?? 4000);
const CONCURRENCY = Number(process.argv[3] ?? 50);
const DEADLINE_MS = 60_000;

interface Result {
  name: string;
  rps: number;
  p50: number;
  p95: number;
  errors: number;
}

// HTTP load runs in a worker thread so the client does not share the server's event loop.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, init, requests, concurrency, deadlineMs } = workerData;
(async () => {
  const latencies = []; let errors = 0; let next = 0; const started = performance.now();
  const worker = async () => {
    while (next < requests && performance.now() - started < deadlineMs) {
      next += 1; const t0 = performance.now();
      try { const r = await fetch(url, init); const text = await r.text(); if (!r.ok || text.includes('"errors"')) errors += 1; } catch { errors += 1; }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  parentPort.postMessage({ latencies, seconds: (performance.now() - started) / 1000, errors });
})();
`;

async function loadHttp(name: string, url: string, init: RequestInit = {}): Promise<Result> {
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { url, init, requests: REQUESTS, concurrency: CONCURRENCY, deadlineMs: DEADLINE_MS },
  });
  const { latencies, seconds, errors } = await new Promise<{
    latencies: number[];
    seconds: number;
    errors: number;
  }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  latencies.sort((a, b) => a - b);
  const pick = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { name, rps: latencies.length / seconds, p50: pick(0.5), p95: pick(0.95), errors };
}

async function load(name: string, once: () => Promise<boolean>): Promise<Result> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < REQUESTS && performance.now() - started < DEADLINE_MS) {
      next += 1;
      const t0 = performance.now();
      const ok = await once().catch(() => false);
      latencies.push(performance.now() - t0);
      if (!ok) errors += 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pick = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { name, rps: latencies.length / seconds, p50: pick(0.5), p95: pick(0.95), errors };
}

/** What urql sends as Accept (apps/web/src/lib/graphql-client.ts: urql's fetch exchange). */
const WEB_ACCEPT =
  'application/graphql-response+json, application/graphql+json, application/json, text/event-stream, multipart/mixed';

/**
 * The URL of a web query as the web sends it (urql with persisted ids: GET, the operation's name and persisted id,
 * no text), answered by the direct path of persisted operations (apps/server/src/graphql/direct-operations.ts).
 */
function persistedGetUrl(base: string, name: string): string {
  const found = [...PERSISTED_OPERATIONS].find(([, text]) => text.startsWith(`query ${name} `));
  if (!found) throw new Error(`no persisted query ${name}`);
  const search = new URLSearchParams({
    operationName: name,
    extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: found[0] } }),
  });
  return `${base}/graphql?${search.toString()}`;
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obra-bench-'));
  const uncachedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obra-bench-'));
  const configOf = (dir: string, env: Record<string, string> = {}) =>
    loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      DATABASE_URL: process.env.DATABASE_URL ?? '',
      ...env,
    });
  const config = configOf(dataDir);
  const obra = await startServer(config, createLogger(config));
  const uncachedConfig = configOf(uncachedDir, { SESSION_CACHE_MS: '0' });
  const uncached = await startServer(uncachedConfig, createLogger(uncachedConfig));
  const signedIn = (await buildUser({ server: obra })).token;
  const signedInUncached = (await buildUser({ server: uncached })).token;
  const disciplines = (
    await obra.services.database.executor.executeSql(
      'select id, key, abbreviation from standard_disciplines order by id',
      [],
    )
  ).rows;
  const body = JSON.stringify({ data: { standardDisciplines: disciplines } });
  const raw = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
  });
  await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
  const rawUrl = `http://127.0.0.1:${(raw.address() as AddressInfo).port}/`;
  const gql = (name: string, query: string) =>
    loadHttp(name, `${obra.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });
  const persisted = (name: string, operation: string, token?: string, server = obra) =>
    loadHttp(name, persistedGetUrl(server.url, operation), {
      headers: {
        accept: WEB_ACCEPT,
        'accept-language': 'en',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
  const results = [
    await loadHttp('bare node:http, same JSON', rawUrl),
    await load(
      'bare SQL (standard_disciplines)',
      async () =>
        (
          await obra.services.database.executor.executeSql(
            'select id, key, abbreviation from standard_disciplines order by id',
            [],
          )
        ).rows.length > 0,
    ),
    await loadHttp('Fastify GET /healthz', `${obra.url}/healthz`),
    await gql(
      'GraphQL standardDisciplines (SQL read)',
      '{ standardDisciplines { id key name abbreviation } }',
    ),
    await gql(
      'GraphQL projectEnums (no I/O)',
      '{ projectEnums { systemIssueStatus { name } systemProjectPhases { id key abbreviation } } }',
    ),
    // As the web sends its reads: by persisted id, the direct path (no Yoga), the same read.
    await persisted(
      'GraphQL StandardDisciplines by persisted id, as the web (SQL read)',
      'StandardDisciplines',
    ),
    await persisted('GraphQL ProjectEnums by persisted id, as the web (no I/O)', 'ProjectEnums'),
    // Signed in, as every request of the web app: the caller's session is resolved first.
    await persisted(
      'StandardDisciplines by persisted id, signed in, session cache on (2 s)',
      'StandardDisciplines',
      signedIn,
    ),
    await persisted(
      'StandardDisciplines by persisted id, signed in, session cache off',
      'StandardDisciplines',
      signedInUncached,
      uncached,
    ),
  ];
  const base = results[0]?.rps ?? 1;
  const lines = [
    `Requests ${REQUESTS}, concurrency ${CONCURRENCY}, database ${obra.services.database.kind}, ${os.cpus().length} cores, Node ${process.version}.`,
    '',
    '| Target | req/s | ratio to bare HTTP | p50 ms | p95 ms | errors |',
    '|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.name} | ${r.rps.toFixed(0)} | ${(r.rps / base).toFixed(2)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.errors} |`,
    ),
  ];
  console.log(lines.join('\n'));
  raw.close();
  await obra.close();
  await uncached.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(uncachedDir, { recursive: true, force: true });
}

void main();
