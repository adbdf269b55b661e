import { AppError } from '../errors/app-error.ts';
import {
  DISCIPLINE_STATUSES,
  ISSUE_STATUSES,
  ISSUE_VISIBILITIES,
  PRIORITIES,
  type IssueStatus,
  type IssueVisibility,
  type Priority,
} from '../enums/project-enums.ts';
import { throwFirstProblem } from '../validation/field-problems.ts';
import { disciplineStatusMap, type DisciplineStatusMap } from './issue-types.ts';
import { decideIssueStatus, hasPendingDisciplines } from './issue-status-rules.ts';
import { issueTextProblems, validateDisciplines } from './issue-validation.ts';
import {
  canSetDisciplineStatus,
  issueEditScope,
  managesIssues,
  type EditScope as PolicyEditScope,
  type IssueEditor,
} from './issue-policy.ts';

/**
 * The rules on an issue's fields as the server applies them, without I/O (issue 29: one decision module,
 * docs/architecture.md "The walk of updateIssue"): the fields as sent and their checks (enumerations, dates,
 * references, pins), the editor's scope, the stamps a visibility and a discipline status bring, and the decision of
 * an update. The server's createIssue, updateIssue, bulk updates, copies and the BCF import decide here; the loads
 * and stores live in its repositories, the order in its services. Being in the domain package, it can read no
 * database: what it decides on is passed in (`StoredIssueFacts`).
 */

/** What changed in one history entry: each field with its old and new value. */
export type HistoryChanges = Record<string, { old: unknown; new: unknown }>;

/** An image as createIssue, updateIssue and the comment mutations take it (the API's IssueImageInput). */
export interface IssueImageInput {
  id?: number | null | undefined;
  index?: number | null | undefined;
  title?: string | null | undefined;
  original?: string | null | undefined;
  markedUp?: string | null | undefined;
  markUp?: unknown;
  viewpoint?: unknown;
}

/** The columns of a stored issue the rules read (the server's row has them, and more). */
export interface IssueRowFacts {
  readonly id: number;
  readonly createdByUserId: number;
  readonly title: string;
  readonly description: string | null;
  readonly status: string;
  readonly priority: string;
  readonly visibility: string;
  readonly categoryId: number | null;
  readonly creationPhase: number | null;
  readonly resolutionPhase: number | null;
  readonly deadline: string | null;
  readonly groupId: number | null;
  readonly pin: unknown;
  readonly viewpoints: unknown;
  readonly bimPins: unknown;
  readonly documentsReferences: unknown;
  readonly ccodeDocumentsReferences: unknown;
  readonly aiAssistantLogs: unknown;
}

/** A stored discipline of an issue. */
export interface IssueDisciplineFacts {
  readonly disciplineId: number;
  readonly status: string;
  readonly deadline: string | null;
  readonly doneAt: Date | null;
}

/** A discipline row of an issue as it is stored. */
export interface IssueDisciplineWrite {
  issueId: number;
  disciplineId: number;
  status: string;
  deadline: string | null;
  doneAt: Date | null;
}

/**
 * An issue as an update finds it (the server's loadIssueUpdate): the row, its disciplines, the links the input
 * replaces, and what the input points at.
 */
export interface StoredIssueFacts<R extends IssueRowFacts = IssueRowFacts> {
  readonly row: R;
  readonly disciplines: readonly IssueDisciplineFacts[];
  /** The issue's locations and labels (ids in order), read only for the lists the input sends. */
  readonly links: { readonly locals?: readonly number[]; readonly labels?: readonly number[] };
  readonly references: ReferenceFacts;
}

/** What an update stores: the row's new columns with their stamps, and the children it replaces (absent: kept). */
export interface IssueUpdateWrite {
  readonly columns: StoredColumns & Partial<UpdateStamps>;
  readonly disciplines?: readonly IssueDisciplineWrite[];
  readonly locals?: readonly number[];
  readonly labels?: readonly number[];
}

