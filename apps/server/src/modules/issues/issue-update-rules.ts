import {
  AppError,
  canSetDisciplineStatus,
  decideIssueStatus,
  hasPendingDisciplines,
  issueTextProblems,
  throwFirstProblem,
  managesIssues,
  validateDisciplines,
  type DisciplineStatusMap,
  type EditScope as PolicyEditScope,
} from '@obra/domain';
import { editScopeOn, issueEditorOf } from './issue-permissions.ts';
import type { ProjectAccess } from '../projects/project-access.ts';
import {
  checkDocumentReferences,
  checkEnums,
  checkReferenceFacts,
  hasPin,
  type IssueDisciplineInput,
  type IssueFieldsInput,
} from './issue-input-checks.ts';
import type { IssueDisciplineRow, IssueRow } from './issue-repository.ts';
import type { HistoryChanges } from './issue-history-repository.ts';
import type { IssueUpdateWrite, StoredIssue } from './issue-update-repository.ts';
import { disciplineRowsFor, visibilityStamps } from './issue-stamps.ts';

/** How much of an issue the caller may change once past the FORBIDDEN check. */
export type EditScope = Exclude<PolicyEditScope, 'none'>;

const FIELD_KEYS = [
  'title',
  'description',
  'status',
  'priority',
  'visibility',
  'category',
  'creationPhase',
  'resolutionPhase',
  'deadline',
  'groupId',
  'locals',
  'labels',
  'pin',
  'viewpoints',
  'bimPins',
  'images',
  'documentsReferences',
  'ccodeDocumentsReferences',
  'aiAssistantLogs',
] as const satisfies readonly (keyof IssueFieldsInput)[];

/**
 * The domain policy's edit scope (issue.updateAny and the creator change everything; a collaborator with one
 * of the issue's disciplines only the statuses of their own disciplines); anyone else FORBIDDEN.
 */
export function editScopeOf(
  access: ProjectAccess,
  row: IssueRow,
  current: readonly IssueDisciplineRow[],
): EditScope {
  const scope = editScopeOn(
    access,
    row,
    current.map((d) => d.disciplineId),
  );
  if (scope === 'none') throw new AppError('FORBIDDEN');
  return scope;
}

/** The disciplines whose status is new or changed by the input. */
export function changedDisciplines(
  input: readonly IssueDisciplineInput[],
  current: readonly IssueDisciplineRow[],
): IssueDisciplineInput[] {
  const before = new Map(current.map((d) => [d.disciplineId, d.status]));
  return input.filter((d) => before.get(d.disciplineId) !== d.status);
}

/**
 * Checks what the caller's scope allows. With ownDisciplineStatuses nothing but the disciplines may be sent,
 * the same disciplines with the same deadlines. Each changed discipline status must be one the domain policy lets
 * the caller set (canSetDisciplineStatus: only their own disciplines with ownDisciplineStatuses; collaborators
 * only to statuses with allowCollaboratorUpdateTo). The one field such a caller may add is the resolution phase,
 * when its change resolves an active issue that has no phase to resolve in (else MISSING_RESOLUTION_PHASE would
 * leave the change impossible).
 */
