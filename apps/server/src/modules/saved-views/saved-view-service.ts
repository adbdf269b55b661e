import {
  AppError,
  canEditSavedView,
  canShareSavedViews,
  orderedColumns,
  savedViewContentSchema,
  SAVED_VIEWS_PER_USER,
  type SavedViewContent,
} from '@obra/domain';
import type { AppServices } from '../../services.ts';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../auth/actor.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import { isUniqueViolation } from '../companies/company-admin-service.ts';
import { loadProjectAccess, requireParticipant, type ProjectAccess } from '../projects/project-access.ts';
import { requireIssueReader } from '../projects/project-access.ts';
import {
  countOwnViews,
  deleteView,
  findOwnViewByName,
  findVisibleView,
  insertView,
  listVisibleViews,
  updateView,
  type SavedViewRecord,
} from './saved-view-repository.ts';

/** What the user sends to save a view; `shared` left out keeps it personal (or as it is, on update). */
export interface SavedViewInput {
  name?: string | null;
  filter?: unknown;
  columns?: readonly string[] | null;
  viewMode?: string | null;
  shared?: boolean | null;
}

/** A saved view with what the caller may do with it. */
export type SavedView = SavedViewRecord & { own: boolean };

function present(record: SavedViewRecord, userId: number): SavedView {
  return { ...record, own: record.ownerId === userId };
}

/** The issue list's readers who take part in the project: saved views are personal. */
async function access(services: AppServices, actor: Actor, projectId: number): Promise<ProjectAccess> {
  const found = await loadProjectAccess(services.database.db, actor, projectId);
  requireParticipant(found);
  requireIssueReader(found);
  return found;
}

function checkContent(input: SavedViewInput): SavedViewContent {
  const parsed = savedViewContentSchema.safeParse(input);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path[0];
    throw new AppError('BAD_USER_INPUT', 'invalid saved view', {
      field: typeof field === 'string' ? field : 'input',
    });
  }
  return { ...parsed.data, columns: orderedColumns(parsed.data.columns) };
}

function checkShare(found: ProjectAccess, shared: boolean | null | undefined): void {
  if (
    shared &&
    !canShareSavedViews({ manageDisciplines: found.manageDisciplines, isParticipant: found.role !== null })
  )
    throw new AppError('FORBIDDEN');
}

/** Name clashes that two requests raced into reach the unique index: the same answer as the check. */
async function translateClash<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('SAVED_VIEW_NAME_TAKEN');
    throw error;
  }
}

/** savedViews: the caller's views in the project and the ones shared with it. */
export async function listSavedViews(
  services: AppServices,
  actor: Actor,
  projectId: number,
): Promise<SavedView[]> {
  await access(services, actor, projectId);
  const rows = await listVisibleViews(services.database.db, projectId, actor.account.id);
  return rows.map((r) => present(r, actor.account.id));
}

/**
 * A view the caller sees and may edit, locked for the change (SAVED_VIEW_NOT_FOUND when they do not see it,
 * FORBIDDEN when it is another's).
 */
async function lockEditableView(tx: Db, projectId: number, userId: number, viewId: number) {
  const view = await findVisibleView(tx, projectId, userId, viewId, true);
  if (!view) throw new AppError('SAVED_VIEW_NOT_FOUND');
  if (!canEditSavedView(view, userId)) throw new AppError('FORBIDDEN');
  return view;
}

/** A view just written, read back in the same transaction (with its owner's name) and presented. */
async function readBack(tx: Db, projectId: number, userId: number, viewId: number): Promise<SavedView> {
  const view = await findVisibleView(tx, projectId, userId, viewId);
  return present(view!, userId);
}

/** createSavedView: a new view of the caller (shared with the project only by managers). */
export async function createSavedView(
  services: AppServices,
  actor: Actor,
  projectId: number,
  input: SavedViewInput,
): Promise<SavedView> {
  const found = await access(services, actor, projectId);
  const content = checkContent(input);
  checkShare(found, input.shared);
  const userId = actor.account.id;
  return translateClash(() =>
    unitOfWork(services, async (tx) => {
      if ((await countOwnViews(tx, projectId, userId)) >= SAVED_VIEWS_PER_USER)
        throw new AppError('SAVED_VIEW_LIMIT_REACHED', { max: SAVED_VIEWS_PER_USER });
      if ((await findOwnViewByName(tx, projectId, userId, content.name)) !== null)
        throw new AppError('SAVED_VIEW_NAME_TAKEN');
      const id = await insertView(tx, projectId, userId, content, input.shared === true);
      return readBack(tx, projectId, userId, id);
    }),
  );
}

/** updateSavedView: renames, re-saves or (un)shares one of the caller's own views; left-out parts are kept. */
export async function updateSavedView(
  services: AppServices,
  actor: Actor,
  projectId: number,
  viewId: number,
  input: SavedViewInput,
): Promise<SavedView> {
  const found = await access(services, actor, projectId);
  checkShare(found, input.shared);
  const userId = actor.account.id;
  return translateClash(() =>
    unitOfWork(services, async (tx) => {
      const view = await lockEditableView(tx, projectId, userId, viewId);
      const content = checkContent({
        name: input.name ?? view.name,
        filter: input.filter ?? view.filter,
        columns: input.columns ?? view.columns,
        viewMode: input.viewMode ?? view.viewMode,
      });
      if (content.name.toLowerCase() !== view.name.toLowerCase()) {
        const clash = await findOwnViewByName(tx, projectId, userId, content.name);
        if (clash !== null && clash !== viewId) throw new AppError('SAVED_VIEW_NAME_TAKEN');
      }
      await updateView(tx, viewId, { ...content, ...(input.shared != null ? { shared: input.shared } : {}) });
      return readBack(tx, projectId, userId, viewId);
    }),
  );
}

/** deleteSavedView: removes one of the caller's own views. */
export async function deleteSavedView(
  services: AppServices,
  actor: Actor,
  projectId: number,
  viewId: number,
): Promise<boolean> {
  await access(services, actor, projectId);
  const userId = actor.account.id;
  return unitOfWork(services, async (tx) => {
    await lockEditableView(tx, projectId, userId, viewId);
    await deleteView(tx, viewId);
    return true;
  });
}
