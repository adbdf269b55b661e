import { errorResponse } from '../drive/drive-schemas.ts';

/** What every partner-platform route shares in /openapi.json: its tag and its error answers. */
export const errors = { '4xx': errorResponse, '5xx': errorResponse };
export const tags = ['autodoc'];
