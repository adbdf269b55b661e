import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  AppError,
  DISCIPLINE_STATUSES,
  ISSUE_CATEGORIES,
  normalizeText,
  PROJECT_PHASES,
  type IssueFieldsInput,
  type IssueUpdateWrite,
  type ReferenceFacts,
} from '@obra/domain';
import type { Db } from '../../db/database.ts';
import {
  issueComments,
  issueDisciplines,
  issueImages,
  issueLabels,
  issueLocals,
  issues,
  issueUserStates,
  projectCategories,
  projectDisciplineStatuses,
  projectDisciplines,
  projectGroups,
  projectLabels,
  projectLocals,
  projectPhases,
  projects,
} from '../../db/schema/index.ts';
import { allQueries } from '../../db/all-queries.ts';
import { anyId } from '../../db/any-id-sql.ts';
import { audienceOf, type IssueAudience, type ProjectAccess } from '../projects/project-access.ts';

/** A stored issue row. */
export type IssueRow = typeof issues.$inferSelect;
/** A stored issue discipline row. */
export type IssueDisciplineRow = typeof issueDisciplines.$inferSelect;

/** An issue with its children as the API presents it (before the GraphQL mapping). */
export interface IssueView {
  readonly row: IssueRow;
  readonly disciplines: readonly (IssueDisciplineRow & { discipline: DisciplineSummary | null })[];
  readonly localIds: readonly number[];
  readonly labelIds: readonly number[];
  readonly starred: boolean;
  readonly tagIds: readonly number[];
  /**
   * The caller's unread marks on the issue, summed up (a NotificationsSummary of issue-notification-sql.ts, which
   * reads its comments' visibility here), when the list page read them with its rows.
   */
  readonly notifications?: { count: number; mentions: number; last: Date | null };
  /** The titles of the issue's own images, when the list page read them with its rows. */
  readonly imageTitles?: string[];
  /** The shown file of the first image (null without images), when the list page read it with its rows. */
  readonly cover?: { key: string; contentType: string; thumbKey: string | null } | null;
}

/** The discipline fields an issue carries. */
export interface DisciplineSummary {
  id: number;
  guid: string;
  name: string;
  abbreviation: string;
  standardDisciplineId: number | null;
}

/**
 * The text search looks in, normalised like the domain's search, one per line: code, title, description and
 * `extra` (the title and rev of code-document references). Image titles are appended in SQL (searchTextSql).
 */
export function searchTextOf(fields: {
  code: string;
  title: string;
  description: string | null;
  extra?: readonly string[];
}): string {
  return [fields.code, fields.title, fields.description ?? '', ...(fields.extra ?? [])]
    .filter((t) => t.length > 0)
    .map((t) => normalizeText(t).replace(/\s+/g, ' '))
    .join('\n');
}

/** The title and rev of each code-document reference (spec core §5: search looks in them). */
export function ccodeSearchTerms(references: unknown): string[] {
  if (!Array.isArray(references)) return [];
  return references.flatMap((r: unknown) => {
    if (!r || typeof r !== 'object') return [];
    const { title, rev } = r as { title?: unknown; rev?: unknown };
    return [title, rev].filter((v): v is string => typeof v === 'string' && v.trim() !== '');
  });
}

/** The issue's search text: `base` followed by the (normalised) titles of its own images, as stored now. */
export function searchTextSql(base: string, issueId: number): SQL {
  return sql`${base} || coalesce((select string_agg(E'\n' || ${issueImages.searchTitle}, '' order by ${issueImages.index}, ${issueImages.id})
    from ${issueImages} where ${issueImages.issueId} = ${issueId} and ${issueImages.commentId} is null and ${issueImages.searchTitle} <> ''), '')`;
}

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(key(row)) ?? [];
    list.push(row);
    map.set(key(row), list);
  }
  return map;
}

/** The children of one issue as a view is made of them. */
export interface IssueChildren {
  readonly disciplines: readonly (IssueDisciplineRow & { discipline: DisciplineSummary | null })[];
  readonly localIds: readonly number[];
  readonly labelIds: readonly number[];
  readonly starred: boolean;
  /** The stored tag ids (JSON). */
  readonly tagIds: unknown;
}

