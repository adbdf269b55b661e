import type { ApiQuery } from '../../lib/api/rest-client.ts';
import {
  DOCUMENT_STATUSES,
  DOCUMENT_VISIBILITIES,
  type DocumentStatus,
  type DocumentVisibility,
} from '@obra/domain';

/** The drive list's view, kept in the address so a view can be shared. */
export interface DriveView {
  search: string;
  status: DocumentStatus[];
  visibility: DocumentVisibility[];
  disciplineId: number[];
  sort: 'fileName' | 'uploadedAt' | 'updatedAt';
  order: 'asc' | 'desc';
}

const SORTS = ['fileName', 'uploadedAt', 'updatedAt'] as const;

/** Reads the view from the address's search parameters (unknown values are dropped). */
export function viewFromParams(params: URLSearchParams): DriveView {
  const sort = params.get('sort');
  return {
    search: params.get('q') ?? '',
    status: params
      .getAll('status')
      .filter((s): s is DocumentStatus => (DOCUMENT_STATUSES as readonly string[]).includes(s)),
    visibility: params
      .getAll('visibility')
      .filter((v): v is DocumentVisibility => (DOCUMENT_VISIBILITIES as readonly string[]).includes(v)),
    disciplineId: params
      .getAll('discipline')
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0),
    sort: (SORTS as readonly string[]).includes(sort ?? '') ? (sort as DriveView['sort']) : 'uploadedAt',
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
  };
}

/** Writes the view as search parameters (defaults left out). */
export function paramsFromView(view: DriveView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.search) params.set('q', view.search);
  for (const s of view.status) params.append('status', s);
  for (const v of view.visibility) params.append('visibility', v);
  for (const d of view.disciplineId) params.append('discipline', String(d));
  if (view.sort !== 'uploadedAt') params.set('sort', view.sort);
  if (view.order !== 'desc') params.set('order', view.order);
  return params;
}

/** The query of the drive's list (GET /project-drive/projects/{projectId}/files). */
export type DriveListQuery = ApiQuery<'/project-drive/projects/{projectId}/files', 'get'>;

/** The query of GET /files for a view and a page. */
export function listQuery(view: DriveView, page: number, pageSize: number): DriveListQuery {
  return {
    page,
    pageSize,
    sort: view.sort,
    order: view.order,
    ...(view.search.trim() ? { search: view.search.trim() } : {}),
    ...(view.status.length ? { status: view.status } : {}),
    ...(view.visibility.length ? { visibility: view.visibility } : {}),
    ...(view.disciplineId.length ? { disciplineId: view.disciplineId } : {}),
  };
}
