import { driveCall } from '../drive/drive-api.ts';

/** A version of a project file as the files routes answer it (docs/api-drive.md "Project files"). */
export interface ProjectFile {
  id: number;
  documentId: number;
  fileName: string;
  extension: string;
  version: number;
  versionsCount: number;
  fileSize: number;
  uploadState: 'pending' | 'confirmed';
  /** As the drive's: images' thumbnails, PDFs' preparation (queued, processing, success, failed). */
  processingState: string;
  processingError: string | null;
  createdByName: string | null;
  uploadedAt: string | null;
  thumbnailUrl?: string | null;
  permissions: { delete: boolean };
}

/** What the caller may do in the project's files. */
export interface FilesAuthorization {
  canView: boolean;
  canUpload: boolean;
  canDeleteAny: boolean;
  projectActive: boolean;
}

/** Calls a route of the project's files (/project-files/projects/{id}…); throws DriveError with the code. */
export function filesCall<T>(
  projectId: number,
  path: string,
  options: { method?: string; body?: unknown } = {},
): Promise<T> {
  return driveCall<T>(projectId, path, { ...options, area: 'files' });
}

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
