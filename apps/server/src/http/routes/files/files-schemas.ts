import { PROJECT_FILES_SORT_KEYS } from '../../../modules/files/files-repository.ts';
import {
  extensionFilter,
  fileAreaRights,
  fileListPaging,
  fileListResponse,
  fileSearch,
  fileWithHistorySchema,
  storedFileKeyProperties,
  storedFileStateProperties,
  storedFileUploadProperties,
  uploadFileName,
  uploadFileSize,
  uploadResponse,
} from '../drive/drive-schemas.ts';

/** JSON schemas of the project files' REST routes (docs/api-drive.md "Project files"). */

const nullable = (type: string) => ({ type: [type, 'null'] }) as const;

export const listQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...fileListPaging(PROJECT_FILES_SORT_KEYS),
    extension: extensionFilter,
    search: fileSearch,
  },
} as const;

const fileProperties = {
  ...storedFileKeyProperties,
  extension: { type: 'string' },
  version: { type: 'integer' },
  versionsCount: { type: 'integer' },
  ...storedFileStateProperties,
  ...storedFileUploadProperties,
  thumbnailUrl: nullable('string'),
  permissions: { type: 'object', properties: { delete: { type: 'boolean' } } },
} as const;

/** A version of a project file. */
export const projectFileSchema = { type: 'object', properties: fileProperties } as const;

export const fileWithVersionsSchema = fileWithHistorySchema(projectFileSchema, 'versions');

export const listResponse = fileListResponse(projectFileSchema);

export const createBody = {
  type: 'object',
  additionalProperties: false,
  required: ['fileName', 'fileSize'],
  properties: { fileName: uploadFileName, fileSize: uploadFileSize },
} as const;

export const createResponse = uploadResponse(projectFileSchema);

export const authorizationResponse = {
  type: 'object',
  properties: { ...fileAreaRights, projectActive: { type: 'boolean' } },
} as const;
