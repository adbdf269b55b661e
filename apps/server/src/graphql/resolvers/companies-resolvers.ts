import { requireActor } from '../context.ts';
import type { Resolvers } from '../generated/resolvers-types.ts';
import {
  adminCompanies,
  adminSaveCompany,
  removeMember,
  setMemberRole,
  setMemberAiAssistant,
  updateOwnProfile,
} from '../../modules/companies/company-admin-service.ts';
import {
  adminCompany,
  adminCompanyMembers,
  adminCompanyProjects,
  adminProjects,
  ownCompanyMembers,
  ownCompanyProfile,
  ownCompanyProjects,
} from '../../modules/companies/company-query-service.ts';
import {
  listAdminScriptRuns,
  listAdminScripts,
  startAdminScript,
} from '../../modules/admin-scripts/admin-script-service.ts';

/** Company pages and the platform admin area (spec core §2; issue 4). */
export const companiesResolvers: Resolvers = {
  Query: {
    companyMembers: (_r, _a, ctx) => ownCompanyMembers(ctx.services, requireActor(ctx)),
    companyProfile: (_r, _a, ctx) => ownCompanyProfile(ctx.services, requireActor(ctx)),
    companyProjects: (_r, _a, ctx) => ownCompanyProjects(ctx.services, requireActor(ctx)),
    adminCompanies: (_r, _a, ctx) => adminCompanies(ctx.services, requireActor(ctx)),
    adminCompany: (_r, { companyId }, ctx) => adminCompany(ctx.services, requireActor(ctx), companyId),
    adminCompanyMembers: (_r, { companyId }, ctx) =>
      adminCompanyMembers(ctx.services, requireActor(ctx), companyId),
    adminCompanyProjects: (_r, { companyId }, ctx) =>
      adminCompanyProjects(ctx.services, requireActor(ctx), companyId),
    adminProjects: (_r, _a, ctx) => adminProjects(ctx.services, requireActor(ctx)),
    adminScripts: (_r, _a, ctx) => listAdminScripts(requireActor(ctx)),
    adminScriptRuns: (_r, { limit }, ctx) =>
      listAdminScriptRuns(ctx.services, requireActor(ctx), limit ?? undefined),
  },
  Mutation: {
    setCompanyMemberRole: (_r, { userId, role }, ctx) =>
      setMemberRole(ctx.services, requireActor(ctx), userId, role),
    removeCompanyMember: (_r, { userId }, ctx) => removeMember(ctx.services, requireActor(ctx), userId),
    setCompanyMemberAiAssistant: (_r, { userId, enabled, companyId }, ctx) =>
      setMemberAiAssistant(ctx.services, requireActor(ctx), { userId, enabled, companyId }),
    updateCompanyProfile: (_r, { input }, ctx) => updateOwnProfile(ctx.services, requireActor(ctx), input),
    adminCreateCompany: (_r, { input }, ctx) =>
      adminSaveCompany(ctx.services, requireActor(ctx), null, input),
    adminUpdateCompany: (_r, { companyId, input }, ctx) =>
      adminSaveCompany(ctx.services, requireActor(ctx), companyId, input),
    runAdminScript: (_r, { name, params, dryRun }, ctx) =>
      startAdminScript(ctx.services, requireActor(ctx), { name, params, dryRun, source: 'web' }),
  },
};
