import { Transform, type Readable } from 'node:stream';
import yazl from 'yazl';
import { AppError } from '@obra/domain';
import { unitOfWork } from '../../db/unit-of-work.ts';
import { transactionExecutor } from '../../db/transaction-executor.ts';
import {
  deleteExpiredDriveRows,
  findBulkDownload,
  findOwnBulkDownload,
  insertBulkDownload,
  updateBulkDownload,
} from './drive-bulk-download-repository.ts';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import { jobActorOf } from '../identity/job-actor.ts';
import { uploadKeyOf } from '../../storage/file-store.ts';
import { loadDriveAccess } from './drive-access.ts';
import { visibleFilesByIds, type DriveArea, type DriveFileRecord } from './drive-repository.ts';

/** The most files one bulk download may hold. */
export const BULK_DOWNLOAD_MAX_FILES = 1000;
/** How long a prepared archive stays available. */
const ARCHIVE_HOURS = 24;
/** Kinds of content already compressed: stored as they are, compressing them again costs time for nothing. */
const STORED = new Set(['pdf', 'png', 'jpg', 'jpeg', 'gif', 'webp', 'zip', 'docx', 'xlsx', 'pptx', 'dwg']);

/** What GET /files/bulk-downloads/{id} answers. */
export interface BulkDownloadState {
  id: string;
  status: 'processing' | 'completed' | 'error';
  fileCount: number;
  processedCount: number;
  size: number | null;
  url: string | null;
  errorCode: 'PREPARING' | 'COMPRESSING' | null;
  createdAt: string;
  expiresAt: string;
}

/**
 * POST /files/bulk-downloads: records a zip of the asked files the caller sees (hidden and unknown ids are left
 * out, as if they did not exist: DOCUMENTS_NOT_FOUND when none is left) and queues drive.bulkZip in the same unit
 * of work. A read: allowed in inactive projects. `area` says whether the ids are the drive's or the project files'
 * (a zip holds files of its own area only).
 */
export async function startBulkDownload(
  services: AppServices,
  actor: Actor,
  input: { projectId: number; fileIds: number[]; area?: DriveArea },
): Promise<{ bulkDownloadId: string }> {
  const area = input.area ?? 'drive';
  const { db } = services.database;
  const { viewer } = await loadDriveAccess(db, actor, input.projectId);
  const ids = [...new Set(input.fileIds)];
  if (ids.length === 0) throw new AppError('REQUIRED_FIELD', { field: 'filesIds' });
  if (ids.length > BULK_DOWNLOAD_MAX_FILES)
    throw new AppError('BAD_USER_INPUT', { field: 'filesIds', max: BULK_DOWNLOAD_MAX_FILES });
  const files = await visibleFilesByIds(db, viewer, input.projectId, ids, area);
  if (files.length === 0) throw new AppError('DOCUMENTS_NOT_FOUND');
  return unitOfWork(services, async (tx) => {
    const id = await insertBulkDownload(tx, {
      projectId: input.projectId,
      area,
      userId: actor.account.id,
      fileIds: files.map((f) => f.id),
      fileCount: files.length,
      expiresAt: new Date(Date.now() + ARCHIVE_HOURS * 3_600_000),
    });
    await services.jobs.send('drive.bulkZip', { bulkDownloadId: id }, { executor: transactionExecutor(tx) });
    return { bulkDownloadId: id };
  });
}

/** GET /files/bulk-downloads/{id}: the caller's own bulk download of this project (DOCUMENTS_NOT_FOUND else). */
export async function bulkDownloadState(
  services: AppServices,
  actor: Actor,
  input: { projectId: number; bulkDownloadId: string; origin: string; area?: DriveArea },
): Promise<BulkDownloadState> {
  const { db } = services.database;
  await loadDriveAccess(db, actor, input.projectId);
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(input.bulkDownloadId))
    throw new AppError('DOCUMENTS_NOT_FOUND');
  const row = await findOwnBulkDownload(db, {
    id: input.bulkDownloadId,
    projectId: input.projectId,
    userId: actor.account.id,
    area: input.area ?? 'drive',
  });
  if (!row) throw new AppError('DOCUMENTS_NOT_FOUND');
  const completed = row.status === 'completed' && row.storageKey !== null;
  const expires = Math.floor(Date.now() / 1000) + 5 * 60;
  return {
    id: row.id,
    status: row.status as BulkDownloadState['status'],
    fileCount: row.fileCount,
    processedCount: row.processedCount,
    size: row.size,
    url:
      completed && row.storageKey
        ? `${input.origin}${services.files.signer.signedPath('GET', row.storageKey, expires, 'application/zip')}`
        : null,
    errorCode: (row.errorCode as BulkDownloadState['errorCode']) ?? null,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** How a bulk zip ended, for the requester's notice (the job's worker tells them). */
export interface BulkZipOutcome {
  id: string;
  userId: number;
  projectId: number;
  area: DriveArea;
  fileCount: number;
  status: 'completed' | 'error';
}