/** An issue row and its children as one view (the list page makes its own: issue-page-children-sql.ts). */
export function issueViewOf(row: IssueRow, children: IssueChildren): IssueView {
  const { tagIds } = children;
  return {
    row,
    disciplines: children.disciplines,
    localIds: children.localIds,
    labelIds: children.labelIds,
    starred: children.starred,
    tagIds: Array.isArray(tagIds) ? tagIds.filter((v): v is number => typeof v === 'number') : [],
  };
}

/**
 * Loads the children of already-visible issue rows with a fixed number of queries (one per child table),
 * whatever the number of issues: the detail and the other callers share it.
 */
export async function loadIssueViews(
  db: Db,
  userId: number,
  rows: readonly IssueRow[],
): Promise<IssueView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [disciplines, locals, labels, states] = await allQueries(db, [
    () =>
      db
        .select({ link: issueDisciplines, discipline: projectDisciplines })
        .from(issueDisciplines)
        .leftJoin(projectDisciplines, eq(projectDisciplines.id, issueDisciplines.disciplineId))
        .where(anyId(issueDisciplines.issueId, ids))
        .orderBy(issueDisciplines.issueId, issueDisciplines.disciplineId),
    () =>
      db
        .select()
        .from(issueLocals)
        .where(anyId(issueLocals.issueId, ids))
        .orderBy(issueLocals.issueId, issueLocals.localId),
    () =>
      db
        .select()
        .from(issueLabels)
        .where(anyId(issueLabels.issueId, ids))
        .orderBy(issueLabels.issueId, issueLabels.labelId),
    () =>
      db
        .select()
        .from(issueUserStates)
        .where(and(anyId(issueUserStates.issueId, ids), eq(issueUserStates.userId, userId))),
  ]);
  const byIssue = groupBy(disciplines, (d) => d.link.issueId);
  const localsBy = groupBy(locals, (l) => l.issueId);
  const labelsBy = groupBy(labels, (l) => l.issueId);
  const statesBy = new Map(states.map((s) => [s.issueId, s]));
  return rows.map((row) => {
    const state = statesBy.get(row.id);
    return issueViewOf(row, {
      disciplines: (byIssue.get(row.id) ?? []).map((d) => ({
        ...d.link,
        discipline: d.discipline
          ? {
              id: d.discipline.id,
              guid: d.discipline.guid,
              name: d.discipline.name,
              abbreviation: d.discipline.abbreviation,
              standardDisciplineId: d.discipline.standardDisciplineId,
            }
          : null,
      })),
      localIds: (localsBy.get(row.id) ?? []).map((l) => l.localId),
      labelIds: (labelsBy.get(row.id) ?? []).map((l) => l.labelId),
      starred: state?.starred ?? false,
      tagIds: state?.tagIds,
    });
  });
}

/** Whether an issue of the project uses the group (a group used by an issue cannot be deleted: GROUP_HAS_ISSUES). */
export async function groupHasIssues(db: Db, groupId: number): Promise<boolean> {
  const [row] = await db.select({ id: issues.id }).from(issues).where(eq(issues.groupId, groupId)).limit(1);
  return row !== undefined;
}

// ——— Who sees which issue ———

/**
 * canSeeIssue (domain visibility policy) as a WHERE clause, so issues the caller may not see never leave the
 * database: the creator always; group the group's members; project_management the coordinators; semi_public
 * both; public everyone in the project. Kept in step with canSeeIssue by the visibility matrix tests.
 */
export function visibleIssuesWhere(actor: IssueAudience): SQL {
  // One array parameter whatever the number of groups: the statement's text (and its prepared name) stays the same.
  const inGroup = actor.groupIds.length > 0 ? anyId(issues.groupId, actor.groupIds) : sql`false`;
  const manager = actor.manageDisciplines ? sql`true` : sql`false`;
  const visible = or(
    eq(issues.createdByUserId, actor.userId),
    eq(issues.visibility, 'public'),
    and(eq(issues.visibility, 'group'), inGroup),
    and(eq(issues.visibility, 'project_management'), manager),
    and(eq(issues.visibility, 'semi_public'), or(inGroup, manager)),
  );
  return and(eq(issues.projectId, actor.projectId), visible) ?? sql`false`;
}

