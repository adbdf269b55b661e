import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { AppError, canInProject } from '@obra/domain';
import type { Db } from '../../db/database.ts';
import {
  projectCompanies,
  projectGroups,
  projectGroupUsers,
  projectUserTags,
  users,
} from '../../db/schema/index.ts';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import {
  loadForWrite,
  loadProjectAccess,
  requireActive,
  requireParticipant,
  type ProjectAccess,
} from './project-access.ts';
import { groupHasIssues } from '../issues/issue-repository.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';

/** A group with its members and what the caller may do with it. */
export interface GroupView {
  id: number;
  name: string;
  usersId: number[];
  permissions: { edit: boolean; delete: boolean; leave: boolean };
}

/** The ids of the project's participants (people of the companies taking part). */
export async function projectUserIds(db: Db, projectId: number): Promise<Set<number>> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(projectCompanies, eq(projectCompanies.companyId, users.companyId))
    .where(eq(projectCompanies.projectId, projectId));
  return new Set(rows.map((r) => r.id));
}

function present(
  access: ProjectAccess,
  group: { id: number; name: string; createdByUserId: number | null },
  members: number[],
): GroupView {
  const manages =
    canInProject(access.policyActor, 'project.manageAnyGroup') ||
    group.createdByUserId === access.actor.account.id;
  const member = members.includes(access.actor.account.id);
  return {
    id: group.id,
    name: group.name,
    usersId: members,
    permissions: { edit: manages, delete: manages, leave: member && access.role !== 'project_admin' },
  };
}

/** The project's groups with members, as the caller sees them. */
export async function listGroups(db: Db, access: ProjectAccess): Promise<GroupView[]> {
  const groups = await db
    .select()
    .from(projectGroups)
    .where(eq(projectGroups.projectId, access.project.id))
    .orderBy(asc(projectGroups.name));
  if (groups.length === 0) return [];
  const members = await db
    .select()
    .from(projectGroupUsers)
    .where(
      inArray(
        projectGroupUsers.groupId,
        groups.map((g) => g.id),
      ),
    );
  return groups.map((g) =>
    present(
      access,
      g,
      members
        .filter((m) => m.groupId === g.id)
        .map((m) => m.userId)
        .sort((a, b) => a - b),
    ),
  );
}

async function checkMembers(db: Db, projectId: number, usersId: readonly number[]): Promise<number[]> {
  const unique = [...new Set(usersId)];
  const participants = await projectUserIds(db, projectId);
  if (unique.some((id) => !participants.has(id)))
    throw new AppError('INVALID_ACTION', { reason: 'notParticipant' });
  return unique;
}

async function nameTaken(db: Db, projectId: number, name: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: projectGroups.id })
    .from(projectGroups)
    .where(and(eq(projectGroups.projectId, projectId), sql`lower(${projectGroups.name}) = lower(${name})`));
  return rows.some((r) => r.id !== exceptId);
}

/** createProjectGroup: the creator is a member; names are unique in the project (EXISTING_TEAM). */
export async function createGroup(
  services: AppServices,
  actor: Actor,
  projectId: number,
  name: string,
  usersId: number[] = [],
): Promise<GroupView> {
  const { db } = services.database;
  const access = await loadForWrite(db, actor, projectId, 'project.createGroup');
  const clean = name.trim();
  if (!clean) throw new AppError('REQUIRED_FIELD', { fields: ['name'] });
  const members = await checkMembers(db, projectId, [...usersId, actor.account.id]);
  if (await nameTaken(db, projectId, clean)) throw new AppError('EXISTING_TEAM');
  const group = await unitOfWork(services, async (tx) => {
    const [row] = await tx
      .insert(projectGroups)
      .values({ projectId, name: clean, createdByUserId: actor.account.id })
      .returning();
    if (!row) throw new Error('group not stored');
    await tx.insert(projectGroupUsers).values(members.map((userId) => ({ groupId: row.id, userId })));
    return row;
  });
  return present(
    access,
    group,
    members.sort((a, b) => a - b),
  );
}

async function loadGroup(db: Db, projectId: number, groupId: number) {
  const [group] = await db
    .select()
    .from(projectGroups)
    .where(and(eq(projectGroups.id, groupId), eq(projectGroups.projectId, projectId)))
    .limit(1);
  if (!group) throw new AppError('PROJECT_GROUP_NOT_FOUND');
  return group;
}

