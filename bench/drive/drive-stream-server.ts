// One measured server of drive-stream-bench.ts's upload mode, in its own process (forked by the bench), so that the
// variants compared in one run each have their own V8 heap and flags:
//   HEAP=server   the heap settings main.ts applies to Obra's server process (apps/server/src/v8-heap.ts)
//   HEAP=default  V8's own defaults (Obra before those settings)
// It starts the drive test world (PGlite or DATABASE_URL) and a bare node:http receiver in the same process, and
// answers the bench's messages: { kind: 'bare' | 'obra', source, size, round } → one PUT by `curl -T`, timed until
// `sync` returns, with this process's CPU, garbage collections and RSS during it; { kind: 'close' } → stops.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PerformanceObserver, constants as perf } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { applyServerHeapSettings } from '../../apps/server/src/v8-heap.ts';
import { startTestServer } from '../../apps/server/test/support/test-server.ts';
import { buildDriveWorld, rest, type Created } from '../../apps/server/test/drive/drive-test-kit.ts';
import { runCommand } from './run-command.ts';

// As main.ts does it, before the server starts.
if ((process.env['HEAP'] ?? 'server') === 'server') applyServerHeapSettings();

export interface StreamRequest {
  kind: 'bare' | 'obra' | 'close';
  source?: string;
  size?: number;
  round?: number;
}
export interface StreamAnswer {
  ready?: { rss: number };
  seconds?: number;
  putSeconds?: number;
  cpuSeconds?: number;
  major?: number;
  majorMs?: number;
  minor?: number;
  minorMs?: number;
  rssBefore?: number;
  rssPeak?: number;
  error?: string;
}

const MB = 1024 * 1024;
const send = (answer: StreamAnswer) => process.send?.(answer);

const run = runCommand;
const curlPut = (source: string, url: string) =>
  run('curl', [
    '-sS',
    '-o',
    '/dev/null',
    '-w',
    '%{http_code}',
    '-X',
    'PUT',
    '-H',
    'content-type: application/octet-stream',
    '-T',
    source,
    url,
  ]);

let gcSeen = { major: 0, majorMs: 0, minor: 0, minorMs: 0 };
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if ((entry as { detail?: { kind?: number } }).detail?.kind === perf.NODE_PERFORMANCE_GC_MAJOR) {
      gcSeen.major += 1;
      gcSeen.majorMs += entry.duration;
    } else {
      gcSeen.minor += 1;
      gcSeen.minorMs += entry.duration;
    }
  }
}).observe({ entryTypes: ['gc'] });

const t = await startTestServer({ RATE_LIMIT_MULTIPLIER: '1000' });
const scratch = fs.mkdtempSync(path.join(t.dataDir, 'bench-'));
const copy = path.join(scratch, 'copy.pdf');
const w = await buildDriveWorld(t, 'Torre Stream');
// The floor of the network path: a bare node:http server that pipes the body to a file with the store's 1 MB write
// buffer (no framework, no signature, no size limit), in the server's process and heap.
const bare = http.createServer((req, res) => {
  void pipeline(req, fs.createWriteStream(copy, { highWaterMark: MB })).then(
    () => res.end('ok'),
    () => res.end('failed'),
  );
});
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/x`;

/** Runs `step` with this process's CPU, collections and (sampled every 50 ms) RSS measured around `measured`. */
async function measure(step: (measured: <T>(inner: () => Promise<T>) => Promise<T>) => Promise<number>) {
  let cpuSeconds = 0;
  let putSeconds = 0;
  let seen = { major: 0, majorMs: 0, minor: 0, minorMs: 0 };
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 50);
  const started = performance.now();
  await step(async (inner) => {
    gcSeen = { major: 0, majorMs: 0, minor: 0, minorMs: 0 };
    const cpu = process.cpuUsage();
    const putStarted = performance.now();
    const result = await inner();
    putSeconds = (performance.now() - putStarted) / 1000;
    const used = process.cpuUsage(cpu);
    cpuSeconds = (used.user + used.system) / 1e6;
    // Entries of the collections that just ended are delivered on a later tick.
    await new Promise((resolve) => setTimeout(resolve, 20));
    seen = gcSeen;
    return result;
  });
  await run('sync', []);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  return { seconds, putSeconds, cpuSeconds, ...seen, rssBefore, rssPeak };
}

process.on('message', (request: StreamRequest) => {
  void (async () => {
    try {
      if (request.kind === 'close') {
        await new Promise((resolve) => bare.close(resolve));
        fs.rmSync(scratch, { recursive: true, force: true });
        await t.close();
        send({});
        process.exit(0);
      }
      const source = request.source as string;
      const size = request.size as number;
      if (request.kind === 'bare') {
        const answer = await measure(async (measured) => {
          await measured(() => curlPut(source, bareUrl));
          return 0;
        });
        await fsp.rm(copy);
        send(answer);
        return;
      }
      // Obra, as the web uploader does it: POST /files, PUT the bytes to the signed URL, confirm.
      let fileId = 0;
      const answer = await measure(async (measured) => {
        const created = await rest<Created>(t, w.owner, 'POST', `${w.base}/files`, {
          fileName: `TRN-ARQ-ED-0001-R${String(request.round ?? 0).padStart(2, '0')}.pdf`,
          fileSize: size,
        });
        if (created.status !== 201)
          throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
        fileId = created.body.file.id;
        const status = await measured(() => curlPut(source, created.body.upload.url));
        if (status !== '200') throw new Error(`put: ${status}`);
        const confirmed = await rest<{ uploadState: string; fileSize: number }>(
          t,
          w.owner,
          'PATCH',
          `${w.base}/files/${fileId}/confirm-upload`,
        );
        if (confirmed.body.uploadState !== 'confirmed' || confirmed.body.fileSize !== size)
          throw new Error(`confirm: ${JSON.stringify(confirmed.body)}`);
        return 0;
      });
      await rest(t, w.owner, 'DELETE', `${w.base}/files/${fileId}`);
      send(answer);
    } catch (error) {
      send({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    }
  })();
});
send({ ready: { rss: process.memoryUsage().rss } });
