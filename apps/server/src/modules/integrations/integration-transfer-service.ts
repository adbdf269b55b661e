import { Transform, type TransformCallback } from 'node:stream';
import { AppError, isAppError, splitFileName, type ErrorCode } from '@obra/domain';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import { transactionExecutor } from '../../db/transaction-executor.ts';
import { loadProjectAccess, requireActive } from '../projects/project-access.ts';
import { confirmDriveUpload, createDriveFile, discard } from '../drive/drive-upload-service.ts';
import { findDriveFile, type DriveFileRecord } from '../drive/drive-repository.ts';
import { isIfcExtension } from '../bim/bim-conversion-service.ts';
import { jobActorOf } from '../identity/job-actor.ts';
import { uploadKeyOf } from '../../storage/file-store.ts';
import { browse, requireBim } from './integration-service.ts';
import {
  deleteOldTransfers,
  findOwnTransfers,
  findTransfer,
  insertTransfer,
  updateTransfer,
  type TransferRow,
} from './integration-transfer-repository.ts';

/** Fields of the drive revision a brought-in file becomes (the drive's POST /files fields). */
export interface ImportInput {
  folderId: string;
  fileId: string;
  versionId?: string | undefined;
  fileName?: string | undefined;
  documentName?: string | undefined;
  revisionName?: string | undefined;
  disciplineId?: number | null | undefined;
  localId?: number | null | undefined;
  phase?: number | null | undefined;
}

/** A person's transfers are listed (and kept) this long. */
export const TRANSFER_KEEP_DAYS = 7;
/** At most this many of a person's transfers of a project are listed. */
const TRANSFER_LIST_MAX = 20;
/** The bytes done are written at most this often while a transfer runs. */
const PROGRESS_EVERY_MS = 1000;

/** A transfer as the API answers it (GET …/transfers, POST …/aps-files). */
export interface TransferAnswer {
  id: string;
  status: 'transferring' | 'completed' | 'error';
  kind: 'drive' | 'bim';
  fileName: string;
  done: number;
  total: number;
  errorCode: string | null;
  createdAt: string;
  completedAt: string | null;
  /** The drive revision, once confirmed. */
  file: {
    id: number;
    documentId: number;
    fileName: string;
    revisionName: string;
    uploadState: string;
  } | null;
}

function presentTransfer(row: TransferRow, file: DriveFileRecord | undefined): TransferAnswer {
  return {
    id: row.id,
    status: row.status as TransferAnswer['status'],
    kind: row.kind as TransferAnswer['kind'],
    fileName: row.fileName,
    done: row.done,
    total: row.total,
    errorCode: row.errorCode,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    file:
      file && row.status === 'completed'
        ? {
            id: file.id,
            documentId: file.documentId,
            fileName: file.fileName,
            revisionName: file.revisionName,
            uploadState: file.uploadState,
          }
        : null,
  };
}

async function answerOf(services: AppServices, row: TransferRow): Promise<TransferAnswer> {
  const file =
    row.driveFileId === null
      ? undefined
      : await findDriveFile(services.database.db, row.projectId, row.driveFileId);
  return presentTransfer(row, file);
}

/**
 * POST …/aps-files (docs/integrations.md "Bringing files in"): checks what can be checked now — the link, the
 * person's account, the file and version at the platform, the BIM module for a model, the drive's naming rule,
 * permissions and size (through the drive's own createDriveFile) — then records the pending revision, the transfer
 * and its integrations.transfer job in one unit of work, and answers the transfer at once. The bytes move in the
 * job, however large the file: a refusal is an answer now, a platform failing mid-way the transfer's error code.
 */
export async function startImport(
  services: AppServices,
  actor: Actor,
  projectId: number,
  input: ImportInput,
  origin: string,
): Promise<TransferAnswer> {
  const { access, connector, ref } = await browse(services, actor, projectId);
  requireActive(access);
  const info = await connector.file(ref, input.folderId, input.fileId);
  const version = input.versionId ? info.versions.find((v) => v.id === input.versionId) : info.versions[0];
  if (!version) throw new AppError('NOT_FOUND', { field: 'versionId' });
  const fileName = input.fileName ?? info.name;
  const { extension } = splitFileName(fileName);
  const kind = isIfcExtension(extension) ? ('bim' as const) : ('drive' as const);
  if (kind === 'bim') requireBim(access);
  if (version.size === null) throw new AppError('INTEGRATION_PLATFORM_ERROR', { reason: 'size' });
  const size = version.size;
  let created: TransferRow | undefined;
  await createDriveFile(
    services,
    actor,
    {
      projectId,
      fileName,
      documentName: input.documentName,
      revisionName: input.revisionName,
      disciplineId: input.disciplineId,
      localId: input.localId,
      phase: input.phase,
      fileSize: size,
      origin,
    },
    async (tx, driveFileId) => {
      created = await insertTransfer(tx, {
        projectId,
        userId: actor.account.id,
        driveFileId,
        partnerFolderId: input.folderId,
        partnerFileId: info.id,
        partnerVersionId: version.id === 'current' ? null : version.id,
        fileName,
        kind,
        total: size,
      });
      await services.jobs.send(
        'integrations.transfer',
        { transferId: created.id },
        { executor: transactionExecutor(tx) },
      );
    },
  );
  if (!created) throw new AppError('NOT_FOUND');
  // The transfer as it was created, not read again: its job may already be under way (or done) by now, and the
  // answer is "accepted, transferring" (the client follows it through GET …/transfers/{id}).
  return presentTransfer(created, undefined);
}

