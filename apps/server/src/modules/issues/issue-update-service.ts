import { AppError, decideIssueStatus, type DisciplineStatusMap } from '@obra/domain';
import type { Db } from '../../db/database.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import { loadProjectAccess, requireActive, type ProjectAccess } from '../projects/project-access.ts';
import {
  checkDocumentReferences,
  checkEnums,
  checkReferences,
  type IssueFieldsInput,
} from './issue-input-checks.ts';
import { projectStatuses } from '../projects/project-settings-repository.ts';
import {
  ccodeSearchTerms,
  loadIssueForUpdate,
  replaceIssueDisciplines,
  replaceIssueLinks,
  searchTextOf,
  updateIssueRow,
  type IssueDisciplineRow,
  type IssueRow,
} from './issue-repository.ts';
import type { ConfirmedIssueFile } from './images/issue-file-service.ts';
import { prepareImageFiles, replaceImages } from './images/issue-image-service.ts';
import { disciplineRowsFor, visibilityStamps } from './issue-stamps.ts';
import { recordIssueActivity } from './issue-activity.ts';
import { changedDisciplines, checkScope, checkUpdatedFields, editScopeOf } from './issue-update-rules.ts';
import { writeIssueHistory, type HistoryChanges } from './issue-history-repository.ts';

/** updateIssue's input: which issue, and the fields to change (undefined leaves a field as is). */
export type UpdateIssueInput = IssueFieldsInput & { projectId: number; issueId: number };

type Changes = HistoryChanges;

/** The scalar columns an update may set, from the input over the stored row. */
function mergedColumns(row: IssueRow, input: IssueFieldsInput) {
  const pick = <T>(value: T | undefined, stored: T): T => (value === undefined ? stored : value);
  return {
    title: input.title != null ? input.title.trim() : row.title,
    description: pick(input.description, row.description),
    priority: input.priority ?? row.priority,
    visibility: input.visibility ?? row.visibility,
    categoryId: pick(input.category, row.categoryId),
    creationPhase: pick(input.creationPhase, row.creationPhase),
    resolutionPhase: pick(input.resolutionPhase, row.resolutionPhase),
    deadline: pick(input.deadline, row.deadline),
    groupId: pick(input.groupId, row.groupId),
    // The same pin sent back (as the edit form does) is no change, whatever its key order or float noise.
    pin: input.pin === undefined || samePin(input.pin, row.pin) ? row.pin : input.pin,
    viewpoints: pick(input.viewpoints, row.viewpoints),
    bimPins: pick(input.bimPins, row.bimPins),
    documentsReferences:
      input.documentsReferences === undefined ? row.documentsReferences : (input.documentsReferences ?? []),
    ccodeDocumentsReferences:
      input.ccodeDocumentsReferences === undefined
        ? row.ccodeDocumentsReferences
        : (input.ccodeDocumentsReferences ?? []),
    aiAssistantLogs: pick(input.aiAssistantLogs, row.aiAssistantLogs),
  };
}

/** JSON with object keys sorted: the stored JSONB comes back with its keys in PostgreSQL's order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/**
 * Whether two pins are the same place: same point (to a thousandth of a pixel, the editor's coordinates carry
 * float noise) and otherwise equal (the image, the colour). Key order does not matter.
 */
function samePin(a: unknown, b: unknown): boolean {
  const point = (p: unknown) =>
    p && typeof p === 'object' && !Array.isArray(p) ? (p as Record<string, unknown>) : undefined;
  const pa = point(a);
  const pb = point(b);
  if (!pa || !pb) return canonical(a) === canonical(b);
  const near = (x: unknown, y: unknown) =>
    typeof x === 'number' && typeof y === 'number' ? Math.abs(x - y) < 1e-3 : x === y;
  const rest = (p: Record<string, unknown>) => canonical({ ...p, x: undefined, y: undefined });
  return near(pa['x'], pb['x']) && near(pa['y'], pb['y']) && rest(pa) === rest(pb);
}

function diff(before: Record<string, unknown>, after: Record<string, unknown>): Changes {
  const changes: Changes = {};
  for (const [key, value] of Object.entries(after))
    if (canonical(value) !== canonical(before[key])) changes[key] = { old: before[key] ?? null, new: value };
  return changes;
}

/** The fields whose change is a change of who may see the issue, not of the issue (no editedAt). */
const VISIBILITY_FIELDS = new Set(['visibility', 'groupId']);

/**
 * Updates an issue (spec core §7): authorize (visible, active project, edit scope) → check the fields → apply
 * the status rules to the new disciplines → store the row, its children and a history entry of the changed
 * fields in one transaction. A change of visibility stamps visibilityUpdated* (and toProjectManagement* /
 * toPublic*); a change of status stamps statusUpdated*.
 */
export async function updateIssue(
  services: AppServices,
  actor: Actor,
  input: UpdateIssueInput,
): Promise<{ id: number; projectId: number }> {
  const { db } = services.database;
  const loaded = await loadUpdateContext(db, actor, input.projectId);
  const context = { ...loaded, files: await prepareImageFiles(services, loaded.access, input.images) };
  const enums = checkEnums(input);
  return unitOfWork(services, async (tx) => {
    const result = await applyIssueUpdate(tx, context, input, enums);
    return { id: result.id, projectId: result.projectId };
  });
}

