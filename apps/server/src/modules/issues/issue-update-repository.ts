import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { DISCIPLINE_STATUSES, ISSUE_CATEGORIES, PROJECT_PHASES } from '@obra/domain';
import type { Db } from '../../db/database.ts';
import {
  issueDisciplines,
  issueLabels,
  issueLocals,
  issues,
  projectCategories,
  projectDisciplineStatuses,
  projectDisciplines,
  projectGroups,
  projectLabels,
  projectLocals,
  projectPhases,
} from '../../db/schema/index.ts';
import { anyId } from '../../db/any-id-sql.ts';
import type { ProjectAccess } from '../projects/project-access.ts';
import type { IssueFieldsInput, ReferenceFacts } from './issue-rules.ts';
import {
  ccodeSearchTerms,
  issueLinkIds,
  loadVisibleIssue,
  searchTextOf,
  searchTextSql,
  type IssueDisciplineRow,
  type IssueRow,
} from './issue-repository.ts';

/**
 * The load and store of updateIssue (issue 29: load → decide → store; the decision is `decideIssueUpdate` in
 * issue-rules.ts, the order in `applyIssueUpdate` of issue-update-service.ts).
 */

/** An issue as an update finds it: the row (locked), its disciplines, the links the input replaces, and what the input points at. */
export interface StoredIssue {
  readonly row: IssueRow;
  readonly disciplines: readonly IssueDisciplineRow[];
  /** The issue's locations and labels (ids in order), read only for the lists the input sends. */
  readonly links: { readonly locals?: readonly number[]; readonly labels?: readonly number[] };
  readonly references: ReferenceFacts;
}

/**
 * Loads what an update decides on, inside its transaction: the issue the caller sees, its row locked until the
 * commit (a missing and a hidden issue are both NOT_FOUND), its discipline rows, the links the input replaces and
 * the project's facts about what the input points at.
 */
export async function loadIssueUpdate(
  tx: Db,
  access: ProjectAccess,
  input: IssueFieldsInput & { projectId: number; issueId: number },
): Promise<StoredIssue> {
  const row = await loadVisibleIssue(tx, access, input.issueId, true);
  const disciplines = await tx.select().from(issueDisciplines).where(eq(issueDisciplines.issueId, row.id));
  const links: { locals?: number[]; labels?: number[] } = {};
  for (const list of ['locals', 'labels'] as const)
    if (input[list])
      links[list] = ((await issueLinkIds(tx, list, [row.id])).get(row.id) ?? []).sort((a, b) => a - b);
  const references = await loadReferenceFacts(tx, input.projectId, input);
  return { row, disciplines, links, references };
}

