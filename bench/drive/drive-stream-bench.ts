// Streaming at size (issue 14): memory and throughput of the drive's two big byte paths, on the local store.
//  upload: one file through Obra as the web uploader sends it (POST /files → signed upload URL → PUT the bytes →
//          PATCH confirm-upload); the PUT is sent by `curl -T` (another process), so the RSS sampled here is the
//          server's alone. Compared with a plain `cp` of the same file on the same disk, in the same run.
//  zip:    the drive.bulkZip job over N incompressible files (half stored, half deflated), written straight into
//          the store, the job started by POST /files/bulk-downloads and followed until completed.
// Goals: upload RSS growth < 100 MB and throughput ≥ 0.5 × cp; zip RSS growth < 150 MB.
// Run: node --expose-gc --import tsx bench/drive/drive-stream-bench.ts upload [MB=1024] [rounds=3]
//      node --expose-gc --import tsx bench/drive/drive-stream-bench.ts zip [files=500] [MB total=1024]
// Every file it writes (the source, the copy, the stored objects, the archive) is removed at the end.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { execFileSync, spawn } from 'node:child_process';
import http from 'node:http';
import { PerformanceObserver, constants as perf } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';
import { startTestServer } from '../../apps/server/test/support/test-server.ts';
import { buildDriveWorld, rest, type Created } from '../../apps/server/test/drive/drive-test-kit.ts';

const MODE = process.argv[2] ?? 'upload';
const MB = 1024 * 1024;

/** Garbage collections seen since `start()`: how many full (mark-compact) ones and their time, and the minor ones. */
function gcCounter(): {
  start(): void;
  stop(): { major: number; majorMs: number; minor: number; minorMs: number };
} {
  let seen = { major: 0, majorMs: 0, minor: 0, minorMs: 0 };
  const count = (entries: readonly PerformanceEntry[]) => {
    for (const entry of entries) {
      const kind = (entry as { detail?: { kind?: number } }).detail?.kind;
      if (kind === perf.NODE_PERFORMANCE_GC_MAJOR) {
        seen.major += 1;
        seen.majorMs += entry.duration;
      } else {
        seen.minor += 1;
        seen.minorMs += entry.duration;
      }
    }
  };
  const observer = new PerformanceObserver((list) => count(list.getEntries()));
  return {
    start() {
      seen = { major: 0, majorMs: 0, minor: 0, minorMs: 0 };
      observer.observe({ entryTypes: ['gc'] });
    },
    stop() {
      count(observer.takeRecords());
      observer.disconnect();
      return seen;
    },
  };
}

