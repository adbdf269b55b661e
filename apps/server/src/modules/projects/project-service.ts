import { AppError, canInCompany, PROJECT_STATUS, textLengthProblems, throwFirstProblem } from '@obra/domain';
import type { Db } from '../../db/database.ts';
import type { AppServices } from '../../services.ts';
import { companyPolicyActorFor, type Actor } from '../../auth/actor.ts';
import { claimProfileImage, releaseProfileImage } from '../profile-images/profile-image-claims.ts';
import {
  loadProjectAccess,
  requireAction,
  requireParticipant,
  type ProjectAccess,
  type ProjectRow,
} from './project-access.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import { findCompanyById } from '../companies/company-repository.ts';
import {
  countActiveProjects,
  insertOwnedProject,
  lockCompanyProjects,
  maxActiveProjects,
  projectIdOfGuid,
  setProjectStar,
  updateProjectRow,
} from './project-repository.ts';

/** Throws PROJECT_LIMIT_REACHED when one more active project would pass the company's limit. */
export async function checkActiveProjectLimit(db: Db, companyId: number): Promise<void> {
  const limit = await maxActiveProjects(db, companyId);
  if (limit < 0) return;
  if ((await countActiveProjects(db, companyId)) >= limit) throw new AppError('PROJECT_LIMIT_REACHED');
}

function cleanName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw new AppError('REQUIRED_FIELD', { fields: ['name'] });
  throwFirstProblem(textLengthProblems([['name', trimmed, 'name']]));
  return trimmed;
}

/**
 * Creates a project owned by a company, which takes part in it as project administrator with all disciplines:
 * the caller's own company, or (platform administrators, from the admin area) the company named. Who may is the
 * `company.createProject` policy. Refused past the company's active-project limit (editor §5.3).
 */
export async function createProject(
  services: AppServices,
  actor: Actor,
  input: { name: string; image?: string | null; companyId?: number | null },
): Promise<ProjectRow> {
  const { db } = services.database;
  const companyId = input.companyId ?? actor.account.companyId;
  if (companyId === null) {
    // A platform administrator belongs to no company: the admin area names the owner.
    if (actor.account.isAdmin) throw new AppError('REQUIRED_FIELD', { fields: ['companyId'] });
    throw new AppError('FORBIDDEN');
  }
  if (!canInCompany(companyPolicyActorFor(actor, companyId), 'company.createProject'))
    throw new AppError('FORBIDDEN');
  const name = cleanName(input.name);
  const company = await findCompanyById(db, companyId);
  if (!company) throw new AppError('COMPANY_NOT_FOUND');
  if (!company.isActive) throw new AppError('COMPANY_IS_NOT_ACTIVE');
  const image = await claimProfileImage(db, actor, {
    kind: 'PROJECT_IMAGE',
    field: 'image',
    value: input.image,
    current: null,
  });
  return unitOfWork(services, async (tx) => {
    // Serialise project creation per company so two requests cannot both pass the limit.
    await lockCompanyProjects(tx, companyId);
    await checkActiveProjectLimit(tx, companyId);
    return insertOwnedProject(tx, {
      companyId,
      name,
      image: image ?? null,
      createdByUserId: actor.account.id,
    });
  });
}

/**
 * updateProject: name, status and image; only status may change while the project is inactive. `image` is the URL
 * of the caller's confirmed profile image upload, null to remove it, or the current URL (unchanged).
 */
export async function updateProject(
  services: AppServices,
  actor: Actor,
  projectId: number,
  input: { name?: string | null; status?: number | null; image?: string | null },
): Promise<ProjectAccess> {
  const { db } = services.database;
  const access = await loadProjectAccess(db, actor, projectId);
  requireAction(access, 'project.update');
  const changesContent = input.name != null || input.image !== undefined;
  if (
    changesContent &&
    access.project.status !== PROJECT_STATUS.active &&
    input.status !== PROJECT_STATUS.active
  ) {
    throw new AppError('FORBIDDEN_PROJECT_NOT_ACTIVE');
  }
  if (
    input.status != null &&
    input.status !== PROJECT_STATUS.active &&
    input.status !== PROJECT_STATUS.inactive
  ) {
    throw new AppError('INVALID_ACTION', { reason: 'status' });
  }
  const image = await claimProfileImage(db, actor, {
    kind: 'PROJECT_IMAGE',
    field: 'image',
    value: input.image,
    current: access.project.image,
  });
  await unitOfWork(services, async (tx) => {
    if (input.status === PROJECT_STATUS.active && access.project.status !== PROJECT_STATUS.active) {
      await lockCompanyProjects(tx, access.project.companyId);
      await checkActiveProjectLimit(tx, access.project.companyId);
    }
    await updateProjectRow(tx, projectId, {
      ...(input.name != null ? { name: cleanName(input.name) } : {}),
      ...(input.status != null ? { status: input.status } : {}),
      ...(image !== undefined ? { image } : {}),
    });
  });
  if (image !== undefined) await releaseProfileImage(services, access.project.image);
  return loadProjectAccess(db, actor, projectId);
}

/** Stars or unstars a project on the caller's workspace home. */
export async function setProjectStarred(
  services: AppServices,
  actor: Actor,
  projectId: number,
  starred: boolean,
): Promise<boolean> {
  const { db } = services.database;
  // Personal, so allowed on an inactive project too (its card stays on the home page).
  requireParticipant(await loadProjectAccess(db, actor, projectId));
  await setProjectStar(db, projectId, actor.account.id, starred);
  return starred;
}

/** projectIdByGuid: the id of a project the caller takes part in. */
export async function projectIdByGuid(services: AppServices, actor: Actor, guid: string): Promise<number> {
  const { db } = services.database;
  if (!/^[0-9a-f-]{36}$/i.test(guid)) throw new AppError('PROJECT_NOT_FOUND');
  const id = await projectIdOfGuid(db, guid);
  if (id === undefined) throw new AppError('PROJECT_NOT_FOUND');
  await loadProjectAccess(db, actor, id);
  return id;
}
