import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { ISSUE_CATEGORIES, PROJECT_PHASES } from '@obra/domain';
import type { Db } from '../../db/database.ts';
import {
  bcfComments,
  bcfTopics,
  issueDisciplines,
  issueFiles,
  issueImages,
  issues,
  projectCategories,
  projectDisciplines,
  projectLabels,
  projectPhases,
  users,
} from '../../db/schema/index.ts';
import { allQueries } from '../../db/all-queries.ts';
import { listCategories, listPhases, projectStatuses } from '../projects/project-settings-repository.ts';
import { loadProjectMembers } from '../projects/project-access-repository.ts';
import { visibleIssuesWhere } from '../issues/issue-repository.ts';
import { type ProjectAccess, audienceOf } from '../projects/project-access.ts';
import type { BcfPackage } from '@obra/domain';
import { derivedTopicGuid } from './bcf-guids.ts';

/** What BCF mapping needs of a project's setup, in a fixed number of queries. */
export interface BcfProjectSetup {
  activeCategoryIds: number[];
  activePhaseIds: number[];
  labels: { id: number; name: string; abbreviation: string }[];
  disciplines: { id: number; name: string; abbreviation: string; standardDisciplineId: number | null }[];
  /** Project members by lower-case e-mail. */
  members: Map<string, { id: number; email: string; disciplineIds: readonly number[] }>;
}

export async function loadBcfProjectSetup(db: Db, projectId: number): Promise<BcfProjectSetup> {
  const [categories, phases, labels, disciplines, members] = await allQueries(db, [
    () => listCategories(db, projectId),
    () => listPhases(db, projectId),
    () =>
      db
        .select({ id: projectLabels.id, name: projectLabels.name, abbreviation: projectLabels.abbreviation })
        .from(projectLabels)
        .where(eq(projectLabels.projectId, projectId))
        .orderBy(projectLabels.id),
    () =>
      db
        .select({
          id: projectDisciplines.id,
          name: projectDisciplines.name,
          abbreviation: projectDisciplines.abbreviation,
          standardDisciplineId: projectDisciplines.standardDisciplineId,
        })
        .from(projectDisciplines)
        .where(and(eq(projectDisciplines.projectId, projectId), isNull(projectDisciplines.removedAt)))
        .orderBy(projectDisciplines.id),
    () => loadProjectMembers(db, projectId),
  ]);
  const emails =
    members.length === 0
      ? []
      : await db
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(
            inArray(
              users.id,
              members.map((m) => m.userId),
            ),
          );
  const byId = new Map(members.map((m) => [m.userId, m]));
  return {
    activeCategoryIds: categories.filter((c) => c.active).map((c) => c.id),
    activePhaseIds: phases.filter((p) => p.active).map((p) => p.id),
    labels,
    disciplines,
    members: new Map(
      emails.map((u) => [
        u.email.toLowerCase(),
        { id: u.id, email: u.email, disciplineIds: byId.get(u.id)?.disciplineIds ?? [] },
      ]),
    ),
  };
}

/** The project's topics with these GUIDs: guid → issue id. */
export async function topicsByGuid(
  db: Db,
  projectId: number,
  guids: readonly string[],
): Promise<Map<string, number>> {
  if (guids.length === 0) return new Map();
  const rows = await db
    .select({ guid: bcfTopics.guid, issueId: bcfTopics.issueId })
    .from(bcfTopics)
    .where(and(eq(bcfTopics.projectId, projectId), inArray(bcfTopics.guid, [...guids])));
  return new Map(rows.map((r) => [r.guid, r.issueId]));
}

/** Of these issue ids, the ones of the project the caller may see. */
export async function visibleIssueIds(
  db: Db,
  access: ProjectAccess,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: issues.id })
    .from(issues)
    .where(
      and(
        eq(issues.projectId, access.project.id),
        inArray(issues.id, [...ids]),
        visibleIssuesWhere(audienceOf(access)),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** The issue ids of the project that have a BCF topic row (to tell an Obra issue id from an unknown one). */
export async function issuesWithTopic(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ issueId: bcfTopics.issueId, guid: bcfTopics.guid })
    .from(bcfTopics)
    .where(inArray(bcfTopics.issueId, [...ids]));
  return new Map(rows.map((r) => [r.issueId, r.guid]));
}

/** What mapping a page of issues to BCF topics reads besides the issues (topicsOf in the BCF-API). */
export interface BcfTopicContext {
  /** The page's BCF rows (imported topics), by issue id. */
  topics: Map<number, { guid: string; topic: unknown }>;
  /** The e-mails of the users asked for (the page's authors), by user id. */
  emails: Map<number, string>;
  /** The project's label names, by label id. */
  labelNames: Map<number, string>;
  activeCategoryIds: number[];
  activePhaseIds: number[];
}

