import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import { companyProjectCards, type ProjectCardView } from '../projects/project-query-service.ts';
import {
  companyMembers,
  companyProfile,
  requireOwnCompany,
  requirePlatformAdmin,
  type CompanyMemberView,
  type CompanyProfileView,
} from './company-admin-service.ts';

// The reads of the company pages (the caller's own company) and of the platform admin area (administrators
// only): each checks who may read before it reads.

/** companyMembers: the people of the caller's company. */
export function ownCompanyMembers(services: AppServices, actor: Actor): Promise<CompanyMemberView[]> {
  return companyMembers(services.database.db, requireOwnCompany(actor, 'company.view'));
}

/** companyProfile: the caller's company. */
export function ownCompanyProfile(services: AppServices, actor: Actor): Promise<CompanyProfileView> {
  return companyProfile(services.database.db, requireOwnCompany(actor, 'company.view'));
}

/** companyProjects: the projects the caller's company owns, by name. */
export function ownCompanyProjects(services: AppServices, actor: Actor): Promise<ProjectCardView[]> {
  const companyId = requireOwnCompany(actor, 'company.view');
  return companyProjectCards(services.database.db, actor.account.id, companyId);
}

/** adminCompany: any company, for platform administrators. */
export function adminCompany(
  services: AppServices,
  actor: Actor,
  companyId: number,
): Promise<CompanyProfileView> {
  requirePlatformAdmin(actor);
  return companyProfile(services.database.db, companyId);
}

/** adminCompanyMembers: the people of any company (NOT_FOUND-like answer of companyProfile when it is absent). */
export async function adminCompanyMembers(
  services: AppServices,
  actor: Actor,
  companyId: number,
): Promise<CompanyMemberView[]> {
  requirePlatformAdmin(actor);
  await companyProfile(services.database.db, companyId);
  return companyMembers(services.database.db, companyId);
}

/** adminCompanyProjects: the projects any company owns, by name. */
export function adminCompanyProjects(
  services: AppServices,
  actor: Actor,
  companyId: number,
): Promise<ProjectCardView[]> {
  requirePlatformAdmin(actor);
  return companyProjectCards(services.database.db, actor.account.id, companyId);
}

/** adminProjects: every project of the platform, by name. */
export function adminProjects(services: AppServices, actor: Actor): Promise<ProjectCardView[]> {
  requirePlatformAdmin(actor);
  return companyProjectCards(services.database.db, actor.account.id, 'all');
}
