import {
  AppError,
  bulkListConflict,
  changedDisciplineList,
  changedIdList,
  isAppError,
  isListChange,
  type ErrorCode,
  checkEnums,
  type IssueDisciplineInput,
  type IssueFieldsInput,
} from '@obra/domain';
import { savepoint, unitOfWork } from '../../db/unit-of-work.ts';
import type { Db, Tx } from '../../db/database.ts';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import { loadActiveAccess } from '../projects/project-access.ts';
import { applyIssueUpdate } from './issue-update-service.ts';
import { issueDisciplinesOf, issueLinkIds } from './issue-repository.ts';

/** Most issues one updateIssues call may change (a whole filtered list of a large project). */
export const BULK_UPDATE_LIMIT = 5000;

/**
 * The values updateIssues sets on every issue. Undefined leaves a field as it is. `disciplines` changes the
 * status (and, when sent, the deadline) of those disciplines on the issues that have them; an issue without
 * one of them is left as it is for that discipline.
 */
export type BulkValues = Omit<
  IssueFieldsInput,
  'title' | 'description' | 'pin' | 'viewpoints' | 'bimPins' | 'disciplines'
> & {
  disciplines?: readonly IssueDisciplineInput[] | null | undefined;
  /** Ids added to / removed from each issue's lists (issue 21); not with the list itself. */
  addLocals?: readonly number[] | null | undefined;
  removeLocals?: readonly number[] | null | undefined;
  addLabels?: readonly number[] | null | undefined;
  removeLabels?: readonly number[] | null | undefined;
  addDisciplines?: readonly IssueDisciplineInput[] | null | undefined;
  removeDisciplines?: readonly number[] | null | undefined;
};

/** An issue updateIssues did not change, with the reason. */
export interface BulkRejection {
  issueId: number;
  code: ErrorCode;
}

/** What updateIssues answers: the ids it changed (or found already as asked) and the ones it refused. */
export interface BulkUpdateResult {
  updatedIds: number[];
  rejected: BulkRejection[];
}

/** The disciplines of one issue after the bulk values, or undefined when the values touch none of them. */
function mergedDisciplines(
  current: readonly { disciplineId: number; status: string; deadline: string | null }[],
  wanted: readonly IssueDisciplineInput[] | null | undefined,
): IssueDisciplineInput[] | undefined {
  if (!wanted || wanted.length === 0) return undefined;
  const byId = new Map(wanted.map((d) => [d.disciplineId, d]));
  if (!current.some((d) => byId.has(d.disciplineId))) return undefined;
  return current.map((d) => {
    const next = byId.get(d.disciplineId);
    if (!next) return { disciplineId: d.disciplineId, status: d.status, deadline: d.deadline };
    return {
      disciplineId: d.disciplineId,
      status: next.status,
      deadline: next.deadline === undefined ? d.deadline : next.deadline,
    };
  });
}

/**
 * updateIssues (spec core §5, §7): the same values on many issues, in ONE transaction. Each issue goes
 * through exactly the rules of updateIssue inside its own savepoint: an issue the caller may not see or
 * change, or whose new values break a rule, is rolled back to its savepoint and reported with its error code
 * while the others are kept. Nothing is half-applied: either the whole call commits or nothing does.
 */
export async function updateIssues(
  services: AppServices,
  actor: Actor,
  input: { projectId: number; issuesIds: readonly number[]; newValues: BulkValues },
): Promise<BulkUpdateResult> {
  const apply = await prepareIssuesUpdate(services.database.db, actor, input);
  return unitOfWork(services, apply);
}

/**
 * updateIssues in two steps, for a caller with a unit of work of its own (a smart flow run records itself in the
 * same transaction): the input and the caller's project rights are checked now; the function returned applies
 * the values issue by issue, each in its savepoint, inside the caller's transaction.
 */
export async function prepareIssuesUpdate(
  db: Db,
  actor: Actor,
  input: { projectId: number; issuesIds: readonly number[]; newValues: BulkValues },
): Promise<(tx: Tx) => Promise<BulkUpdateResult>> {
  const ids = [...new Set(input.issuesIds)];
  if (ids.length === 0) throw new AppError('REQUIRED_FIELD', 'REQUIRED_FIELD', { fields: ['issuesIds'] });
  if (ids.length > BULK_UPDATE_LIMIT)
    throw new AppError('BAD_USER_INPUT', 'too many issues', { field: 'issuesIds', max: BULK_UPDATE_LIMIT });
  const context = { access: await loadActiveAccess(db, actor, input.projectId) };
  const {
    disciplines: wantedDisciplines,
    addLocals,
    removeLocals,
    addLabels,
    removeLabels,
    addDisciplines,
    removeDisciplines,
    ...fields
  } = input.newValues;
  const conflict = bulkListConflict({
    locals: { replace: fields.locals, add: addLocals, remove: removeLocals },
    labels: { replace: fields.labels, add: addLabels, remove: removeLabels },
    disciplines: {
      replace: null,
      add: addDisciplines?.map((d) => d.disciplineId),
      remove: removeDisciplines,
    },
  });
  if (conflict) throw new AppError('BAD_USER_INPUT', 'conflicting list changes', { field: conflict });
  const enums = checkEnums({
    ...fields,
    disciplines: [...(wantedDisciplines ?? []), ...(addDisciplines ?? [])],
  });
  const localsChange = { add: addLocals, remove: removeLocals };
  const labelsChange = { add: addLabels, remove: removeLabels };
  return async (tx) => {
    const currentRows = await issueDisciplinesOf(tx, ids);
    const currentBy = new Map<number, typeof currentRows>();
    for (const row of currentRows) currentBy.set(row.issueId, [...(currentBy.get(row.issueId) ?? []), row]);
    const localsBy = isListChange(localsChange) ? await issueLinkIds(tx, 'locals', ids) : null;
    const labelsBy = isListChange(labelsChange) ? await issueLinkIds(tx, 'labels', ids) : null;
    const updatedIds: number[] = [];
    const rejected: BulkRejection[] = [];
    for (const issueId of ids) {
      const current = currentBy.get(issueId) ?? [];
      const statusChanged = mergedDisciplines(current, wantedDisciplines);
      const disciplines =
        changedDisciplineList(statusChanged ?? current, addDisciplines, removeDisciplines) ?? statusChanged;
      const locals = localsBy ? changedIdList(localsBy.get(issueId) ?? [], localsChange) : undefined;
      const labels = labelsBy ? changedIdList(labelsBy.get(issueId) ?? [], labelsChange) : undefined;
      try {
        await savepoint(tx, async (itemTx) => {
          await applyIssueUpdate(
            itemTx,
            context,
            {
              ...fields,
              ...(disciplines ? { disciplines } : {}),
              ...(locals ? { locals } : {}),
              ...(labels ? { labels } : {}),
              projectId: input.projectId,
              issueId,
            },
            enums,
          );
        });
        updatedIds.push(issueId);
      } catch (error) {
        if (!isAppError(error)) throw error;
        rejected.push({ issueId, code: error.code });
      }
    }
    return { updatedIds, rejected };
  };
}