/**
 * canSeeComment (domain visibility policy) as a WHERE clause over issue_comments, for comments of issues the
 * caller already sees: the author always; group the group's members; project_management the coordinators;
 * public everyone. Kept in step with canSeeComment by the comment visibility matrix test.
 */
export function visibleCommentsWhere(a: IssueAudience): SQL {
  const inGroup = a.groupIds.length > 0 ? inArray(issueComments.groupId, [...a.groupIds]) : sql`false`;
  return (
    or(
      eq(issueComments.createdByUserId, a.userId),
      eq(issueComments.visibility, 'public'),
      and(eq(issueComments.visibility, 'group'), inGroup),
      and(eq(issueComments.visibility, 'project_management'), a.manageDisciplines ? sql`true` : sql`false`),
    ) ?? sql`false`
  );
}

/** Issues of the project by id that the caller sees (the others are left out), in one query. */
export async function loadVisibleIssueRows(
  db: Db,
  access: ProjectAccess,
  issueIds: readonly number[],
): Promise<IssueRow[]> {
  if (issueIds.length === 0) return [];
  return db
    .select()
    .from(issues)
    .where(and(inArray(issues.id, [...issueIds]), visibleIssuesWhere(audienceOf(access))));
}

/** Loads an issue the caller sees (locked for the transaction with `forUpdate`); missing and hidden issues are both NOT_FOUND. */
export async function loadVisibleIssue(
  db: Db,
  access: ProjectAccess,
  issueId: number,
  forUpdate = false,
): Promise<IssueRow> {
  const query = db
    .select()
    .from(issues)
    .where(and(eq(issues.id, issueId), visibleIssuesWhere(audienceOf(access))))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** True when the caller sees the issue. */
export async function isVisibleIssue(db: Db, access: ProjectAccess, issueId: number): Promise<boolean> {
  const [visible] = await db
    .select({ id: issues.id })
    .from(issues)
    .where(and(eq(issues.id, issueId), visibleIssuesWhere(audienceOf(access))));
  return visible !== undefined;
}

/** An issue by id, whoever may see it, or undefined. */
export async function findIssueById(db: Db, issueId: number): Promise<IssueRow | undefined> {
  const [issue] = await db.select().from(issues).where(eq(issues.id, issueId)).limit(1);
  return issue;
}

/** Deletes an issue; its children (disciplines, locals, labels, history, user states) go with it by cascade. */
export async function deleteIssueRow(db: Db, issueId: number): Promise<void> {
  await db.delete(issues).where(eq(issues.id, issueId));
}

/** Replaces the issue's stored mentions. */
export async function setIssueMentions(db: Db, issueId: number, userIds: readonly number[]): Promise<void> {
  await db
    .update(issues)
    .set({ mentionedUserIds: [...userIds] })
    .where(eq(issues.id, issueId));
}

/**
 * Appends an entry to an issue's `aiAssistantLogs` (what the AI assistant did on it, issue 31), in the caller's
 * transaction; the list keeps its order.
 */
export async function appendAiAssistantLog(
  tx: Db,
  issueId: number,
  entry: Record<string, unknown>,
): Promise<void> {
  await tx
    .update(issues)
    .set({
      aiAssistantLogs: sql`coalesce(case when jsonb_typeof(${issues.aiAssistantLogs}) = 'array' then ${issues.aiAssistantLogs} end, '[]'::jsonb) || ${JSON.stringify([entry])}::jsonb`,
    })
    .where(eq(issues.id, issueId));
}

/** Each issue's ids in a link table (locations or labels). */
export async function issueLinkIds(
  db: Db,
  list: 'locals' | 'labels',
  ids: readonly number[],
): Promise<Map<number, number[]>> {
  const rows =
    list === 'locals'
      ? await db
          .select({ issueId: issueLocals.issueId, id: issueLocals.localId })
          .from(issueLocals)
          .where(inArray(issueLocals.issueId, [...ids]))
      : await db
          .select({ issueId: issueLabels.issueId, id: issueLabels.labelId })
          .from(issueLabels)
          .where(inArray(issueLabels.issueId, [...ids]));
  const by = new Map<number, number[]>();
  for (const row of rows) by.set(row.issueId, [...(by.get(row.issueId) ?? []), row.id]);
  return by;
}

/** The discipline rows (discipline, status, deadline) of these issues, by issue then discipline. */
export async function issueDisciplinesOf(db: Db, ids: readonly number[]) {
  return db
    .select({
      issueId: issueDisciplines.issueId,
      disciplineId: issueDisciplines.disciplineId,
      status: issueDisciplines.status,
      deadline: issueDisciplines.deadline,
    })
    .from(issueDisciplines)
    .where(inArray(issueDisciplines.issueId, [...ids]))
    .orderBy(issueDisciplines.issueId, issueDisciplines.disciplineId);
}

/** Takes the project's next issue number; the row lock serialises concurrent creations, numbers are never reused. */
export async function takeIssueNumber(tx: Db, projectId: number): Promise<number> {
  const [taken] = await tx
    .update(projects)
    .set({ nextIssueNumber: sql`${projects.nextIssueNumber} + 1` })
    .where(eq(projects.id, projectId))
    .returning({ next: projects.nextIssueNumber });
  if (!taken) throw new AppError('PROJECT_NOT_FOUND');
  return taken.next - 1;
}

/** Stores a new issue row. */
export async function insertIssueRow(tx: Db, values: typeof issues.$inferInsert): Promise<IssueRow> {
  const [row] = await tx.insert(issues).values(values).returning();
  if (!row) throw new Error('issue not stored');
  return row;
}

/** Stores a new issue's disciplines, locations and labels (each id once). */
export async function insertIssueChildren(
  tx: Db,
  issueId: number,
  children: {
    disciplines: readonly (typeof issueDisciplines.$inferInsert)[];
    localIds: readonly number[];
    labelIds: readonly number[];
  },
): Promise<void> {
  if (children.disciplines.length > 0) await tx.insert(issueDisciplines).values([...children.disciplines]);
  if (children.localIds.length > 0)
    await tx
      .insert(issueLocals)
      .values([...new Set(children.localIds)].map((localId) => ({ issueId, localId })));
  if (children.labelIds.length > 0)
    await tx
      .insert(issueLabels)
      .values([...new Set(children.labelIds)].map((labelId) => ({ issueId, labelId })));
}

/** Writes an issue's search text again from its base text and its images' titles (searchTextSql). */
export async function refreshIssueSearchText(tx: Db, issueId: number, base: string): Promise<void> {
  await tx
    .update(issues)
    .set({ searchText: searchTextSql(base, issueId) })
    .where(eq(issues.id, issueId));
}

/** The disciplines, locations and labels rows of these issues, for a copy. */
export async function issueChildRows(db: Db, ids: readonly number[]) {
  const [disciplineRows, localRows, labelRows] = await allQueries(db, [
    () =>
      db
        .select()
        .from(issueDisciplines)
        .where(inArray(issueDisciplines.issueId, [...ids])),
    () =>
      db
        .select()
        .from(issueLocals)
        .where(inArray(issueLocals.issueId, [...ids])),
    () =>
      db
        .select()
        .from(issueLabels)
        .where(inArray(issueLabels.issueId, [...ids])),
  ]);
  return { disciplineRows, localRows, labelRows };
}

// The load and store of updateIssue (issue 29: load → decide → store; the decision is `decideIssueUpdate` in
// packages/domain/src/issues/issue-decision.ts, the order in `applyIssueUpdate` of issue-update-service.ts), beside
// the issue's other statements.

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

/**
 * Stores an update decided by decideIssueUpdate: the children it replaces, then the row's columns with its search
 * text (code, title, description, code-document references, and the images' titles read back in SQL, as the same
 * update may have just replaced the images). Answers the row as stored, which the change's record reads.
 */
export async function storeIssueUpdate(tx: Db, row: IssueRow, write: IssueUpdateWrite): Promise<IssueRow> {
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
  const [stored] = await tx
    .update(issues)
    .set({ ...columns, searchText: searchTextSql(base, row.id) })
    .where(eq(issues.id, row.id))
    .returning();
  if (!stored) throw new Error('issue not stored');
  return stored;
}
