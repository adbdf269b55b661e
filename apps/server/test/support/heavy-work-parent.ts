// A stand-in for a job-running Obra process in the orphan test (test/resilience/orphaned-children.test.ts): it
// starts one conversion or preparation that does not end soon — an IFC whose geometry pass never returns, or a PDF
// that inflates to hundreds of MB, both given as a file path — and waits, until the test kills it.
import fs from 'node:fs';
import { convertIfc } from '../../src/modules/bim/bim-convert.ts';
import { preparePdf } from '../../src/modules/drive/drive-pdf-prepare.ts';

const [kind, file] = process.argv.slice(2);
const bytes = new Uint8Array(fs.readFileSync(file ?? ''));
process.stdout.write('started\n');
const work =
  kind === 'ifc'
    ? convertIfc(bytes, { timeLimitMs: 10 * 60_000 })
    : preparePdf(bytes, { timeLimitMs: 10 * 60_000 });
await work;
