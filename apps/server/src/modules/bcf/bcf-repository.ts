import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  bcfComments,
  bcfTopics,
  issueFiles,
  issueImages,
  issues,
  projectDisciplines,
  projectLabels,
  users,
} from '../../db/schema/index.ts';
import { allQueries } from '../../db/all-queries.ts';
import { listCategories, listPhases } from '../projects/project-settings-repository.ts';
import { loadProjectMembers } from '../issues/issue-members-repository.ts';
import { audienceOf, visibleIssuesWhere } from '../issues/issue-visibility-sql.ts';
import type { ProjectAccess } from '../projects/project-access.ts';

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

/** The BCF rows of issues: topic fields and comment identities. */
/** The BCF rows of topics alone (a topic list needs no comment rows). */
export async function loadBcfTopicRows(
  db: Db,
  issueIds: readonly number[],
): Promise<Map<number, typeof bcfTopics.$inferSelect>> {
  if (issueIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(bcfTopics)
    .where(inArray(bcfTopics.issueId, [...issueIds]));
  return new Map(rows.map((r) => [r.issueId, r]));
}

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
    })
    .from(issueImages)
    .innerJoin(issueFiles, eq(issueFiles.id, issueImages.originalFileId))
    .where(and(inArray(issueImages.issueId, [...issueIds]), isNull(issueImages.commentId)))
    .orderBy(issueImages.issueId, issueImages.index, issueImages.id);
}
