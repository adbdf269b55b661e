import type { ApiAnswer } from '../../lib/api/rest-client.ts';

/** A version of a project file as the files routes answer it (docs/api-drive.md "Project files"). */
export type ProjectFile = ApiAnswer<'/project-files/projects/{projectId}/files', 'get'>['files'][number];

/** A project file with its versions (GET …/files/{fileId}). */
export type ProjectFileDetail = ApiAnswer<'/project-files/projects/{projectId}/files/{fileId}', 'get'>;

/** What the caller may do in the project's files. */
export type FilesAuthorization = ApiAnswer<'/project-files/projects/{projectId}/user-authorization', 'get'>;

/** A size in bytes for people (1.2 MB). */
export function formatSize(bytes: number, language: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}
