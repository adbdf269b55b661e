import { AppError, canInProject, textLengthProblems, throwFirstProblem } from '@obra/domain';
import type { Db } from '../../db/database.ts';
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
import {
  deleteGroupMember,
  deleteGroupRow,
  findGroup,
  groupIdsNamed,
  groupsOfProject,
  insertGroup,
  listUserTags,
  membersOfGroups,
  projectUserIds,
  replaceUserTags,
  updateGroup,
} from './project-group-repository.ts';

/** The caller's personal tags in a project (read as stored: they are the caller's own). */
export { listUserTags } from './project-group-repository.ts';

/** A group with its members and what the caller may do with it. */
export interface GroupView {
  id: number;
  name: string;
  usersId: number[];
  permissions: { edit: boolean; delete: boolean; leave: boolean };
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
  const groups = await groupsOfProject(db, access.project.id);
  if (groups.length === 0) return [];
  const members = await membersOfGroups(
    db,
    groups.map((g) => g.id),
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
  const rows = await groupIdsNamed(db, projectId, name);
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
  throwFirstProblem(textLengthProblems([['name', clean, 'name']]));
  const members = await checkMembers(db, projectId, [...usersId, actor.account.id]);
  if (await nameTaken(db, projectId, clean)) throw new AppError('EXISTING_TEAM');
  const group = await unitOfWork(services, (tx) =>
    insertGroup(tx, { projectId, name: clean, createdByUserId: actor.account.id }, members),
  );
  return present(
    access,
    group,
    members.sort((a, b) => a - b),
  );
}

async function loadGroup(db: Db, projectId: number, groupId: number) {
  const group = await findGroup(db, projectId, groupId);
  if (!group) throw new AppError('PROJECT_GROUP_NOT_FOUND');
  return group;
}

/**
 * The database, the access and a group the caller may edit or delete (`right`): who may comes before whether the
 * project is active (FORBIDDEN, then FORBIDDEN_PROJECT_NOT_ACTIVE).
 */
async function groupToChange(
  services: AppServices,
  actor: Actor,
  ids: { projectId: number; groupId: number },
  right: 'edit' | 'delete',
) {
  const { db } = services.database;
  const access = await loadProjectAccess(db, actor, ids.projectId);
  const group = await loadGroup(db, ids.projectId, ids.groupId);
  if (!present(access, group, []).permissions[right]) throw new AppError('FORBIDDEN');
  requireActive(access);
  return { db, access, group };
}

/** The database and the access of a participant of an active project, for their own changes (groups, tags). */
async function participantWriter(services: AppServices, actor: Actor, projectId: number) {
  const { db } = services.database;
  const access = await loadProjectAccess(db, actor, projectId);
  requireParticipant(access);
  requireActive(access);
  return { db, access };
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
  const { db, access, group } = await groupToChange(services, actor, { projectId, groupId }, 'edit');
  const clean = name.trim();
  if (!clean) throw new AppError('REQUIRED_FIELD', { fields: ['name'] });
  throwFirstProblem(textLengthProblems([['name', clean, 'name']]));
  if (await nameTaken(db, projectId, clean, groupId)) throw new AppError('EXISTING_TEAM');
  const members = await checkMembers(db, projectId, usersId);
  await unitOfWork(services, (tx) => updateGroup(tx, groupId, clean, members));
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
  const { db } = await groupToChange(services, actor, { projectId, groupId }, 'delete');
  if (await groupHasIssues(db, groupId)) throw new AppError('GROUP_HAS_ISSUES');
  await deleteGroupRow(db, groupId);
  return true;
}

/** leaveProjectGroup: project administrators cannot leave (ADMIN_CANT_LEAVE_PROJECT_GROUP). */
export async function leaveGroup(
  services: AppServices,
  actor: Actor,
  projectId: number,
  groupId: number,
): Promise<boolean> {
  const { db, access } = await participantWriter(services, actor, projectId);
  await loadGroup(db, projectId, groupId);
  if (!access.groupIds.includes(groupId)) throw new AppError('PROJECT_GROUP_NOT_FOUND');
  if (access.role === 'project_admin') throw new AppError('ADMIN_CANT_LEAVE_PROJECT_GROUP');
  await deleteGroupMember(db, groupId, actor.account.id);
  return true;
}

/** setProjectUserTags: the caller's whole tag list; kept ids are renamed, new ones created, others deleted. */
export async function setUserTags(
  services: AppServices,
  actor: Actor,
  projectId: number,
  tags: { id?: number | null; name: string }[],
) {
  const { db } = await participantWriter(services, actor, projectId);
  const userId = actor.account.id;
  const names = tags.map((t) => t.name.trim());
  if (names.some((n) => !n)) throw new AppError('REQUIRED_FIELD', { fields: ['name'] });
  throwFirstProblem(textLengthProblems(names.map((n, i) => [`tags.${i}.name`, n, 'name'] as const)));
  if (new Set(names.map((n) => n.toLowerCase())).size !== names.length)
    throw new AppError('INVALID_ACTION', { reason: 'duplicateTag' });
  await unitOfWork(services, async (tx) => {
    const own = new Set((await listUserTags(tx, projectId, userId)).map((t) => t.id));
    const kept = tags.map((t) => t.id).filter((id): id is number => id != null);
    if (kept.some((id) => !own.has(id))) throw new AppError('INVALID_ACTION', { reason: 'unknownTag' });
    await replaceUserTags(
      tx,
      projectId,
      userId,
      tags,
      tags.map((t, i) => names[i] ?? t.name),
    );
  });
  return listUserTags(db, projectId, userId);
}
