import { z } from 'zod';
import { AppError, isAppError, ISSUE_VISIBILITIES, type ErrorCode } from '@obra/domain';
import { savepoint, unitOfWork } from '../../db/unit-of-work.ts';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import { loadForWrite, loadProjectAccess, requireAction } from '../projects/project-access.ts';
import { listCategories, listDisciplines, listPhases } from '../projects/project-settings-repository.ts';
import { listTree, type TreeItem } from '../projects/project-tree-repository.ts';
import { applyIssueCreate } from './issue-create-service.ts';
import { issueChildRows, loadVisibleIssueRows } from './issue-repository.ts';
import { findGroup } from '../projects/project-group-repository.ts';
import { projectStatuses } from '../projects/project-settings-repository.ts';
import { allQueries } from '../../db/all-queries.ts';

const idMap = z.record(z.string().regex(/^\d+$/), z.number().int().positive().nullable());

/**
 * copyProjectIssues' replacements: for each kind, source id → target id (null drops it); statuses map a
 * discipline-status key of the source to one of the target. Anything not listed is matched automatically.
 */
export const copyReplacementsSchema = z
  .object({
    disciplines: idMap.optional(),
    locals: idMap.optional(),
    labels: idMap.optional(),
    categories: idMap.optional(),
    phases: idMap.optional(),
    statuses: z.record(z.string(), z.string()).optional(),
  })
  .strict();

/** The replacements after parsing. */
export type CopyReplacements = z.infer<typeof copyReplacementsSchema>;

/** The arguments of copyProjectIssues. */
export interface CopyIssuesInput {
  sourceProjectId: number;
  targetProjectId: number;
  issuesIds: readonly number[];
  visibility: string;
  groupId?: number | null | undefined;
  replacements?: unknown;
}

/** What a copy answers: each new issue with its source, and the issues that could not be copied. */
export interface CopyIssuesResult {
  copies: { sourceIssueId: number; issueId: number; code: string }[];
  rejected: { issueId: number; code: ErrorCode }[];
}

function parseReplacements(raw: unknown): CopyReplacements {
  let value: unknown = raw ?? {};
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      throw new AppError('BAD_USER_INPUT', 'replacements is not JSON', { field: 'replacements' });
    }
  }
  const parsed = copyReplacementsSchema.safeParse(value);
  if (!parsed.success)
    throw new AppError('BAD_USER_INPUT', 'invalid replacements', { field: 'replacements' });
  return parsed.data;
}

const norm = (s: string) => s.trim().toLowerCase();

/** Builds source id → target id for a tree (locals, labels): explicit replacements, else the same abbreviation tree, else the same name path. */
function treeMapping(
  source: readonly TreeItem[],
  target: readonly TreeItem[],
  explicit: Record<string, number | null> | undefined,
): Map<number, number> {
  const byTree = new Map(target.map((t) => [norm(t.abbreviationTree), t.id]));
  const byName = new Map(target.map((t) => [norm(t.name), t.id]));
  const ids = new Set(target.map((t) => t.id));
  const map = new Map<number, number>();
  for (const item of source) {
    const wanted = explicit?.[String(item.id)];
    if (wanted === null) continue;
    const id =
      wanted !== undefined
        ? ids.has(wanted)
          ? wanted
          : undefined
        : (byTree.get(norm(item.abbreviationTree)) ?? byName.get(norm(item.name)));
    if (id !== undefined) map.set(item.id, id);
  }
  return map;
}

/**
 * copyProjectIssues (spec core §7): copies issues the caller sees in the source project into the target
 * project, where the caller must be allowed to create issues (active project). Each copy gets a new code, the
 * given visibility (and group), and its disciplines, locals, labels, category and phases translated to the
 * target: explicit replacements first, then the same standard discipline / abbreviation / name; statuses
 * keep their key when the target uses it, else the replacement. An issue that cannot be translated (no
 * discipline left, or a rule of createIssue refuses it) is reported with its code; the others are copied, in
 * one transaction. The copy's history records where it came from.
 */
