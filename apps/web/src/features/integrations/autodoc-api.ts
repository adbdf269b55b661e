import { RestError } from '../../lib/api-errors.ts';
import { api, type ApiAnswer } from '../../lib/api/rest-client.ts';

/** The company's platform (GET/PUT /autodoc/platform). */
export type CompanyPlatform = ApiAnswer<'/autodoc/platform', 'get'>;

/** The user's account on the platform (never its secret). */
export type UserIntegration = ApiAnswer<'/autodoc/user-integration', 'get'>;

/** A customer of the platform. */
export type PartnerEntry = ApiAnswer<'/autodoc/autodoc-customers', 'get'>['customers'][number];

/** The project link (spec core §3 "Project integration"). */
export type ProjectIntegration = ApiAnswer<'/autodoc/projects/{projectId}/integration', 'get'>;

/** An entry of a partner folder. */
export type PartnerItem = ApiAnswer<'/autodoc/projects/{projectId}/folder-items', 'get'>['items'][number];

/** A partner file with its versions. */
export type PartnerFile = ApiAnswer<'/autodoc/projects/{projectId}/file', 'get'>;

/** A version being brought into the project (POST …/aps-files answers it at once; GET …/transfers follows it). */
export type Transfer = ApiAnswer<'/autodoc/projects/{projectId}/transfers/{transferId}', 'get'>;

/** What POST …/aps-files takes. */
export interface ImportInput {
  folderId: string;
  fileId: string;
  versionId?: string;
}

/** A completed transfer's drive revision, as the page announces it. */
export interface ImportedFile {
  kind: Transfer['kind'];
  file: NonNullable<Transfer['file']>;
}

/** The project's link, or null when it has none (PROJECT_NOT_INTEGRATED). */
export async function projectIntegration(projectId: number): Promise<ProjectIntegration | null> {
  try {
    return await api.get('/autodoc/projects/{projectId}/integration', { path: { projectId } });
  } catch (error) {
    if (error instanceof RestError && error.code === 'PROJECT_NOT_INTEGRATED') return null;
    throw error;
  }
}
