import { asc, eq } from 'drizzle-orm';
import { projects } from '../../db/schema/index.ts';
import { requireActor } from '../context.ts';
import type { Resolvers } from '../generated/resolvers-types.ts';
import {
  adminCompanies,
  adminSaveCompany,
  companyMembers,
  companyProfile,
  removeMember,
  requireOwnCompany,
  requirePlatformAdmin,
  setMemberRole,
  updateOwnProfile,
} from '../../modules/companies/company-admin-service.ts';
import { ADMIN_SCRIPTS, runAdminScript } from '../../modules/companies/admin-scripts.ts';
import { projectCards } from '../../modules/projects/project-query-service.ts';

/** Company pages and the platform admin area (spec core §2; issue 4). */
export const companiesResolvers: Resolvers = {
  Query: {
    companyMembers: (_r, _a, ctx) =>
      companyMembers(ctx.services.database.db, requireOwnCompany(requireActor(ctx), 'company.view')),
    companyProfile: (_r, _a, ctx) =>
      companyProfile(ctx.services.database.db, requireOwnCompany(requireActor(ctx), 'company.view')),
    companyProjects: async (_r, _a, ctx) => {
      const actor = requireActor(ctx);
      const companyId = requireOwnCompany(actor, 'company.view');
      const db = ctx.services.database.db;
      const rows = await db
        .select()
        .from(projects)
        .where(eq(projects.companyId, companyId))
        .orderBy(asc(projects.name));
      return projectCards(db, actor.account.id, rows);
    },
    adminCompanies: (_r, _a, ctx) => adminCompanies(ctx.services, requireActor(ctx)),
    adminCompany: (_r, { companyId }, ctx) => {
      requirePlatformAdmin(requireActor(ctx));
      return companyProfile(ctx.services.database.db, companyId);
    },
    adminCompanyMembers: async (_r, { companyId }, ctx) => {
      requirePlatformAdmin(requireActor(ctx));
      await companyProfile(ctx.services.database.db, companyId);
      return companyMembers(ctx.services.database.db, companyId);
    },
    adminCompanyProjects: async (_r, { companyId }, ctx) => {
      const actor = requireActor(ctx);
      requirePlatformAdmin(actor);
      const db = ctx.services.database.db;
      const rows = await db
        .select()
        .from(projects)
        .where(eq(projects.companyId, companyId))
        .orderBy(asc(projects.name));
      return projectCards(db, actor.account.id, rows);
    },
    adminProjects: async (_r, _a, ctx) => {
      const actor = requireActor(ctx);
      requirePlatformAdmin(actor);
      const db = ctx.services.database.db;
      return projectCards(db, actor.account.id, await db.select().from(projects).orderBy(asc(projects.name)));
    },
    adminScripts: (_r, _a, ctx) => {
      requirePlatformAdmin(requireActor(ctx));
      return ADMIN_SCRIPTS.map((name) => ({ name }));
    },
  },
  Mutation: {
    setCompanyMemberRole: (_r, { userId, role }, ctx) =>
      setMemberRole(ctx.services, requireActor(ctx), userId, role),
    removeCompanyMember: (_r, { userId }, ctx) => removeMember(ctx.services, requireActor(ctx), userId),
    updateCompanyProfile: (_r, { input }, ctx) => updateOwnProfile(ctx.services, requireActor(ctx), input),
    adminCreateCompany: (_r, { input }, ctx) =>
      adminSaveCompany(ctx.services, requireActor(ctx), null, input),
    adminUpdateCompany: (_r, { companyId, input }, ctx) =>
      adminSaveCompany(ctx.services, requireActor(ctx), companyId, input),
    runAdminScript: (_r, { name }, ctx) => runAdminScript(ctx.services, requireActor(ctx), name),
  },
};
