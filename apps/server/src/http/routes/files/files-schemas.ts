import { PROJECT_FILES_SORT_KEYS } from '../../../modules/files/files-repository.ts';
import { uploadTargetSchema } from '../drive/drive-schemas.ts';

/** JSON schemas of the project files' REST routes (docs/api-drive.md "Project files"). */

const nullable = (type: string) => ({ type: [type, 'null'] }) as const;

export const listQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    page: { type: 'integer', minimum: 1, maximum: 1000000, default: 1 },
    pageSize: { type: 'integer', minimum: 1, maximum: 500, default: 20 },
    sort: { type: 'string', enum: PROJECT_FILES_SORT_KEYS, default: 'uploadedAt' },
    order: { type: 'string', enum: ['asc', 'desc'], default: 'desc' },
    extension: { type: 'array', items: { type: 'string', maxLength: 10 }, maxItems: 50 },
    search: { type: 'string', maxLength: 200 },
  },
} as const;

const fileProperties = {
  id: { type: 'integer' },
  projectId: { type: 'integer' },
  documentId: { type: 'integer' },
  fileName: { type: 'string' },
  extension: { type: 'string' },
  version: { type: 'integer' },
  versionsCount: { type: 'integer' },
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
  createdByUserId: nullable('integer'),
  createdByName: nullable('string'),
  createdAt: { type: 'string', format: 'date-time' },
  uploadedAt: { type: ['string', 'null'], format: 'date-time' },
  updatedAt: { type: 'string', format: 'date-time' },
  thumbnailUrl: nullable('string'),
  permissions: { type: 'object', properties: { delete: { type: 'boolean' } } },
} as const;

/** A version of a project file. */
export const projectFileSchema = { type: 'object', properties: fileProperties } as const;

export const fileWithVersionsSchema = {
  type: 'object',
  properties: { ...fileProperties, versions: { type: 'array', items: projectFileSchema } },
} as const;

export const listResponse = {
  type: 'object',
  properties: {
    files: { type: 'array', items: projectFileSchema },
    total: { type: 'integer' },
    page: { type: 'integer' },
    pageSize: { type: 'integer' },
  },
} as const;

export const createBody = {
  type: 'object',
  additionalProperties: false,
  required: ['fileName', 'fileSize'],
  properties: {
    fileName: { type: 'string', maxLength: 1000 },
    fileSize: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
  },
} as const;

export const createResponse = {
  type: 'object',
  properties: {
    file: projectFileSchema,
    upload: uploadTargetSchema,
  },
} as const;

export const authorizationResponse = {
  type: 'object',
  properties: {
    canView: { type: 'boolean' },
    canUpload: { type: 'boolean' },
    canDeleteAny: { type: 'boolean' },
    projectActive: { type: 'boolean' },
  },
} as const;
