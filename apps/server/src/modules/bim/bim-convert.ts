import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/** Why a conversion failed (processingError of the drive file; docs/bim.md). */
export type BimConversionFailure =
  'notIfc' | 'unsupportedSchema' | 'unreadable' | 'tooLarge' | 'noElements' | 'timeout' | 'conversionFailed';

/** A node of the spatial tree as stored in a model's properties file. */
export interface BimTreeNode {
  /** The IFC entity's express id, which is also its local id in the fragments. */
  id: number;
  cls: string;
  guid: string | null;
  name: string | null;
  /** IfcProject, IfcSite, IfcBuilding, IfcBuildingStorey, IfcSpace… (not counted as elements). */
  spatial: boolean;
  children: BimTreeNode[];
}

/** The properties file of a converted model: the spatial tree with every element's GUID, class and name. */
export interface BimProperties {
  version: 1;
  schema: string;
  elementCount: number;
  classes: Record<string, number>;
  tree: BimTreeNode;
}

export type BimConversionResult =
  | {
      ok: true;
      schema: string;
      fragments: Uint8Array;
      properties: BimProperties;
      /** The converting thread's nice value (19 on Linux: the conversion yields to the API). */
      niceness?: number;
    }
  | { ok: false; reason: BimConversionFailure; message: string };

/** IFC schemas web-ifc reads (FILE_SCHEMA of the header). */
export const BIM_SCHEMAS = ['IFC2X3', 'IFC4', 'IFC4X3'] as const;

/** The largest IFC the server converts (docs/bim.md: larger ones fail with tooLarge). */
export const BIM_MAX_CONVERT_BYTES = 512 * 1024 * 1024;

/** How long one conversion may run by default before it is stopped (timeout). */
export const BIM_CONVERT_TIME_LIMIT_MS = 15 * 60 * 1000;

const workerUrl = new URL('./bim-convert-worker.mjs', import.meta.url);

function wasmDirectory(): string {
  const require = createRequire(import.meta.url);
  return `${path.dirname(require.resolve('web-ifc'))}/`;
}

/**
 * What the bytes claim before any parsing: an ISO-10303-21 (STEP) exchange file of a schema web-ifc reads
 * (whitespace allowed in `FILE_SCHEMA (('IFC2X3'))`), ending with its END-ISO-10303-21 line (a cut-off upload
 * or export is refused here rather than handed to the parser).
 */
export function checkIfcBytes(
  bytes: Uint8Array,
): { ok: true; schema: string } | { ok: false; reason: BimConversionFailure; message: string } {
  const head = Buffer.from(bytes.subarray(0, 64 * 1024))
    .toString('latin1')
    .replace(/^\uFEFF/, '');
  if (!head.trimStart().startsWith('ISO-10303-21'))
    return { ok: false, reason: 'notIfc', message: 'not an ISO-10303-21 file' };
  const declared = /FILE_SCHEMA\s*\(\s*\(\s*'([^']*)'/i.exec(head)?.[1]?.trim().toUpperCase();
  if (!declared) return { ok: false, reason: 'unreadable', message: 'no FILE_SCHEMA in the header' };
  const schema = BIM_SCHEMAS.find((s) => declared === s || declared.startsWith(`${s}_`));
  if (!schema) return { ok: false, reason: 'unsupportedSchema', message: declared };
  const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - 4096))).toString('latin1');
  if (!tail.includes('END-ISO-10303-21'))
    return { ok: false, reason: 'unreadable', message: 'the file is cut off (no END-ISO-10303-21)' };
  return { ok: true, schema };
}

/**
 * Converts IFC bytes to fragments and a properties file (the spatial tree with GUID, class and name of every
 * element), in a worker thread stopped after `timeLimitMs`. Never throws for a bad file: it answers why.
 */
export async function convertIfc(
  bytes: Uint8Array,
  options: { timeLimitMs?: number } = {},
): Promise<BimConversionResult> {
  if (bytes.length > BIM_MAX_CONVERT_BYTES)
    return { ok: false, reason: 'tooLarge', message: `${bytes.length} bytes` };
  const checked = checkIfcBytes(bytes);
  if (!checked.ok) return checked;
  const limit = options.timeLimitMs ?? BIM_CONVERT_TIME_LIMIT_MS;
  const result = await new Promise<BimConversionResult>((resolve) => {
    const worker = new Worker(workerUrl, {
      workerData: { bytes, wasmDir: wasmDirectory() },
      // The worker needs no TypeScript loader: it is plain JavaScript.
      execArgv: [],
    });
    let settled = false;
    const finish = (value: BimConversionResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(value);
    };
    const timer = setTimeout(
      () => finish({ ok: false, reason: 'timeout', message: `stopped after ${limit} ms` }),
      limit,
    );
    worker.once('message', (message: BimConversionResult) => finish(message));
    worker.once('error', (error) =>
      finish({ ok: false, reason: 'conversionFailed', message: error.message }),
    );
    worker.once('exit', (code) =>
      finish({ ok: false, reason: 'conversionFailed', message: `the converter exited (${code})` }),
    );
  });
  if (result.ok && result.properties.elementCount === 0)
    return { ok: false, reason: 'noElements', message: 'the model has no elements' };
  return result;
}
