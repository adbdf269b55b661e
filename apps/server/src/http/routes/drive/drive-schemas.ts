import { DOCUMENT_STATUSES, DOCUMENT_VISIBILITIES } from '@obra/domain';
import { DRIVE_SORT_KEYS } from '../../../modules/drive/drive-repository.ts';

/** JSON schemas of the drive's REST routes: Fastify validates requests and serialises answers by them. */

const INT_ID = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const nullable = (type: string) => ({ type: [type, 'null'] }) as const;

export const projectParams = {
  type: 'object',
  required: ['projectId'],
  properties: { projectId: INT_ID },
} as const;

export const fileParams = {
  type: 'object',
  required: ['projectId', 'fileId'],
  properties: { projectId: INT_ID, fileId: INT_ID },
} as const;

export const bulkDownloadParams = {
  type: 'object',
  required: ['projectId', 'bulkDownloadId'],
  properties: { projectId: INT_ID, bulkDownloadId: { type: 'string', maxLength: 64 } },
} as const;

const idList = { type: 'array', items: INT_ID, maxItems: 200 } as const;

/** The page and order of a list of files (the drive's and the project files'), newest upload first by default. */
export const fileListPaging = <K extends readonly string[]>(sortKeys: K) =>
  ({
    page: { type: 'integer', minimum: 1, maximum: 1000000, default: 1 },
    pageSize: { type: 'integer', minimum: 1, maximum: 500, default: 20 },
    sort: { type: 'string', enum: sortKeys, default: 'uploadedAt' },
    order: { type: 'string', enum: ['asc', 'desc'], default: 'desc' },
  }) as const;

/** The extension filter and the search of a list of files. */
export const extensionFilter = {
  type: 'array',
  items: { type: 'string', maxLength: 10 },
  maxItems: 50,
} as const;
export const fileSearch = { type: 'string', maxLength: 200 } as const;

export const listQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...fileListPaging(DRIVE_SORT_KEYS),
    createdByUserId: idList,
    disciplineId: idList,
    extension: extensionFilter,
    localId: idList,
    phase: { type: 'array', items: { type: 'integer', minimum: 0, maximum: 13 }, maxItems: 14 },
    status: { type: 'array', items: { type: 'string', enum: DOCUMENT_STATUSES }, maxItems: 5 },
    visibility: { type: 'array', items: { type: 'string', enum: DOCUMENT_VISIBILITIES }, maxItems: 4 },
    uploadedAfter: { type: 'string', format: 'date-time' },
    uploadedBefore: { type: 'string', format: 'date-time' },
    updatedAfter: { type: 'string', format: 'date-time' },
    updatedBefore: { type: 'string', format: 'date-time' },
    search: fileSearch,
  },
} as const;

const permissions = {
  type: 'object',
  properties: {
    statuses: { type: 'array', items: { type: 'string', enum: DOCUMENT_STATUSES } },
    visibilities: { type: 'array', items: { type: 'string', enum: DOCUMENT_VISIBILITIES } },
    delete: { type: 'boolean' },
  },
} as const;

// What a drive file and a project file (both revisions of a drive document) answer alike, in three runs so that
// each keeps its own fields in their places.

/** Which stored file it is. */
export const storedFileKeyProperties = {
  id: { type: 'integer' },
  projectId: { type: 'integer' },
  documentId: { type: 'integer' },
  fileName: { type: 'string' },
} as const;

/** Its bytes and how far their upload and processing went. */
export const storedFileStateProperties = {
  fileSize: { type: 'integer' },
  contentType: nullable('string'),
  uploadState: { type: 'string', enum: ['pending', 'confirmed'] },
  processingState: { type: 'string' },
  processingError: nullable('string'),
  queuePosition: {
    type: ['integer', 'null'],
    description:
      'While the processing is queued: the place of its job in its queue (1 = next); null otherwise',
  },
} as const;

