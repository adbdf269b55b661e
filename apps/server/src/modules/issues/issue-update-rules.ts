import {
  AppError,
  canSetDisciplineStatus,
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
import type { IssueDisciplineInput, IssueFieldsInput } from './issue-input-checks.ts';
import { hasPin } from './issue-input-checks.ts';
import type { IssueDisciplineRow, IssueRow } from './issue-repository.ts';

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