/** The stamps an update may set beside its columns. */
export interface UpdateStamps {
  editedAt: Date;
  editedByUserId: number;
  statusUpdatedAt: Date;
  statusUpdatedByUserId: number;
  visibilityUpdatedAt: Date;
  visibilityUpdatedByUserId: number;
  toProjectManagementAt: Date;
  toProjectManagementByUserId: number;
  toPublicAt: Date;
  toPublicByUserId: number;
}

// ——— The fields as sent, and their checks ———

/** A discipline of an issue as the caller sends it. */
export interface IssueDisciplineInput {
  disciplineId: number;
  status: string;
  deadline?: string | null | undefined;
}

/** The issue fields of createIssue and updateIssue; on update, undefined means "leave as is". */
export interface IssueFieldsInput {
  title?: string | null | undefined;
  description?: string | null | undefined;
  status?: string | null | undefined;
  priority?: string | null | undefined;
  visibility?: string | null | undefined;
  category?: number | null | undefined;
  creationPhase?: number | null | undefined;
  resolutionPhase?: number | null | undefined;
  deadline?: string | null | undefined;
  groupId?: number | null | undefined;
  disciplines?: readonly IssueDisciplineInput[] | null | undefined;
  locals?: readonly number[] | null | undefined;
  labels?: readonly number[] | null | undefined;
  pin?: unknown;
  viewpoints?: unknown;
  bimPins?: unknown;
  /** Project users mentioned in the issue (stored and told by recordIssueActivity). */
  mentionedUsers?: readonly number[] | null | undefined;
  /** The issue's images (replacing them; see replaceImages). */
  images?: readonly IssueImageInput[] | null | undefined;
  documentsReferences?: readonly Readonly<Record<string, unknown>>[] | null | undefined;
  ccodeDocumentsReferences?: readonly Readonly<Record<string, unknown>>[] | null | undefined;
  aiAssistantLogs?: unknown;
}

/**
 * What an issue's fields point at, read from the project (loadReferenceFacts in issue-repository.ts, for
 * createIssue and updateIssue; checkReferenceFacts decides on them): which sent disciplines exist (not removed),
 * whether every sent location and label is the project's, its active categories and phases (when one is sent),
 * and whether the sent group is the project's.
 */
export interface ReferenceFacts {
  readonly disciplineIds: ReadonlySet<number>;
  readonly localsKnown: boolean;
  readonly labelsKnown: boolean;
  readonly activeCategories?: ReadonlySet<number>;
  readonly activePhases?: ReadonlySet<number>;
  readonly groupKnown: boolean;
  /** The project's switched-on discipline statuses, read when disciplines are sent. */
  readonly activeStatuses?: ReadonlySet<string>;
}

/** The most document references of each kind an issue may carry. */
export const MAX_DOCUMENT_REFERENCES = 200;