/** Who uploaded it, and when it was created, uploaded and last changed. */
export const storedFileUploadProperties = {
  createdByUserId: nullable('integer'),
  createdByName: nullable('string'),
  createdAt: { type: 'string', format: 'date-time' },
  uploadedAt: { type: ['string', 'null'], format: 'date-time' },
  updatedAt: { type: 'string', format: 'date-time' },
} as const;

const fileProperties = {
  ...storedFileKeyProperties,
  documentName: { type: 'string' },
  revisionName: { type: 'string' },
  extension: { type: 'string' },
  disciplineId: nullable('integer'),
  localId: nullable('integer'),
  phase: nullable('integer'),
  status: { type: 'string', enum: DOCUMENT_STATUSES },
  visibility: { type: 'string', enum: DOCUMENT_VISIBILITIES },
  ...storedFileStateProperties,
  companyId: nullable('integer'),
  ...storedFileUploadProperties,
  revisionsCount: { type: 'integer' },
  thumbnailUrl: nullable('string'),
  permissions,
} as const;

/** A drive file (spec core §3 "Drive file", with Obra's additions). */
export const driveFileSchema = { type: 'object', properties: fileProperties } as const;

/** A file with its history (`historyKey`: its revisions, or a project file's versions), each answered as the file is. */
export const fileWithHistorySchema = <P extends object, K extends string>(
  fileSchema: { type: 'object'; properties: P },
  historyKey: K,
) =>
  ({
    type: 'object',
    properties: { ...fileSchema.properties, [historyKey]: { type: 'array', items: fileSchema } },
  }) as const;

export const fileWithRevisionsSchema = fileWithHistorySchema(driveFileSchema, 'revisions');

/** A page of a list of files, with the list's total. */
export const fileListResponse = <F extends object>(fileSchema: F) =>
  ({
    type: 'object',
    properties: {
      files: { type: 'array', items: fileSchema },
      total: { type: 'integer' },
      page: { type: 'integer' },
      pageSize: { type: 'integer' },
    },
  }) as const;

export const listResponse = fileListResponse(driveFileSchema);

const counts = {
  type: 'array',
  items: { type: 'object', properties: { value: { type: 'string' }, count: { type: 'integer' } } },
} as const;

export const filteringDataResponse = {
  type: 'object',
  properties: {
    total: { type: 'integer' },
    createdByUserId: counts,
    disciplineId: counts,
    extension: counts,
    localId: counts,
    phase: counts,
    status: counts,
    visibility: counts,
    uploaders: {
      type: 'array',
      items: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } },
    },
  },
} as const;

/** A new upload's file name and size, in the drive and the project files. */
export const uploadFileName = { type: 'string', maxLength: 1000 } as const;
export const uploadFileSize = { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER } as const;

export const createBody = {
  type: 'object',
  additionalProperties: false,
  required: ['fileName', 'fileSize'],
  properties: {
    fileName: uploadFileName,
    documentName: { type: 'string', maxLength: 1000 },
    revisionName: { type: 'string', maxLength: 100 },
    disciplineId: { ...INT_ID, type: ['integer', 'null'] },
    localId: { ...INT_ID, type: ['integer', 'null'] },
    phase: { type: ['integer', 'null'], minimum: 0, maximum: 13 },
    status: { type: 'string', enum: DOCUMENT_STATUSES },
    visibility: { type: 'string', enum: DOCUMENT_VISIBILITIES },
    fileSize: uploadFileSize,
  },
} as const;

/** Where the client sends the bytes of a new file: a short-lived signed address of the store (local or S3). */
export const uploadTargetSchema = {
  type: 'object',
  properties: {
    url: { type: 'string' },
    method: { type: 'string', enum: ['PUT'] },
    headers: { type: 'object', additionalProperties: { type: 'string' } },
    expiresAt: { type: 'string', format: 'date-time' },
  },
} as const;

