import { sql } from 'drizzle-orm';
import type { TestServer } from '../support/test-server.ts';
import { buildCompanyWithAdmin, buildUser, type TestUser } from '../support/factories.ts';
import { addDisciplines, call, createProject } from '../projects/project-test-kit.ts';

export const ISSUE_FIELDS = `id projectId code title description status priority visibility category creationPhase resolutionPhase
  deadline groupId pin createdAt createdByUserId editedAt editedByUserId visibilityUpdatedAt visibilityUpdatedByUserId
  statusUpdatedAt statusUpdatedByUserId toProjectManagementAt toProjectManagementBy toPublicAt toPublicBy
  disciplines { disciplineId status deadline doneAt discipline { id abbreviation } }
  locals { localId } labels { labelId } userPersonalData { starred tags { tagId } } permissions { edit delete }`;

export const CREATE_ISSUE = `mutation($projectId: Int!, $title: String, $description: String, $status: String, $priority: String,
  $visibility: String, $category: Int, $creationPhase: Int, $resolutionPhase: Int, $deadline: String, $groupId: Int,
  $disciplines: [IssueDisciplineInput!], $locals: [Int!], $labels: [Int!], $pin: JSON, $bimPins: JSON) {
  createIssue(projectId: $projectId, title: $title, description: $description, status: $status, priority: $priority,
    visibility: $visibility, category: $category, creationPhase: $creationPhase, resolutionPhase: $resolutionPhase,
    deadline: $deadline, groupId: $groupId, disciplines: $disciplines, locals: $locals, labels: $labels, pin: $pin,
    bimPins: $bimPins) { id projectId }
}`;

export const UPDATE_ISSUE = `mutation($projectId: Int!, $issueId: Int!, $title: String, $description: String, $status: String,
  $priority: String, $visibility: String, $resolutionPhase: Int, $groupId: Int, $disciplines: [IssueDisciplineInput!],
  $locals: [Int!], $pin: JSON) {
  updateIssue(projectId: $projectId, issueId: $issueId, title: $title, description: $description, status: $status,
    priority: $priority, visibility: $visibility, resolutionPhase: $resolutionPhase, groupId: $groupId,
    disciplines: $disciplines, locals: $locals, pin: $pin) { id projectId }
}`;

export const GET_ISSUE = `query($projectId: Int!, $issueId: Int!) { issue(projectId: $projectId, issueId: $issueId) { ${ISSUE_FIELDS}
  history { _id entityType fields issueVisibility userId } } }`;

export const GET_ISSUES = `query($projectId: Int!, $first: Int, $after: String, $filter: JSON) {
  getIssues(projectId: $projectId, first: $first, after: $after, filter: $filter) {
    issues { id code title status visibility } pageInfo { hasNextPage endCursor } } }`;

/** A project with people in every position the issue rules tell apart. */
export interface IssueWorld {
  projectId: number;
  disciplineIds: number[];
  groupId: number;
  /** project_admin of the owner company (a manager): creates issues. */
  creator: TestUser;
  /** Same company as the creator: a manager (coordinator-like) outside the group. */
  coordinator: TestUser;
  /** A collaborator of another discipline who is in the group. */
  groupMember: TestUser;
  /** A collaborator of the issues' discipline (disciplineIds[0]). */
  collaboratorSame: TestUser;
  /** A collaborator of another discipline (disciplineIds[1]). */
  collaboratorOther: TestUser;
  /** A user whose company does not take part in the project. */
  outsider: TestUser;
}

async function joinAsCollaborator(t: TestServer, projectId: number, disciplineId: number): Promise<TestUser> {
  const company = await buildCompanyWithAdmin(t);
  await t.server.services.database.db.execute(
    sql`insert into project_companies (project_id, company_id, role_id, all_disciplines, discipline_ids)
        values (${projectId}, ${company.companyId}, 3, false, ${JSON.stringify([disciplineId])}::jsonb)`,
  );
  return company.admin;
}

