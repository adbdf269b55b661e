/**
 * What metrics and tracing cost per request (issue 35 #5), in one run: three compiled servers (PGlite, no demo)
 * side by side — everything off (`METRICS=false`), metrics on (the default), tracing on (`METRICS=false` and
 * `OTEL_EXPORTER_OTLP_ENDPOINT` at a local OTLP/HTTP sink in this process that reads and drops the spans) — loaded
 * in turn, round after round, with the same GraphQL read (one SQL statement) from a worker thread. Each server's CPU
 * time is read from /proc around its load: CPU per request is the figure (the machine is shared; throughput moves
 * with the neighbours). Also the CPU of one /metrics scrape. Loopback only, bounded in count and time.
 *
 *   node --import tsx bench/api/observability-overhead.ts [requests=3000] [concurrency=20] [rounds=3]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { freePort } from '../editor/obra-server.ts';
import { cpuSeconds } from '../start/process-tree.ts';
import { serverCommand } from '../start/server-command.ts';

const REQUESTS = Number(process.argv[2] ?? 3000);
const CONCURRENCY = Number(process.argv[3] ?? 20);
const ROUNDS = Number(process.argv[4] ?? 3);
const DEADLINE_MS = 60_000;
const repoRoot = path.resolve(import.meta.dirname, '../..');

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, init, requests, concurrency, deadlineMs } = workerData;
(async () => {
  let errors = 0; let done = 0; let next = 0; const started = performance.now();
  const worker = async () => {
    while (next < requests && performance.now() - started < deadlineMs) {
      next += 1;
      try { const r = await fetch(url, init); const text = await r.text(); if (!r.ok || text.includes('"errors"')) errors += 1; } catch { errors += 1; }
      done += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  parentPort.postMessage({ done, seconds: (performance.now() - started) / 1000, errors });
})();
`;

async function load(url: string, init: RequestInit, requests: number) {
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { url, init, requests, concurrency: CONCURRENCY, deadlineMs: DEADLINE_MS },
  });
  const result = await new Promise<{ done: number; seconds: number; errors: number }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  return result;
}

// The OTLP/HTTP sink: reads each export whole (as a collector would) and counts its spans.
let spansReceived = 0;
const sink = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    spansReceived += (
      Buffer.concat(chunks)
        .toString('utf8')
        .match(/"spanId"/g) ?? []
    ).length;
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
const sinkUrl = `http://127.0.0.1:${(sink.address() as AddressInfo).port}`;

const variants = [
  { name: 'metrics off, tracing off', env: { METRICS: 'false' } },
  { name: 'metrics on', env: { METRICS: 'true' } },
  { name: 'tracing on (OTLP/HTTP)', env: { METRICS: 'false', OTEL_EXPORTER_OTLP_ENDPOINT: sinkUrl } },
];
const [command, ...args] = serverCommand('built');
const servers: { name: string; child: ChildProcess; url: string; dataDir: string }[] = [];
for (const variant of variants) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obra-bench-obs-'));
  const child = spawn(command!, args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      ...variant.env,
    },
    stdio: 'ignore',
  });
  servers.push({ name: variant.name, child, url: `http://127.0.0.1:${port}`, dataDir });
}
const query = {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ query: 'query Disciplines { standardDisciplines { id key name abbreviation } }' }),
};
const results = new Map<string, { cpu: number; requests: number; seconds: number; errors: number }>();
const perRound = new Map<string, number[]>();
try {
  for (const server of servers) {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${server.url}/readyz`)).ok) break;
      } catch {
        // not listening yet
      }
      if (i > 1200) throw new Error(`${server.name}: the server did not start`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await load(`${server.url}/graphql`, query, 500); // warm-up: JIT, caches, connections
  }
  for (let round = 1; round <= ROUNDS; round++) {
    for (const server of servers) {
      const before = cpuSeconds(server.child.pid!);
      const run = await load(`${server.url}/graphql`, query, REQUESTS);
      const cpu = cpuSeconds(server.child.pid!) - before;
      const sum = results.get(server.name) ?? { cpu: 0, requests: 0, seconds: 0, errors: 0 };
      results.set(server.name, {
        cpu: sum.cpu + cpu,
        requests: sum.requests + run.done,
        seconds: sum.seconds + run.seconds,
        errors: sum.errors + run.errors,
      });
      perRound.set(server.name, [...(perRound.get(server.name) ?? []), (cpu * 1000) / run.done]);
      console.log(
        `round ${round} ${server.name.padEnd(26)} ${((cpu * 1000) / run.done).toFixed(3)} ms CPU/request, ` +
          `${(run.done / run.seconds).toFixed(0)} req/s, load ${os.loadavg()[0]!.toFixed(2)}`,
      );
    }
  }
  // One scrape's cost, on the metrics server (after its load: every family has samples).
  const metricsServer = servers[1]!;
  const before = cpuSeconds(metricsServer.child.pid!);
  let bytes = 0;
  for (let i = 0; i < 50; i++) bytes = (await (await fetch(`${metricsServer.url}/metrics`)).text()).length;
  const scrapeMs = ((cpuSeconds(metricsServer.child.pid!) - before) * 1000) / 50;

  const base = results.get(variants[0]!.name)!;
  const perRequest = (r: typeof base) => (r.cpu * 1000) / r.requests;
  const median = (name: string) => {
    const values = [...(perRound.get(name) ?? [])].sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)] ?? 0;
  };
  const baseMedian = median(variants[0]!.name);
  console.log(
    `\n${REQUESTS} × ${ROUNDS} requests per server, concurrency ${CONCURRENCY}, GraphQL standardDisciplines (one SQL read), ` +
      `${os.cpus().length} cores, Node ${process.version}, load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}\n`,
  );
  console.log(
    '| Server | CPU ms / request (all rounds) | vs off | median of rounds | vs off | req/s | errors |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const [name, r] of results)
    console.log(
      `| ${name} | ${perRequest(r).toFixed(3)} | ${((perRequest(r) / perRequest(base) - 1) * 100).toFixed(1)} % | ` +
        `${median(name).toFixed(3)} | ${((median(name) / baseMedian - 1) * 100).toFixed(1)} % | ${(
          r.requests / r.seconds
        ).toFixed(0)} | ${r.errors} |`,
    );
  console.log(
    `\nspans received by the sink: ${spansReceived}; one /metrics scrape: ${scrapeMs.toFixed(1)} ms CPU (${bytes} bytes)`,
  );
} finally {
  for (const server of servers) {
    server.child.kill('SIGTERM');
  }
  await new Promise((resolve) => setTimeout(resolve, 3000));
  for (const server of servers) fs.rmSync(server.dataDir, { recursive: true, force: true });
  sink.close();
}