/** Document references are stored as given, within a bound (BAD_USER_INPUT beyond it). */
export function checkDocumentReferences(fields: IssueFieldsInput): void {
  for (const field of ['documentsReferences', 'ccodeDocumentsReferences'] as const)
    if ((fields[field]?.length ?? 0) > MAX_DOCUMENT_REFERENCES) throw badInput(field);
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function badInput(field: string): AppError {
  return new AppError('BAD_USER_INPUT', `invalid ${field}`, { field });
}

/** Checks an enumerated value against its list; unknown values are refused rather than coerced. */
export function checkEnums(fields: IssueFieldsInput): {
  status?: IssueStatus;
  priority?: Priority;
  visibility?: IssueVisibility;
} {
  const status = ISSUE_STATUSES.find((s) => s.key === fields.status)?.key;
  const priority = PRIORITIES.find((p) => p.key === fields.priority)?.key;
  const visibility = ISSUE_VISIBILITIES.find((v) => v === fields.visibility);
  if (fields.status != null && !status) throw badInput('status');
  if (fields.priority != null && !priority) throw badInput('priority');
  if (fields.visibility != null && !visibility) throw badInput('visibility');
  if (fields.deadline != null && !DATE.test(fields.deadline)) throw badInput('deadline');
  for (const d of fields.disciplines ?? [])
    if (d.deadline != null && !DATE.test(d.deadline)) throw badInput('deadline');
  return {
    ...(status ? { status } : {}),
    ...(priority ? { priority } : {}),
    ...(visibility ? { visibility } : {}),
  };
}

/**
 * Checks that what the fields point at belongs to the project and is switched on, on the facts
 * loadReferenceFacts read for these fields (or more): disciplines (not removed) and their statuses, locals,
 * labels, category, phases and group, refused in that order.
 */
export function checkReferenceFacts(facts: ReferenceFacts, fields: IssueFieldsInput): void {
  const disciplines = fields.disciplines ?? [];
  if (disciplines.some((d) => !facts.activeStatuses?.has(d.status))) throw badInput('disciplines.status');
  if (disciplines.some((d) => !facts.disciplineIds.has(d.disciplineId))) throw badInput('disciplines');
  if (!facts.localsKnown) throw badInput('locals');
  if (!facts.labelsKnown) throw badInput('labels');
  if (fields.category != null && !facts.activeCategories?.has(fields.category)) throw badInput('category');
  for (const phase of [fields.creationPhase, fields.resolutionPhase])
    if (phase != null && !facts.activePhases?.has(phase)) throw badInput('phase');
  if (!facts.groupKnown) throw new AppError('PROJECT_GROUP_NOT_FOUND');
}

/** Whether the issue has a location pin: on a drawing, image or document (pin), or on a model (bimPins). */
export function hasPin(pin: unknown, bimPins: unknown): boolean {
  if (Array.isArray(bimPins) && bimPins.length > 0) return true;
  return pin !== null && pin !== undefined && typeof pin === 'object';
}

// ——— The editor's scope on an issue ———

/** How much of an issue the editor may change (issueEditScope, on the issue's discipline ids). */
export function editScopeOn(
  editor: IssueEditor,
  row: Pick<IssueRowFacts, 'createdByUserId'>,
  disciplineIds: readonly number[],
): PolicyEditScope {
  return issueEditScope(editor, {
    createdByUserId: row.createdByUserId,
    disciplines: disciplineIds.map((disciplineId) => ({ disciplineId })),
  });
}

/** Whether the editor may change anything of an issue (the permission flag `edit`). */
export function canEditIssue(
  editor: IssueEditor,
  row: Pick<IssueRowFacts, 'createdByUserId'>,
  disciplineIds: readonly number[],
): boolean {
  return editScopeOn(editor, row, disciplineIds) !== 'none';
}

// ——— Stamps ———

/**
 * The stamps a visibility brings: leaving the draft (any visibility but creator) publishes the issue
 * (visibilityUpdated*, the published date of the default sort); project_management and public also stamp
 * toProjectManagement* / toPublic*.
 */
export function visibilityStamps(visibility: string, userId: number, now: Date) {
  if (visibility === 'creator') return {};
  return {
    visibilityUpdatedAt: now,
    visibilityUpdatedByUserId: userId,
    ...(visibility === 'project_management'
      ? { toProjectManagementAt: now, toProjectManagementByUserId: userId }
      : {}),
    ...(visibility === 'public' ? { toPublicAt: now, toPublicByUserId: userId } : {}),
  };
}

/**
 * Rows of issue_disciplines for the given disciplines. doneAt is stamped on entering a status that stamps it,
 * kept while the status stays, and cleared when it leaves such a status.
 */
export function disciplineRowsFor(
  issueId: number,
  disciplines: readonly IssueDisciplineInput[],
  previous: ReadonlyMap<number, { status: string; doneAt: Date | null }>,
  now: Date,
): IssueDisciplineWrite[] {
  return disciplines.map((d) => {
    const before = previous.get(d.disciplineId);
    const stamps = DISCIPLINE_STATUS_RULES.get(d.status)?.doneAt ?? false;
    const doneAt = !stamps ? null : before && before.status === d.status ? before.doneAt : now;
    return { issueId, disciplineId: d.disciplineId, status: d.status, deadline: d.deadline ?? null, doneAt };
  });
}

// ——— The decision of an update ———

/** How much of an issue the caller may change once past the FORBIDDEN check. */
export type GrantedEditScope = Exclude<PolicyEditScope, 'none'>;

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
  editor: IssueEditor,
  row: IssueRowFacts,
  current: readonly IssueDisciplineFacts[],
): GrantedEditScope {
  const scope = editScopeOn(
    editor,
    row,
    current.map((d) => d.disciplineId),
  );
  if (scope === 'none') throw new AppError('FORBIDDEN');
  return scope;
}

