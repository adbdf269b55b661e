import { spawnWatchedNode, superviseChild } from '../../lib/child-work.ts';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

/**
 * Where a converted model lies (docs/bim.md "Loading: nearest first"): the box of its elements in IFC world
 * coordinates (Z up, metres, as BCF viewpoints), and the translation the conversion applied to the model
 * (`coordination`: the fragments' `getCoordinates()`, in the viewer's Y-up axes).
 */
export interface BimBounds {
  min: [number, number, number];
  max: [number, number, number];
  coordination: [number, number, number];
}

/** Whether a value read from the converter or the database is a BimBounds. */
export function isBimBounds(value: unknown): value is BimBounds {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  const triple = (a: unknown) =>
    Array.isArray(a) && a.length === 3 && a.every((n) => typeof n === 'number' && Number.isFinite(n));
  return triple(v['min']) && triple(v['max']) && triple(v['coordination']);
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
      /** Null when the model has no geometry (or the bounds could not be read). */
      bounds: BimBounds | null;
      /** The converting process's nice value (19 on Linux: the conversion yields to the API). */
      niceness?: number;
      /** The converting process's peak resident memory (MB). */
      peakRssMb?: number;
    }
  | { ok: false; reason: BimConversionFailure; message: string };

/** A conversion whose outputs are files (`convertIfcFile`): the server streams them to storage unread. */
export type BimFileConversionResult =
  | {
      ok: true;
      schema: string;
      elementCount: number;
      bounds: BimBounds | null;
      /** `model.frag` (the fragments, deflated) and `properties.json` (a BimProperties). */
      fragmentsPath: string;
      propertiesPath: string;
      niceness?: number;
      peakRssMb?: number;
    }
  | { ok: false; reason: BimConversionFailure; message: string };

/** IFC schemas web-ifc reads (FILE_SCHEMA of the header). */
export const BIM_SCHEMAS = ['IFC2X3', 'IFC4', 'IFC4X3'] as const;

/** The largest IFC the server converts (docs/bim.md: larger ones fail with tooLarge). */
export const BIM_MAX_CONVERT_BYTES = 512 * 1024 * 1024;

/**
 * The CPU time one conversion may use by default before it is stopped (timeout). CPU time, not wall-clock time: a
 * conversion at nice 19 on a loaded host may wait much longer than it works (issue 30 #11).
 */
export const BIM_CONVERT_TIME_LIMIT_MS = 15 * 60 * 1000;

const workerPath = fileURLToPath(new URL('./bim-convert-worker.mjs', import.meta.url));

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

/** The first `head` and last `tail` bytes of a file, without reading it whole. */
async function fileEnds(file: string, head: number, tail: number): Promise<Uint8Array> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const { size } = await handle.stat();
    if (size <= head + tail) return new Uint8Array(await handle.readFile());
    const start = Buffer.alloc(head);
    const end = Buffer.alloc(tail);
    await handle.read(start, 0, head, 0);
    await handle.read(end, 0, tail, size - tail);
    return new Uint8Array(Buffer.concat([start, end]));
  } finally {
    await handle.close();
  }
}

/**
 * Runs bim-convert-worker.mjs with these arguments in a watched child process (lib/child-work.ts): at nice 19,
 * stopped after `limit` ms of CPU time (a conversion starved by a busy host waits instead of failing), and ended
 * when this process dies.
 */
async function runWorker(
  workerArgs: string[],
  limit: number,
): Promise<{ timedOut: boolean; code: number | null; error?: Error; stderr: string }> {
  const end = await superviseChild(spawnWatchedNode([], workerPath, workerArgs), { cpuLimitMs: limit });
  return {
    timedOut: end.ended === 'cpuLimit' || end.ended === 'wallClockLimit',
    code: end.code,
    ...(end.error ? { error: end.error } : {}),
    stderr: end.stderr,
  };
}

/**
 * Converts an IFC file into `outDir` (`model.frag`, `properties.json`) in a child process started at nice 19
 * (every thread of it: the conversion yields the CPU to the API) and stopped after `timeLimitMs`. The server's
 * own process only checks the file's ends and waits: it neither holds nor parses the model. Never throws for a
 * bad file: it answers why.
 */
