import { errorResponse } from '../drive/drive-schemas.ts';

/** What every partner-platform route shares in /openapi.json: its tag and its error answers. */
export const errors = { '4xx': errorResponse, '5xx': errorResponse };
export const tags = ['autodoc'];

/** An Obra id in a path or body. */
export const INT_ID = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
/** A partner platform's id (a WebDAV path, an APS URN). */
export const PARTNER_ID = { type: 'string', minLength: 1, maxLength: 1024 } as const;

/** The `{projectId}` of the linked project's routes. */
export const projectParams = {
  type: 'object',
  required: ['projectId'],
  properties: { projectId: INT_ID },
} as const;