/** setProjectGroup: renames and sets the members; coordinators or the group's creator. */
export async function setGroup(
  services: AppServices,
  actor: Actor,
  projectId: number,
  groupId: number,
  name: string,
  usersId: number[],
): Promise<GroupView> {
  const { db } = services.database;
  // Who may comes before whether the project is active: FORBIDDEN, then FORBIDDEN_PROJECT_NOT_ACTIVE.
  const access = await loadProjectAccess(db, actor, projectId);
  const group = await loadGroup(db, projectId, groupId);
  if (!present(access, group, []).permissions.edit) throw new AppError('FORBIDDEN');
  requireActive(access);
  const clean = name.trim();
  if (!clean) throw new AppError('REQUIRED_FIELD', { fields: ['name'] });
  if (await nameTaken(db, projectId, clean, groupId)) throw new AppError('EXISTING_TEAM');
  const members = await checkMembers(db, projectId, usersId);
  await unitOfWork(services, async (tx) => {
    await tx.update(projectGroups).set({ name: clean }).where(eq(projectGroups.id, groupId));
    await tx.delete(projectGroupUsers).where(eq(projectGroupUsers.groupId, groupId));
    if (members.length > 0)
      await tx.insert(projectGroupUsers).values(members.map((userId) => ({ groupId, userId })));
  });
  return present(
    access,
    { ...group, name: clean },
    members.sort((a, b) => a - b),
  );
}

/** deleteProjectGroup: refused while issues use the group (GROUP_HAS_ISSUES). */
export async function deleteGroup(
  services: AppServices,
  actor: Actor,
  projectId: number,
  groupId: number,
): Promise<boolean> {
  const { db } = services.database;
  // Who may comes before whether the project is active: FORBIDDEN, then FORBIDDEN_PROJECT_NOT_ACTIVE.
  const access = await loadProjectAccess(db, actor, projectId);
  const group = await loadGroup(db, projectId, groupId);
  if (!present(access, group, []).permissions.delete) throw new AppError('FORBIDDEN');
  requireActive(access);
  if (await groupHasIssues(db, groupId)) throw new AppError('GROUP_HAS_ISSUES');
  await db.delete(projectGroups).where(eq(projectGroups.id, groupId));
  return true;
}

/** leaveProjectGroup: project administrators cannot leave (ADMIN_CANT_LEAVE_PROJECT_GROUP). */
export async function leaveGroup(
  services: AppServices,
  actor: Actor,
  projectId: number,
  groupId: number,
): Promise<boolean> {
  const { db } = services.database;
  const access = await loadProjectAccess(db, actor, projectId);
  requireParticipant(access);
  requireActive(access);
  await loadGroup(db, projectId, groupId);
  if (!access.groupIds.includes(groupId)) throw new AppError('PROJECT_GROUP_NOT_FOUND');
  if (access.role === 'project_admin') throw new AppError('ADMIN_CANT_LEAVE_PROJECT_GROUP');
  await db
    .delete(projectGroupUsers)
    .where(and(eq(projectGroupUsers.groupId, groupId), eq(projectGroupUsers.userId, actor.account.id)));
  return true;
}

/** The caller's personal tags in a project. */
export async function listUserTags(
  db: Db,
  projectId: number,
  userId: number,
): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: projectUserTags.id, name: projectUserTags.name })
    .from(projectUserTags)
    .where(and(eq(projectUserTags.projectId, projectId), eq(projectUserTags.userId, userId)))
    .orderBy(asc(projectUserTags.name));
}

/** setProjectUserTags: the caller's whole tag list; kept ids are renamed, new ones created, others deleted. */
export async function setUserTags(
  services: AppServices,
  actor: Actor,
  projectId: number,
  tags: { id?: number | null; name: string }[],
) {
  const { db } = services.database;
  const access = await loadProjectAccess(db, actor, projectId);
  requireParticipant(access);
  requireActive(access);
  const userId = actor.account.id;
  const names = tags.map((t) => t.name.trim());
  if (names.some((n) => !n)) throw new AppError('REQUIRED_FIELD', { fields: ['name'] });
  if (new Set(names.map((n) => n.toLowerCase())).size !== names.length)
    throw new AppError('INVALID_ACTION', { reason: 'duplicateTag' });
  await unitOfWork(services, async (tx) => {
    const own = new Set((await listUserTags(tx, projectId, userId)).map((t) => t.id));
    const kept = tags.map((t) => t.id).filter((id): id is number => id != null);
    if (kept.some((id) => !own.has(id))) throw new AppError('INVALID_ACTION', { reason: 'unknownTag' });
    const mine = and(eq(projectUserTags.projectId, projectId), eq(projectUserTags.userId, userId));
    await tx
      .delete(projectUserTags)
      .where(kept.length > 0 ? and(mine, notInArray(projectUserTags.id, kept)) : mine);
    for (const [i, t] of tags.entries()) {
      const name = names[i] ?? t.name;
      if (t.id != null) await tx.update(projectUserTags).set({ name }).where(eq(projectUserTags.id, t.id));
      else await tx.insert(projectUserTags).values({ projectId, userId, name });
    }
  });
  return listUserTags(db, projectId, userId);
}
