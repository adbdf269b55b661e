import { randomUUID } from 'node:crypto';
import {
  AppError,
  allowedDocumentStatuses,
  allowedDocumentVisibilities,
  canUploadInDiscipline,
  checkDriveFileName,
  documentContentType,
  DOCUMENT_SNIFF_BYTES,
  parseDocumentName,
  type DocumentStatus,
  type DocumentVisibility,
} from '@obra/domain';
import { unitOfWork } from '../../db/unit-of-work.ts';
import { uploadKeyOf } from '../../storage/file-store.ts';
import { inspectUpload, signedUploadAddress } from '../../storage/signed-upload.ts';
import { transactionExecutor } from '../../db/transaction-executor.ts';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import { requireAction } from '../projects/project-access.ts';
import { loadDriveWriter } from './drive-access.ts';
import { loadNamingContext } from './drive-naming-repository.ts';
import {
  findDriveFile,
  lockDocumentForUpload,
  type DriveArea,
  type DriveFileRecord,
} from './drive-repository.ts';
import { hasPreview } from './drive-thumbnail-service.ts';
import type { Db, Tx } from '../../db/database.ts';
import {
  deleteDriveFileRow,
  deleteEmptyDocument,
  findRevisionByName,
  insertPendingDriveFile,
  markDriveFileConfirmed,
  nextRevision,
} from './drive-upload-repository.ts';

export { deleteEmptyDocument } from './drive-upload-repository.ts';
import { isIfcExtension, queueBimConversion } from '../bim/bim-conversion-service.ts';
import { queuePdfPreparation } from './drive-pdf-service.ts';
import { claimDriveUpload, requireDriveUploads } from './drive-plan-service.ts';
import { checkNewUpload, pendingUploadColumns } from './pending-upload.ts';

export { DRIVE_MAX_FILE_BYTES, PENDING_SECONDS } from './pending-upload.ts';

/** How long an upload address is valid. */
export const UPLOAD_URL_SECONDS = 60 * 60;

/** The drive file fields of POST /files (spec core §3 "Drive file"). */
export interface CreateDriveFileInput {
  projectId: number;
  fileName: string;
  documentName?: string | undefined;
  revisionName?: string | undefined;
  disciplineId?: number | null | undefined;
  localId?: number | null | undefined;
  phase?: number | null | undefined;
  status?: DocumentStatus | undefined;
  visibility?: DocumentVisibility | undefined;
  fileSize: number;
  origin: string;
}

/** Where and how the client sends the bytes. */
export interface UploadTarget {
  url: string;
  method: 'PUT';
  headers: Record<string, string>;
  expiresAt: string;
}

function nameError(details: Record<string, unknown>): AppError {
  return new AppError('DOCUMENT_NAME_INVALID', details);
}

/**
 * POST /files: checks the name (no path, 255 characters, an extension the drive takes), the size (1 byte to
 * 2 GB), reads the name by the project's naming rule (its fields decide discipline, location, phase, document
 * and revision; a name that breaks it is DOCUMENT_NAME_INVALID with the field and value), checks that the caller
 * may upload in the discipline and give the status and visibility (DOCUMENT_PERMISSION_DENIED), that the
 * revision is new (DOCUMENT_ALREADY_EXISTS), and writes the document (when new) and a pending revision in one
 * unit of work. Returns the record and a signed address to PUT exactly fileSize bytes to.
 */
