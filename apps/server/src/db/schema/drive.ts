import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  primaryKey,
  real,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tstz, createdAt, updatedAt, identityId, uuidId, cascadeRef, setNullRef } from './columns.ts';
import { companies, userRef, users } from './identity.ts';
import { projectDisciplines, projectLocals, projects } from './projects.ts';

/**
 * Documents of a project (spec editor §3.5 "Document"): what every revision of one drawing or report shares —
 * its name (the file name without revision and extension, by the naming rule), discipline, location and phase.
 * `area` tells the governed drive (`drive`: naming rule, statuses, visibility) from the project's working files
 * (`files`, docs/drive.md).
 */
export const driveDocuments = pgTable(
  'drive_documents',
  {
    id: identityId(),
    projectId: cascadeRef('project_id', () => projects.id),
    area: text('area').notNull().default('drive'),
    name: text('name').notNull(),
    disciplineId: setNullRef('discipline_id', () => projectDisciplines.id),
    localId: setNullRef('local_id', () => projectLocals.id),
    phase: smallint('phase'),
    createdByUserId: userRef('created_by_user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('drive_documents_name_key').on(t.projectId, t.area, sql`lower(${t.name})`),
    index('drive_documents_discipline_idx').on(t.projectId, t.disciplineId),
  ],
);

/**
 * Revisions of a document: the spec's "Drive file" (core §3: fileName, documentName, revisionName, disciplineId,
 * localId, phase, status, visibility, fileSize). A row is written `pending` when the upload address is handed
 * out and becomes `confirmed` once the stored bytes were checked (size, type by content); pending rows past
 * expiresAt are removed with their objects by the drive.cleanup job. `processingState` is for the work later
 * areas do on a confirmed file (thumbnails, the document viewer, BIM models).
 */
export const driveFiles = pgTable(
  'drive_files',
  {
    id: identityId(),
    projectId: cascadeRef('project_id', () => projects.id),
    documentId: cascadeRef('document_id', () => driveDocuments.id),
    fileName: text('file_name').notNull(),
    extension: text('extension').notNull(),
    revisionName: text('revision_name').notNull(),
    status: text('status').notNull().default('ANALYSING'),
    visibility: text('visibility').notNull().default('public'),
    /** The size declared on creation; the stored object must have exactly this size to be confirmed. */
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    contentType: text('content_type'),
    storageKey: text('storage_key').notNull(),
    uploadState: text('upload_state').notNull().default('pending'),
    processingState: text('processing_state').notNull().default('pending'),
    thumbKey: text('thumb_key'),
    /** The uploader's company: the owner of the revision for visibility (spec core §6). */
    companyId: setNullRef('company_id', () => companies.id),
    createdByUserId: userRef('created_by_user_id'),
    createdAt: createdAt(),
    /** When the upload was confirmed (the spec's upload date). */
    uploadedAt: tstz('uploaded_at'),
    updatedAt: updatedAt(),
    updatedByUserId: userRef('updated_by_user_id'),
    statusUpdatedAt: tstz('status_updated_at'),
    visibilityUpdatedAt: tstz('visibility_updated_at'),
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [
    uniqueIndex('drive_files_storage_key_key').on(t.storageKey),
    uniqueIndex('drive_files_revision_key').on(t.documentId, sql`lower(${t.revisionName})`),
    index('drive_files_document_idx').on(t.documentId, t.id),
    index('drive_files_project_idx').on(t.projectId, t.uploadState, t.uploadedAt),
    index('drive_files_cleanup_idx').on(t.uploadState, t.expiresAt),
  ],
);

/**
 * Bulk downloads (core §4, editor §4.7): a zip of chosen files built by the drive.bulkZip job into the file store;
 * `processing` → `completed` (storageKey, size) or `error` (errorCode PREPARING or COMPRESSING). Expired ones
 * are removed with their archive by drive.cleanup.
 */
export const driveBulkDownloads = pgTable(
  'drive_bulk_downloads',
  {
    id: uuidId(),
    projectId: cascadeRef('project_id', () => projects.id),
    userId: cascadeRef('user_id', () => users.id),
    /** Which files the zip is of: the drive's (`drive`) or the project files' (`files`), as drive_documents.area. */
    area: text('area').notNull().default('drive'),
    fileIds: jsonb('file_ids').$type<number[]>().notNull(),
    status: text('status').notNull().default('processing'),
    errorCode: text('error_code'),
    storageKey: text('storage_key'),
    size: bigint('size', { mode: 'number' }),
    fileCount: integer('file_count').notNull().default(0),
    processedCount: integer('processed_count').notNull().default(0),
    createdAt: createdAt(),
    completedAt: tstz('completed_at'),
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [index('drive_bulk_downloads_expiry_idx').on(t.expiresAt)],
);

/**
 * The preparation of a confirmed PDF revision (issue 15, docs/drive.md "PDF preparation"), done by the
 * drive.pdfPrepare job: page count, the 320-pixel thumbnail of page 1 (drive_files.thumb_key) and each page's size
 * and text (drive_pdf_pages). Its state is the drive file's `processingState` (queued, processing, success,
 * failed, the same values as a BIM model's conversion); `error` says why it failed.
 */
export const drivePdfPreviews = pgTable('drive_pdf_previews', {
  fileId: integer('file_id')
    .primaryKey()
    .references(() => driveFiles.id, { onDelete: 'cascade' }),
  error: text('error'),
  pageCount: integer('page_count'),
  attempts: integer('attempts').notNull().default(0),
  queuedAt: tstz('queued_at').notNull().defaultNow(),
  startedAt: tstz('started_at'),
  finishedAt: tstz('finished_at'),
});

/** One page of a prepared PDF: its size in PDF points and its text (searched by the drive's text search). */
export const drivePdfPages = pgTable(
  'drive_pdf_pages',
  {
    fileId: cascadeRef('file_id', () => driveFiles.id),
    pageNumber: integer('page_number').notNull(),
    width: real('width').notNull(),
    height: real('height').notNull(),
    text: text('text').notNull().default(''),
    /** The page's WebP preview for the viewer's first view (next to the file), null when none was made. */
    previewKey: text('preview_key'),
    previewWidth: integer('preview_width'),
    previewHeight: integer('preview_height'),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.pageNumber] })],
);
