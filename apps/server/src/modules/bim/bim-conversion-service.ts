import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { AppServices } from '../../services.ts';
import type { Db } from '../../db/database.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import { transactionExecutor } from '../../db/transaction-executor.ts';
import {
  BIM_MAX_CONVERT_BYTES,
  convertIfcFile,
  readFragmentsBounds,
  type BimConversionFailure,
} from './bim-convert.ts';
import {
  conversionsWithoutBounds,
  findConversionJob,
  writeConversionBounds,
  writeConversionQueued,
  writeConversionState,
  type BimConversionFields,
} from './bim-conversion-repository.ts';

/** The processing states of a model revision (drive file `processingState`, docs/bim.md). */
export type BimProcessingState = 'queued' | 'processing' | 'success' | 'failed';

/** Whether a drive revision is a model the server converts. */
export function isIfcExtension(extension: string): boolean {
  return extension.toLowerCase() === 'ifc';
}

/** Where a revision's conversion outputs are stored. */
export function bimKeys(projectId: number, fileId: number): { fragments: string; properties: string } {
  return {
    fragments: `bim/${projectId}/${fileId}/model.frag`,
    properties: `bim/${projectId}/${fileId}/properties.json`,
  };
}

/**
 * Queues the conversion of a confirmed IFC revision, in the caller's transaction: the conversion row and the
 * drive file's processingState become `queued`, and the bim.convert job exists only if the transaction commits.
 */
export async function queueBimConversion(
  services: AppServices,
  tx: Db,
  file: { id: number; projectId: number },
): Promise<void> {
  await writeConversionQueued(tx, file);
  await services.jobs.send('bim.convert', { fileId: file.id }, { executor: transactionExecutor(tx) });
}

async function setState(
  services: AppServices,
  fileId: number,
  state: BimProcessingState,
  fields: BimConversionFields = {},
  options: { countAttempt?: boolean } = {},
): Promise<void> {
  await unitOfWork(services, (tx) => writeConversionState(tx, fileId, state, fields, options));
}

/**
 * Asks the bim.convert job to read the bounds of the revisions converted before they were recorded (migration
 * 0021; the job reads them from the stored fragments, runBimConversion). Run once when a process that runs jobs
 * starts (register-workers.ts): a data backfill, not work of the read path. Returns how many were queued.
 */
export async function queueMissingBimBounds(services: AppServices): Promise<number> {
  const fileIds = await conversionsWithoutBounds(services.database.db);
  for (const fileId of fileIds) await services.jobs.send('bim.convert', { fileId });
  return fileIds.length;
}

/**
 * Reads and records the bounds of a revision converted before they were recorded, from its stored fragments, in
 * a child process at nice 19 (bim-convert.ts readFragmentsBounds). `{}` when they cannot be read (no geometry,
 * no fragments), so that they are not asked for again.
 */
async function recordMissingBounds(services: AppServices, fileId: number, fragmentsKey: string | null) {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'obra-frag-'));
  try {
    let bounds = null;
    if (fragmentsKey && (await services.files.store.stat(fragmentsKey))) {
      const input = path.join(dir, 'model.frag');
      await pipeline(await services.files.store.readStream(fragmentsKey), fs.createWriteStream(input));
      bounds = await readFragmentsBounds(input, dir);
    }
    await writeConversionBounds(services.database.db, fileId, bounds ?? {});
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

/**
 * The bim.convert job: reads the revision's bytes from storage, converts them (bim-convert.ts), stores the
 * fragments and the properties file beside each other under bim/{projectId}/{fileId}/ and records success with
 * the element count, or failed with the reason. A bad file is an answer, not an error (no retry); a storage
 * failure throws so that pg-boss retries. A revision deleted meanwhile is skipped. On a revision converted before
 * the bounds were recorded, it only reads them (queueMissingBimBounds).
 */
export async function runBimConversion(
  services: AppServices,
  fileId: number,
  options: { timeLimitMs?: number } = {},
): Promise<BimProcessingState | 'skipped'> {
  const row = await findConversionJob(services.database.db, fileId);
  if (!row || row.uploadState !== 'confirmed') return 'skipped';
  if (row.state === 'success') {
    if (row.bounds === null) await recordMissingBounds(services, fileId, row.fragmentsKey);
    return 'success';
  }
  await setState(services, fileId, 'processing', { startedAt: new Date() }, { countAttempt: true });
  const fail = async (reason: BimConversionFailure, message: string): Promise<'failed'> => {
    services.logger.info({ fileId, reason, message }, 'IFC conversion failed');
    await setState(services, fileId, 'failed', { error: reason, finishedAt: new Date() });
    return 'failed';
  };
  const stored = await services.files.store.stat(row.storageKey);
  if (!stored) return fail('unreadable', 'the stored file is missing');
  if (stored.size > BIM_MAX_CONVERT_BYTES) return fail('tooLarge', `${stored.size} bytes`);
  // The revision is copied to a temporary file and converted in a child process (bim-convert.ts); the outputs
  // are streamed to storage: the server's own process never holds the model, nor parses its properties.
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'obra-ifc-'));
  try {
    const input = path.join(dir, 'model.ifc');
    await pipeline(await services.files.store.readStream(row.storageKey), fs.createWriteStream(input));
    const result = await convertIfcFile(input, dir, options);
    if (!result.ok) return await fail(result.reason, result.message);
    const keys = bimKeys(row.projectId, fileId);
    const fragmentsSize = await services.files.store.writeStream(
      keys.fragments,
      fs.createReadStream(result.fragmentsPath),
      'application/octet-stream',
    );
    await services.files.store.writeStream(
      keys.properties,
      fs.createReadStream(result.propertiesPath),
      'application/json',
    );
    await setState(services, fileId, 'success', {
      error: null,
      schema: result.schema,
      fragmentsKey: keys.fragments,
      fragmentsSize,
      propertiesKey: keys.properties,
      elementCount: result.elementCount,
      bounds: result.bounds ?? {},
      finishedAt: new Date(),
    });
    return 'success';
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}