export async function createDriveFile(
  services: AppServices,
  actor: Actor,
  input: CreateDriveFileInput,
  /** Work of the caller's that belongs in the same unit of work as the pending revision (a transfer's record). */
  alsoInTransaction?: (tx: Db, fileId: number) => Promise<void>,
): Promise<{ file: DriveFileRecord; upload: UploadTarget }> {
  const { db } = services.database;
  const { access, viewer } = await loadDriveWriter(db, actor, input.projectId);
  requireAction(access, 'drive.upload');
  // The owner's drive after its trial (editor §9): readable, but no upload (checked first: the prompt to upgrade).
  await requireDriveUploads(db, access.project.companyId, new Date());
  const { fileName, extension } = checkNewUpload(input);

  const context = await loadNamingContext(db, access.project);
  const parsed = parseDocumentName(fileName, context);
  if (!parsed.ok) throw nameError({ ...parsed.problem });
  const ruled = new Set<string>(context.rule);
  const disciplineId = ruled.has('discipline') ? parsed.parsed.disciplineId : (input.disciplineId ?? null);
  const localId = ruled.has('local') ? parsed.parsed.localId : (input.localId ?? null);
  const phase = ruled.has('phase') ? parsed.parsed.phase : (input.phase ?? null);
  if (disciplineId !== null && !context.disciplines.some((d) => d.id === disciplineId))
    throw new AppError('BAD_USER_INPUT', { field: 'disciplineId' });
  if (localId !== null) {
    const local = context.locals.find((l) => l.id === localId);
    if (!local) throw new AppError('BAD_USER_INPUT', { field: 'localId' });
    if (local.isGroup)
      throw nameError({ reason: 'locationGroup', field: 'local', value: local.abbreviation });
  }
  if (phase !== null && !context.phases.some((p) => p.id === phase))
    throw new AppError('BAD_USER_INPUT', { field: 'phase' });
  const documentName = (
    context.rule.length > 0 ? parsed.parsed.documentName : (input.documentName ?? parsed.parsed.documentName)
  )
    .normalize('NFC')
    .trim();
  if (documentName === '' || documentName.length > 255)
    throw nameError({ reason: 'emptyField', field: 'documentName' });
  // A document name given beside the file name (no rule) obeys the file name's character rules.
  if (!checkDriveFileName(`${documentName}.pdf`).ok)
    throw nameError({ reason: 'forbiddenCharacter', field: 'documentName' });
  const givenRevision = context.rule.length > 0 ? parsed.parsed.revisionName : input.revisionName?.trim();
  if (givenRevision !== undefined && givenRevision !== '' && !/^[\p{L}\p{N}._-]{1,20}$/u.test(givenRevision))
    throw nameError({ reason: 'invalidRevision', field: 'revision', value: givenRevision });

  const owner = { companyId: actor.account.companyId, disciplineId };
  if (!canUploadInDiscipline(viewer, disciplineId))
    throw new AppError('DOCUMENT_PERMISSION_DENIED', { field: 'disciplineId' });
  const status = input.status ?? 'ANALYSING';
  const visibility = input.visibility ?? 'public';
  if (!allowedDocumentStatuses(viewer, owner).includes(status))
    throw new AppError('DOCUMENT_PERMISSION_DENIED', { field: 'status' });
  if (!allowedDocumentVisibilities(viewer, owner).includes(visibility))
    throw new AppError('DOCUMENT_PERMISSION_DENIED', { field: 'visibility' });

  const now = Date.now();
  const guid = randomUUID();
  const storageKey = `drive/${input.projectId}/${guid}`;
  const fileId = await unitOfWork(services, async (tx) => {
    await claimDriveUpload(tx, access.project.companyId, new Date(now));
    const document = await lockDocumentForUpload(tx, {
      projectId: input.projectId,
      area: 'drive',
      name: documentName,
      disciplineId,
      localId,
      phase,
      createdByUserId: actor.account.id,
    });
    // A revision of a document of a discipline the caller may not upload in is refused like a new one.
    if (!canUploadInDiscipline(viewer, document.disciplineId))
      throw new AppError('DOCUMENT_PERMISSION_DENIED', { field: 'disciplineId' });
    const revisionName = givenRevision || (await nextRevision(tx, document.id));
    const taken = await findRevisionByName(tx, document.id, revisionName);
    if (taken) throw new AppError('DOCUMENT_ALREADY_EXISTS', { documentName, revisionName });
    const created = await insertPendingDriveFile(tx, {
      projectId: input.projectId,
      documentId: document.id,
      fileName,
      extension,
      revisionName,
      status,
      visibility,
      ...pendingUploadColumns(actor, { fileSize: input.fileSize, storageKey }, now),
    });
    if (!created) throw new Error('drive file not written');
    await alsoInTransaction?.(tx, created.id);
    return created.id;
  });
  const file = await findDriveFile(db, input.projectId, fileId);
  if (!file) throw new AppError('DOCUMENTS_NOT_FOUND');
  return { file, upload: await uploadTarget(services, storageKey, input.fileSize, input.origin, now) };
}

/** Where to PUT exactly `fileSize` bytes of a pending record (valid UPLOAD_URL_SECONDS from `now`). */
export async function uploadTarget(
  services: AppServices,
  storageKey: string,
  fileSize: number,
  origin: string,
  now = Date.now(),
): Promise<UploadTarget> {
  // The bytes go to the upload key; confirming promotes them to storageKey (the address then no longer works).
  const address = await signedUploadAddress(services.files.store, uploadKeyOf(storageKey), {
    origin,
    maxBytes: fileSize,
    addressSeconds: UPLOAD_URL_SECONDS,
    now,
  });
  return {
    url: address.url,
    method: 'PUT',
    headers: { 'content-type': 'application/octet-stream' },
    expiresAt: address.expiresAt.toISOString(),
  };
}

/** Forgets a refused upload: its object and its row (and its document when it has no other revision). */
export async function discard(services: AppServices, file: DriveFileRecord): Promise<void> {
  await services.files.store.remove([uploadKeyOf(file.storageKey), file.storageKey]);
  await unitOfWork(services, async (tx) => {
    await deleteDriveFileRow(tx, file.id);
    await deleteEmptyDocument(tx, file.documentId);
  });
}

/**
 * PATCH /files/{id}/confirm-upload: the caller's own pending upload (DOCUMENTS_NOT_FOUND otherwise) becomes a
 * confirmed revision once the stored object has exactly the declared size (DOCUMENT_UPLOAD_INCOMPLETE when
 * nothing or part of it arrived, or the upload expired; FILE_SIZE_LIMIT_EXCEEDED when larger) and its first bytes
 * agree with its extension (FILE_EXTENSION_NOT_ALLOWED: an executable named .pdf is refused and removed).
 * Confirming twice answers the confirmed file.
 */
