// Streaming at size (issue 14): memory and throughput of the drive's two big byte paths, on the local store.
//  upload: one file through Obra as the web uploader sends it (POST /files → signed upload URL → PUT the bytes →
//          PATCH confirm-upload); the PUT is sent by `curl -T` (another process). Each server measured runs in its
//          own process (drive-stream-server.ts), so the CPU, collections and RSS are the server's alone, and
//          variants of the server's V8 settings are compared in one run (HEAPS, comma-separated: `server`, the
//          settings main.ts applies, apps/server/src/v8-heap.ts; `default`, V8's own). In each round, on the same
//          disk and from the same page-cache state: a plain `cp` of the file, then for each server (in alternating
//          order) the same curl PUT into a bare node:http receiver in that server's process, and Obra's upload.
//          Every step is timed until `sync` returns. IDLE seconds before each round leave the servers idle as a
//          real one is between uploads (V8's memory reducer runs a full collection after a few idle seconds).
//  zip:    the drive.bulkZip job over N incompressible files (half stored, half deflated), written straight into
//          the store, the job started by POST /files/bulk-downloads and followed until completed (in this process,
//          with the server's heap settings).
// Goals: upload RSS growth < 100 MB and throughput ≥ 0.5 × cp; zip RSS growth < 150 MB.
// Run: node --import tsx bench/drive/drive-stream-bench.ts upload [MB=1024] [rounds=3] [IDLE s=0]
//      node --expose-gc --import tsx bench/drive/drive-stream-bench.ts zip [files=500] [MB total=1024]
// Every file it writes (the source, the copy, the stored objects, the archive) is removed at the end.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { pipeline } from 'node:stream/promises';
import { applyServerHeapSettings } from '../../apps/server/src/v8-heap.ts';
import { startTestServer } from '../../apps/server/test/support/test-server.ts';
import { buildDriveWorld, rest } from '../../apps/server/test/drive/drive-test-kit.ts';
import type { StreamAnswer, StreamRequest } from './drive-stream-server.ts';
import { runCommand } from './run-command.ts';

const MODE = process.argv[2] ?? 'upload';
const MB = 1024 * 1024;

const rss = (): number => process.memoryUsage().rss;
const mb = (bytes: number): string => (bytes / MB).toFixed(1);
const load = (): string => execFileSync('uptime').toString().trim();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
function settle(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) {
    gc();
    gc();
  }
}

/** Samples this process's RSS every 50 ms; `peak()` is the highest seen since `start()`. */
function sampler(): { start(): void; stop(): number } {
  let peak = 0;
  let timer: NodeJS.Timeout | undefined;
  return {
    start() {
      peak = rss();
      timer = setInterval(() => {
        peak = Math.max(peak, rss());
      }, 50);
    },
    stop() {
      clearInterval(timer);
      return Math.max(peak, rss());
    },
  };
}

/** A file of `bytes` bytes: `head`, then random bytes streamed from /dev/urandom (nothing held in memory). */
async function randomFile(file: string, bytes: number, head: Buffer): Promise<void> {
  await fsp.writeFile(file, head);
  await pipeline(
    fs.createReadStream('/dev/urandom', { start: 0, end: bytes - head.length - 1 }),
    fs.createWriteStream(file, { flags: 'a' }),
  );
}

const run = runCommand;

/** A measured server process and the one request it answers at a time. */
interface StreamServer {
  heap: string;
  rss: number;
  ask(request: StreamRequest): Promise<StreamAnswer>;
  child: ChildProcess;
}

async function startStreamServer(heap: string): Promise<StreamServer> {
  const child = fork(path.join(import.meta.dirname, 'drive-stream-server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, HEAP: heap },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = () =>
    new Promise<StreamAnswer>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`server ${heap} exited ${code}`));
      child.once('exit', onExit);
      child.once('message', (answer: StreamAnswer) => {
        child.off('exit', onExit);
        if (answer.error) reject(new Error(`server ${heap}: ${answer.error}`));
        else resolve(answer);
      });
    });
  const ready = await next();
  return {
    heap,
    rss: ready.ready?.rss ?? NaN,
    child,
    ask(request) {
      const answer = next();
      child.send(request);
      return answer;
    },
  };
}

