import { AppError, isDriveManager } from '@obra/domain';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import type { Db } from '../../db/database.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import type { DriveViewer } from '@obra/domain';
import { loadDriveAccess, loadDriveWriter } from '../drive/drive-access.ts';
import { documentRevisions } from '../drive/drive-repository.ts';
import { findFederatedModel, isProjectDocument } from './bim-federated-repository.ts';
import {
  deleteBimViewRow,
  findBimView,
  insertBimView,
  listBimViewRows,
  type BimViewListRow,
  type BimViewTarget,
} from './bim-view-repository.ts';

export type { BimViewTarget };

/** A saved view of the model viewer (docs/bim.md "Saved views"), as the API serves it. */
export type BimView = Omit<BimViewListRow, 'createdAt'> & {
  createdAt: string;
  /** Whether the caller may delete it (its author or a project manager). */
  canDelete: boolean;
};

/** The largest viewpoint a view stores (its JSON). */
const MAX_VIEWPOINT_CHARS = 200_000;

function checkName(name: string): string {
  const trimmed = name.normalize('NFC').trim();
  if (trimmed === '' || trimmed.length > 120)
    throw new AppError('BAD_USER_INPUT', 'invalid name', { field: 'name' });
  return trimmed;
}

/** A viewpoint is a JSON object with a visualization (camera and components), within the size limit. */
function checkViewpoint(viewpoint: unknown): Record<string, unknown> {
  const ok =
    typeof viewpoint === 'object' &&
    viewpoint !== null &&
    !Array.isArray(viewpoint) &&
    typeof (viewpoint as { visualization?: unknown }).visualization === 'object' &&
    (viewpoint as { visualization?: unknown }).visualization !== null;
  if (!ok || JSON.stringify(viewpoint).length > MAX_VIEWPOINT_CHARS)
    throw new AppError('BAD_USER_INPUT', 'invalid viewpoint', { field: 'viewpoint' });
  return viewpoint as Record<string, unknown>;
}

/**
 * Whether the caller sees the model a view is on: a model document of the project of which they see a revision
 * (DOCUMENTS_NOT_FOUND otherwise, as the model routes answer), or a federated model of the project.
 */
async function checkTarget(db: Db, viewer: DriveViewer, projectId: number, target: BimViewTarget) {
  if ('documentId' in target) {
    const revisions = (await isProjectDocument(db, projectId, target.documentId))
      ? await documentRevisions(db, viewer, target.documentId)
      : [];
    if (revisions.length === 0 || revisions.some((r) => r.extension.toLowerCase() !== 'ifc'))
      throw new AppError('DOCUMENTS_NOT_FOUND', { documentId: target.documentId });
    return;
  }
  if (!(await findFederatedModel(db, projectId, target.federatedModelId))) throw new AppError('NOT_FOUND');
}

async function viewsOf(
  db: Db,
  viewer: DriveViewer,
  projectId: number,
  target: BimViewTarget,
  id?: number,
): Promise<BimView[]> {
  const rows = await listBimViewRows(db, projectId, target, id);
  const manager = isDriveManager(viewer);
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    canDelete: manager || (r.createdByUserId !== null && r.createdByUserId === viewer.userId),
  }));
}

/** GET /bim/projects/{projectId}/views?documentId=|federatedModelId=: the model's saved views, by name. */
export async function listBimViews(
  services: AppServices,
  actor: Actor,
  projectId: number,
  target: BimViewTarget,
): Promise<{ views: BimView[] }> {
  const { db } = services.database;
  const { viewer } = await loadDriveAccess(db, actor, projectId);
  await checkTarget(db, viewer, projectId, target);
  return { views: await viewsOf(db, viewer, projectId, target) };
}

/** POST /bim/projects/{projectId}/views: a view on a model the caller sees, in an active project. */
export async function createBimView(
  services: AppServices,
  actor: Actor,
  input: { projectId: number; name: string; target: BimViewTarget; viewpoint: unknown },
): Promise<BimView> {
  const { db } = services.database;
  const { viewer } = await loadDriveWriter(db, actor, input.projectId);
  const name = checkName(input.name);
  const viewpoint = checkViewpoint(input.viewpoint);
  await checkTarget(db, viewer, input.projectId, input.target);
  const id = await unitOfWork(services, (tx) =>
    insertBimView(tx, {
      projectId: input.projectId,
      target: input.target,
      name,
      viewpoint,
      createdByUserId: actor.account.id,
    }),
  );
  const [view] = await viewsOf(db, viewer, input.projectId, input.target, id);
  if (!view) throw new Error('view not read back');
  return view;
}

/** DELETE /bim/projects/{projectId}/views/{viewId}: its author or a project manager. */
export async function deleteBimView(
  services: AppServices,
  actor: Actor,
  input: { projectId: number; viewId: number },
): Promise<void> {
  const { db } = services.database;
  const { viewer } = await loadDriveWriter(db, actor, input.projectId);
  const view = await findBimView(db, input.projectId, input.viewId);
  if (!view) throw new AppError('NOT_FOUND');
  const target: BimViewTarget =
    view.documentId !== null
      ? { documentId: view.documentId }
      : { federatedModelId: view.federatedModelId ?? 0 };
  // A view on a model the caller does not see does not exist for them.
  await checkTarget(db, viewer, input.projectId, target);
  if (view.createdByUserId !== actor.account.id && !isDriveManager(viewer))
    throw new AppError('DOCUMENT_PERMISSION_DENIED');
  await unitOfWork(services, (tx) => deleteBimViewRow(tx, input.projectId, input.viewId));
}
