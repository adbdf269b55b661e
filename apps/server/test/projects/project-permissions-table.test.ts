import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { canInProject, PROJECT_STATUS, projectMatrix, type ProjectAction } from '@obra/domain';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { buildCompany, buildCompanyWithAdmin, buildUser, type TestUser } from '../support/factories.ts';
import {
  projectCompanies,
  projectCompanyInvites,
  projectGroups,
  projectGroupUsers,
  projects,
} from '../../src/db/schema/index.ts';
import { call, createProject, INVITE, SET_DISCIPLINES } from './project-test-kit.ts';

/**
 * The permission matrix of docs/permissions.md, enforced by the server: every project write call is run by every
 * kind of caller on an active and an inactive project, and the outcome is read from the domain matrix
 * (projectMatrix / canInProject): allowed roles succeed, others get FORBIDDEN, an inactive project gives
 * FORBIDDEN_PROJECT_NOT_ACTIVE to those allowed, and a non-participant gets PROJECT_NOT_FOUND.
 */
type Who = 'project_admin' | 'coordinator' | 'collaborator' | 'non_participant' | 'platform_admin';
type State = 'active' | 'inactive';
const WHO: Who[] = ['project_admin', 'coordinator', 'collaborator', 'non_participant', 'platform_admin'];
const STATES: State[] = ['active', 'inactive'];

interface Case {
  name: string;
  /** A matrix action, or 'participant' for personal calls any participant makes for themself. */
  action: ProjectAction | 'participant';
  /** Whether the call is refused on an inactive project (reads of a source project are not). */
  inactive: 'refused' | 'allowed';
  query: string;
  /** Variables for one run against the project under test (fresh rows where a success consumes them). */
  variables(projectId: number, who: Who, run: string): Promise<Record<string, unknown>>;
}

let t: TestServer;
let ownerAdmin: TestUser;
const users = {} as Record<Who, TestUser>;
const project = {} as Record<State, number>;
let copySource: number;
let categoryIds: number[];
let phaseIds: number[];
let statusNames: string[];

const db = () => t.server.services.database.db;

async function takePart(projectId: number, companyId: number, roleId: number): Promise<void> {
  await db().insert(projectCompanies).values({ projectId, companyId, roleId, allDisciplines: true });
}

async function group(projectId: number, memberId?: number): Promise<number> {
  const [row] = await db()
    .insert(projectGroups)
    .values({
      projectId,
      name: `Group ${Math.random().toString(36).slice(2)}`,
      createdByUserId: ownerAdmin.id,
    })
    .returning();
  if (!row) throw new Error('group not stored');
  await db().insert(projectGroupUsers).values({ groupId: row.id, userId: ownerAdmin.id });
  if (memberId !== undefined)
    await db().insert(projectGroupUsers).values({ groupId: row.id, userId: memberId });
  return row.id;
}

async function pendingInvite(projectId: number): Promise<number> {
  const companyId = await buildCompany(t);
  await db()
    .insert(projectCompanyInvites)
    .values({ projectId, companyId, roleId: 3, allDisciplines: true, invitedByUserId: ownerAdmin.id });
  return companyId;
}

async function participant(projectId: number): Promise<number> {
  const companyId = await buildCompany(t);
  await takePart(projectId, companyId, 3);
  return companyId;
}

const COMPANY_ARGS = '$p: Int!, $c: Int!, $r: Int!, $all: Boolean!, $d: [Int!]!';
const COMPANY_VALUES =
  'projectId: $p, companyId: $c, projectRoleId: $r, allDisciplines: $all, disciplinesId: $d';

