import { AppError, canInCompany, isCompanyRole } from '@obra/domain';
import type { Db } from '../../db/database.ts';
import type { AppServices } from '../../services.ts';
import { companyPolicyActor, type Actor } from '../../auth/actor.ts';
import { announceAccessChange } from '../../realtime/access-notices.ts';
import { claimProfileImage, releaseProfileImage } from '../profile-images/profile-image-claims.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import { findUserByEmail, findUserById, updateUser } from '../identity/user-repository.ts';
import {
  companyCounts,
  countOtherAdmins,
  findCompanyById,
  findCompanyMember,
  insertCompany,
  listCompaniesByName,
  listCompanyMembers,
  saveMaxActiveProjects,
  updateCompany,
  type CompanyRow,
} from './company-repository.ts';

/** A company profile as the API shows it. */
export interface CompanyProfileView {
  id: number;
  name: string;
  logo: string | null;
  website: string | null;
  cnpj: string | null;
  ownerEmail: string | null;
  isActive: boolean;
  maxActiveProjects: number;
  activeProjects: number;
  members: number;
}

/** A member of a company. */
export interface CompanyMemberView {
  id: number;
  name: string | null;
  lastName: string | null;
  email: string;
  photo: string | null;
  role: string;
  /** The AI assistant is on for this person (company admins turn it on and off). */
  hasAiAssistant: boolean;
}

/** The caller's company id, when they may take the action in it. */
export function requireOwnCompany(actor: Actor, action: Parameters<typeof canInCompany>[1]): number {
  const companyId = actor.account.companyId;
  if (companyId === null) throw new AppError('COMPANY_NOT_FOUND');
  if (!canInCompany(companyPolicyActor(actor, { inOwnCompany: true }), action))
    throw new AppError('FORBIDDEN');
  return companyId;
}

/** Platform administrators only. */
export function requirePlatformAdmin(actor: Actor): void {
  if (!actor.account.isAdmin) throw new AppError('FORBIDDEN');
}

/** The profile of a company, with its counts. */
export async function companyProfile(db: Db, companyId: number): Promise<CompanyProfileView> {
  const row = await findCompanyById(db, companyId);
  if (!row) throw new AppError('COMPANY_NOT_FOUND');
  return present(db, row);
}

async function present(db: Db, row: CompanyRow): Promise<CompanyProfileView> {
  const [counts, owner] = await Promise.all([
    companyCounts(db, row.id),
    row.ownerUserId ? findUserById(db, row.ownerUserId) : Promise.resolve(undefined),
  ]);
  return {
    id: row.id,
    name: row.name,
    logo: row.logo,
    website: row.website,
    cnpj: row.cnpj,
    ownerEmail: owner?.email ?? null,
    isActive: row.isActive,
    maxActiveProjects: counts.maxActiveProjects,
    activeProjects: counts.activeProjects,
    members: counts.members,
  };
}

/** A member as the company's admins see them; a member without a company role is a collaborator. */
function memberView(member: {
  id: number;
  name: string | null;
  lastName: string | null;
  email: string;
  photo: string | null;
  companyRole: string | null;
  hasAiAssistant: boolean;
}): CompanyMemberView {
  const { id, name, lastName, email, photo, hasAiAssistant } = member;
  return { id, name, lastName, email, photo, role: member.companyRole ?? 'collaborator', hasAiAssistant };
}

/** The members of a company, by name. */
export async function companyMembers(db: Db, companyId: number): Promise<CompanyMemberView[]> {
  const rows = await listCompanyMembers(db, companyId);
  return rows.map(memberView);
}

