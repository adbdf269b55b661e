import type { ApiAnswer } from '../../lib/api/rest-client.ts';

/** A drive file as GET /project-drive/projects/{projectId}/files answers it (docs/api-drive.md). */
export type DriveFile = ApiAnswer<'/project-drive/projects/{projectId}/files', 'get'>['files'][number];

/** A drive file with its document's revisions (GET …/files/{fileId}). */
export type DriveFileDetail = ApiAnswer<'/project-drive/projects/{projectId}/files/{fileId}', 'get'>;

/** What the caller may do in the project's drive (GET …/user-authorization). */
export type DriveAuthorization = ApiAnswer<'/project-drive/projects/{projectId}/user-authorization', 'get'>;

/**
 * Sends bytes to a signed upload address, reporting progress (0–1); resolves with the HTTP status. A binary
 * transfer to storage, not a call of Obra's JSON API: XMLHttpRequest, because only it reports upload progress.
 */
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
