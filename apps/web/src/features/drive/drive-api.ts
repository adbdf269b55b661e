import type { DocumentStatus, DocumentVisibility } from '@obra/domain';
import { RestError } from '../../lib/api-errors.ts';
import { getAccessToken } from '../../lib/auth-token.ts';

/** A drive file as GET /files answers it (docs/api-drive.md). */
export interface DriveFile {
  id: number;
  documentId: number;
  fileName: string;
  documentName: string;
  revisionName: string;
  extension: string;
  disciplineId: number | null;
  localId: number | null;
  phase: number | null;
  status: DocumentStatus;
  visibility: DocumentVisibility;
  fileSize: number;
  uploadState: 'pending' | 'confirmed';
  /** Why the revision's processing failed (an IFC model's conversion, docs/bim.md). */
  processingError?: string | null;
  createdByUserId: number | null;
  createdByName: string | null;
  uploadedAt: string | null;
  updatedAt: string;
  revisionsCount: number;
  /**
   * The revision's processing: for images, its preview (pending, done, none for types without one, failed); for IFC
   * models, their conversion (queued, processing, success, failed; docs/bim.md).
   */
  processingState: string;
  /** A signed address of the preview thumbnail (images), when there is one. */
  thumbnailUrl?: string | null;
  permissions: { statuses: DocumentStatus[]; visibilities: DocumentVisibility[]; delete: boolean };
}

/** A REST failure with its details (the naming-rule problem of a refused name). */
export class DriveError extends RestError {
  constructor(
    code: string,
    message: string,
    status: number,
    readonly details: Record<string, unknown> | undefined,
  ) {
    super(code, message, status);
  }
}

/**
 * Calls a drive route of the project with the session's token; throws DriveError with the server's code. `area`
 * `files` calls the project files' routes (/project-files, docs/api-drive.md "Project files").
 */
export async function driveCall<T>(
  projectId: number,
  path: string,
  options: { method?: string; body?: unknown; area?: 'drive' | 'files' } = {},
): Promise<T> {
  const token = getAccessToken();
  const base = options.area === 'files' ? 'project-files' : 'project-drive';
  const response = await fetch(`/${base}/projects/${projectId}${path}`, {
    method: options.method ?? 'GET',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  if (response.status === 204) return undefined as T;
  const json = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok) {
    const code = typeof json?.['code'] === 'string' ? json['code'] : 'UNEXPECTED';
    const message = typeof json?.['message'] === 'string' ? json['message'] : `HTTP ${response.status}`;
    throw new DriveError(
      code,
      message,
      response.status,
      json?.['details'] as Record<string, unknown> | undefined,
    );
  }
  return json as T;
}

/** Sends bytes to an upload address, reporting progress (0–1); resolves with the HTTP status. */
export function putWithProgress(
  url: string,
  file: Blob,
  headers: Record<string, string>,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => resolve(xhr.status);
    xhr.onerror = () => reject(new Error('Failed to fetch'));
    xhr.onabort = () => reject(new Error('aborted'));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(file);
  });
}
