import {
  AppError,
  ISSUE_STATUSES,
  ISSUE_VISIBILITIES,
  PRIORITIES,
  type IssueStatus,
  type IssueVisibility,
  type Priority,
} from '@obra/domain';
import type { ImageInput } from './images/issue-image-service.ts';

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
  images?: readonly ImageInput[] | null | undefined;
  documentsReferences?: readonly Readonly<Record<string, unknown>>[] | null | undefined;
  ccodeDocumentsReferences?: readonly Readonly<Record<string, unknown>>[] | null | undefined;
  aiAssistantLogs?: unknown;
}

/**
 * What an issue's fields point at, read from the project (loadReferenceFacts in issue-update-repository.ts, for
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
export function checkReferenceFacts(
  facts: ReferenceFacts,
  fields: IssueFieldsInput,
  activeStatuses: ReadonlySet<string>,
): void {
  const disciplines = fields.disciplines ?? [];
  if (disciplines.some((d) => !activeStatuses.has(d.status))) throw badInput('disciplines.status');
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