const CASES: Case[] = [
  {
    name: 'updateProject',
    action: 'project.update',
    inactive: 'refused',
    query: 'mutation($p: Int!, $n: String) { updateProject(projectId: $p, name: $n) { id } }',
    variables: async (p, _who, run) => ({ p, n: `Renamed ${run}` }),
  },
  {
    name: 'setProjectLocals',
    action: 'project.setup',
    inactive: 'refused',
    query:
      'mutation($p: Int!, $l: [ProjectTreeItemInput!]!) { setProjectLocals(projectId: $p, locals: $l) { id } }',
    variables: async (p) => ({
      p,
      l: [{ name: 'Torre A', abbreviation: 'TA', children: [{ name: 'Térreo', abbreviation: 'T' }] }],
    }),
  },
  {
    name: 'setProjectLabels',
    action: 'project.setup',
    inactive: 'refused',
    query:
      'mutation($p: Int!, $l: [ProjectTreeItemInput!]!) { setProjectLabels(projectId: $p, labels: $l) { id } }',
    variables: async (p) => ({ p, l: [{ name: 'Urgente', abbreviation: 'URG' }] }),
  },
  {
    name: 'setProjectCategories',
    action: 'project.setup',
    inactive: 'refused',
    query:
      'mutation($p: Int!, $ids: [Int!]!) { setProjectCategories(projectId: $p, categoriesIds: $ids) { id } }',
    variables: async (p) => ({ p, ids: categoryIds }),
  },
  {
    name: 'setProjectPhases',
    action: 'project.setup',
    inactive: 'refused',
    query: 'mutation($p: Int!, $ids: [Int!]!) { setProjectPhases(projectId: $p, phasesIds: $ids) { id } }',
    variables: async (p) => ({ p, ids: phaseIds }),
  },
  {
    name: 'setProjectDisciplines',
    action: 'project.setup',
    inactive: 'refused',
    query: SET_DISCIPLINES,
    variables: async (projectId, _who, run) => ({
      projectId,
      disciplines: [{ name: `Fachada ${run}`, abbreviation: `F${run.length}${run.charCodeAt(0)}` }],
    }),
  },
  {
    name: 'setProjectDisciplinesStatus',
    action: 'project.setup',
    inactive: 'refused',
    query:
      'mutation($p: Int!, $s: [String!]!) { setProjectDisciplinesStatus(projectId: $p, disciplinesStatus: $s) { name } }',
    variables: async (p) => ({ p, s: statusNames }),
  },
  {
    name: 'setProjectDocumentsNamingRule',
    action: 'project.setup',
    inactive: 'refused',
    query:
      'mutation($p: Int!, $r: [String!]!, $s: String!) { setProjectDocumentsNamingRule(projectId: $p, documentsNamingRule: $r, documentsNamingRuleSeparator: $s) { id } }',
    variables: async (p) => ({ p, r: ['discipline', 'sequence', 'revision'], s: '-' }),
  },
  {
    // The project under test is the target; the source (always active) needs copySettings.
    name: 'copyProjectSettings',
    action: 'project.copySettings',
    inactive: 'refused',
    query:
      'mutation($s: Int!, $t: [Int!]!, $settings: JSON!) { copyProjectSettings(sourceProjectId: $s, targetProjectsIds: $t, settings: $settings) }',
    variables: async (p) => ({ s: copySource, t: [p], settings: { locals: true, phases: true } }),
  },
  {
    // Duplicating reads the source: an inactive project may be duplicated (the copy is created inactive anyway).
    name: 'duplicateProject',
    action: 'project.duplicate',
    inactive: 'allowed',
    query:
      'mutation($s: Int!, $n: String!) { duplicateProject(sourceProjectId: $s, targetProjectName: $n) { id } }',
    variables: async (s, _who, run) => ({ s, n: `Copy ${run}` }),
  },
  {
    name: 'createProjectGroup',
    action: 'project.createGroup',
    inactive: 'refused',
    query: 'mutation($p: Int!, $n: String!) { createProjectGroup(projectId: $p, name: $n) { id } }',
    variables: async (p, _who, run) => ({ p, n: `Team ${run}` }),
  },
  {
    name: 'setProjectGroup (a group someone else created)',
    action: 'project.manageAnyGroup',
    inactive: 'refused',
    query:
      'mutation($p: Int!, $g: Int!, $n: String!, $u: [Int!]!) { setProjectGroup(projectId: $p, groupId: $g, name: $n, usersId: $u) { id } }',
    variables: async (p, _who, run) => ({
      p,
      g: await group(p),
      n: `Renamed team ${run}`,
      u: [ownerAdmin.id],
    }),
  },
  {
    name: 'deleteProjectGroup (a group someone else created)',
    action: 'project.manageAnyGroup',
    inactive: 'refused',
    query: 'mutation($p: Int!, $g: Int!) { deleteProjectGroup(projectId: $p, groupId: $g) }',
    variables: async (p) => ({ p, g: await group(p) }),
  },
  {
    name: 'createProjectCompanyInvite',
    action: 'project.manageCompanies',
    inactive: 'refused',
    query: INVITE,
    variables: async (projectId) => ({
      projectId,
      companyId: await buildCompany(t),
      projectRoleId: 3,
      allDisciplines: true,
      disciplinesId: [],
    }),
  },
  {
    name: 'updateProjectCompanyInvite',
    action: 'project.manageCompanies',
    inactive: 'refused',
    query: `mutation(${COMPANY_ARGS}) { updateProjectCompanyInvite(${COMPANY_VALUES}) { id } }`,
    variables: async (p) => ({ p, c: await pendingInvite(p), r: 2, all: true, d: [] }),
  },
  {
    name: 'deleteProjectCompanyInvite',
    action: 'project.manageCompanies',
    inactive: 'refused',
    query: 'mutation($p: Int!, $c: Int!) { deleteProjectCompanyInvite(projectId: $p, companyId: $c) }',
    variables: async (p) => ({ p, c: await pendingInvite(p) }),
  },
  {
    name: 'setProjectCompanyRoleAndDisciplines',
    action: 'project.manageCompanies',
    inactive: 'refused',
    query: `mutation(${COMPANY_ARGS}) { setProjectCompanyRoleAndDisciplines(${COMPANY_VALUES}) { id } }`,
    variables: async (p) => ({ p, c: await participant(p), r: 2, all: true, d: [] }),
  },
  {
    name: 'deleteProjectCompany',
    action: 'project.manageCompanies',
    inactive: 'refused',
    query: 'mutation($p: Int!, $c: Int!) { deleteProjectCompany(projectId: $p, companyId: $c) }',
    variables: async (p) => ({ p, c: await participant(p) }),
  },
  {
    // Personal: kept on inactive projects, whose cards stay on the home page.
    name: 'setProjectStarred',
    action: 'participant',
    inactive: 'allowed',
    query: 'mutation($p: Int!) { setProjectStarred(projectId: $p, starred: true) }',
    variables: async (p) => ({ p }),
  },
  {
    name: 'setProjectUserTags',
    action: 'participant',
    inactive: 'refused',
    query:
      'mutation($p: Int!, $tags: [ProjectUserTagInput!]!) { setProjectUserTags(projectId: $p, tags: $tags) { id } }',
    variables: async (p) => ({ p, tags: [{ name: 'Revisar' }] }),
  },
  {
    name: 'leaveProjectGroup',
    action: 'participant',
    inactive: 'refused',
    query: 'mutation($p: Int!, $g: Int!) { leaveProjectGroup(projectId: $p, groupId: $g) }',
    variables: async (p, who) => ({ p, g: await group(p, users[who].id) }),
  },
];

