import { availableModules, canInProject, translateShared } from '@obra/domain';
import { requireActor, type GraphQLContext } from '../context.ts';
import type { Resolvers } from '../generated/resolvers-types.ts';
import { loadProjectAccess } from '../../modules/projects/project-access.ts';
import { projectIntegrationFields } from '../../modules/integrations/integration-service.ts';
import { listMentionableIssues, listProjectMentions } from '../../modules/issues/issue-mention-repository.ts';
import { companyProjectRoles } from '../../modules/projects/project-company-repository.ts';
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
  projectCardsByIds,
  projectDisciplinesOf,
  projectUsersOf,
  systemRoles,
  workspaceProjects,
} from '../../modules/projects/project-query-service.ts';
import { disciplinesByIds } from '../../modules/projects/project-setup-service.ts';
import {
  answerProjectInvite,
  companyProjectInvites,
  createCompanyInvite,
  deleteCompanyInvite,
  projectCompaniesOf,
  removeCompany,
  setCompanyRole,
  updateCompanyInvite,
  type ParticipationRow,
  type ProjectInviteRow,
} from '../../modules/projects/project-company-service.ts';
import type { CompanyRow } from '../../modules/companies/company-repository.ts';
import { copyProjectSettings, requestDuplicate } from '../../modules/projects/project-copy-service.ts';
import { presentCompany, presentInvite, presentParticipation, presentPhase } from './projects-presenters.ts';

/** A company by id (batched over the request); it exists: a participation or a project refers to it. */
async function companyOf(ctx: GraphQLContext, companyId: number): Promise<CompanyRow> {
  const row = await ctx.loaders.companies.load(companyId);
  if (!row) throw new Error('company missing');
  return row;
}

async function participationOf(ctx: GraphQLContext, p: ParticipationRow) {
  return presentParticipation(p, await companyOf(ctx, p.companyId));
}

/** An invitation with its company, that company's administrators and the invited disciplines. */
async function inviteOf(ctx: GraphQLContext, invite: ProjectInviteRow) {
  const [company, admins, disciplines] = await Promise.all([
    companyOf(ctx, invite.companyId),
    ctx.loaders.companyAdmins.load(invite.companyId),
    disciplinesByIds(ctx.services.database.db, invite.projectId, invite.disciplineIds as number[]),
  ]);
  return presentInvite(invite, { company, admins, disciplines });
}

/** Projects, setup, groups, tags, company invites and roles (spec core §7; issue 4). */
export const projectsResolvers: Resolvers = {
  Query: {
    projectData: (_r, { projectId }, ctx) =>
      loadProjectAccess(ctx.services.database.db, requireActor(ctx), projectId),
    projectUsers: (_r, { projectId }, ctx) => projectUsersOf(ctx.services, requireActor(ctx), projectId),
    projectCompanies: async (_r, { projectId }, ctx) => {
      const { participations, invites } = await projectCompaniesOf(
        ctx.services,
        requireActor(ctx),
        projectId,
      );
      return {
        companies: await Promise.all(participations.map((p) => participationOf(ctx, p))),
        pendingInvites: await Promise.all(invites.map((i) => inviteOf(ctx, i))),
        disciplines: await listDisciplines(ctx.services.database.db, projectId),
      };
    },
    projectIdByGuid: (_r, { projectGuid }, ctx) =>
      projectIdByGuid(ctx.services, requireActor(ctx), projectGuid),
    projectDisciplines: (_r, { projectId }, ctx) =>
      projectDisciplinesOf(ctx.services, requireActor(ctx), projectId),
    allCompanies: async (_r, _a, ctx) =>
      (await allCompanies(ctx.services, requireActor(ctx))).map(presentCompany),
    systemRoles: () => systemRoles(),
    workspaceProjects: (_r, _a, ctx) => workspaceProjects(ctx.services, requireActor(ctx)),
    companyProjectInvites: async (_r, _a, ctx) => {
      const actor = requireActor(ctx);
      const invites = await companyProjectInvites(ctx.services, actor);
      const cards = await projectCardsByIds(
        ctx.services.database.db,
        actor.account.id,
        invites.map((i) => i.projectId),
      );
      return Promise.all(
        invites.map(async (invite) => {
          const card = cards.get(invite.projectId);
          if (!card) throw new Error('invited project missing');
          return { ...(await inviteOf(ctx, invite)), project: card, createdAt: invite.createdAt };
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
      inviteOf(ctx, await createCompanyInvite(ctx.services, requireActor(ctx), input)),
    updateProjectCompanyInvite: async (_r, input, ctx) =>
      inviteOf(ctx, await updateCompanyInvite(ctx.services, requireActor(ctx), input)),
    deleteProjectCompanyInvite: (_r, { projectId, companyId }, ctx) =>
      deleteCompanyInvite(ctx.services, requireActor(ctx), projectId, companyId),
    setProjectCompanyRoleAndDisciplines: async (_r, input, ctx) =>
      participationOf(ctx, await setCompanyRole(ctx.services, requireActor(ctx), input)),
    deleteProjectCompany: (_r, { projectId, companyId }, ctx) =>
      removeCompany(ctx.services, requireActor(ctx), projectId, companyId),
    acceptProjectCompanyInvite: async (_r, { inviteId }, ctx) => {
      const actor = requireActor(ctx);
      const projectId = await answerProjectInvite(ctx.services, actor, inviteId, true);
      const card = (await projectCardsByIds(ctx.services.database.db, actor.account.id, [projectId])).get(
        projectId,
      );
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
    // Only the modules that are built: a stored module without screens or API is never advertised.
    modules: (a) => availableModules(a.project.modules as unknown[]),
    allowPublicView: (a) => a.project.allowPublicView,
    documentsNamingRule: (a) => a.project.documentsNamingRule as string[],
    documentsNamingRuleSeparator: (a) => a.project.documentsNamingRuleSeparator,
    integrations: (a, _args, ctx) => projectIntegrationFields(ctx.services, a.project.id),
    company: async (a, _args, ctx) => {
      const [company, projects] = await Promise.all([
        companyOf(ctx, a.project.companyId),
        companyProjectRoles(ctx.services.database.db, a, a.project.companyId),
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
      return Promise.all(participations.map((p) => participationOf(ctx, p)));
    },
    pendingInvites: async (a, _args, ctx) => {
      const { invites } = await projectCompaniesOf(ctx.services, a.actor, a.project.id);
      return Promise.all(invites.map((i) => inviteOf(ctx, i)));
    },
  },
};
