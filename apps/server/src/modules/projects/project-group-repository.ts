import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  projectCompanies,
  projectGroups,
  projectGroupUsers,
  projectUserTags,
  users,
} from '../../db/schema/index.ts';

/** A project group as stored. */
export type ProjectGroupRow = typeof projectGroups.$inferSelect;

/** The ids of the project's participants (people of the companies taking part). */
export async function projectUserIds(db: Db, projectId: number): Promise<Set<number>> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(projectCompanies, eq(projectCompanies.companyId, users.companyId))
    .where(eq(projectCompanies.projectId, projectId));
  return new Set(rows.map((r) => r.id));
}

/** The project's groups by name. */
export function groupsOfProject(db: Db, projectId: number): Promise<ProjectGroupRow[]> {
  return db
    .select()
    .from(projectGroups)
    .where(eq(projectGroups.projectId, projectId))
    .orderBy(asc(projectGroups.name));
}

/** The members of these groups. */
export function membersOfGroups(db: Db, groupIds: readonly number[]) {
  return db
    .select()
    .from(projectGroupUsers)
    .where(inArray(projectGroupUsers.groupId, [...groupIds]));
}

/** The ids of the project's groups with this name (case ignored). */
export function groupIdsNamed(db: Db, projectId: number, name: string): Promise<{ id: number }[]> {
  return db
    .select({ id: projectGroups.id })
    .from(projectGroups)
    .where(and(eq(projectGroups.projectId, projectId), sql`lower(${projectGroups.name}) = lower(${name})`));
}

/** Stores a group and its members. */
export async function insertGroup(
  db: Db,
  values: { projectId: number; name: string; createdByUserId: number | null },
  members: readonly number[],
): Promise<ProjectGroupRow> {
  const [row] = await db.insert(projectGroups).values(values).returning();
  if (!row) throw new Error('group not stored');
  if (members.length > 0)
    await db.insert(projectGroupUsers).values(members.map((userId) => ({ groupId: row.id, userId })));
  return row;
}

/** A group of the project, or undefined. */
export async function findGroup(
  db: Db,
  projectId: number,
  groupId: number,
): Promise<ProjectGroupRow | undefined> {
  const [group] = await db
    .select()
    .from(projectGroups)
    .where(and(eq(projectGroups.id, groupId), eq(projectGroups.projectId, projectId)))
    .limit(1);
  return group;
}

/** Renames a group and replaces its members. */
export async function updateGroup(
  db: Db,
  groupId: number,
  name: string,
  members: readonly number[],
): Promise<void> {
  await db.update(projectGroups).set({ name }).where(eq(projectGroups.id, groupId));
  await db.delete(projectGroupUsers).where(eq(projectGroupUsers.groupId, groupId));
  if (members.length > 0)
    await db.insert(projectGroupUsers).values(members.map((userId) => ({ groupId, userId })));
}

/** Removes a group (its members go with it). */
export async function deleteGroupRow(db: Db, groupId: number): Promise<void> {
  await db.delete(projectGroups).where(eq(projectGroups.id, groupId));
}

/** Takes a user out of a group. */
export async function deleteGroupMember(db: Db, groupId: number, userId: number): Promise<void> {
  await db
    .delete(projectGroupUsers)
    .where(and(eq(projectGroupUsers.groupId, groupId), eq(projectGroupUsers.userId, userId)));
}

/** The personal tags of one user in one project (the tags are never shared). */
function userTagsOf(projectId: number, userId: number) {
  return and(eq(projectUserTags.projectId, projectId), eq(projectUserTags.userId, userId));
}

/** A user's personal tags in a project, by name. */
export function listUserTags(
  db: Db,
  projectId: number,
  userId: number,
): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: projectUserTags.id, name: projectUserTags.name })
    .from(projectUserTags)
    .where(userTagsOf(projectId, userId))
    .orderBy(asc(projectUserTags.name));
}

/** Which of these ids are the user's own personal tags in the project. */
export async function ownUserTagIds(
  db: Db,
  projectId: number,
  userId: number,
  ids: readonly number[],
): Promise<number[]> {
  const rows = await db
    .select({ id: projectUserTags.id })
    .from(projectUserTags)
    .where(and(userTagsOf(projectId, userId), inArray(projectUserTags.id, [...ids])));
  return rows.map((r) => r.id);
}

/**
 * Writes a user's whole tag list: their tags not in `kept` go, tags with an id are renamed, the others created.
 * `names[i]` is the name of `tags[i]`.
 */
export async function replaceUserTags(
  db: Db,
  projectId: number,
  userId: number,
  tags: readonly { id?: number | null }[],
  names: readonly string[],
): Promise<void> {
  const kept = tags.map((t) => t.id).filter((id): id is number => id != null);
  const mine = userTagsOf(projectId, userId);
  await db
    .delete(projectUserTags)
    .where(kept.length > 0 ? and(mine, notInArray(projectUserTags.id, kept)) : mine);
  for (const [i, t] of tags.entries()) {
    const name = names[i] ?? '';
    if (t.id != null) await db.update(projectUserTags).set({ name }).where(eq(projectUserTags.id, t.id));
    else await db.insert(projectUserTags).values({ projectId, userId, name });
  }
}

/** The id of the user's personal tag of this name in the project (any case), made when there is none yet. */
export async function ensureUserTag(
  db: Db,
  projectId: number,
  userId: number,
  name: string,
): Promise<number> {
  const [found] = await db
    .select({ id: projectUserTags.id })
    .from(projectUserTags)
    .where(and(userTagsOf(projectId, userId), sql`lower(${projectUserTags.name}) = lower(${name})`))
    .limit(1);
  if (found) return found.id;
  const [made] = await db
    .insert(projectUserTags)
    .values({ projectId, userId, name })
    .returning({ id: projectUserTags.id });
  if (!made) throw new Error('personal tag not written');
  return made.id;
}
