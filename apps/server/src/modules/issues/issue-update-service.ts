import type { Db } from '../../db/database.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import { loadProjectAccess, requireActive, type ProjectAccess } from '../projects/project-access.ts';
import { projectStatuses } from '../projects/project-settings-repository.ts';
import { checkEnums, type IssueFieldsInput } from './issue-input-checks.ts';
import type { ConfirmedIssueFile } from './images/issue-file-service.ts';
import { prepareImageFiles, replaceImages } from './images/issue-image-service.ts';
import {
  changesOf,
  decideIssueUpdate,
  issueUpdateWrite,
  type ProjectStatuses,
} from './issue-update-rules.ts';
import { loadIssueUpdate, storeIssueUpdate } from './issue-update-repository.ts';
import { writeIssueHistory } from './issue-history-repository.ts';
import { recordIssueActivity } from './issue-activity.ts';

/** updateIssue's input: which issue, and the fields to change (undefined leaves a field as is). */
export type UpdateIssueInput = IssueFieldsInput & { projectId: number; issueId: number };

/**
 * Updates an issue (spec core §7) in three steps (issue 29; docs/architecture.md "The walk of updateIssue"):
 * **load** what the update decides on (before the transaction: the caller's access to an active project, the
 * project's discipline statuses and the sent images' files; inside it: the issue, locked, and what the input
 * points at: `loadIssueUpdate`), **decide** without I/O (`decideIssueUpdate`: scope, fields, references, the
 * issue status, the changes), **store** the row, its children and one history entry with its notifications in
 * the same transaction (`storeDecidedUpdate`).
 */
export async function updateIssue(
  services: AppServices,
  actor: Actor,
  input: UpdateIssueInput,
): Promise<{ id: number; projectId: number }> {
  const context = await loadUpdateContext(services.database.db, actor, input.projectId);
  const files = await prepareImageFiles(services, context.access, input.images);
  const enums = checkEnums(input);
  return unitOfWork(services, async (tx) => {
    const { id, projectId } = await applyIssueUpdate(tx, { ...context, files }, input, enums);
    return { id, projectId };
  });
}

/** What every update of one call shares: who asks, in which project, with which discipline statuses. */
export interface UpdateContext {
  readonly access: ProjectAccess;
  readonly statuses: ProjectStatuses;
  /** The image files the input points at, checked and confirmed (prepareImageFiles). */
  readonly files?: ReadonlyMap<string, ConfirmedIssueFile>;
}

/** Loads the caller's access (active project) and the project's discipline statuses once per call. */
export async function loadUpdateContext(db: Db, actor: Actor, projectId: number): Promise<UpdateContext> {
  const access = await loadProjectAccess(db, actor, projectId);
  requireActive(access);
  return { access, statuses: await projectStatuses(db, projectId) };
}

/**
 * Applies one update inside the caller's transaction (updateIssue, updateIssues issue by issue, the BCF import):
 * load → decide → store. Throws an AppError for anything refused (the caller rolls back, or for bulk updates,
 * rolls back to its savepoint).
 */
export async function applyIssueUpdate(
  tx: Db,
  context: UpdateContext,
  input: UpdateIssueInput,
  enums: ReturnType<typeof checkEnums>,
): Promise<{ id: number; projectId: number; changed: boolean }> {
  const stored = await loadIssueUpdate(tx, context.access, input);
  const plan = decideIssueUpdate(context.access, context.statuses, stored, input, enums);
  const changed = await storeDecidedUpdate(tx, context, plan, input);
  return { id: plan.row.id, projectId: plan.row.projectId, changed };
}

/**
 * Stores a decided update: the images first (their change joins the plan's), then, when anything changed, the
 * row and its children, one history entry and its activity (mentions, unread marks, the issue event after
 * commit). Answers whether anything changed.
 */
async function storeDecidedUpdate(
  tx: Db,
  context: UpdateContext,
  plan: ReturnType<typeof decideIssueUpdate>,
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
  await storeIssueUpdate(tx, row, issueUpdateWrite(plan, changes, userId, new Date()));
  const historyId = await writeIssueHistory(tx, {
    issueId: row.id,
    entityType: 'issue',
    fields: changes,
    issueVisibility: plan.columns.visibility,
    userId,
  });
  await recordIssueActivity(tx, {
    issueId: row.id,
    userId,
    action: 'updated',
    historyId,
    mentionedUsers: input.mentionedUsers,
  });
  return true;
}