/** What every update of one call shares: who asks, in which project, with which discipline statuses. */
export interface UpdateContext {
  readonly access: ProjectAccess;
  readonly statuses: Awaited<ReturnType<typeof projectStatuses>>;
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
 * Applies one update inside the caller's transaction: load the visible row for update, check the scope and
 * the fields, decide the status, store the row, its children and one history entry. Throws an AppError for
 * anything refused (the caller rolls back, or for bulk updates, rolls back to its savepoint).
 */
export async function applyIssueUpdate(
  tx: Db,
  context: UpdateContext,
  input: UpdateIssueInput,
  enums: ReturnType<typeof checkEnums>,
): Promise<{ id: number; projectId: number; changed: boolean }> {
  const { access, statuses } = context;
  const userId = access.actor.account.id;
  const { row, disciplines: current } = await loadIssueForUpdate(tx, access, input.issueId);
  checkScope(access, editScopeOf(access, row, current), input, row, current, statuses.all);
  checkUpdatedFields(input, row);
  checkDocumentReferences(input);
  const changed = input.disciplines ? changedDisciplines(input.disciplines, current) : undefined;
  await checkReferences(tx, input.projectId, { ...input, disciplines: changed }, statuses.active);
  const columns = mergedColumns(row, input);
  if (columns.visibility === 'group' && columns.groupId === null)
    throw new AppError('REQUIRED_FIELD', 'REQUIRED_FIELD', { fields: ['groupId'] });
  const disciplines = input.disciplines ?? current;
  const decision = decideIssueStatus({
    currentStatus: checkEnums({ status: row.status }).status ?? 'active',
    requestedStatus: enums.status,
    disciplines: disciplines.map((d) => ({
      disciplineId: d.disciplineId,
      status: d.status,
      deadline: d.deadline ?? null,
    })),
    statuses: statuses.all,
    resolutionPhase: columns.resolutionPhase,
    creationPhase: columns.creationPhase,
  });
  const after = { ...columns, status: decision.status, resolutionPhase: decision.resolutionPhase };
  const changes = await storeChildren(tx, row.id, input, current, statuses.all);
  if (input.images) {
    const owner = { projectId: row.projectId, issueId: row.id, commentId: null, userId };
    const images = await replaceImages(tx, owner, input.images, context.files ?? new Map());
    if (images) changes['images'] = images;
  }
  Object.assign(changes, diff(row, after));
  if (Object.keys(changes).length === 0) return { id: row.id, projectId: row.projectId, changed: false };
  await storeRow(
    tx,
    row,
    after,
    userId,
    Object.keys(changes).some((key) => !VISIBILITY_FIELDS.has(key)),
  );
  const historyId = await writeIssueHistory(tx, {
    issueId: row.id,
    entityType: 'issue',
    fields: changes,
    issueVisibility: after.visibility,
    userId,
  });
  await recordIssueActivity(tx, {
    issueId: row.id,
    userId,
    action: 'updated',
    historyId,
    mentionedUsers: input.mentionedUsers,
  });
  return { id: row.id, projectId: row.projectId, changed: true };
}

type StoredColumns = ReturnType<typeof mergedColumns> & { status: string };

async function storeRow(
  tx: Db,
  row: IssueRow,
  after: StoredColumns,
  userId: number,
  edited: boolean,
): Promise<void> {
  const now = new Date();
  const base = searchTextOf({
    code: row.code,
    title: after.title,
    description: after.description,
    extra: ccodeSearchTerms(after.ccodeDocumentsReferences),
  });
  await updateIssueRow(
    tx,
    row.id,
    {
      ...after,
      // Only a change of the issue itself marks it edited; a visibility change has its own stamps.
      ...(edited ? { editedAt: now, editedByUserId: userId } : {}),
      ...(after.status !== row.status ? { statusUpdatedAt: now, statusUpdatedByUserId: userId } : {}),
      ...(after.visibility !== row.visibility ? visibilityStamps(after.visibility, userId, now) : {}),
    },
    // Image titles are searched too; they are read back in SQL (this update may have just replaced them).
    base,
  );
}

/** Replaces the children sent in the input and returns their changes for the history. */
async function storeChildren(
  tx: Db,
  issueId: number,
  input: IssueFieldsInput,
  current: readonly IssueDisciplineRow[],
  statuses: DisciplineStatusMap,
): Promise<Changes> {
  const changes: Changes = {};
  if (input.disciplines) {
    const old = current.map((d) => ({
      disciplineId: d.disciplineId,
      status: d.status,
      deadline: d.deadline,
    }));
    const next = input.disciplines.map((d) => ({
      disciplineId: d.disciplineId,
      status: d.status,
      deadline: d.deadline ?? null,
    }));
    Object.assign(changes, diff({ disciplines: old }, { disciplines: next }));
    const previous = new Map(current.map((d) => [d.disciplineId, d]));
    await replaceIssueDisciplines(
      tx,
      issueId,
      disciplineRowsFor(issueId, input.disciplines, statuses, previous, new Date()),
    );
  }
  for (const list of ['locals', 'labels'] as const) {
    const sent = input[list];
    if (!sent) continue;
    const next = [...new Set(sent)].sort((a, b) => a - b);
    const old = await replaceIssueLinks(tx, list, issueId, next);
    Object.assign(changes, diff({ [list]: old }, { [list]: next }));
  }
  return changes;
}