/** Reads the ReferenceFacts of the fields in one statement; only what the fields name is asked. */
export async function loadReferenceFacts(
  db: Db,
  projectId: number,
  fields: IssueFieldsInput,
): Promise<ReferenceFacts> {
  const ids = [...new Set((fields.disciplines ?? []).map((d) => d.disciplineId))];
  const none = sql`null`;
  const idsOf = (where: SQL, column: typeof projectDisciplines.id | typeof projectCategories.categoryId) =>
    sql`(select coalesce(json_agg(${column}), '[]'::json) from ${column.table} where ${where})`;
  const count = (table: typeof projectLocals | typeof projectLabels, sent: readonly number[]) =>
    sql<number>`(select count(*)::int from ${table} where ${and(eq(table.projectId, projectId), anyId(table.id, [...new Set(sent)]))})`;
  const phasesSent = fields.creationPhase != null || fields.resolutionPhase != null;
  const [facts] = await db
    .select({
      offStatuses: fields.disciplines
        ? sql`(select coalesce(json_agg(${projectDisciplineStatuses.name}), '[]'::json) from ${projectDisciplineStatuses} where ${and(eq(projectDisciplineStatuses.projectId, projectId), eq(projectDisciplineStatuses.active, false))})`
        : none,
      disciplineIds: ids.length
        ? idsOf(
            and(
              eq(projectDisciplines.projectId, projectId),
              anyId(projectDisciplines.id, ids),
              isNull(projectDisciplines.removedAt),
            )!,
            projectDisciplines.id,
          )
        : none,
      locals: fields.locals ? count(projectLocals, fields.locals) : none,
      labels: fields.labels ? count(projectLabels, fields.labels) : none,
      offCategories:
        fields.category != null
          ? idsOf(
              and(eq(projectCategories.projectId, projectId), eq(projectCategories.active, false))!,
              projectCategories.categoryId,
            )
          : none,
      offPhases: phasesSent
        ? sql`(select coalesce(json_agg(${projectPhases.phaseId}), '[]'::json) from ${projectPhases} where ${and(eq(projectPhases.projectId, projectId), eq(projectPhases.active, false))})`
        : none,
      group:
        fields.groupId != null
          ? sql<boolean>`exists (select 1 from ${projectGroups} where ${and(eq(projectGroups.id, fields.groupId), eq(projectGroups.projectId, projectId))})`
          : none,
    })
    .from(sql`(select 1) as one`);
  const numbers = (value: unknown) => new Set(Array.isArray(value) ? value.map(Number) : []);
  const active = <K>(keys: readonly K[], off: Set<K>) => new Set(keys.filter((key) => !off.has(key)));
  const keysOf = (catalogue: readonly { id: number }[]) => catalogue.map((c) => c.id);
  const known = (value: unknown, sent: readonly number[] | null | undefined) =>
    !sent || Number(value) === new Set(sent).size;
  return {
    disciplineIds: numbers(facts?.disciplineIds),
    localsKnown: known(facts?.locals, fields.locals),
    labelsKnown: known(facts?.labels, fields.labels),
    ...(fields.category != null
      ? { activeCategories: active(keysOf(ISSUE_CATEGORIES), numbers(facts?.offCategories)) }
      : {}),
    ...(phasesSent ? { activePhases: active(keysOf(PROJECT_PHASES), numbers(facts?.offPhases)) } : {}),
    ...(fields.disciplines
      ? {
          activeStatuses: active(
            DISCIPLINE_STATUSES.map((s) => s.key),
            new Set(Array.isArray(facts?.offStatuses) ? facts.offStatuses.map(String) : []),
          ),
        }
      : {}),
    groupKnown: fields.groupId == null || facts?.group === true,
  };
}

/** What an update stores: the row's new columns, and the children it replaces (absent: left as they are). */
export interface IssueUpdateWrite {
  readonly columns: Partial<typeof issues.$inferInsert> & {
    title: string;
    description: string | null;
    ccodeDocumentsReferences: unknown;
  };
  readonly disciplines?: readonly (typeof issueDisciplines.$inferInsert)[];
  readonly locals?: readonly number[];
  readonly labels?: readonly number[];
}

/**
 * Stores an update decided by decideIssueUpdate: the children it replaces, then the row's columns with its search
 * text (code, title, description, code-document references, and the images' titles read back in SQL, as the same
 * update may have just replaced the images).
 */
export async function storeIssueUpdate(tx: Db, row: IssueRow, write: IssueUpdateWrite): Promise<void> {
  if (write.disciplines) {
    await tx.delete(issueDisciplines).where(eq(issueDisciplines.issueId, row.id));
    await tx.insert(issueDisciplines).values([...write.disciplines]);
  }
  if (write.locals) {
    await tx.delete(issueLocals).where(eq(issueLocals.issueId, row.id));
    if (write.locals.length > 0)
      await tx.insert(issueLocals).values(write.locals.map((localId) => ({ issueId: row.id, localId })));
  }
  if (write.labels) {
    await tx.delete(issueLabels).where(eq(issueLabels.issueId, row.id));
    if (write.labels.length > 0)
      await tx.insert(issueLabels).values(write.labels.map((labelId) => ({ issueId: row.id, labelId })));
  }
  const { columns } = write;
  const base = searchTextOf({
    code: row.code,
    title: columns.title,
    description: columns.description,
    extra: ccodeSearchTerms(columns.ccodeDocumentsReferences),
  });
  await tx
    .update(issues)
    .set({ ...columns, searchText: searchTextSql(base, row.id) })
    .where(eq(issues.id, row.id));
}
