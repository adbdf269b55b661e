import { RestError } from '../../lib/api-errors.ts';
import { api, restError, type ApiAnswer } from '../../lib/api/rest-client.ts';
import { getAccessToken } from '../../lib/auth-token.ts';

type ImportAnswer = ApiAnswer<'/bcf-xml/projects/{projectId}/imports', 'post'>;

/** The import report the server answers (POST /bcf-xml/projects/{projectId}/imports?dryRun=true). */
export type BcfImportReport = Extract<ImportAnswer, { dryRun: boolean }>;

/** How one BCF value of a kind was mapped, with how many topics carry it. */
export type BcfValueMapping = BcfImportReport['mapping'][
  'types' | 'statuses' | 'priorities' | 'stages' | 'labels' | 'users'][number];

/** What the user chose where the mapping was ambiguous. */
export interface BcfMappingChoices {
  types?: Record<string, number | null>;
  visibility?: 'creator' | 'project_management' | 'public';
}

/** An import or export job of the server (GET /bcf-xml/projects/{projectId}/jobs/{jobId}). */
export type BcfJob = ApiAnswer<'/bcf-xml/projects/{projectId}/jobs/{jobId}', 'get'>;

/** The preview of a package (nothing is written). */
export function previewBcfImport(
  projectId: number,
  file: File,
  mapping: BcfMappingChoices,
): Promise<BcfImportReport> {
  return postBcfImport(projectId, file, { dryRun: true, mapping }) as Promise<BcfImportReport>;
}

/** Sends a package to be imported by a job; `onProgress` follows the upload (0–1). Answers the job. */
export function startBcfImport(
  projectId: number,
  file: File,
  options: { mapping: BcfMappingChoices; onProgress?: (share: number) => void },
): Promise<BcfJob> {
  return postBcfImport(projectId, file, { dryRun: false, ...options }) as Promise<BcfJob>;
}

/** The state of a job of the caller. */
export function getBcfJob(projectId: number, jobId: string): Promise<BcfJob> {
  return api.get('/bcf-xml/projects/{projectId}/jobs/{jobId}', { path: { projectId, jobId } });
}

/** Polls a job every `intervalMs` until it is finished, telling each state to `onState`. */
export async function followBcfJob(
  projectId: number,
  job: BcfJob,
  onState: (job: BcfJob) => void,
  options: { intervalMs?: number; signal?: AbortSignal } = {},
): Promise<BcfJob> {
  let current = job;
  onState(current);
  while (current.state === 'queued' || current.state === 'running') {
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 1000));
    if (options.signal?.aborted) return current;
    current = await getBcfJob(projectId, current.id);
    onState(current);
  }
  return current;
}

/** Starts an export job of the list (filter) or of the selection (ids). */
export function startBcfExport(
  projectId: number,
  options: { version: '2.1' | '3.0'; filter?: Record<string, unknown>; ids?: readonly number[] },
): Promise<BcfJob> {
  const body = {
    version: options.version,
    ...(options.filter ? { filter: options.filter } : {}),
    ...(options.ids ? { ids: [...options.ids] } : {}),
  };
  return api.post('/bcf-xml/projects/{projectId}/exports', { path: { projectId }, body });
}

/**
 * Saves a completed export's package under its name. A binary download from the job's signed address (no token,
 * no JSON): a plain fetch.
 */
export async function downloadBcfJob(job: BcfJob): Promise<void> {
  if (!job.url) return;
  const res = await fetch(job.url);
  if (!res.ok) throw new RestError('INTERNAL_SERVER_ERROR', res.statusText, res.status);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = job.fileName ?? 'issues.bcfzip';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Sends a package to the import route: the preview (dryRun) or the import job. `onProgress` follows the upload
 * (0–1). XMLHttpRequest, not the REST client, because only it reports upload progress; its answer is typed from the
 * description and a failure is read by the client's restError.
 */
function postBcfImport(
  projectId: number,
  file: File,
  options: { dryRun: boolean; mapping: BcfMappingChoices; onProgress?: (share: number) => void },
): Promise<ImportAnswer> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('mapping', JSON.stringify(options.mapping));
    form.append('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/bcf-xml/projects/${projectId}/imports${options.dryRun ? '?dryRun=true' : ''}`);
    const token = getAccessToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) options.onProgress?.(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new RestError('FAILED_TO_FETCH', 'Failed to fetch', 0));
    xhr.onload = () => {
      if (xhr.status >= 400) {
        void restError(new Response(xhr.responseText, { status: xhr.status })).then(reject);
        return;
      }
      try {
        resolve(JSON.parse(xhr.responseText) as ImportAnswer);
      } catch {
        reject(new RestError('UNEXPECTED', 'not JSON', xhr.status));
      }
    };
    xhr.send(form);
  });
}
