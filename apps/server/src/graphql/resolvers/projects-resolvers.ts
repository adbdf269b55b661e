import { canInProject, translateShared } from '@obra/domain';
import type { Db } from '../../db/database.ts';
import { requireActor } from '../context.ts';
import type { Resolvers } from '../generated/resolvers-types.ts';
import { loadProjectAccess } from '../../modules/projects/project-access.ts';
import {
  companyProjectRoles,
  listMentionableIssues,
  listProjectMentions,
} from '../../modules/issues/issue-mentions.ts';
import {
  createProject,
  projectIdByGuid,
  setProjectStarred,
  updateProject,
} from '../../modules/projects/project-service.ts';
import {
  setCategories,
  setDisciplines,
  setDisciplinesStatus,
  setNamingRule,
  setPhases,
  setTree,
} from '../../modules/projects/project-setup-service.ts';
import {
  listCategories,
  listDisciplineStatuses,
  listDisciplines,
  listPhases,
} from '../../modules/projects/project-settings-repository.ts';
import { listTree } from '../../modules/projects/project-tree-repository.ts';
import {
  createGroup,
  deleteGroup,
  leaveGroup,
  listGroups,
  listUserTags,
  setGroup,
  setUserTags,
} from '../../modules/projects/project-group-service.ts';
import {
  allCompanies,
  listProjectUsers,
  projectCards,
  systemRoles,
  workspaceProjects,
} from '../../modules/projects/project-query-service.ts';
import {
  answerProjectInvite,
  companyProjectInvites,
  createCompanyInvite,
  deleteCompanyInvite,
  projectCompaniesOf,
  removeCompany,
  setCompanyRole,
  updateCompanyInvite,
} from '../../modules/projects/project-company-service.ts';
import { copyProjectSettings, requestDuplicate } from '../../modules/projects/project-copy-service.ts';
import { presentCompany, presentInvite, presentParticipation, presentPhase } from './projects-presenters.ts';
import { companies, projects as projectsTable } from '../../db/schema/index.ts';
import { eq } from 'drizzle-orm';

