import { AppError, canSeeDocument, isDriveManager } from '@obra/domain';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import type { Db } from '../../db/database.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import { loadDriveAccess, loadDriveWriter } from '../drive/drive-access.ts';
import { documentRevisions, findDriveFile } from '../drive/drive-repository.ts';
import { getModel, type BimModelRevision } from './bim-model-service.ts';
import {
  deleteFederatedModelRow,
  federatedModelItems,
  federatedModelNameTaken,
  findFederatedModel,
  insertFederatedModel,
  isProjectDocument,
  listProjectFederatedModels,
} from './bim-federated-repository.ts';

/** A model of a federated model as the caller opens it (docs/bim.md, editor §8.1). */
export interface FederatedItem {
  documentId: number;
  /** The revision the item names: null for "always load the latest". */
  pinnedFileId: number | null;
  alwaysLatest: boolean;
  /**
   * What opens: `ok`; `notLatest` (the pinned revision is older than the latest the caller sees); `fallback` (the
   * pinned revision cannot be seen or no longer exists: the latest viewable revision opens instead); `noAccess`
   * (the caller sees no revision of the document).
   */
  warning: 'ok' | 'notLatest' | 'fallback' | 'noAccess';
  revision: (BimModelRevision & { isLatest: boolean }) | null;
}

export interface FederatedModel {
  id: number;
  name: string;
  createdByUserId: number | null;
  createdAt: string;
  updatedAt: string;
  items: FederatedItem[];
}

export interface FederatedInput {
  projectId: number;
  name: string;
  items: { documentId: number; fileId: number | null }[];
}

const MAX_ITEMS = 50;

function checkName(name: string): string {
  const trimmed = name.normalize('NFC').trim();
  if (trimmed === '' || trimmed.length > 120)
    throw new AppError('BAD_USER_INPUT', 'invalid name', { field: 'name' });
  return trimmed;
}

/**
 * Checks the items of a federated model: 1 to 50 distinct IFC documents of the project that the caller sees, each
 * pinned to a revision of that document the caller sees, or to none ("always latest").
 */
async function checkItems(db: Db, actor: Actor, input: FederatedInput) {
  const { viewer } = await loadDriveWriter(db, actor, input.projectId);
  if (input.items.length === 0 || input.items.length > MAX_ITEMS)
    throw new AppError('BAD_USER_INPUT', 'one to fifty models', { field: 'items' });
  if (new Set(input.items.map((i) => i.documentId)).size !== input.items.length)
    throw new AppError('BAD_USER_INPUT', 'a model twice', { field: 'items' });
  for (const item of input.items) {
    const revisions = (await isProjectDocument(db, input.projectId, item.documentId))
      ? await documentRevisions(db, viewer, item.documentId)
      : [];
    if (revisions.length === 0 || revisions.some((r) => r.extension.toLowerCase() !== 'ifc'))
      throw new AppError('DOCUMENTS_NOT_FOUND', { documentId: item.documentId });
    if (item.fileId !== null && !revisions.some((r) => r.id === item.fileId))
      throw new AppError('DOCUMENTS_NOT_FOUND', { fileId: item.fileId });
  }
}

/** POST /bim/projects/{projectId}/federated-models: a new federated model (FEDERATED_MODEL_ALREADY_EXISTS). */
export async function createFederatedModel(
  services: AppServices,
  actor: Actor,
  input: FederatedInput,
): Promise<FederatedModel> {
  const { db } = services.database;
  const name = checkName(input.name);
  await checkItems(db, actor, input);
  const id = await unitOfWork(services, async (tx) => {
    if (await federatedModelNameTaken(tx, input.projectId, name))
      throw new AppError('FEDERATED_MODEL_ALREADY_EXISTS', { name });
    return insertFederatedModel(
      tx,
      { projectId: input.projectId, name, createdByUserId: actor.account.id },
      input.items,
    );
  });
  return getFederatedModel(services, actor, { projectId: input.projectId, federatedId: id });
}

/** GET /bim/projects/{projectId}/federated-models: the project's federated models (names and model counts). */
export async function listFederatedModels(
  services: AppServices,
  actor: Actor,
  projectId: number,
): Promise<{ federatedModels: { id: number; name: string; modelCount: number; updatedAt: string }[] }> {
  const { db } = services.database;
  await loadDriveAccess(db, actor, projectId);
  const rows = await listProjectFederatedModels(db, projectId);
  return {
    federatedModels: rows.map((r) => ({
      id: r.id,
      name: r.name,
      modelCount: r.modelCount,
      updatedAt: r.updatedAt.toISOString(),
    })),
  };
}

/**
 * GET /bim/projects/{projectId}/federated-models/{id}: the federated model with, for each of its models, the
 * revision the caller opens and the spec's warning (editor §8.1): a pinned revision older than the latest is
 * `notLatest`; a pinned revision the caller may not see falls back to the latest viewable one (`fallback`).
 */
export async function getFederatedModel(
  services: AppServices,
  actor: Actor,
  input: { projectId: number; federatedId: number },
): Promise<FederatedModel> {
  const { db } = services.database;
  const { viewer } = await loadDriveAccess(db, actor, input.projectId);
  const model = await findFederatedModel(db, input.projectId, input.federatedId);
  if (!model) throw new AppError('NOT_FOUND');
  const items = await federatedModelItems(db, model.id);
  const resolved: FederatedItem[] = [];
  for (const item of items) {
    const revisions = await documentRevisions(db, viewer, item.documentId);
    const latest = revisions[0];
    const base = { documentId: item.documentId, pinnedFileId: item.fileId, alwaysLatest: !item.pinned };
    if (!latest) {
      resolved.push({ ...base, warning: 'noAccess', revision: null });
      continue;
    }
    let chosen = latest.id;
    let warning: FederatedItem['warning'] = 'ok';
    if (item.pinned) {
      const pinned = item.fileId === null ? undefined : await findDriveFile(db, input.projectId, item.fileId);
      if (pinned && pinned.uploadState === 'confirmed' && canSeeDocument(viewer, pinned)) {
        chosen = pinned.id;
        if (pinned.id !== latest.id) warning = 'notLatest';
      } else warning = 'fallback';
    }
    const detail = await getModel(services, actor, { projectId: input.projectId, fileId: chosen });
    const { revisions: _revisions, ...revision } = detail;
    resolved.push({ ...base, warning, revision });
  }
  return {
    id: model.id,
    name: model.name,
    createdByUserId: model.createdByUserId,
    createdAt: model.createdAt.toISOString(),
    updatedAt: model.updatedAt.toISOString(),
    items: resolved,
  };
}

/** DELETE /bim/projects/{projectId}/federated-models/{id}. */
export async function deleteFederatedModel(
  services: AppServices,
  actor: Actor,
  input: { projectId: number; federatedId: number },
): Promise<void> {
  const { db } = services.database;
  const { viewer } = await loadDriveWriter(db, actor, input.projectId);
  const model = await findFederatedModel(db, input.projectId, input.federatedId);
  if (!model) throw new AppError('NOT_FOUND');
  // Its author or a project manager (administrator, coordinator) removes a shared federated model.
  if (model.createdByUserId !== actor.account.id && !isDriveManager(viewer))
    throw new AppError('DOCUMENT_PERMISSION_DENIED');
  const removed = await unitOfWork(services, (tx) =>
    deleteFederatedModelRow(tx, input.projectId, input.federatedId),
  );
  if (!removed) throw new AppError('NOT_FOUND');
}
