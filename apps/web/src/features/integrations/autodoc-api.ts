import { RestError } from '../../lib/api-errors.ts';
import { getAccessToken } from '../../lib/auth-token.ts';

/** The company's platform (GET/PUT /autodoc/platform). */
export interface CompanyPlatform {
  companyId: number;
  platform: 'webdav' | 'aps' | null;
  baseUrl: string | null;
  updatedAt: string | null;
}

/** The user's account on the platform (never its secret). */
export interface UserIntegration {
  connected: boolean;
  platform: string | null;
  baseUrl: string | null;
  email: string | null;
  accountName: string | null;
  connectedAt: string | null;
}

/** A customer or a project of the platform. */
export interface PartnerEntry {
  id: string;
  name: string;
}

/** The project link (spec core §3 "Project integration"). */
export interface ProjectIntegration {
  obraProjectId: number;
  autodocCustomerId: string;
  autodocProjectId: string;
  autodocProjectName: string;
  platform: string;
  createdAt: string;
}

/** An entry of a partner folder. */
export interface PartnerItem {
  type: 'folder' | 'file';
  id: string;
  name: string;
  size?: number | null;
  mimeType?: string | null;
  modifiedAt: string | null;
}

/** A partner file with its versions. */
export interface PartnerFile {
  id: string;
  name: string;
  folderId: string;
  size: number | null;
  versions: { id: string; number: number; size: number | null; modifiedAt: string | null }[];
}

/** What POST …/aps-files answers: the drive revision the version became. */
export interface ImportedFile {
  kind: 'drive' | 'bim';
  file: { id: number; documentId: number; fileName: string; revisionName: string; uploadState: string };
}

/** Calls an /autodoc route with the session's token; throws RestError with the server's code and message. */
export async function autodocCall<T>(
  path: string,
  options: { method?: string; body?: unknown } = {},
): Promise<T> {
  const token = getAccessToken();
  const response = await fetch(`/autodoc${path}`, {
    method: options.method ?? 'GET',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const json = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok) {
    const code = typeof json?.['code'] === 'string' ? json['code'] : 'UNEXPECTED';
    const message = typeof json?.['message'] === 'string' ? json['message'] : `HTTP ${response.status}`;
    throw new RestError(code, message, response.status);
  }
  // Every /autodoc answer is a JSON object: anything else is not Obra's API answering.
  if (json === null || typeof json !== 'object')
    throw new RestError('UNEXPECTED', 'not JSON', response.status);
  return json as T;
}

/** The project's link, or null when it has none (PROJECT_NOT_INTEGRATED). */
export async function projectIntegration(projectId: number): Promise<ProjectIntegration | null> {
  try {
    return await autodocCall<ProjectIntegration>(`/projects/${projectId}/integration`);
  } catch (error) {
    if (error instanceof RestError && error.code === 'PROJECT_NOT_INTEGRATED') return null;
    throw error;
  }
}

/** Query string of a partner id (paths hold slashes and spaces). */
export function q(value: string): string {
  return encodeURIComponent(value);
}