function allowed(action: Case['action'], who: Who): boolean {
  if (who === 'non_participant') return false;
  if (action === 'participant') return who !== 'platform_admin';
  if (who === 'platform_admin')
    return canInProject({ isAdmin: true, companyRole: null, projectRole: null }, action);
  return projectMatrix()[action].includes(who);
}

function expected(c: Case, who: Who, state: State): string {
  if (who === 'non_participant') return 'PROJECT_NOT_FOUND';
  if (!allowed(c.action, who)) return 'FORBIDDEN';
  if (state === 'inactive' && c.inactive === 'refused') return 'FORBIDDEN_PROJECT_NOT_ACTIVE';
  // Rule beside the matrix: project administrators cannot leave a group.
  if (c.name === 'leaveProjectGroup' && who === 'project_admin') return 'ADMIN_CANT_LEAVE_PROJECT_GROUP';
  return 'ok';
}

beforeAll(async () => {
  t = await startTestServer();
  const owner = await buildCompanyWithAdmin(t);
  ownerAdmin = owner.admin;
  const coordinators = await buildCompany(t);
  const collaborators = await buildCompany(t);
  const strangers = await buildCompany(t);
  // Company roles are deliberately not the project roles: in a project, the company's project role counts.
  users.project_admin = await buildUser(t, { companyId: owner.companyId, companyRole: 'collaborator' });
  users.coordinator = await buildUser(t, { companyId: coordinators, companyRole: 'collaborator' });
  users.collaborator = await buildUser(t, { companyId: collaborators, companyRole: 'admin' });
  users.non_participant = await buildUser(t, { companyId: strangers, companyRole: 'admin' });
  users.platform_admin = await buildUser(t, { isAdmin: true });
  project.active = await createProject(t, ownerAdmin, 'Matrix active');
  project.inactive = await createProject(t, ownerAdmin, 'Matrix inactive');
  copySource = await createProject(t, ownerAdmin, 'Matrix source');
  for (const id of [project.active, project.inactive, copySource]) {
    await takePart(id, coordinators, 2);
    await takePart(id, collaborators, 3);
  }
  await db()
    .update(projects)
    .set({ status: PROJECT_STATUS.inactive })
    .where(eq(projects.id, project.inactive));
  const data = await call<{
    projectData: {
      categories: { id: number }[];
      phases: { id: number }[];
      disciplinesStatus: { name: string }[];
    };
  }>(
    t,
    ownerAdmin,
    'query($p: Int!) { projectData(projectId: $p) { categories { id } phases { id } disciplinesStatus { name } } }',
    { p: project.active },
  );
  categoryIds = data.projectData.categories.map((c) => c.id);
  phaseIds = data.projectData.phases.map((p) => p.id);
  statusNames = data.projectData.disciplinesStatus.map((s) => s.name);
});