/** The answer of a new upload, in the drive and the project files: the pending file and where its bytes go. */
export const uploadResponse = <F extends object>(fileSchema: F) =>
  ({ type: 'object', properties: { file: fileSchema, upload: uploadTargetSchema } }) as const;

export const createResponse = uploadResponse(driveFileSchema);

export const statusBody = {
  type: 'object',
  additionalProperties: false,
  required: ['newStatus'],
  properties: { newStatus: { type: 'string', enum: DOCUMENT_STATUSES } },
} as const;

export const visibilityBody = {
  type: 'object',
  additionalProperties: false,
  required: ['newVisibility'],
  properties: { newVisibility: { type: 'string', enum: DOCUMENT_VISIBILITIES } },
} as const;

const filesIds = { type: 'array', items: INT_ID, minItems: 1, maxItems: 1000 } as const;

export const bulkDownloadBody = {
  type: 'object',
  additionalProperties: false,
  required: ['filesIds'],
  properties: { filesIds },
} as const;

export const bulkUpdateBody = {
  type: 'object',
  additionalProperties: false,
  required: ['filesIds'],
  properties: {
    filesIds,
    newStatus: { type: 'string', enum: DOCUMENT_STATUSES },
    newVisibility: { type: 'string', enum: DOCUMENT_VISIBILITIES },
    newDisciplineId: { ...INT_ID, type: ['integer', 'null'] },
    newLocalId: { ...INT_ID, type: ['integer', 'null'] },
    newPhase: { type: ['integer', 'null'], minimum: 0, maximum: 13 },
  },
} as const;

const failures = {
  type: 'array',
  items: { type: 'object', properties: { fileId: { type: 'integer' }, code: { type: 'string' } } },
} as const;

export const bulkUpdateResponse = {
  type: 'object',
  properties: { updated: { type: 'array', items: { type: 'integer' } }, failed: failures },
} as const;

export const bulkDeleteResponse = {
  type: 'object',
  properties: { deleted: { type: 'array', items: { type: 'integer' } }, failed: failures },
} as const;

export const bulkDownloadStartResponse = {
  type: 'object',
  properties: { bulkDownloadId: { type: 'string' } },
} as const;

export const bulkDownloadStateResponse = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    status: { type: 'string', enum: ['processing', 'completed', 'error'] },
    fileCount: { type: 'integer' },
    processedCount: { type: 'integer' },
    size: nullable('integer'),
    url: nullable('string'),
    errorCode: { type: ['string', 'null'], enum: ['PREPARING', 'COMPRESSING', null] },
    createdAt: { type: 'string', format: 'date-time' },
    expiresAt: { type: 'string', format: 'date-time' },
  },
} as const;

export const downloadUrlResponse = {
  type: 'object',
  properties: { url: { type: 'string' }, expiresAt: { type: 'string', format: 'date-time' } },
} as const;

/** The rights the drive and the project files both answer in their user-authorization. */
export const fileAreaRights = {
  canView: { type: 'boolean' },
  canUpload: { type: 'boolean' },
  canDeleteAny: { type: 'boolean' },
} as const;

export const authorizationResponse = {
  type: 'object',
  properties: {
    ...fileAreaRights,
    canChangeAnyStatus: { type: 'boolean' },
    projectActive: { type: 'boolean' },
    uploadDisciplineIds: {
      anyOf: [
        { type: 'string', enum: ['all'] },
        { type: 'array', items: { type: 'integer' } },
      ],
    },
    statuses: { type: 'array', items: { type: 'string', enum: DOCUMENT_STATUSES } },
    visibilities: { type: 'array', items: { type: 'string', enum: DOCUMENT_VISIBILITIES } },
  },
} as const;

/** The error answer of every REST route. */
export const errorResponse = {
  type: 'object',
  properties: {
    code: { type: 'string' },
    message: { type: 'string' },
    details: { type: 'object', additionalProperties: true },
  },
} as const;