async function loadMember(db: Db, companyId: number, userId: number) {
  const row = await findCompanyMember(db, companyId, userId);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** Changes a member's role; a company always keeps an administrator. */
export async function setMemberRole(
  services: AppServices,
  actor: Actor,
  userId: number,
  role: string,
): Promise<CompanyMemberView> {
  const { db } = services.database;
  const companyId = requireOwnCompany(actor, 'company.manageMembers');
  if (!isCompanyRole(role)) throw new AppError('INVALID_ACTION', { reason: 'role' });
  const member = await loadMember(db, companyId, userId);
  if (
    member.companyRole === 'admin' &&
    role !== 'admin' &&
    (await countOtherAdmins(db, companyId, userId)) === 0
  ) {
    throw new AppError('INVALID_ACTION', { reason: 'lastAdmin' });
  }
  await updateUser(db, userId, { companyRole: role });
  return memberView({ ...member, companyRole: role });
}

/**
 * Turns the AI assistant on or off for a person: company admins for the members of their company, platform
 * admins for anyone's (`companyId`, the member's company, names it).
 */
export async function setMemberAiAssistant(
  services: AppServices,
  actor: Actor,
  input: { userId: number; enabled: boolean; companyId?: number | null | undefined },
): Promise<CompanyMemberView> {
  const companyId =
    input.companyId != null && actor.account.isAdmin
      ? input.companyId
      : requireOwnCompany(actor, 'company.manageMembers');
  return unitOfWork(services, async (tx) => {
    const member = await loadMember(tx, companyId, input.userId);
    await updateUser(tx, member.id, { hasAiAssistant: input.enabled });
    return memberView({ ...member, hasAiAssistant: input.enabled });
  });
}

/** Removes a person from the company (they keep their account and may join another company). */
export async function removeMember(services: AppServices, actor: Actor, userId: number): Promise<boolean> {
  const { db } = services.database;
  const companyId = requireOwnCompany(actor, 'company.manageMembers');
  const member = await loadMember(db, companyId, userId);
  if (member.companyRole === 'admin' && (await countOtherAdmins(db, companyId, userId)) === 0) {
    throw new AppError('INVALID_ACTION', { reason: 'lastAdmin' });
  }
  await updateUser(db, userId, { companyId: null, companyRole: null });
  // Their open websockets close now: nothing of the company's projects reaches them any more.
  announceAccessChange(services, userId);
  return true;
}

function cleanProfile(input: {
  name: string;
  website?: string | null;
  cnpj?: string | null;
  logo?: string | null;
}) {
  const name = input.name.trim();
  if (!name) throw new AppError('REQUIRED_FIELD', { fields: ['name'] });
  return {
    name,
    website: input.website?.trim() || null,
    cnpj: input.cnpj?.trim() || null,
    ...(input.logo !== undefined ? { logo: input.logo } : {}),
  };
}

async function saveCompany(
  db: Db,
  companyId: number,
  values: Parameters<typeof updateCompany>[2],
): Promise<void> {
  try {
    await updateCompany(db, companyId, values);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('DUPLICATED_COMPANY_NAME');
    throw error;
  }
}

/** True for PostgreSQL's unique-violation error, on either driver. */
export function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ??
    (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505';
}

/** The company's logo now (null when it has none). */
async function currentLogo(db: Db, companyId: number): Promise<string | null> {
  const row = await findCompanyById(db, companyId);
  return row?.logo ?? null;
}

/**
 * A company administrator edits the company profile. `logo` is the URL of the caller's confirmed COMPANY_LOGO
 * upload, null to remove it, or the current URL (unchanged); left out, it stays.
 */
export async function updateOwnProfile(
  services: AppServices,
  actor: Actor,
  input: { name: string; website?: string | null; cnpj?: string | null; logo?: string | null },
) {
  const { db } = services.database;
  const companyId = requireOwnCompany(actor, 'company.updateProfile');
  const current = await currentLogo(db, companyId);
  const logo = await claimProfileImage(db, actor, {
    kind: 'COMPANY_LOGO',
    field: 'logo',
    value: input.logo,
    current,
  });
  await saveCompany(db, companyId, cleanProfile({ ...input, logo }));
  if (logo !== undefined) await releaseProfileImage(services, current);
  return companyProfile(db, companyId);
}

/** Every company, for the admin area. */
export async function adminCompanies(services: AppServices, actor: Actor): Promise<CompanyProfileView[]> {
  requirePlatformAdmin(actor);
  const { db } = services.database;
  const rows = await listCompaniesByName(db);
  return Promise.all(rows.map((r) => present(db, r)));
}

/** The admin input of a company. */
export interface AdminCompanyInput {
  name: string;
  website?: string | null;
  cnpj?: string | null;
  ownerEmail?: string | null;
  isActive: boolean;
  maxActiveProjects: number;
  /** As in updateOwnProfile: a confirmed COMPANY_LOGO upload's URL, null to remove, left out to keep. */
  logo?: string | null;
}

async function ownerIdFor(db: Db, email: string | null | undefined): Promise<number | null> {
  const clean = email?.trim().toLowerCase();
  if (!clean) return null;
  const row = await findUserByEmail(db, clean);
  if (!row) throw new AppError('NOT_FOUND', { field: 'ownerEmail' });
  return row.id;
}

/** Creates or updates a company from the admin area (name, activation, limit, owner, CNPJ, website). */
export async function adminSaveCompany(
  services: AppServices,
  actor: Actor,
  companyId: number | null,
  input: AdminCompanyInput,
): Promise<CompanyProfileView> {
  requirePlatformAdmin(actor);
  const { db } = services.database;
  if (!Number.isInteger(input.maxActiveProjects) || input.maxActiveProjects < -1)
    throw new AppError('INVALID_ACTION', { reason: 'maxActiveProjects' });
  const ownerUserId = await ownerIdFor(db, input.ownerEmail);
  const current = companyId === null ? null : await currentLogo(db, companyId);
  const logo = await claimProfileImage(db, actor, {
    kind: 'COMPANY_LOGO',
    field: 'logo',
    value: input.logo,
    current,
  });
  const values = {
    ...cleanProfile({ ...input, logo }),
    isActive: input.isActive,
    ...(ownerUserId !== null ? { ownerUserId } : {}),
  };
  const id = await unitOfWork(services, async (tx) => {
    let target = companyId;
    if (target === null) {
      const row = await insertCompany(tx, values);
      if (!row) throw new AppError('DUPLICATED_COMPANY_NAME');
      target = row.id;
    } else {
      const exists = await findCompanyById(tx, target);
      if (!exists) throw new AppError('COMPANY_NOT_FOUND');
      await saveCompany(tx, target, values);
    }
    await saveMaxActiveProjects(tx, target, input.maxActiveProjects);
    return target;
  });
  if (logo !== undefined) await releaseProfileImage(services, current);
  return companyProfile(db, id);
}