export function checkScope(
  access: ProjectAccess,
  scope: EditScope,
  input: IssueFieldsInput,
  row: Pick<IssueRow, 'status' | 'resolutionPhase' | 'creationPhase'>,
  current: readonly IssueDisciplineRow[],
  statuses: DisciplineStatusMap,
): void {
  const changed = input.disciplines ? changedDisciplines(input.disciplines, current) : [];
  const editor = issueEditorOf(access);
  // An unknown status is the status validation's to refuse for managers; nobody else may set it.
  const refused = (d: IssueDisciplineInput) =>
    statuses.has(d.status)
      ? !canSetDisciplineStatus(editor, scope, d.disciplineId, d.status, statuses)
      : !managesIssues(editor);
  if (changed.some(refused)) throw new AppError('FORBIDDEN');
  if (scope === 'full') return;
  const phaseToResolve =
    typeof input.resolutionPhase === 'number' &&
    row.status === 'active' &&
    row.resolutionPhase === null &&
    row.creationPhase === null &&
    input.disciplines != null &&
    !hasPendingDisciplines(
      input.disciplines.map((d) => ({ ...d, deadline: d.deadline ?? null })),
      statuses,
    );
  if (FIELD_KEYS.some((k) => input[k] !== undefined && !(k === 'resolutionPhase' && phaseToResolve)))
    throw new AppError('FORBIDDEN');
  const disciplines = input.disciplines ?? [];
  const before = new Map(current.map((d) => [d.disciplineId, d]));
  const sameSet =
    disciplines.length === current.length && disciplines.every((d) => before.has(d.disciplineId));
  const sameDeadlines = disciplines.every(
    (d) => (d.deadline ?? null) === (before.get(d.disciplineId)?.deadline ?? null),
  );
  if (!sameSet || !sameDeadlines) throw new AppError('FORBIDDEN');
}

/** Checks the fields present in an update: required ones not cleared, text lengths, disciplines, the pin kept. */
export function checkUpdatedFields(input: IssueFieldsInput, row: IssueRow): void {
  const cleared = (['title', 'status', 'priority', 'visibility'] as const).filter(
    (f) => input[f] === null || (typeof input[f] === 'string' && input[f].trim() === ''),
  );
  if (cleared.length > 0) throw new AppError('REQUIRED_FIELD', 'REQUIRED_FIELD', { fields: cleared });
  throwFirstProblem(issueTextProblems(input));
  if (input.disciplines) validateDisciplines(input.disciplines.map((d) => d.disciplineId));
  if (input.pin !== undefined || input.bimPins !== undefined) {
    const pin = input.pin !== undefined ? input.pin : row.pin;
    const bimPins = input.bimPins !== undefined ? input.bimPins : row.bimPins;
    if (!hasPin(pin, bimPins)) throw new AppError('INSERT_PIN_LOCATION');
  }
}

/** The project's discipline statuses: every one with its rules, and the keys switched on. */
export interface ProjectStatuses {
  readonly all: DisciplineStatusMap;
  readonly active: ReadonlySet<string>;
}

/** What decideIssueUpdate decides: the columns after the update, the children to replace, the history's changes. */
export interface IssueUpdatePlan {
  readonly row: IssueRow;
  readonly columns: StoredColumns;
  /** The changed children for the history entry (disciplines, locations, labels), in that order. */
  readonly childChanges: HistoryChanges;
  /** The changed columns for the history entry (after the images' change, which the store adds: changesOf). */
  readonly columnChanges: HistoryChanges;
  readonly disciplines?: IssueUpdateWrite['disciplines'];
  readonly locals?: readonly number[];
  readonly labels?: readonly number[];
}

/**
 * The decision of an update (issue 29: load → decide → store), without I/O: the caller's scope on the issue
 * (FORBIDDEN), the fields (REQUIRED_FIELD, text lengths, disciplines, the pin kept, document references), what
 * they point at (BAD_USER_INPUT, PROJECT_GROUP_NOT_FOUND), the issue status the disciplines lead to
 * (decideIssueStatus), and the changes against the stored issue. Throws an AppError for anything refused.
 */