async function uploadMode(): Promise<void> {
  const size = Number(process.argv[3] ?? 1024) * MB;
  const rounds = Number(process.argv[4] ?? 3);
  const idle = Number(process.argv[5] ?? 0);
  const heaps = (process.env['HEAPS'] ?? 'default,server').split(',');
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'obra-stream-'));
  const servers: StreamServer[] = [];
  try {
    // One at a time: their start-ups would compete for the two cores.
    for (const heap of heaps) servers.push(await startStreamServer(heap));
    const source = path.join(scratch, 'source.pdf');
    await randomFile(source, size, Buffer.from('%PDF-1.7\n%\xE2\xE3\xCF\xD3\n'));
    // Every side starts from the same page cache state: the source is read once before any is timed.
    await run('sh', ['-c', 'cat "$0" > /dev/null', source]);
    const copy = path.join(scratch, 'copy.pdf');
    console.log(`start: ${load()}`);
    const cp: number[] = [];
    const seen = new Map(
      servers.map((s) => [s.heap, { bare: [] as StreamAnswer[], obra: [] as StreamAnswer[] }]),
    );
    for (let round = 0; round < rounds; round++) {
      if (idle > 0) await new Promise((resolve) => setTimeout(resolve, idle * 1000));
      const started = performance.now();
      await run('cp', [source, copy]);
      await run('sync', []);
      cp.push((performance.now() - started) / 1000);
      await fsp.rm(copy);
      const order = round % 2 === 0 ? servers : [...servers].reverse();
      for (const server of order) {
        const mine = seen.get(server.heap);
        mine?.bare.push(await server.ask({ kind: 'bare', source, size, round }));
        mine?.obra.push(await server.ask({ kind: 'obra', source, size, round }));
      }
    }
    const gb = size / 1024 / MB;
    const secs = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(', ');
    const show = (xs: number[]) => `${secs(xs)} s (median ${(size / MB / median(xs)).toFixed(0)} MB/s)`;
    const gcShow = (a: StreamAnswer) =>
      `${a.major} full ${(a.majorMs ?? 0).toFixed(0)} ms + ${a.minor} minor ${(a.minorMs ?? 0).toFixed(0)} ms`;
    console.log(
      `${mb(size)} MB, ${rounds} interleaved rounds${idle ? `, each after ${idle} s idle` : ''}, each until synced to disk:`,
    );
    console.log(`  cp: ${show(cp)}`);
    for (const server of servers) {
      const { bare, obra } = seen.get(server.heap) ?? { bare: [], obra: [] };
      const bareSeconds = bare.map((a) => a.seconds ?? NaN);
      const obraSeconds = obra.map((a) => a.seconds ?? NaN);
      const perRound = obraSeconds.map((x, i) => (cp[i] ?? NaN) / x);
      console.log(`server with ${server.heap} heap settings (RSS ${mb(server.rss)} MB after start):`);
      console.log(`  bare node:http PUT:    ${show(bareSeconds)}`);
      console.log(
        `  Obra POST+PUT+confirm: ${show(obraSeconds)}; the PUT alone ${secs(obra.map((a) => a.putSeconds ?? NaN))} s`,
      );
      const cpuShow = (xs: number[]) => `${secs(xs)} s (median ${(median(xs) / gb).toFixed(2)} s per GB)`;
      console.log(`  server CPU during the bare PUT: ${cpuShow(bare.map((a) => a.cpuSeconds ?? NaN))}`);
      console.log(`  server CPU during Obra's PUT:   ${cpuShow(obra.map((a) => a.cpuSeconds ?? NaN))}`);
      console.log(`  garbage collection during the bare PUTs: ${bare.map(gcShow).join('; ')}`);
      console.log(`  garbage collection during Obra's PUTs:   ${obra.map(gcShow).join('; ')}`);
      console.log(
        `  Obra ÷ cp per round: ${perRound.map((x) => x.toFixed(2)).join(', ')} (${perRound.filter((x) => x >= 0.5).length} of ${rounds} ≥ 0.5)`,
      );
      console.log(
        `  throughput ratios (medians): Obra ÷ cp ${(median(cp) / median(obraSeconds)).toFixed(2)} (goal ≥ 0.5); ` +
          `bare node:http ÷ cp ${(median(cp) / median(bareSeconds)).toFixed(2)}; ` +
          `Obra ÷ bare node:http ${(median(bareSeconds) / median(obraSeconds)).toFixed(2)}`,
      );
      const growth = Math.max(...obra.map((a) => (a.rssPeak ?? 0) - (a.rssBefore ?? 0)));
      console.log(
        `  server RSS: ${mb(obra[0]?.rssBefore ?? NaN)} MB before the first upload; largest growth in one upload ${mb(growth)} MB (goal < 100)`,
      );
    }
  } finally {
    console.log(`end: ${load()}`);
    for (const server of servers) await server.ask({ kind: 'close' }).catch(() => server.child.kill());
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

async function zipMode(): Promise<void> {
  // The server's own heap settings, as main.ts applies them (this process is the server here).
  applyServerHeapSettings();
  const t = await startTestServer({ RATE_LIMIT_MULTIPLIER: '1000' });
  console.log(`start: ${load()}`);
  try {
    const w = await buildDriveWorld(t, 'Torre Stream');
    const headers = { authorization: `Bearer ${w.owner.token}` };
    const memory = sampler();
    const count = Number(process.argv[3] ?? 500);
    const total = Number(process.argv[4] ?? 1024) * MB;
    const each = Math.floor(total / count);
    const { executor } = t.server.services.database;
    const [arq] = w.disciplineIds as [number];
    // Documents and confirmed revisions by SQL; their bytes written into the store as streams from /dev/urandom.
    const rows = (
      await executor.executeSql(
        `with d as (
           insert into drive_documents (project_id, area, name, discipline_id, phase, created_by_user_id)
           select $1, 'drive', 'TRN-ARQ-ED-' || lpad(g::text, 4, '0'), $2, 9, $3 from generate_series(1, $4::int) g
           returning id, name)
         insert into drive_files (project_id, document_id, file_name, extension, revision_name, status, visibility,
           file_size, content_type, storage_key, upload_state, processing_state, company_id, created_by_user_id,
           uploaded_at, updated_at, expires_at)
         select $1, d.id, d.name || '-R00.' || (case when d.id % 2 = 0 then 'pdf' else 'ifc' end),
           case when d.id % 2 = 0 then 'pdf' else 'ifc' end, 'R00', 'APPROVED', 'public', $5,
           'application/octet-stream', 'bench-zip/' || d.id, 'confirmed', 'none', $6, $3, now(), now(), now()
         from d
         returning id, storage_key`,
        [w.projectId, arq, w.owner.id, count, each, w.owner.companyId],
      )
    ).rows as { id: number; storage_key: string }[];
    const store = t.server.services.files.store;
    const started0 = performance.now();
    for (const row of rows)
      await store.writeStream(
        row.storage_key,
        fs.createReadStream('/dev/urandom', { start: 0, end: each - 1 }),
        'application/octet-stream',
      );
    console.log(
      `${rows.length} files of ${mb(each)} MB (${mb(each * rows.length)} MB) written in ${((performance.now() - started0) / 1000).toFixed(1)} s`,
    );

    settle();
    const before = rss();
    memory.start();
    const started = performance.now();
    const asked = await rest<{ bulkDownloadId: string }>(
      t,
      w.owner,
      'POST',
      `${w.base}/files/bulk-downloads`,
      { filesIds: rows.map((r) => Number(r.id)) },
    );
    if (asked.status !== 202) throw new Error(`bulk download: ${asked.status} ${JSON.stringify(asked.body)}`);
    let state: { status: string; size: number | null; url: string | null; processedCount: number };
    for (;;) {
      await new Promise((r) => setTimeout(r, 500));
      const answer = await fetch(`${t.url}${w.base}/files/bulk-downloads/${asked.body.bulkDownloadId}`, {
        headers,
      });
      state = (await answer.json()) as typeof state;
      if (state.status !== 'processing') break;
    }
    const seconds = (performance.now() - started) / 1000;
    const peak = memory.stop();
    if (state.status !== 'completed' || !state.url) throw new Error(`zip: ${JSON.stringify(state)}`);
    // The archive holds every entry with its size: listed by unzip from the stored object.
    const zipFile = path.join(
      t.dataDir,
      'files',
      'drive-zips',
      String(w.projectId),
      `${asked.body.bulkDownloadId}.zip`,
    );
    const listing = await run('unzip', ['-Z', '-1', zipFile]).catch(() => '');
    const entries = listing ? listing.trim().split('\n').length : NaN;
    console.log(
      `zip of ${rows.length} files: ${seconds.toFixed(1)} s, archive ${mb(state.size ?? 0)} MB, ${entries} entries`,
    );
    console.log(
      `server RSS: ${mb(before)} MB before, ${mb(peak)} MB peak: growth ${mb(peak - before)} MB (goal < 150)`,
    );
    await store.remove([
      ...rows.map((r) => r.storage_key),
      `drive-zips/${w.projectId}/${asked.body.bulkDownloadId}.zip`,
    ]);
  } finally {
    console.log(`end: ${load()}`);
    await t.close();
  }
}

if (MODE === 'upload') await uploadMode();
else if (MODE === 'zip') await zipMode();
else throw new Error(`mode: upload or zip, not ${MODE}`);