/** Entry names of the archive: the file names, with " (2)", " (3)"… where two would collide. */
export function archiveNames(files: readonly Pick<DriveFileRecord, 'fileName'>[]): string[] {
  const used = new Set<string>();
  return files.map((f) => {
    const dot = f.fileName.lastIndexOf('.');
    const base = dot > 0 ? f.fileName.slice(0, dot) : f.fileName;
    const ext = dot > 0 ? f.fileName.slice(dot) : '';
    let name = f.fileName;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base} (${n})${ext}`;
    used.add(name.toLowerCase());
    return name;
  });
}

/**
 * The drive.bulkZip job: builds the archive as a stream into the file store (each file read lazily, one at a time;
 * never the whole archive in memory). The files are those the requester still sees when the job runs. Failing to
 * load is PREPARING, failing while streaming COMPRESSING; a failed job is not retried (the user asks again).
 */
export async function runBulkZip(
  services: AppServices,
  bulkDownloadId: string,
): Promise<BulkZipOutcome | undefined> {
  const { db } = services.database;
  const row = await findBulkDownload(db, bulkDownloadId);
  if (!row || row.status !== 'processing') return undefined;
  const ended = (status: BulkZipOutcome['status']): BulkZipOutcome => ({
    id: row.id,
    userId: row.userId,
    projectId: row.projectId,
    area: row.area as DriveArea,
    fileCount: row.fileCount,
    status,
  });
  const fail = async (code: 'PREPARING' | 'COMPRESSING', error: unknown): Promise<BulkZipOutcome> => {
    services.logger.warn({ err: error, bulkDownloadId }, 'bulk download failed');
    await unitOfWork(services, (tx) =>
      updateBulkDownload(tx, bulkDownloadId, { status: 'error', errorCode: code, completedAt: new Date() }),
    );
    return ended('error');
  };
  let files: DriveFileRecord[];
  try {
    const actor = await jobActorOf(db, row.userId);
    if (!actor) throw new Error('requester gone');
    const { viewer } = await loadDriveAccess(db, actor, row.projectId);
    files = await visibleFilesByIds(db, viewer, row.projectId, row.fileIds, row.area as DriveArea);
    if (files.length === 0) throw new Error('no visible file left');
  } catch (error) {
    return fail('PREPARING', error);
  }
  const key = `drive-zips/${row.projectId}/${row.id}.zip`;
  const zip = new yazl.ZipFile();
  let processed = 0;
  let lastReport = Date.now();
  const names = archiveNames(files);
  for (const [i, file] of files.entries()) {
    zip.addReadStreamLazy(
      names[i] ?? file.fileName,
      {
        compress: !STORED.has(file.extension),
        size: file.fileSize,
        mtime: new Date(file.uploadedAt ?? file.createdAt),
      },
      (done) => {
        services.files.store.readStream(file.storageKey).then(
          (stream: Readable) => {
            stream.on('end', () => {
              processed += 1;
              if (Date.now() - lastReport > 1000) {
                lastReport = Date.now();
                void updateBulkDownload(db, bulkDownloadId, { processedCount: processed }).catch(
                  () => undefined,
                );
              }
            });
            done(null, stream);
          },
          (error: unknown) =>
            done(error instanceof Error ? error : new Error(String(error)), undefined as never),
        );
      },
    );
  }
  zip.end();
  const output = new Transform({
    transform(chunk: Buffer, _encoding, next) {
      next(null, chunk);
    },
  });
  zip.on('error', (error: Error) => output.destroy(error));
  zip.outputStream.on('error', (error: Error) => output.destroy(error));
  zip.outputStream.pipe(output);
  let size: number;
  try {
    // A run interrupted by a crash left its partial archive (a `.part` file, an unfinished multipart upload): it
    // goes before this run writes the key again.
    // Best effort: a store that cannot list its unfinished uploads (s3rver, some S3-compatible services) still zips.
    await services.files.store
      .removePartials(key)
      .catch((error: unknown) => services.logger.warn({ err: error, key }, 'partial archive not cleaned'));
    size = await services.files.store.writeStream(key, output, 'application/zip');
  } catch (error) {
    await services.files.store.remove([key]).catch(() => undefined);
    return fail('COMPRESSING', error);
  }
  await unitOfWork(services, (tx) =>
    updateBulkDownload(tx, bulkDownloadId, {
      status: 'completed',
      storageKey: key,
      size,
      processedCount: files.length,
      completedAt: new Date(),
    }),
  );
  return ended('completed');
}

/** How old a partial write must be before the cleanup removes it: no write in progress lasts that long. */
export const STALE_PARTIAL_MS = 24 * 60 * 60 * 1000;

/**
 * The drive.cleanup job: removes uploads never confirmed past their expiry (rows, then objects, then documents
 * left without revisions), bulk-download archives past theirs, and partial writes that processes killed mid-write
 * left anywhere in the store (older than STALE_PARTIAL_MS). Returns how many rows and partial objects went.
 */
export async function cleanupDrive(services: AppServices, now = new Date()): Promise<number> {
  const expired = await unitOfWork(services, async (tx) => {
    const { fileKeys, archiveKeys } = await deleteExpiredDriveRows(tx, now);
    return [...fileKeys.flatMap((key) => [key, uploadKeyOf(key)]), ...archiveKeys];
  });
  if (expired.length > 0) await services.files.store.remove(expired);
  const partials = await services.files.store
    .removeStalePartials(new Date(now.getTime() - STALE_PARTIAL_MS))
    .catch((error: unknown) => {
      services.logger.warn({ err: error }, 'stale partial writes not cleaned');
      return 0;
    });
  return expired.length + partials;
}
