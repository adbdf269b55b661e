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

/**
 * Sends a package to the import route; `onProgress` follows the upload (0–1). XMLHttpRequest, not fetch,
 * because only it reports upload progress.
 */
export function postBcfImport(
  projectId: number,
  file: File,
  options: { dryRun: boolean; mapping: BcfMappingChoices; onProgress?: (share: number) => void },
): Promise<BcfImportReport> {
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
      } else resolve(body as BcfImportReport);
    };
    xhr.send(form);
  });
}

/** Downloads an export of the list (filter) or of the selection (ids) as a .bcf file. */
export async function downloadBcfExport(
  projectId: number,
  options: { version: '2.1' | '3.0'; filter?: unknown; ids?: readonly number[] },
): Promise<void> {
  const query = new URLSearchParams({ version: options.version });
  if (options.filter !== undefined) query.set('filter', JSON.stringify(options.filter));
  if (options.ids?.length) query.set('ids', options.ids.join(','));
  const token = getAccessToken();
  const res = await fetch(`/bcf-xml/projects/${projectId}/export?${query.toString()}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { code?: string; message?: string };
    throw new RestError(body.code ?? 'INTERNAL_SERVER_ERROR', body.message ?? res.statusText, res.status);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'issues.bcf';
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
