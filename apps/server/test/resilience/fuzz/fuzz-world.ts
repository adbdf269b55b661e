import { randomBytes } from 'node:crypto';
import type { TestServer } from '../../support/test-server.ts';
import { buildCompanyWithAdmin, buildUser, type TestUser } from '../../support/factories.ts';
import { call, createProject, SET_DISCIPLINES } from '../../projects/project-test-kit.ts';
import { CREATE_ISSUE } from '../../issues/issue-test-kit.ts';
import { CREATE_COMMENT } from '../../issues/comment-test-kit.ts';

/** One company's corner of the fuzz world: its people and the ids of what it owns. */
export interface FuzzCompany {
  companyId: number;
  admin: TestUser;
  member: TestUser;
  projectId: number;
  disciplineIds: number[];
  ids: number[];
}

/**
 * Two companies that share nothing. Company B (the victim) writes a marker string into every text that only its
 * project's participants may read; company A (the attacker) and anonymous callers must never meet it.
 */
export interface FuzzWorld {
  a: FuzzCompany;
  b: FuzzCompany;
  /** The marker in B's project texts; random per run so that nothing else can contain it by chance. */
  markerB: string;
}

const TREE =
  'mutation($p: Int!, $items: [ProjectTreeItemInput!]!) { setProjectLocals(projectId: $p, locals: $items) { id } }';
const LABELS =
  'mutation($p: Int!, $items: [ProjectTreeItemInput!]!) { setProjectLabels(projectId: $p, labels: $items) { id } }';
const TAGS =
  'mutation($p: Int!, $tags: [ProjectUserTagInput!]!) { setProjectUserTags(projectId: $p, tags: $tags) { id } }';
const GROUP =
  'mutation($p: Int!, $n: String!, $u: [Int!]) { createProjectGroup(projectId: $p, name: $n, usersId: $u) { id } }';

async function buildCompanyCorner(t: TestServer, text: (what: string) => string): Promise<FuzzCompany> {
  const { companyId, admin } = await buildCompanyWithAdmin(t);
  const member = await buildUser(t, { companyId, companyRole: 'collaborator' });
  const projectId = await createProject(t, admin, text('Torre'));
  const disciplines = await call<{ setProjectDisciplines: { id: number }[] }>(t, admin, SET_DISCIPLINES, {
    projectId,
    disciplines: [
      { standardDisciplineId: 1, name: text('Arquitetura'), abbreviation: 'ARQ' },
      { name: text('Fachada'), abbreviation: 'FAC' },
    ],
  });
  const disciplineIds = disciplines.setProjectDisciplines.map((d) => d.id);
  const locals = await call<{ setProjectLocals: { id: number }[] }>(t, admin, TREE, {
    p: projectId,
    items: [{ name: text('Bloco'), abbreviation: 'BL' }],
  });
  const labels = await call<{ setProjectLabels: { id: number }[] }>(t, admin, LABELS, {
    p: projectId,
    items: [{ name: text('Etiqueta'), abbreviation: 'ET' }],
  });
  const tags = await call<{ setProjectUserTags: { id: number }[] }>(t, admin, TAGS, {
    p: projectId,
    tags: [{ name: text('Tag') }],
  });
  const group = await call<{ createProjectGroup: { id: number } }>(t, admin, GROUP, {
    p: projectId,
    n: text('Grupo'),
    u: [member.id],
  });
  const issueIds: number[] = [];
  const commentIds: number[] = [];
  for (const visibility of ['public', 'project_management', 'creator']) {
    const issue = await call<{ createIssue: { id: number } }>(t, admin, CREATE_ISSUE, {
      projectId,
      title: text(`Issue ${visibility}`),
      description: text('Descrição'),
      status: 'active',
      priority: 'high',
      visibility,
      disciplines: [{ disciplineId: disciplineIds[0], status: 'todo' }],
      locals: locals.setProjectLocals.map((l) => l.id),
      labels: labels.setProjectLabels.map((l) => l.id),
      pin: { x: 1, y: 2, drawingId: 7 },
    });
    issueIds.push(issue.createIssue.id);
    const comment = await call<{ createProjectIssueComment: { id: number } }>(t, admin, CREATE_COMMENT, {
      projectId,
      issueId: issue.createIssue.id,
      message: text('Comentário'),
      visibility: 'public',
    });
    commentIds.push(comment.createProjectIssueComment.id);
  }
  const ids = [
    companyId,
    admin.id,
    member.id,
    projectId,
    group.createProjectGroup.id,
    ...disciplineIds,
    ...issueIds,
    ...commentIds,
    ...locals.setProjectLocals.map((l) => l.id),
    ...labels.setProjectLabels.map((l) => l.id),
    ...tags.setProjectUserTags.map((x) => x.id),
  ];
  return { companyId, admin, member, projectId, disciplineIds, ids };
}

/** Seeds both companies through the API (as their own administrators would). */
export async function buildFuzzWorld(t: TestServer): Promise<FuzzWorld> {
  const markerB = `ZQXB${randomBytes(5).toString('hex')}`;
  const a = await buildCompanyCorner(t, (what) => `${what} A`);
  const b = await buildCompanyCorner(t, (what) => `${what} ${markerB}`);
  return { a, b, markerB };
}

/** The integers a run draws from: every real id of both companies, their neighbours, and edge values. */
export function intPool(world: FuzzWorld): number[] {
  const ids = [...world.a.ids, ...world.b.ids];
  return [
    ...new Set([
      0,
      1,
      -1,
      2,
      3,
      5,
      13,
      64,
      1000,
      2_147_483_647,
      -2_147_483_648,
      ...ids,
      ...ids.map((i) => i + 1),
      ...ids,
    ]),
  ];
}