afterAll(async () => {
  await t.close();
});

describe('the project permission matrix on the server', () => {
  it('covers every project mutation of the projects schema', () => {
    const sdl = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../src/graphql/schema/projects.graphql'),
      'utf8',
    );
    const mutations = sdl.slice(sdl.indexOf('extend type Mutation'));
    const names = [...mutations.matchAll(/^\s+(\w+)\(/gm)].map((m) => m[1]);
    // Company actions, tested against the company matrix elsewhere (projects-calls, project-companies tests).
    const companyActions = ['createProject', 'acceptProjectCompanyInvite', 'rejectProjectCompanyInvite'];
    const covered = new Set(CASES.map((c) => c.name.split(' ')[0]));
    expect(names.filter((n) => !companyActions.includes(n!) && !covered.has(n!))).toEqual([]);
  });

  for (const c of CASES) {
    it(`${c.name}: ${c.action}`, async () => {
      const outcomes: string[] = [];
      const wanted: string[] = [];
      for (const state of STATES) {
        for (const who of WHO) {
          const run = `${who}-${state}`;
          const res = await t.gql(c.query, await c.variables(project[state], who, run), {
            token: users[who].token,
          });
          const got = res.errors?.length
            ? (res.errors[0]?.extensions?.code ?? 'no code')
            : res.data
              ? 'ok'
              : 'no data';
          outcomes.push(`${run}: ${got}`);
          wanted.push(`${run}: ${expected(c, who, state)}`);
        }
      }
      expect(outcomes).toEqual(wanted);
    });
  }
});
