// The IFC conversion bench (docs/benchmarks.md "BIM conversion"): converts one IFC as the bim.convert job does
// (bim-convert.ts: the checks, then web-ifc and IfcImporter in a child process at nice 19) and prints the time,
// the converting process's peak RSS, this process's and the element count. With --synthetic N it first writes a generated IFC4 of
// N elements (bench/bim/synthetic-ifc.ts) and converts that.
//   node --import tsx bench/bim/bim-convert-bench.ts [file.ifc]
//   node --import tsx bench/bim/bim-convert-bench.ts --synthetic 100000
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { convertIfc } from '../../apps/server/src/modules/bim/bim-convert.ts';
import { writeSyntheticIfc } from './synthetic-ifc.ts';

const args = process.argv.slice(2);
let file = path.resolve(import.meta.dirname, '../../fixtures/ifc/bcf-xml/Architectural.ifc');
if (args[0] === '--synthetic') {
  const count = Number(args[1] ?? 100_000);
  file = path.join(os.tmpdir(), `obra-synthetic-${count}.ifc`);
  const started = performance.now();
  writeSyntheticIfc(file, count);
  console.log(
    `generated ${count} elements, ${(fs.statSync(file).size / 1e6).toFixed(1)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
} else if (args[0]) file = path.resolve(args[0]);

const bytes = new Uint8Array(fs.readFileSync(file));
const rssBefore = process.memoryUsage().rss;
const started = performance.now();
const result = await convertIfc(bytes, { timeLimitMs: 30 * 60_000 });
const seconds = (performance.now() - started) / 1000;
const peakMb = process.resourceUsage().maxRSS / 1024;
console.log(
  JSON.stringify({
    file: path.basename(file),
    sizeMb: +(bytes.length / 1e6).toFixed(2),
    ok: result.ok,
    ...(result.ok
      ? {
          elements: result.properties.elementCount,
          fragmentsMb: +(result.fragments.byteLength / 1e6).toFixed(2),
        }
      : { reason: result.reason, message: result.message }),
    seconds: +seconds.toFixed(2),
    converterPeakRssMb: result.ok ? result.peakRssMb : undefined,
    peakRssMb: Math.round(peakMb),
    rssBeforeMb: Math.round(rssBefore / 1e6),
    load: os.loadavg().map((l) => +l.toFixed(2)),
  }),
);