export async function copyProjectIssues(
  services: AppServices,
  actor: Actor,
  input: CopyIssuesInput,
): Promise<CopyIssuesResult> {
  const { db } = services.database;
  const ids = [...new Set(input.issuesIds)];
  if (ids.length === 0) throw new AppError('REQUIRED_FIELD', 'REQUIRED_FIELD', { fields: ['issuesIds'] });
  if (ids.length > 5000)
    throw new AppError('BAD_USER_INPUT', 'too many issues', { field: 'issuesIds', max: 5000 });
  if (!(ISSUE_VISIBILITIES as readonly string[]).includes(input.visibility))
    throw new AppError('BAD_USER_INPUT', 'invalid visibility', { field: 'visibility' });
  if (input.sourceProjectId === input.targetProjectId)
    throw new AppError('INVALID_ACTION', 'INVALID_ACTION', { reason: 'sameProject' });
  const replacements = parseReplacements(input.replacements);
  const source = await loadProjectAccess(db, actor, input.sourceProjectId);
  const target = await loadForWrite(db, actor, input.targetProjectId, 'issue.create');
  // Copying issues out of a project is its administrators' and coordinators' act (docs/permissions.md).
  requireAction(source, 'issue.copy');
  const statuses = await projectStatuses(db, target.project.id);
  if (input.groupId != null) {
    const group = await findGroup(db, target.project.id, input.groupId);
    if (!group) throw new AppError('PROJECT_GROUP_NOT_FOUND');
  } else if (input.visibility === 'group')
    throw new AppError('REQUIRED_FIELD', 'REQUIRED_FIELD', { fields: ['groupId'] });

  const [
    srcDisciplines,
    tgtDisciplines,
    srcLocals,
    tgtLocals,
    srcLabels,
    tgtLabels,
    tgtCategories,
    tgtPhases,
  ] = await allQueries(db, [
    () => listDisciplines(db, source.project.id),
    () => listDisciplines(db, target.project.id),
    () => listTree(db, 'locals', source.project.id),
    () => listTree(db, 'locals', target.project.id),
    () => listTree(db, 'labels', source.project.id),
    () => listTree(db, 'labels', target.project.id),
    () => listCategories(db, target.project.id),
    () => listPhases(db, target.project.id),
  ]);
  const disciplineMap = new Map<number, number>();
  const liveTarget = tgtDisciplines;
  for (const d of srcDisciplines) {
    const wanted = replacements.disciplines?.[String(d.id)];
    if (wanted === null) continue;
    const match =
      wanted !== undefined
        ? liveTarget.find((t) => t.id === wanted)
        : (liveTarget.find(
            (t) => d.standardDisciplineId !== null && t.standardDisciplineId === d.standardDisciplineId,
          ) ??
          liveTarget.find((t) => norm(t.abbreviation) === norm(d.abbreviation)) ??
          liveTarget.find((t) => norm(t.name) === norm(d.name)));
    if (match) disciplineMap.set(d.id, match.id);
  }
  const localMap = treeMapping(srcLocals, tgtLocals, replacements.locals);
  const labelMap = treeMapping(srcLabels, tgtLabels, replacements.labels);
  const activeCategories = new Set(tgtCategories.filter((c) => c.active).map((c) => c.id));
  const activePhases = new Set(tgtPhases.filter((p) => p.active).map((p) => p.id));
  const translateId = (
    id: number | null,
    explicit: Record<string, number | null> | undefined,
    active: Set<number>,
  ) => {
    if (id === null) return null;
    const wanted = explicit?.[String(id)];
    const candidate = wanted === undefined ? id : wanted;
    return candidate !== null && active.has(candidate) ? candidate : null;
  };
  const translateStatus = (key: string) => {
    const mapped = replacements.statuses?.[key] ?? key;
    return statuses.active.has(mapped) ? mapped : null;
  };

  const rows = await loadVisibleIssueRows(db, source, ids);
  const { disciplineRows, localRows, labelRows } = await issueChildRows(db, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));

  return unitOfWork(services, async (tx) => {
    const result: CopyIssuesResult = { copies: [], rejected: [] };
    for (const issueId of ids) {
      const row = byId.get(issueId);
      if (!row) {
        result.rejected.push({ issueId, code: 'NOT_FOUND' });
        continue;
      }
      const disciplines = disciplineRows
        .filter((d) => d.issueId === issueId && disciplineMap.has(d.disciplineId))
        .map((d) => ({
          disciplineId: disciplineMap.get(d.disciplineId) ?? 0,
          status: translateStatus(d.status),
          deadline: d.deadline,
        }));
      if (disciplines.some((d) => d.status === null)) {
        result.rejected.push({ issueId, code: 'INVALID_ACTION' });
        continue;
      }
      try {
        const created = await savepoint(tx, async (itemTx) =>
          applyIssueCreate(
            itemTx,
            { access: target },
            {
              projectId: target.project.id,
              title: row.title,
              description: row.description,
              status: row.status,
              priority: row.priority,
              visibility: input.visibility,
              groupId: input.groupId ?? null,
              category: translateId(row.categoryId, replacements.categories, activeCategories),
              creationPhase: translateId(row.creationPhase, replacements.phases, activePhases),
              resolutionPhase: translateId(row.resolutionPhase, replacements.phases, activePhases),
              deadline: row.deadline,
              pin: row.pin,
              viewpoints: row.viewpoints,
              bimPins: row.bimPins,
              disciplines: disciplines.map((d) => ({
                disciplineId: d.disciplineId,
                status: d.status ?? '',
                deadline: d.deadline,
              })),
              locals: [
                ...new Set(
                  localRows
                    .filter((l) => l.issueId === issueId && localMap.has(l.localId))
                    .map((l) => localMap.get(l.localId) ?? 0),
                ),
              ],
              labels: [
                ...new Set(
                  labelRows
                    .filter((l) => l.issueId === issueId && labelMap.has(l.labelId))
                    .map((l) => labelMap.get(l.labelId) ?? 0),
                ),
              ],
            },
            { copiedFrom: { old: null, new: { projectId: row.projectId, issueId: row.id, code: row.code } } },
          ),
        );
        result.copies.push({ sourceIssueId: issueId, issueId: created.id, code: created.code });
      } catch (error) {
        if (!isAppError(error)) throw error;
        result.rejected.push({ issueId, code: error.code });
      }
    }
    return result;
  });
}