export async function convertIfcFile(
  input: string,
  outDir: string,
  options: { timeLimitMs?: number } = {},
): Promise<BimFileConversionResult> {
  const { size } = await fs.promises.stat(input);
  if (size > BIM_MAX_CONVERT_BYTES) return { ok: false, reason: 'tooLarge', message: `${size} bytes` };
  const checked = checkIfcBytes(await fileEnds(input, 64 * 1024, 4096));
  if (!checked.ok) return checked;
  const limit = options.timeLimitMs ?? BIM_CONVERT_TIME_LIMIT_MS;
  const exit = await runWorker([input, outDir, wasmDirectory()], limit);
  if (exit.timedOut)
    return { ok: false, reason: 'timeout', message: `stopped after ${limit} ms of CPU time` };
  const answer = await fs.promises
    .readFile(path.join(outDir, 'result.json'), 'utf8')
    .then((text) => JSON.parse(text) as Record<string, unknown>)
    .catch(() => null);
  if (!answer)
    return {
      ok: false,
      reason: 'conversionFailed',
      message: exit.error?.message ?? `the converter exited (${exit.code}) ${exit.stderr.trim()}`.trim(),
    };
  if (answer['ok'] !== true)
    return {
      ok: false,
      reason: (answer['reason'] as BimConversionFailure | undefined) ?? 'conversionFailed',
      message: String(answer['message'] ?? ''),
    };
  const elementCount = Number(answer['elementCount']);
  if (elementCount === 0) return { ok: false, reason: 'noElements', message: 'the model has no elements' };
  return {
    ok: true,
    schema: String(answer['schema']),
    elementCount,
    bounds: isBimBounds(answer['bounds']) ? answer['bounds'] : null,
    fragmentsPath: path.join(outDir, 'model.frag'),
    propertiesPath: path.join(outDir, 'properties.json'),
    niceness: Number(answer['niceness']),
    peakRssMb: Number(answer['peakRssMb']),
  };
}

/**
 * Converts IFC bytes to fragments and a properties file (the spatial tree with GUID, class and name of every
 * element) through `convertIfcFile`, answering them in memory (the tests and benches; the bim.convert job
 * streams the files instead). Never throws for a bad file: it answers why.
 */
export async function convertIfc(
  bytes: Uint8Array,
  options: { timeLimitMs?: number } = {},
): Promise<BimConversionResult> {
  if (bytes.length > BIM_MAX_CONVERT_BYTES)
    return { ok: false, reason: 'tooLarge', message: `${bytes.length} bytes` };
  const checked = checkIfcBytes(bytes);
  if (!checked.ok) return checked;
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'obra-ifc-'));
  try {
    const input = path.join(dir, 'model.ifc');
    await fs.promises.writeFile(input, bytes);
    const result = await convertIfcFile(input, dir, options);
    if (!result.ok) return result;
    const [fragments, properties] = await Promise.all([
      fs.promises.readFile(result.fragmentsPath),
      fs.promises.readFile(result.propertiesPath, 'utf8'),
    ]);
    return {
      ok: true,
      schema: result.schema,
      fragments: new Uint8Array(fragments.buffer, fragments.byteOffset, fragments.byteLength),
      properties: JSON.parse(properties) as BimProperties,
      bounds: result.bounds,
      ...(result.niceness === undefined ? {} : { niceness: result.niceness }),
      ...(result.peakRssMb === undefined ? {} : { peakRssMb: result.peakRssMb }),
    };
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

/**
 * The bounds of fragments converted before the conversion recorded them (`model.frag` at `fragmentsPath`), read
 * in a child process at nice 19 like a conversion. Null when the model has no geometry or they cannot be read.
 */
export async function readFragmentsBounds(
  fragmentsPath: string,
  outDir: string,
  options: { timeLimitMs?: number } = {},
): Promise<BimBounds | null> {
  await runWorker(['--bounds', fragmentsPath, outDir], options.timeLimitMs ?? BIM_CONVERT_TIME_LIMIT_MS);
  const answer = await fs.promises
    .readFile(path.join(outDir, 'result.json'), 'utf8')
    .then((text) => JSON.parse(text) as Record<string, unknown>)
    .catch(() => null);
  return answer?.['ok'] === true && isBimBounds(answer['bounds']) ? answer['bounds'] : null;
}