/** `{1,2,3}::int[]`: a list of ids as one array parameter, for `= any(…)`. */
function intArray(ids: readonly number[]): SQL {
  return sql`${`{${ids.map((id) => String(Math.trunc(id))).join(',')}}`}::int[]`;
}

/**
 * Everything topicsOf needs besides the issues, in ONE statement: the BCF rows of the page's issues, the e-mails
 * of their authors, the project's label names and which categories and phases are active (to tell whether an
 * imported topic's type and stage still read as the issue's). A category or phase without a row is active.
 */
export async function loadBcfTopicContext(
  db: Db,
  projectId: number,
  issueIds: readonly number[],
  userIds: readonly number[],
): Promise<BcfTopicContext> {
  const result = (await db.execute(sql`select
    (select coalesce(json_agg(json_build_array(t.issue_id, t.guid, t.topic)), '[]'::json)
      from ${bcfTopics} t where t.issue_id = any(${intArray(issueIds)})) as topics,
    (select coalesce(json_agg(json_build_array(u.id, u.email)), '[]'::json)
      from ${users} u where u.id = any(${intArray(userIds)})) as emails,
    (select coalesce(json_agg(json_build_array(l.id, l.name) order by l.id), '[]'::json)
      from ${projectLabels} l where l.project_id = ${projectId}) as labels,
    (select coalesce(json_agg(c.category_id), '[]'::json)
      from ${projectCategories} c where c.project_id = ${projectId} and not c.active) as inactive_categories,
    (select coalesce(json_agg(p.phase_id), '[]'::json)
      from ${projectPhases} p where p.project_id = ${projectId} and not p.active) as inactive_phases`)) as unknown as {
    rows: {
      topics: [number, string, unknown][];
      emails: [number, string][];
      labels: [number, string][];
      inactive_categories: number[];
      inactive_phases: number[];
    }[];
  };
  const row = result.rows[0];
  if (!row) throw new Error('the BCF topic context statement returned no row');
  const inactiveCategories = new Set(row.inactive_categories);
  const inactivePhases = new Set(row.inactive_phases);
  return {
    topics: new Map(row.topics.map(([issueId, guid, topic]) => [issueId, { guid, topic }])),
    emails: new Map(row.emails),
    labelNames: new Map(row.labels),
    activeCategoryIds: ISSUE_CATEGORIES.map((c) => c.id).filter((id) => !inactiveCategories.has(id)),
    activePhaseIds: PROJECT_PHASES.map((p) => p.id).filter((id) => !inactivePhases.has(id)),
  };
}

/** The BCF rows of issues: topic fields and comment identities. */
export async function loadBcfRows(
  db: Db,
  issueIds: readonly number[],
): Promise<{
  topics: Map<number, typeof bcfTopics.$inferSelect>;
  comments: Map<number, typeof bcfComments.$inferSelect>;
}> {
  if (issueIds.length === 0) return { topics: new Map(), comments: new Map() };
  const [topicRows, commentRows] = await allQueries(db, [
    () =>
      db
        .select()
        .from(bcfTopics)
        .where(inArray(bcfTopics.issueId, [...issueIds])),
    () =>
      db
        .select()
        .from(bcfComments)
        .where(inArray(bcfComments.issueId, [...issueIds])),
  ]);
  return {
    topics: new Map(topicRows.map((r) => [r.issueId, r])),
    comments: new Map(commentRows.map((r) => [r.commentId, r])),
  };
}

/** The own images (not comments') of an issue, in order, with their original file's GUID. */
export async function issueImagesWithFiles(
  db: Db,
  issueIds: readonly number[],
): Promise<
  {
    id: number;
    issueId: number;
    index: number;
    title: string;
    fileGuid: string;
    storageKey: string;
    contentType: string | null;
    /** The GUID of the BCF viewpoint the image carries (Obra's 3D viewer saves one with its snapshot). */
    viewpointGuid: string | null;
  }[]
> {
  if (issueIds.length === 0) return [];
  return db
    .select({
      id: issueImages.id,
      issueId: issueImages.issueId,
      index: issueImages.index,
      title: issueImages.title,
      fileGuid: issueFiles.guid,
      storageKey: issueFiles.storageKey,
      contentType: issueFiles.contentType,
      viewpointGuid: sql<string | null>`${issueImages.viewpoint}->>'guid'`,
    })
    .from(issueImages)
    .innerJoin(issueFiles, eq(issueFiles.id, issueImages.originalFileId))
    .where(and(inArray(issueImages.issueId, [...issueIds]), isNull(issueImages.commentId)))
    .orderBy(issueImages.issueId, issueImages.index, issueImages.id);
}

