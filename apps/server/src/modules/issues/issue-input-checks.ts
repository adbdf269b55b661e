import {
  AppError,
  ISSUE_STATUSES,
  ISSUE_VISIBILITIES,
  PRIORITIES,
  type IssueStatus,
  type IssueVisibility,
  type Priority,
} from '@obra/domain';
import type { Db } from '../../db/database.ts';
import { disciplinesByIds, listCategories, listPhases } from '../projects/project-settings-repository.ts';
import { findGroup } from '../projects/project-group-repository.ts';
import { treeHasAll } from '../projects/project-tree-repository.ts';
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
 * Checks that what the fields point at belongs to the project and is switched on: disciplines (not removed)
 * and their statuses, locals, labels, category, phases and group. Only the fields present are checked.
 */
export async function checkReferences(
  db: Db,
  projectId: number,
  fields: IssueFieldsInput,
  activeStatuses: Set<string>,
): Promise<void> {
  const disciplines = fields.disciplines ?? [];
  if (disciplines.some((d) => !activeStatuses.has(d.status))) throw badInput('disciplines.status');
  if (disciplines.length > 0) {
    const ids = disciplines.map((d) => d.disciplineId);
    const rows = await disciplinesByIds(db, projectId, ids);
    if (rows.length !== new Set(ids).size) throw badInput('disciplines');
  }
  if (fields.locals && !(await treeHasAll(db, 'locals', projectId, fields.locals))) throw badInput('locals');
  if (fields.labels && !(await treeHasAll(db, 'labels', projectId, fields.labels))) throw badInput('labels');
  if (fields.category != null) {
    const categories = await listCategories(db, projectId);
    if (!categories.some((c) => c.id === fields.category && c.active)) throw badInput('category');
  }
  await checkPhases(db, projectId, fields);
  if (fields.groupId != null) {
    const group = await findGroup(db, projectId, fields.groupId);
    if (!group) throw new AppError('PROJECT_GROUP_NOT_FOUND');
  }
}

async function checkPhases(db: Db, projectId: number, fields: IssueFieldsInput): Promise<void> {
  const wanted = [fields.creationPhase, fields.resolutionPhase].filter((p): p is number => p != null);
  if (wanted.length === 0) return;
  const phases = await listPhases(db, projectId);
  for (const id of wanted) if (!phases.some((p) => p.id === id && p.active)) throw badInput('phase');
}

/** Whether the issue has a location pin: on a drawing, image or document (pin), or on a model (bimPins). */
export function hasPin(pin: unknown, bimPins: unknown): boolean {
  if (Array.isArray(bimPins) && bimPins.length > 0) return true;
  return pin !== null && pin !== undefined && typeof pin === 'object';
}
