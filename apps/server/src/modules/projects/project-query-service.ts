import { SYSTEM_ROLES } from '@obra/domain';
import type { Db } from '../../db/database.ts';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import { listDisciplines } from './project-settings-repository.ts';
import { issueCardCounters } from '../issues/list/issue-card-counter-repository.ts';
import { participantsRead, type ProjectRow } from './project-access.ts';
import { findCompaniesByIds, listCompaniesByName } from '../companies/company-repository.ts';
import {
  projectStarsOf,
  projectsByIds,
  projectsJoinedBy,
  projectsOwnedBy,
  projectUserRows,
} from './project-repository.ts';

/** A participant of a project as the project's screens list them. */
export interface ProjectUserView {
  id: number;
  guid: string;
  name: string | null;
  lastName: string | null;
  email: string;
  photo: string | null;
  removed: boolean;
  company: { id: number; name: string; logo: string | null } | null;
  disciplines: number[];
}

/** The people of the companies taking part, each with the disciplines their company has in the project. */
export async function listProjectUsers(db: Db, projectId: number): Promise<ProjectUserView[]> {
  const rows = await projectUserRows(db, projectId);
  const all = rows.some((r) => r.participation.allDisciplines)
    ? (await listDisciplines(db, projectId)).map((d) => d.id)
    : [];
  return rows.map(({ user, company, participation }) => ({
    id: user.id,
    guid: user.guid,
    name: user.name,
    lastName: user.lastName,
    email: user.email,
    photo: user.photo,
    removed: false,
    company: { id: company.id, name: company.name, logo: company.logo },
    disciplines: participation.allDisciplines ? all : (participation.disciplineIds as number[]),
  }));
}

/** A project card of the workspace home (editor §3.4). Counters come from the issues of the project. */
export interface ProjectCardView {
  id: number;
  name: string;
  image: string | null;
  status: number;
  starred: boolean;
  mentions: number;
  notifications: number;
  pendencies: number;
  latePendencies: number;
  company: { id: number; name: string; logo: string | null };
}

/** Cards for projects, in the given order. */
export async function projectCards(
  db: Db,
  userId: number,
  rows: readonly ProjectRow[],
): Promise<ProjectCardView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((p) => p.id);
  const [owners, stars, counters] = await Promise.all([
    findCompaniesByIds(db, [...new Set(rows.map((p) => p.companyId))]),
    projectStarsOf(db, userId, ids),
    issueCardCounters(db, userId, ids),
  ]);
  return rows.map((p) => {
    const owner = owners.get(p.companyId);
    const c = counters.get(p.id);
    return {
      id: p.id,
      name: p.name,
      image: p.image,
      status: p.status,
      starred: stars.some((s) => s.projectId === p.id && s.starred),
      mentions: c?.mentions ?? 0,
      notifications: c?.notifications ?? 0,
      pendencies: c?.pendencies ?? 0,
      latePendencies: c?.latePendencies ?? 0,
      company: { id: p.companyId, name: owner?.name ?? '', logo: owner?.logo ?? null },
    };
  });
}

/** Cards of projects by id (those that exist), in one query besides the cards' own. */
export async function projectCardsByIds(
  db: Db,
  userId: number,
  ids: readonly number[],
): Promise<Map<number, ProjectCardView>> {
  if (ids.length === 0) return new Map();
  const rows = await projectsByIds(db, ids);
  return new Map((await projectCards(db, userId, rows)).map((card) => [card.id, card]));
}

/** Cards of a company's projects (or of every project), by name. */
export async function companyProjectCards(
  db: Db,
  userId: number,
  companyId: number | 'all',
): Promise<ProjectCardView[]> {
  const rows = await projectsOwnedBy(db, companyId);
  return projectCards(db, userId, rows);
}

/** projectUsers: the people of a project, for its participants (PROJECT_NOT_FOUND otherwise). */
export const projectUsersOf = participantsRead(listProjectUsers);

/** projectDisciplines: the disciplines of a project, for its participants (PROJECT_NOT_FOUND otherwise). */
export const projectDisciplinesOf = participantsRead(listDisciplines);

/** The projects the caller's company takes part in, as cards. */
export async function workspaceProjects(services: AppServices, actor: Actor): Promise<ProjectCardView[]> {
  const { db } = services.database;
  const companyId = actor.account.companyId;
  if (companyId === null) return [];
  return projectCards(db, actor.account.id, await projectsJoinedBy(db, companyId));
}

/** allCompanies: every active company (for inviting one to a project), or all of them for platform admins. */
export async function allCompanies(services: AppServices, actor: Actor) {
  const { db } = services.database;
  const rows = await listCompaniesByName(db);
  return actor.account.isAdmin ? rows : rows.filter((c) => c.isActive);
}

/** systemRoles: the project and company roles. */
export function systemRoles() {
  return SYSTEM_ROLES.map((r) => ({ id: r.id, type: r.type, name: r.key, permissionsId: r.id }));
}
