import type { Db } from '../../db/database.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import { issueEditorOf, loadActiveAccess, type ProjectAccess } from '../projects/project-access.ts';
import type { ConfirmedIssueFile } from './images/issue-file-service.ts';
import { prepareImageFiles, replaceImages } from './images/issue-image-service.ts';
import {
  changesOf,
  decideIssueUpdate,
  issueUpdateWrite,
  type checkEnums,
  type IssueFieldsInput,
  type IssueUpdatePlan,
} from '@obra/domain';
import { loadIssueUpdate, type IssueRow } from './issue-repository.ts';
import { storeIssueChange } from './issue-activity.ts';

/** updateIssue's input: which issue, and the fields to change (undefined leaves a field as is). */
export type UpdateIssueInput = IssueFieldsInput & { projectId: number; issueId: number };

/**
 * Updates an issue (spec core §7) in three steps (issue 29; docs/architecture.md "The walk of updateIssue"):
 * **load** what the update decides on (before the transaction: the caller's access to an active project and the
 * sent images' files; inside it: the issue, locked, and the project's facts about what the input points at, in
 * one statement: `loadIssueUpdate`), **decide** without I/O (`decideIssueUpdate`: enumerations, scope, fields,
 * references, the issue status, the changes), **store** the row, its children and the change's history entry
 * with its notifications in the same transaction (`storeDecidedUpdate`).
 */
export async function updateIssue(
  services: AppServices,
  actor: Actor,
  input: UpdateIssueInput,
): Promise<{ id: number; projectId: number }> {
  const access = await loadActiveAccess(services.database.db, actor, input.projectId);
  // Without images the update does not go by the image service (the common case).
  const files = input.images ? await prepareImageFiles(services, access, input.images) : undefined;
  return unitOfWork(services, async (tx) => {
    const { id, projectId } = await applyIssueUpdate(tx, { access, files }, input);
    return { id, projectId };
  });
}

/** What every update of one call shares: who asks, in which project, with which confirmed image files. */
export interface UpdateContext {
  readonly access: ProjectAccess;
  /** The image files the input points at, checked and confirmed (prepareImageFiles). */
  readonly files?: ReadonlyMap<string, ConfirmedIssueFile>;
}

/**
 * Applies one update inside the caller's transaction (updateIssue, updateIssues issue by issue, the BCF import):
 * load → decide → store. `enums` are the input's checked enumerations when the caller checked them already (bulk
 * updates, once for all issues). Throws an AppError for anything refused (the caller rolls back, or for bulk
 * updates, rolls back to its savepoint).
 */
export async function applyIssueUpdate(
  tx: Db,
  context: UpdateContext,
  input: UpdateIssueInput,
  enums?: ReturnType<typeof checkEnums>,
): Promise<{ id: number; projectId: number; changed: boolean }> {
  const stored = await loadIssueUpdate(tx, context.access, input);
  const plan = decideIssueUpdate(issueEditorOf(context.access), stored, input, enums);
  const changed = await storeDecidedUpdate(tx, context, plan, input);
  return { id: plan.row.id, projectId: plan.row.projectId, changed };
}

/**
 * Stores a decided update: the images first (their change joins the plan's), then, when anything changed, the
 * row and its children with the change's record (storeIssueChange: one history entry, its activity, the issue
 * event after commit). Answers whether anything changed.
 */
async function storeDecidedUpdate(
  tx: Db,
  context: UpdateContext,
  plan: IssueUpdatePlan<IssueRow>,
  input: UpdateIssueInput,
): Promise<boolean> {
  const { row } = plan;
  const userId = context.access.actor.account.id;
  const owner = { projectId: row.projectId, issueId: row.id, commentId: null, userId };
  const images = input.images
    ? await replaceImages(tx, owner, input.images, context.files ?? new Map())
    : undefined;
  const changes = changesOf(plan, images);
  if (Object.keys(changes).length === 0) return false;
  await storeIssueChange(tx, row, issueUpdateWrite(plan, changes, userId, new Date()), {
    userId,
    fields: changes,
    mentionedUsers: input.mentionedUsers,
  });
  return true;
}