const rss = (): number => process.memoryUsage().rss;
const mb = (bytes: number): string => (bytes / MB).toFixed(1);
const load = (): string => execFileSync('uptime').toString().trim();
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

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} exited ${code}`))));
  });
}

const t = await startTestServer({ RATE_LIMIT_MULTIPLIER: '1000' });
const scratch = fs.mkdtempSync(path.join(t.dataDir, 'bench-'));
console.log(`start: ${load()}`);
try {
  const w = await buildDriveWorld(t, 'Torre Stream');
  const headers = { authorization: `Bearer ${w.owner.token}` };
  const memory = sampler();

  if (MODE === 'upload') {
    const size = Number(process.argv[3] ?? 1024) * MB;
    const rounds = Number(process.argv[4] ?? 3);
    const source = path.join(scratch, 'source.pdf');
    await randomFile(source, size, Buffer.from('%PDF-1.7\n%\xE2\xE3\xCF\xD3\n'));
    // Every side starts from the same page cache state: the source is read once before any is timed.
    await run('sh', ['-c', 'cat "$0" > /dev/null', source]);
    const copy = path.join(scratch, 'copy.pdf');
    // The floor of the network path: the same curl PUT into a bare node:http server that pipes the body to a file
    // with the store's 1 MB write buffer (no framework, no signature, no size limit), in this process.
    const bare = http.createServer((req, res) => {
      void pipeline(req, fs.createWriteStream(copy, { highWaterMark: MB })).then(
        () => res.end('ok'),
        () => res.end('failed'),
      );
    });
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    const curlPut = (url: string) =>
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
    const times: { cp: number[]; bare: number[]; obra: number[]; put: number[] } = {
      cp: [],
      bare: [],
      obra: [],
      put: [],
    };
    // CPU seconds (user + system) this process spent while each PUT ran: the server's own cost of the bytes, much
    // less sensitive to the other sessions' load than wall time.
    const cpu: { bare: number[]; put: number[] } = { bare: [], put: [] };
    const gcs: { bare: string[]; put: string[] } = { bare: [], put: [] };
    const gcDuring = gcCounter();
    const gcShow = (seen: ReturnType<ReturnType<typeof gcCounter>['stop']>) =>
      `${seen.major} full ${seen.majorMs.toFixed(0)} ms + ${seen.minor} minor ${seen.minorMs.toFixed(0)} ms`;
    const cpuSeconds = (since: NodeJS.CpuUsage): number => {
      const used = process.cpuUsage(since);
      return (used.user + used.system) / 1e6;
    };
    let growth = 0;
    let firstBefore = 0;
    // Interleaved rounds, each timed up to its bytes being on disk (`sync`), the copies removed in between.
    for (let round = 0; round < rounds; round++) {
      let started = performance.now();
      await run('cp', [source, copy]);
      await run('sync', []);
      times.cp.push((performance.now() - started) / 1000);
      await fsp.rm(copy);

      started = performance.now();
      let cpuStart = process.cpuUsage();
      gcDuring.start();
      await curlPut(`http://127.0.0.1:${(bare.address() as AddressInfo).port}/x`);
      cpu.bare.push(cpuSeconds(cpuStart));
      gcs.bare.push(gcShow(gcDuring.stop()));
      await run('sync', []);
      times.bare.push((performance.now() - started) / 1000);
      await fsp.rm(copy);

      // Obra, as the web uploader does it: POST /files, PUT the bytes to the signed URL, confirm. No forced gc()
      // before it: after one, V8 runs a full collection every ~30 MB of a streamed body in this process, for the
      // bare server as for Obra (bench/drive/upload-gc-probe.ts), which no server that never calls gc() pays.
      const before = rss();
      if (round === 0) firstBefore = before;
      memory.start();
      started = performance.now();
      const created = await rest<Created>(t, w.owner, 'POST', `${w.base}/files`, {
        fileName: `TRN-ARQ-ED-0001-R0${round}.pdf`,
        fileSize: size,
      });
      if (created.status !== 201)
        throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
      const putStarted = performance.now();
      cpuStart = process.cpuUsage();
      gcDuring.start();
      const status = await curlPut(created.body.upload.url);
      cpu.put.push(cpuSeconds(cpuStart));
      gcs.put.push(gcShow(gcDuring.stop()));
      if (status !== '200') throw new Error(`put: ${status}`);
      times.put.push((performance.now() - putStarted) / 1000);
      const confirmed = await rest<{ uploadState: string; fileSize: number }>(
        t,
        w.owner,
        'PATCH',
        `${w.base}/files/${created.body.file.id}/confirm-upload`,
      );
      await run('sync', []);
      times.obra.push((performance.now() - started) / 1000);
      growth = Math.max(growth, memory.stop() - before);
      if (confirmed.body.uploadState !== 'confirmed' || confirmed.body.fileSize !== size)
        throw new Error(`confirm: ${JSON.stringify(confirmed.body)}`);
      await rest(t, w.owner, 'DELETE', `${w.base}/files/${created.body.file.id}`);
    }
    await new Promise((resolve) => bare.close(resolve));
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
    const show = (xs: number[]) =>
      `${xs.map((x) => x.toFixed(2)).join(', ')} s (median ${(size / MB / median(xs)).toFixed(0)} MB/s)`;
    console.log(`${mb(size)} MB, ${rounds} interleaved rounds, each until synced to disk:`);
    console.log(`  cp:                       ${show(times.cp)}`);
    console.log(`  bare node:http PUT:       ${show(times.bare)}`);
    console.log(
      `  Obra POST+PUT+confirm:    ${show(times.obra)}; the PUT alone ${times.put.map((x) => x.toFixed(2)).join(', ')} s`,
    );
    const cpuShow = (xs: number[]) =>
      `${xs.map((x) => x.toFixed(2)).join(', ')} s (median ${(median(xs) / (size / 1024 / MB)).toFixed(2)} s per GB)`;
    console.log(`  server CPU during the bare PUT: ${cpuShow(cpu.bare)}`);
    console.log(`  server CPU during Obra's PUT:   ${cpuShow(cpu.put)}`);
    console.log(`  garbage collection during the bare PUTs: ${gcs.bare.join('; ')}`);
    console.log(`  garbage collection during Obra's PUTs:   ${gcs.put.join('; ')}`);
    console.log(
      `  throughput ratios (medians): Obra ÷ cp ${(median(times.cp) / median(times.obra)).toFixed(2)} (goal ≥ 0.5); ` +
        `bare node:http ÷ cp ${(median(times.cp) / median(times.bare)).toFixed(2)}; ` +
        `Obra ÷ bare node:http ${(median(times.bare) / median(times.obra)).toFixed(2)}`,
    );
    console.log(
      `server RSS: ${mb(firstBefore)} MB before the first upload; largest growth in one upload ${mb(growth)} MB (goal < 100)`,
    );
    await fsp.rm(source);
  } else if (MODE === 'zip') {
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
  } else throw new Error(`mode: upload or zip, not ${MODE}`);
} finally {
  console.log(`end: ${load()}`);
  fs.rmSync(scratch, { recursive: true, force: true });
  await t.close();
}