/** Projects, setup, groups, tags, company invites and roles (spec core §7; issue 4). */
export const projectsResolvers: Resolvers = {
  Query: {
    projectData: (_r, { projectId }, ctx) =>
      loadProjectAccess(ctx.services.database.db, requireActor(ctx), projectId),
    projectUsers: async (_r, { projectId }, ctx) => {
      await loadProjectAccess(ctx.services.database.db, requireActor(ctx), projectId);
      return listProjectUsers(ctx.services.database.db, projectId);
    },
    projectCompanies: async (_r, { projectId }, ctx) => {
      const { participations, invites } = await projectCompaniesOf(
        ctx.services,
        requireActor(ctx),
        projectId,
      );
      const db = ctx.services.database.db;
      return {
        companies: await Promise.all(participations.map((p) => presentParticipation(db, p))),
        pendingInvites: await Promise.all(invites.map((i) => presentInvite(db, i))),
        disciplines: await listDisciplines(db, projectId),
      };
    },
    projectIdByGuid: (_r, { projectGuid }, ctx) =>
      projectIdByGuid(ctx.services, requireActor(ctx), projectGuid),
    projectDisciplines: async (_r, { projectId }, ctx) => {
      await loadProjectAccess(ctx.services.database.db, requireActor(ctx), projectId);
      return listDisciplines(ctx.services.database.db, projectId);
    },
    allCompanies: async (_r, _a, ctx) =>
      (await allCompanies(ctx.services, requireActor(ctx))).map(presentCompany),
    systemRoles: () => systemRoles(),
    workspaceProjects: (_r, _a, ctx) => workspaceProjects(ctx.services, requireActor(ctx)),
    companyProjectInvites: async (_r, _a, ctx) => {
      const actor = requireActor(ctx);
      const db = ctx.services.database.db;
      const invites = await companyProjectInvites(ctx.services, actor);
      return Promise.all(
        invites.map(async (invite) => {
          const [project] = await db
            .select()
            .from(projectsTable)
            .where(eq(projectsTable.id, invite.projectId))
            .limit(1);
          const [card] = project ? await projectCards(db, actor.account.id, [project]) : [];
          if (!card) throw new Error('invited project missing');
          return { ...(await presentInvite(db, invite)), project: card, createdAt: invite.createdAt };
        }),
      );
    },
  },
  Mutation: {
    createProject: async (_r, { name, image, companyId }, ctx) => {
      const actor = requireActor(ctx);
      const project = await createProject(ctx.services, actor, { name, image, companyId });
      return loadProjectAccess(ctx.services.database.db, actor, project.id);
    },
    updateProject: (_r, { projectId, name, status, image }, ctx) =>
      updateProject(ctx.services, requireActor(ctx), projectId, {
        name,
        status,
        ...(image !== undefined ? { image } : {}),
      }),
    setProjectStarred: (_r, { projectId, starred }, ctx) =>
      setProjectStarred(ctx.services, requireActor(ctx), projectId, starred),
    setProjectLocals: (_r, { projectId, locals }, ctx) =>
      setTree(ctx.services, requireActor(ctx), projectId, 'locals', locals),
    setProjectLabels: (_r, { projectId, labels }, ctx) =>
      setTree(ctx.services, requireActor(ctx), projectId, 'labels', labels),
    setProjectCategories: async (_r, { projectId, categoriesIds }, ctx) =>
      (await setCategories(ctx.services, requireActor(ctx), projectId, categoriesIds)).map((c) => ({
        id: c.id,
        name: translateShared(ctx.locale, 'enums', `categories.${c.key}`) ?? c.key,
        active: c.active,
        allowDisable: c.allowDisable,
      })),
    setProjectPhases: async (_r, { projectId, phasesIds }, ctx) =>
      (await setPhases(ctx.services, requireActor(ctx), projectId, phasesIds)).map((p) =>
        presentPhase(ctx.locale, p),
      ),
    setProjectDisciplines: (_r, { projectId, disciplines }, ctx) =>
      setDisciplines(ctx.services, requireActor(ctx), projectId, disciplines),
    setProjectDisciplinesStatus: (_r, { projectId, disciplinesStatus }, ctx) =>
      setDisciplinesStatus(ctx.services, requireActor(ctx), projectId, disciplinesStatus).then((list) =>
        list.map((s) => ({ ...s, name: s.key })),
      ),
    setProjectDocumentsNamingRule: async (
      _r,
      { projectId, documentsNamingRule, documentsNamingRuleSeparator },
      ctx,
    ) => {
      const actor = requireActor(ctx);
      await setNamingRule(ctx.services, actor, projectId, documentsNamingRule, documentsNamingRuleSeparator);
      return loadProjectAccess(ctx.services.database.db, actor, projectId);
    },
    copyProjectSettings: (_r, { sourceProjectId, targetProjectsIds, settings }, ctx) =>
      copyProjectSettings(ctx.services, requireActor(ctx), sourceProjectId, targetProjectsIds, settings),
    duplicateProject: (_r, { sourceProjectId, targetProjectName }, ctx) =>
      requestDuplicate(ctx.services, requireActor(ctx), sourceProjectId, targetProjectName),
    createProjectGroup: (_r, { name, projectId, usersId }, ctx) =>
      createGroup(ctx.services, requireActor(ctx), projectId, name, usersId ?? []),
    setProjectGroup: (_r, { projectId, name, groupId, usersId }, ctx) =>
      setGroup(ctx.services, requireActor(ctx), projectId, groupId, name, usersId),
    deleteProjectGroup: (_r, { projectId, groupId }, ctx) =>
      deleteGroup(ctx.services, requireActor(ctx), projectId, groupId),
    leaveProjectGroup: (_r, { projectId, groupId }, ctx) =>
      leaveGroup(ctx.services, requireActor(ctx), projectId, groupId),
    setProjectUserTags: (_r, { projectId, tags }, ctx) =>
      setUserTags(ctx.services, requireActor(ctx), projectId, tags),
    createProjectCompanyInvite: async (_r, input, ctx) =>
      presentInvite(
        ctx.services.database.db,
        await createCompanyInvite(ctx.services, requireActor(ctx), input),
      ),
    updateProjectCompanyInvite: async (_r, input, ctx) =>
      presentInvite(
        ctx.services.database.db,
        await updateCompanyInvite(ctx.services, requireActor(ctx), input),
      ),
    deleteProjectCompanyInvite: (_r, { projectId, companyId }, ctx) =>
      deleteCompanyInvite(ctx.services, requireActor(ctx), projectId, companyId),
    setProjectCompanyRoleAndDisciplines: async (_r, input, ctx) =>
      presentParticipation(
        ctx.services.database.db,
        await setCompanyRole(ctx.services, requireActor(ctx), input),
      ),
    deleteProjectCompany: (_r, { projectId, companyId }, ctx) =>
      removeCompany(ctx.services, requireActor(ctx), projectId, companyId),
    acceptProjectCompanyInvite: async (_r, { inviteId }, ctx) => {
      const actor = requireActor(ctx);
      const projectId = await answerProjectInvite(ctx.services, actor, inviteId, true);
      const db = ctx.services.database.db;
      const [project] = await db.select().from(projectsTable).where(eq(projectsTable.id, projectId)).limit(1);
      const [card] = project ? await projectCards(db, actor.account.id, [project]) : [];
      if (!card) throw new Error('accepted project missing');
      return card;
    },
    rejectProjectCompanyInvite: async (_r, { inviteId }, ctx) => {
      await answerProjectInvite(ctx.services, requireActor(ctx), inviteId, false);
      return true;
    },
  },
  Project: {
    id: (a) => a.project.id,
    guid: (a) => a.project.guid,
    name: (a) => a.project.name,
    image: (a) => a.project.image,
    status: (a) => a.project.status,
    modules: (a) => a.project.modules as string[],
    allowPublicView: (a) => a.project.allowPublicView,
    documentsNamingRule: (a) => a.project.documentsNamingRule as string[],
    documentsNamingRuleSeparator: (a) => a.project.documentsNamingRuleSeparator,
    integrations: () => ({}),
    company: async (a, _args, ctx) => {
      const { db } = ctx.services.database;
      const [company, projects] = await Promise.all([
        ownerCompany(db, a.project.companyId),
        companyProjectRoles(db, a, a.project.companyId),
      ]);
      return { ...presentCompany(company), projects };
    },
    permissions: (a) => ({
      role: a.role,
      manageDisciplines: a.manageDisciplines,
      userDisciplines: a.userDisciplines,
      canUpdate: canInProject(a.policyActor, 'project.update'),
      canSetup: canInProject(a.policyActor, 'project.setup'),
      canDuplicate: canInProject(a.policyActor, 'project.duplicate'),
      canManageCompanies: canInProject(a.policyActor, 'project.manageCompanies'),
      canManageIntegrations: canInProject(a.policyActor, 'project.manageIntegrations'),
      canManageAnyGroup: canInProject(a.policyActor, 'project.manageAnyGroup'),
    }),
    locals: (a, _args, ctx) => listTree(ctx.services.database.db, 'locals', a.project.id),
    labels: (a, _args, ctx) => listTree(ctx.services.database.db, 'labels', a.project.id),
    categories: async (a, _args, ctx) =>
      (await listCategories(ctx.services.database.db, a.project.id)).map((c) => ({
        id: c.id,
        name: translateShared(ctx.locale, 'enums', `categories.${c.key}`) ?? c.key,
        active: c.active,
        allowDisable: c.allowDisable,
      })),
    phases: async (a, _args, ctx) =>
      (await listPhases(ctx.services.database.db, a.project.id)).map((p) => presentPhase(ctx.locale, p)),
    disciplinesStatus: async (a, _args, ctx) =>
      (await listDisciplineStatuses(ctx.services.database.db, a.project.id)).map((s) => ({
        ...s,
        name: s.key,
      })),
    disciplines: (a, _args, ctx) => listDisciplines(ctx.services.database.db, a.project.id),
    users: (a, _args, ctx) => listProjectUsers(ctx.services.database.db, a.project.id),
    groups: (a, _args, ctx) => listGroups(ctx.services.database.db, a),
    userTags: (a, _args, ctx) => listUserTags(ctx.services.database.db, a.project.id, a.actor.account.id),
    mentions: (a, _args, ctx) => listProjectMentions(ctx.services.database.db, a),
    mentionableIssues: (a, _args, ctx) => listMentionableIssues(ctx.services.database.db, a),
    companies: async (a, _args, ctx) => {
      const { participations } = await projectCompaniesOf(ctx.services, a.actor, a.project.id);
      return Promise.all(participations.map((p) => presentParticipation(ctx.services.database.db, p)));
    },
    pendingInvites: async (a, _args, ctx) => {
      const { invites } = await projectCompaniesOf(ctx.services, a.actor, a.project.id);
      return Promise.all(invites.map((i) => presentInvite(ctx.services.database.db, i)));
    },
  },
};

async function ownerCompany(db: Db, companyId: number) {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!row) throw new Error('owner company missing');
  return row;
}