/** The caller's transfers of the project of the last days, newest first (GET …/transfers). */
export async function listTransfers(
  services: AppServices,
  actor: Actor,
  projectId: number,
): Promise<TransferAnswer[]> {
  const { db } = services.database;
  await loadProjectAccess(db, actor, projectId);
  const rows = await findOwnTransfers(db, {
    projectId,
    userId: actor.account.id,
    since: new Date(Date.now() - TRANSFER_KEEP_DAYS * 86_400_000),
    limit: TRANSFER_LIST_MAX,
  });
  return Promise.all(rows.map((row) => answerOf(services, row)));
}

/** One of the caller's own transfers (GET …/transfers/{id}); another person's is NOT_FOUND. */
export async function getTransfer(
  services: AppServices,
  actor: Actor,
  projectId: number,
  transferId: string,
): Promise<TransferAnswer> {
  const { db } = services.database;
  await loadProjectAccess(db, actor, projectId);
  const row = await findTransfer(db, transferId);
  if (!row || row.projectId !== projectId || row.userId !== actor.account.id) throw new AppError('NOT_FOUND');
  return answerOf(services, row);
}

/** Counts the bytes going through, and tells them at most once a second. */
class ByteCounter extends Transform {
  done = 0;
  private last = Date.now();
  constructor(private readonly tell: (done: number) => void) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.done += chunk.length;
    if (Date.now() - this.last >= PROGRESS_EVERY_MS) {
      this.last = Date.now();
      this.tell(this.done);
    }
    callback(null, chunk);
  }
}

/**
 * The integrations.transfer job: streams the version from the platform, as the person who asked (their account
 * and their access now), into the pending revision's upload key, then confirms it through the drive (size and
 * content checked, a model's conversion queued). Any failure removes the pending revision (the same version can be
 * brought in again at once) and ends the transfer with its code: the platform's INTEGRATION_PLATFORM_UNAVAILABLE,
 * or the drive's own refusal. Never retried: the person brings it in again.
 */
export async function runTransfer(services: AppServices, transferId: string): Promise<void> {
  const { db } = services.database;
  const row = await findTransfer(db, transferId);
  if (!row || row.status !== 'transferring' || row.driveFileId === null) return;
  const driveFileId = row.driveFileId;
  const finish = (values: { status: 'completed' } | { status: 'error'; errorCode: ErrorCode }) =>
    unitOfWork(services, (tx) => updateTransfer(tx, row.id, { ...values, completedAt: new Date() }));
  let pending: DriveFileRecord | undefined;
  let counter: ByteCounter | undefined;
  try {
    const actor = await jobActorOf(db, row.userId);
    if (!actor) throw new AppError('NOT_FOUND');
    pending = await findDriveFile(db, row.projectId, driveFileId);
    if (!pending) throw new AppError('DOCUMENTS_NOT_FOUND');
    const { connector, ref } = await browse(services, actor, row.projectId);
    let download;
    try {
      download = await connector.download(ref, row.partnerFileId, row.partnerVersionId ?? undefined);
    } catch (error) {
      throw isAppError(error)
        ? error
        : new AppError('INTEGRATION_PLATFORM_UNAVAILABLE', { reason: 'transfer' });
    }
    counter = new ByteCounter((done) => void updateTransfer(db, row.id, { done }).catch(() => undefined));
    const source = download.body;
    source.on('error', (error) => counter?.destroy(error));
    source.pipe(counter);
    try {
      await services.files.store.writeStream(
        uploadKeyOf(pending.storageKey),
        counter,
        'application/octet-stream',
      );
    } catch {
      source.destroy();
      throw new AppError('INTEGRATION_PLATFORM_UNAVAILABLE', { reason: 'transfer' });
    }
    await updateTransfer(db, row.id, { done: counter.done });
    await confirmDriveUpload(services, actor, { projectId: row.projectId, fileId: driveFileId });
    await finish({ status: 'completed' });
  } catch (error) {
    const current = pending && (await findDriveFile(db, row.projectId, driveFileId).catch(() => undefined));
    // The pending revision goes (a confirmation that refused the bytes removed it already).
    if (current && current.uploadState === 'pending') await discard(services, current).catch(() => undefined);
    if (!isAppError(error)) services.logger.warn({ err: error, transferId }, 'partner file transfer failed');
    else services.logger.warn({ code: error.code, transferId }, 'partner file transfer refused');
    await finish({
      status: 'error',
      errorCode: isAppError(error) ? error.code : 'INTEGRATION_PLATFORM_UNAVAILABLE',
    });
  }
}

/** The integrations.cleanup job: transfers older than a week are forgotten (their revisions stay in the drive). */
export async function cleanupTransfers(services: AppServices, now = new Date()): Promise<number> {
  return unitOfWork(services, (tx) =>
    deleteOldTransfers(tx, new Date(now.getTime() - TRANSFER_KEEP_DAYS * 86_400_000)),
  );
}