/** Builds the world: a project with three disciplines, a group, and the six kinds of people. */
export async function buildIssueWorld(t: TestServer): Promise<IssueWorld> {
  const owner = await buildCompanyWithAdmin(t);
  const coordinator = await buildUser(t, { companyId: owner.companyId, companyRole: 'collaborator' });
  const projectId = await createProject(t, owner.admin, 'Torre Issues');
  const disciplineIds = await addDisciplines(t, owner.admin, projectId);
  const [d0, d1, d2] = disciplineIds;
  if (d0 === undefined || d1 === undefined || d2 === undefined) throw new Error('disciplines missing');
  const collaboratorSame = await joinAsCollaborator(t, projectId, d0);
  const collaboratorOther = await joinAsCollaborator(t, projectId, d1);
  const groupMember = await joinAsCollaborator(t, projectId, d2);
  const group = await call<{ createProjectGroup: { id: number } }>(
    t,
    owner.admin,
    'mutation($p: Int!, $u: [Int!]) { createProjectGroup(projectId: $p, name: "Fachadas", usersId: $u) { id } }',
    { p: projectId, u: [groupMember.id] },
  );
  // The creator made the group and so is in it; leaving is refused to admins, so take them out directly.
  await t.server.services.database.db.execute(
    sql`delete from project_group_users where group_id = ${group.createProjectGroup.id} and user_id = ${owner.admin.id}`,
  );
  const outsider = (await buildCompanyWithAdmin(t)).admin;
  return {
    projectId,
    disciplineIds,
    groupId: group.createProjectGroup.id,
    creator: owner.admin,
    coordinator,
    groupMember,
    collaboratorSame,
    collaboratorOther,
    outsider,
  };
}

/** A valid draft for the world's project; override what a test varies. */
export function draft(world: IssueWorld, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    projectId: world.projectId,
    title: 'Viga interfere com duto',
    description: 'A viga V12 cruza o duto de ar condicionado.',
    status: 'active',
    priority: 'high',
    visibility: 'public',
    disciplines: [{ disciplineId: world.disciplineIds[0], status: 'todo' }],
    pin: { x: 1, y: 2, drawingId: 7 },
    ...overrides,
  };
}

/** Creates an issue and returns its id. */
export async function createIssueAs(
  t: TestServer,
  user: TestUser,
  variables: Record<string, unknown>,
): Promise<number> {
  const data = await call<{ createIssue: { id: number } }>(t, user, CREATE_ISSUE, variables);
  return data.createIssue.id;
}

/** The viewers of the visibility matrix tests, by their role towards an issue the world's creator writes. */
export const MATRIX_VIEWERS = [
  'creator',
  'groupMember',
  'coordinator',
  'collaboratorSame',
  'collaboratorOther',
] as const;

/** The world's user for a viewer of the matrix. */
export function viewerOf(world: IssueWorld, name: string): TestUser {
  if (!(MATRIX_VIEWERS as readonly string[]).includes(name)) throw new Error(`no viewer ${name}`);
  return world[name as (typeof MATRIX_VIEWERS)[number]];
}

/**
 * Who sees an issue written by the creator (its group being the world's group), by visibility in
 * ISSUE_VISIBILITIES order: creator, group, project_management, semi_public, public.
 */
export const ISSUE_VISIBILITY_MATRIX: Record<(typeof MATRIX_VIEWERS)[number], readonly boolean[]> = {
  creator: [true, true, true, true, true],
  groupMember: [false, true, false, true, true],
  coordinator: [false, false, true, true, true],
  collaboratorSame: [false, false, false, false, true],
  collaboratorOther: [false, false, false, false, true],
};

/**
 * Gives a project flat trees of locations and labels, `count` of each (named "<name> A", "B", …), as its
 * administrator would; answers their ids.
 */
export async function setFlatTrees(
  t: TestServer,
  admin: TestUser,
  projectId: number,
  names: { locals: string; labels?: string },
  count = 3,
): Promise<{ locals: number[]; labels: number[] }> {
  const tree = (name: string) =>
    `[${['A', 'B', 'C', 'D'].slice(0, count).map((x) => `{ name: "${name} ${x}", abbreviation: "${x}" }`)}]`;
  const l = await call<{ setProjectLocals: { id: number }[] }>(
    t,
    admin,
    `mutation($p: Int!) { setProjectLocals(projectId: $p, locals: ${tree(names.locals)}) { id } }`,
    { p: projectId },
  );
  if (!names.labels) return { locals: l.setProjectLocals.map((x) => x.id), labels: [] };
  const b = await call<{ setProjectLabels: { id: number }[] }>(
    t,
    admin,
    `mutation($p: Int!) { setProjectLabels(projectId: $p, labels: ${tree(names.labels)}) { id } }`,
    { p: projectId },
  );
  return { locals: l.setProjectLocals.map((x) => x.id), labels: b.setProjectLabels.map((x) => x.id) };
}

/**
 * Whether an issue's `code` ('003') appears as a code of its own in `text`: in a leak check, the same digits inside a
 * timestamp ('…:41.003Z'), a longer number or a random id (a mail's Message-ID) are not it.
 */
export function codeIn(text: string, code: string): boolean {
  const escaped = code.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\w.:-])${escaped}([^\\w.:-]|$)`).test(text);
}