export function decideIssueUpdate(
  access: ProjectAccess,
  statuses: ProjectStatuses,
  stored: StoredIssue,
  input: IssueFieldsInput,
  enums: ReturnType<typeof checkEnums>,
): IssueUpdatePlan {
  const { row, disciplines: current } = stored;
  checkScope(access, editScopeOf(access, row, current), input, row, current, statuses.all);
  checkUpdatedFields(input, row);
  checkDocumentReferences(input);
  const changed = input.disciplines ? changedDisciplines(input.disciplines, current) : undefined;
  checkReferenceFacts(stored.references, { ...input, disciplines: changed }, statuses.active);
  const merged = mergedColumns(row, input);
  if (merged.visibility === 'group' && merged.groupId === null)
    throw new AppError('REQUIRED_FIELD', 'REQUIRED_FIELD', { fields: ['groupId'] });
  const decision = decideIssueStatus({
    currentStatus: checkEnums({ status: row.status }).status ?? 'active',
    requestedStatus: enums.status,
    disciplines: (input.disciplines ?? current).map((d) => ({
      disciplineId: d.disciplineId,
      status: d.status,
      deadline: d.deadline ?? null,
    })),
    statuses: statuses.all,
    resolutionPhase: merged.resolutionPhase,
    creationPhase: merged.creationPhase,
  });
  const columns = { ...merged, status: decision.status, resolutionPhase: decision.resolutionPhase };
  const plan: { -readonly [K in keyof IssueUpdatePlan]: IssueUpdatePlan[K] } = {
    row,
    columns,
    childChanges: {},
    columnChanges: diff(row, columns),
  };
  if (input.disciplines) {
    const entry = (d: { disciplineId: number; status: string; deadline?: string | null }) => ({
      disciplineId: d.disciplineId,
      status: d.status,
      deadline: d.deadline ?? null,
    });
    Object.assign(
      plan.childChanges,
      diff({ disciplines: current.map(entry) }, { disciplines: input.disciplines.map(entry) }),
    );
    const previous = new Map(current.map((d) => [d.disciplineId, d]));
    plan.disciplines = disciplineRowsFor(row.id, input.disciplines, statuses.all, previous, new Date());
  }
  for (const list of ['locals', 'labels'] as const) {
    const sent = input[list];
    if (!sent) continue;
    plan[list] = [...new Set(sent)].sort((a, b) => a - b);
    Object.assign(plan.childChanges, diff({ [list]: stored.links[list] ?? [] }, { [list]: plan[list] }));
  }
  return plan;
}

/** The history entry's changes of a plan, with the images' change when the store made one. */
export function changesOf(plan: IssueUpdatePlan, images: HistoryChanges[string] | undefined): HistoryChanges {
  return { ...plan.childChanges, ...(images ? { images } : {}), ...plan.columnChanges };
}

/** The fields whose change is a change of who may see the issue, not of the issue (no editedAt). */
const VISIBILITY_FIELDS = new Set(['visibility', 'groupId']);

/**
 * What the store writes for a decided plan and its final changes (the images' included): the columns with their
 * stamps (editedAt for a change of the issue itself, statusUpdated* for a status change, the visibility's own
 * stamps), and the children the plan replaces.
 */
export function issueUpdateWrite(
  plan: IssueUpdatePlan,
  changes: HistoryChanges,
  userId: number,
  now: Date,
): IssueUpdateWrite {
  const { row, columns } = plan;
  const edited = Object.keys(changes).some((key) => !VISIBILITY_FIELDS.has(key));
  return {
    columns: {
      ...columns,
      ...(edited ? { editedAt: now, editedByUserId: userId } : {}),
      ...(columns.status !== row.status ? { statusUpdatedAt: now, statusUpdatedByUserId: userId } : {}),
      ...(columns.visibility !== row.visibility ? visibilityStamps(columns.visibility, userId, now) : {}),
    },
    ...(plan.disciplines ? { disciplines: plan.disciplines } : {}),
    ...(plan.locals ? { locals: plan.locals } : {}),
    ...(plan.labels ? { labels: plan.labels } : {}),
  };
}

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

/** The columns an update stores (before their stamps). */
export type StoredColumns = ReturnType<typeof mergedColumns> & { status: string };

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

/** Each field of `after` whose value differs from `before`'s, with both values. */
function diff(before: Record<string, unknown>, after: Record<string, unknown>): HistoryChanges {
  const changes: HistoryChanges = {};
  for (const [key, value] of Object.entries(after))
    if (canonical(value) !== canonical(before[key])) changes[key] = { old: before[key] ?? null, new: value };
  return changes;
}