/** The disciplines whose status is new or changed by the input. */
export function changedDisciplines(
  input: readonly IssueDisciplineInput[],
  current: readonly IssueDisciplineFacts[],
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
  editor: IssueEditor,
  scope: GrantedEditScope,
  input: IssueFieldsInput,
  row: Pick<IssueRowFacts, 'status' | 'resolutionPhase' | 'creationPhase'>,
  current: readonly IssueDisciplineFacts[],
  statuses: DisciplineStatusMap,
): void {
  const changed = input.disciplines ? changedDisciplines(input.disciplines, current) : [];
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
export function checkUpdatedFields(input: IssueFieldsInput, row: IssueRowFacts): void {
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

/**
 * The discipline statuses with their rules (spec core §7): the same in every project, which only switches some
 * off (the facts' activeStatuses, read with the rest of what an input points at).
 */
export const DISCIPLINE_STATUS_RULES: DisciplineStatusMap = disciplineStatusMap(DISCIPLINE_STATUSES);

/** What decideIssueUpdate decides: the columns after the update, the children to replace, the history's changes. */
export interface IssueUpdatePlan<R extends IssueRowFacts = IssueRowFacts> {
  readonly row: R;
  readonly columns: StoredColumns;
  /** The changed children for the history entry (disciplines, locations, labels), in that order. */
  readonly childChanges: HistoryChanges;
  /** The changed columns for the history entry (after the images' change, which the store adds: changesOf). */
  readonly columnChanges: HistoryChanges;
  readonly disciplines?: readonly IssueDisciplineWrite[];
  readonly locals?: readonly number[];
  readonly labels?: readonly number[];
}

/**
 * The decision of an update (issue 29: load → decide → store), without I/O: the caller's scope on the issue
 * (FORBIDDEN), the fields (REQUIRED_FIELD, text lengths, disciplines, the pin kept, document references), what
 * they point at (BAD_USER_INPUT, PROJECT_GROUP_NOT_FOUND), the issue status the disciplines lead to
 * (decideIssueStatus), and the changes against the stored issue. Throws an AppError for anything refused.
 */
export function decideIssueUpdate<R extends IssueRowFacts>(
  editor: IssueEditor,
  stored: StoredIssueFacts<R>,
  input: IssueFieldsInput,
  enums: ReturnType<typeof checkEnums> = checkEnums(input),
): IssueUpdatePlan<R> {
  const statuses = DISCIPLINE_STATUS_RULES;
  const { row, disciplines: current } = stored;
  checkScope(editor, editScopeOf(editor, row, current), input, row, current, statuses);
  checkUpdatedFields(input, row);
  checkDocumentReferences(input);
  const changed = input.disciplines ? changedDisciplines(input.disciplines, current) : undefined;
  checkReferenceFacts(stored.references, { ...input, disciplines: changed });
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
    statuses,
    resolutionPhase: merged.resolutionPhase,
    creationPhase: merged.creationPhase,
  });
  const columns = { ...merged, status: decision.status, resolutionPhase: decision.resolutionPhase };
  const plan: { -readonly [K in keyof IssueUpdatePlan<R>]: IssueUpdatePlan<R>[K] } = {
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
    plan.disciplines = disciplineRowsFor(row.id, input.disciplines, previous, new Date());
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
function mergedColumns(row: IssueRowFacts, input: IssueFieldsInput) {
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
function diff(before: object, after: Record<string, unknown>): HistoryChanges {
  const changes: HistoryChanges = {};
  for (const [key, value] of Object.entries(after)) {
    const old: unknown = Reflect.get(before, key);
    if (canonical(value) !== canonical(old)) changes[key] = { old: old ?? null, new: value };
  }
  return changes;
}