/** The e-mail addresses of these users, by id (the authors a package names). */
export async function userEmailsByIds(db: Db, userIds: readonly number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, [...userIds]));
  return new Map(rows.map((u) => [u.id, u.email]));
}

/** The BCF GUIDs of the comments an issue already has from BCF. */
export async function bcfCommentGuidsOf(db: Db, issueId: number): Promise<Set<string>> {
  const rows = await db
    .select({ guid: bcfComments.guid })
    .from(bcfComments)
    .where(eq(bcfComments.issueId, issueId));
  return new Set(rows.map((r) => r.guid));
}

/** What BCF keeps of a comment beside it: its GUID, author, dates and viewpoint. */
export interface BcfCommentRow {
  commentId: number;
  issueId: number;
  guid: string;
  comment: Record<string, unknown>;
}

/** Keeps a comment's BCF GUID and what BCF says of it beside the comment. */
export async function insertBcfComment(tx: Db, row: BcfCommentRow): Promise<void> {
  await tx.insert(bcfComments).values(row);
}

/** Writes what BCF keeps beside a comment, replacing what was kept (a comment made in Obra gets its row now). */
export async function upsertBcfComment(tx: Db, row: BcfCommentRow): Promise<void> {
  await tx
    .insert(bcfComments)
    .values(row)
    .onConflictDoUpdate({ target: bcfComments.commentId, set: { comment: row.comment } });
}

/** A topic's BCF row: its GUID in the project and the topic fields Obra's issue has no place for. */
export interface BcfTopicRow {
  issueId: number;
  projectId: number;
  guid: string;
  serverAssignedId: string | null;
  topic: Record<string, unknown>;
}

/** The BCF row of a new issue made from a topic. */
export async function insertBcfTopic(tx: Db, row: BcfTopicRow): Promise<void> {
  await tx.insert(bcfTopics).values(row);
}

/** Writes an issue's BCF row, creating it for an issue made in Obra and matched through Obra's extension. */
export async function saveBcfTopic(tx: Db, row: BcfTopicRow): Promise<void> {
  await tx
    .insert(bcfTopics)
    .values({ issueId: row.issueId, projectId: row.projectId, guid: row.guid, topic: {} })
    .onConflictDoNothing();
  await tx
    .update(bcfTopics)
    .set({ serverAssignedId: row.serverAssignedId, topic: row.topic, updatedAt: new Date() })
    .where(eq(bcfTopics.issueId, row.issueId));
}

/** An issue's discipline rows (discipline, status, deadline). */
export async function issueDisciplineRows(db: Db, issueId: number) {
  return db.select().from(issueDisciplines).where(eq(issueDisciplines.issueId, issueId));
}

/** What a package's topics are matched against (the load step of a BCF import; planTopics decides on it). */
export interface BcfImportWorld {
  readonly access: ProjectAccess;
  readonly setup: BcfProjectSetup;
  readonly statuses: Awaited<ReturnType<typeof projectStatuses>>;
  /** The project's issue of each topic GUID it already knows. */
  readonly existing: Map<string, number>;
  /** Which of those issues the caller sees. */
  readonly visible: Set<number>;
}

/**
 * Loads what an import matches a package against: the project's setup and discipline statuses, the issues of
 * the topics it already knows (by GUID; a package exported from this very project also by its Obra issue ids,
 * when that issue has no topic yet and the GUID is the one Obra derived), and which of them the caller sees.
 * `known` replaces the matching (the BCF-API names the issue of its topic).
 */
export async function loadImportWorld(
  db: Db,
  access: ProjectAccess,
  pkg: BcfPackage,
  known?: Map<string, number>,
): Promise<BcfImportWorld> {
  const [setup, statuses] = await Promise.all([
    loadBcfProjectSetup(db, access.project.id),
    projectStatuses(db, access.project.id),
  ]);
  const existing =
    known ??
    (await topicsByGuid(
      db,
      access.project.id,
      pkg.topics.map((t) => t.guid),
    ));
  if (!known && pkg.obra?.projectGuid === access.project.guid) {
    const candidates = pkg.topics
      .filter((t) => !existing.has(t.guid) && pkg.obra?.topics[t.guid]?.issueId !== undefined)
      .map((t) => ({ guid: t.guid, issueId: pkg.obra?.topics[t.guid]?.issueId ?? 0 }));
    const withTopic = await issuesWithTopic(
      db,
      candidates.map((c) => c.issueId),
    );
    for (const c of candidates)
      if (!withTopic.has(c.issueId) && derivedTopicGuid(access.project.guid, c.issueId) === c.guid)
        existing.set(c.guid, c.issueId);
  }
  const visible = await visibleIssueIds(db, access, [...existing.values()]);
  return { access, setup, statuses, existing, visible };
}