export async function confirmDriveUpload(
  services: AppServices,
  actor: Actor,
  input: { projectId: number; fileId: number },
): Promise<DriveFileRecord> {
  const { db } = services.database;
  await loadDriveWriter(db, actor, input.projectId);
  const file = await findDriveFile(db, input.projectId, input.fileId);
  if (!file || file.createdByUserId !== actor.account.id) throw new AppError('DOCUMENTS_NOT_FOUND');
  if (file.uploadState === 'confirmed') return file;
  await confirmStoredUpload(services, file, 'drive');
  const confirmed = await findDriveFile(db, input.projectId, input.fileId);
  if (!confirmed) throw new AppError('DOCUMENTS_NOT_FOUND');
  return confirmed;
}

/**
 * Checks the stored bytes of a pending upload (drive or project files) and confirms it in one unit of work,
 * queueing its processing: DOCUMENT_UPLOAD_INCOMPLETE when nothing or part of it arrived or it expired,
 * FILE_SIZE_LIMIT_EXCEEDED when larger, FILE_EXTENSION_NOT_ALLOWED when the first bytes disagree with the
 * extension (refused uploads are removed). Images get a thumbnail (drive.thumbnail), PDFs their preparation
 * (drive.pdfPrepare), IFC models of the drive their conversion (bim.convert; the BIM viewer reads the drive's
 * models only, so a working file of the `files` area is not converted).
 */
export async function confirmStoredUpload(
  services: AppServices,
  file: DriveFileRecord,
  area: DriveArea,
): Promise<void> {
  // One confirmation at a time per file: simultaneous calls (a client retrying, a double click) wait on the row's
  // lock, then find it confirmed and answer the file; only the first checks and moves the bytes and queues the
  // file's processing (issue 30 #3: they used to race on the bytes and answer 500).
  const refused = await unitOfWork(services, async (tx) => {
    const current = await findDriveFile(tx, file.projectId, file.id, { forUpdate: true, area });
    if (!current || current.uploadState !== 'pending') return undefined;
    const refusal = await checkAndConfirm(services, tx, current, area);
    if (refusal) {
      // The record goes with the refusal (committed); its bytes after the commit.
      await deleteDriveFileRow(tx, current.id);
      await deleteEmptyDocument(tx, current.documentId);
    }
    return refusal;
  });
  if (refused) {
    await services.files.store.remove([uploadKeyOf(file.storageKey), file.storageKey]);
    throw refused;
  }
}

/**
 * The checks of confirmStoredUpload on the locked pending record, and the confirmation itself; answers the
 * refusal when the upload must be removed (expired, larger than declared, content not of its extension), throws
 * DOCUMENT_UPLOAD_INCOMPLETE when bytes are still missing (the record stays for a retried upload).
 */
async function checkAndConfirm(
  services: AppServices,
  tx: Tx,
  file: DriveFileRecord,
  area: DriveArea,
): Promise<AppError | undefined> {
  if (new Date(file.expiresAt).getTime() < Date.now())
    return new AppError('DOCUMENT_UPLOAD_INCOMPLETE', { reason: 'expired' });
  // The upload key first; then the final key, where a confirmation that failed after promoting left the bytes.
  const upload = await inspectUpload(services.files.store, [uploadKeyOf(file.storageKey), file.storageKey], {
    maxBytes: file.fileSize,
    exactBytes: file.fileSize,
    read: { head: DOCUMENT_SNIFF_BYTES },
    contentType: (head) => documentContentType(file.extension, head),
  });
  if (upload.state === 'missing')
    throw new AppError('DOCUMENT_UPLOAD_INCOMPLETE', { received: upload.received, expected: file.fileSize });
  if (upload.state === 'refused')
    return upload.code === 'FILE_SIZE_LIMIT_EXCEEDED'
      ? new AppError('FILE_SIZE_LIMIT_EXCEEDED', { max: file.fileSize })
      : new AppError('FILE_EXTENSION_NOT_ALLOWED', { extension: file.extension });
  const { key: source, size, contentType } = upload;
  // The bytes move to their final key before the record says confirmed: the upload address can no longer change
  // them. Confirming again after a failure between the two finds them there.
  if (source !== file.storageKey) await services.files.store.promote(source, file.storageKey);
  const preview = hasPreview(contentType, size);
  const pdf = contentType === 'application/pdf';
  await markDriveFileConfirmed(tx, file.id, { contentType, preview });
  // Images get a preview thumbnail, made by a job after the commit.
  if (preview)
    await services.jobs.send('drive.thumbnail', { fileId: file.id }, { executor: transactionExecutor(tx) });
  // An IFC model revision is converted for the viewer by the bim.convert job (docs/bim.md), after the update
  // above (the conversion's own processing state replaces the thumbnail's "none").
  if (area === 'drive' && isIfcExtension(file.extension)) await queueBimConversion(services, tx, file);
  // A PDF is prepared by the drive.pdfPrepare job: thumbnail, page sizes, text for the search.
  if (pdf) await queuePdfPreparation(services, tx, file);
  return undefined;
}
