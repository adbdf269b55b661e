import { RestError } from '../../lib/api-errors.ts';
import { getAccessToken } from '../../lib/auth-token.ts';

/** The import report the server answers (POST /bcf-xml/projects/{projectId}/imports). */
export interface BcfValueMapping {
  value: string;
  topics: number;
  mappedTo: string | number | null;
  match: 'exact' | 'synonym' | 'chosen' | 'default' | 'none';
}

export interface BcfImportReport {
  dryRun: boolean;
  version: string;
  topics: number;
  created: number;
  updated: number;
  failed: number;
  fromObra: boolean;
  items: {
    guid: string;
    title: string;
    action: 'create' | 'update' | 'failed';
    code?: string;
    error?: { code: string; message: string };
    warnings: string[];
  }[];
  mapping: {
    types: BcfValueMapping[];
    statuses: BcfValueMapping[];
    priorities: BcfValueMapping[];
    stages: BcfValueMapping[];
    labels: BcfValueMapping[];
    users: BcfValueMapping[];
  };
  unreadable: { folder: string; reason: string }[];
}

/** What the user chose where the mapping was ambiguous. */
export interface BcfMappingChoices {
  types?: Record<string, number | null>;
  visibility?: 'creator' | 'project_management' | 'public';
}

/** An import or export job of the server (GET /bcf-xml/projects/{projectId}/jobs/{jobId}). */
export interface BcfJob {
  id: string;
  kind: 'import' | 'export';
  state: 'queued' | 'running' | 'completed' | 'failed';
  fileName: string;
  done: number;
  total: number;
  /** The import report, or an export's `{topics}`, once finished. */
  report: unknown;
  error: { code: string; message: string } | null;
  /** A completed export's package (signed, five minutes). */
  url: string | null;
}

function authHeaders(): Record<string, string> {
  const token = getAccessToken();
  return token ? { authorization: `Bearer ${token}` } : {};
}

async function restJson<T>(res: Response): Promise<T> {
  const body = (await res.json().catch(() => ({}))) as T & { code?: string; message?: string };
  if (!res.ok)
    throw new RestError(body.code ?? 'INTERNAL_SERVER_ERROR', body.message ?? res.statusText, res.status);
  return body;
}

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
export async function getBcfJob(projectId: number, jobId: string): Promise<BcfJob> {
  return restJson<BcfJob>(
    await fetch(`/bcf-xml/projects/${projectId}/jobs/${encodeURIComponent(jobId)}`, {
      headers: authHeaders(),
    }),
  );
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
export async function startBcfExport(
  projectId: number,
  options: { version: '2.1' | '3.0'; filter?: unknown; ids?: readonly number[] },
): Promise<BcfJob> {
  return restJson<BcfJob>(
    await fetch(`/bcf-xml/projects/${projectId}/exports`, {
      method: 'POST',
      headers: { ...authHeaders(), 'content-type': 'application/json' },
      body: JSON.stringify({ version: options.version, filter: options.filter, ids: options.ids }),
    }),
  );
}

/** Saves a completed export's package under its name. */
export async function downloadBcfJob(job: BcfJob): Promise<void> {
  if (!job.url) return;
  const res = await fetch(job.url);
  if (!res.ok) throw new RestError('INTERNAL_SERVER_ERROR', res.statusText, res.status);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = job.fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Sends a package to the import route: the preview (dryRun) or the import job. `onProgress` follows the upload
 * (0–1). XMLHttpRequest, not fetch, because only it reports upload progress.
 */
function postBcfImport(
  projectId: number,
  file: File,
  options: { dryRun: boolean; mapping: BcfMappingChoices; onProgress?: (share: number) => void },
): Promise<BcfImportReport | BcfJob> {
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
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        reject(new RestError('INTERNAL_SERVER_ERROR', xhr.statusText, xhr.status));
        return;
      }
      if (xhr.status >= 400) {
        const { code, message } = body as { code?: string; message?: string };
        reject(new RestError(code ?? 'INTERNAL_SERVER_ERROR', message ?? xhr.statusText, xhr.status));
      } else resolve(body as BcfImportReport | BcfJob);
    };
    xhr.send(form);
  });
}
