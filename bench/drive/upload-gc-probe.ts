// Why the same upload costs 1 s or 5 s of CPU per GB in the server process: the full garbage collections while a
// body streams in, before and after one forced gc() (issue 14, docs/benchmarks.md "Upload throughput: the forced
// collection"). Steps (STEPS, comma-separated): b = curl -T PUT into a bare node:http server in this process
// (1 MB write buffer), g = gc() twice, p = POST /files only, o = Obra POST + PUT + confirm, w = wait 5 s.
// HEAP=server applies the server's V8 heap settings first, as main.ts does (apps/server/src/v8-heap.ts).
// Run: STEPS=b,b,g,b,o,b node --expose-gc --import tsx bench/drive/upload-gc-probe.ts [MB=512]
//      STEPS=b,w,w,w,w,w,w,b,b [HEAP=server] node --expose-gc --import tsx bench/drive/upload-gc-probe.ts 512
import fs from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import { execFileSync, spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';
import { PerformanceObserver, constants as perf } from 'node:perf_hooks';
import { startTestServer } from '../../apps/server/test/support/test-server.ts';
import { buildDriveWorld, rest, type Created } from '../../apps/server/test/drive/drive-test-kit.ts';
import { applyServerHeapSettings } from '../../apps/server/src/v8-heap.ts';
if (process.env['HEAP'] === 'server') applyServerHeapSettings();
const MB = 1024 * 1024;
const size = Number(process.argv[2] ?? 512) * MB;
let major = 0;
new PerformanceObserver((l) => {
  for (const e of l.getEntries())
    if ((e as { detail?: { kind?: number } }).detail?.kind === perf.NODE_PERFORMANCE_GC_MAJOR) major++;
}).observe({ entryTypes: ['gc'] });
const run = (c: string, a: string[]) =>
  new Promise<void>((res) => spawn(c, a, { stdio: 'ignore' }).on('close', () => res()));
const t = await startTestServer({ RATE_LIMIT_MULTIPLIER: '1000' });
const scratch = fs.mkdtempSync(path.join(t.dataDir, 'probe-'));
const source = path.join(scratch, 's.pdf');
const copy = path.join(scratch, 'c');
await run('sh', ['-c', `printf '%%PDF-1.7\\n' > ${source}; head -c ${size} /dev/urandom >> ${source}`]);
const bare = http.createServer((req, res) => {
  void pipeline(req, fs.createWriteStream(copy, { highWaterMark: MB })).then(() => res.end('ok'));
});
await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
const w = await buildDriveWorld(t, 'Probe');
const put = async (label: string, url: string) => {
  const m0 = major;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await run('curl', ['-sS', '-o', '/dev/null', '-T', source, url]);
  await new Promise((r) => setTimeout(r, 100));
  const c = process.cpuUsage(c0);
  console.log(
    `${label.padEnd(20)} wall ${((performance.now() - t0) / 1000).toFixed(2)} cpu ${((c.user + c.system) / 1e6).toFixed(2)} full GCs ${major - m0}`,
  );
};
const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;
const steps = (process.env.STEPS ?? 'b,b,g,b,o,b').split(',');
console.log(`start: ${execFileSync('uptime').toString().trim()}`);
let n = 0;
for (const s of steps) {
  if (s === 'b') await put('bare', bareUrl);
  else if (s === 'g') {
    (globalThis as unknown as { gc: () => void }).gc();
    (globalThis as unknown as { gc: () => void }).gc();
    console.log('gc()');
  } else if (s === 'p' || s === 'o') {
    const created = await rest<Created>(t, w.owner, 'POST', `${w.base}/files`, {
      fileName: `TRN-ARQ-ED-0001-R0${n++}.pdf`,
      fileSize: size + 9,
    });
    if (s === 'p') {
      console.log('POST only');
      continue;
    }
    await put('obra', created.body.upload.url);
    const c = await rest(t, w.owner, 'PATCH', `${w.base}/files/${created.body.file.id}/confirm-upload`);
    console.log('confirm', c.status);
  } else if (s === 'w') {
    await new Promise((r) => setTimeout(r, 5000));
    console.log('wait 5s');
  }
}
console.log(`end: ${execFileSync('uptime').toString().trim()}`);
await new Promise((r) => bare.close(r));
fs.rmSync(scratch, { recursive: true, force: true });
await t.close();
process.exit(0);
