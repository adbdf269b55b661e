import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canCopyIssues, canReadIssues, type ProjectRole } from '@obra/domain';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { buildCompany, buildCompanyWithAdmin, buildUser, type TestUser } from '../support/factories.ts';
import { projectCompanies } from '../../src/db/schema/index.ts';
import { addDisciplines, call, createProject } from '../projects/project-test-kit.ts';
import { CREATE_COMMENT } from './comment-test-kit.ts';
import { CREATE_ISSUE } from './issue-test-kit.ts';
import {
  COMMENT_CHANGED,
  ISSUE_CHANGED,
  NOTIFICATIONS_CHANGED,
  subscribeAs,
  untilLive,
  type LiveSubscription,
} from './subscription-test-kit.ts';

/**
 * The issue policy on the server's reads: every issue query and subscription, and copyProjectIssues, run by
 * every kind of caller, the outcome read from the domain policy (canReadIssues, canCopyIssues). A platform
 * administrator reaches a project for its setup only and reads no issue of it (spec core §6, docs/permissions.md).
 */
type Who = 'project_admin' | 'coordinator' | 'collaborator' | 'non_participant' | 'platform_admin';
const WHO: Who[] = ['project_admin', 'coordinator', 'collaborator', 'non_participant', 'platform_admin'];
const ROLE: Record<Who, ProjectRole | null> = {
  project_admin: 'project_admin',
  coordinator: 'coordinator',
  collaborator: 'collaborator',
  non_participant: null,
  platform_admin: null,
};

let t: TestServer;
let poster: TestUser;
const users = {} as Record<Who, TestUser>;
let projectId: number;
let targetId: number;
let disciplineId: number;
let targetDisciplineId: number;
let publicIssue: number;
let managementIssue: number;

const db = () => t.server.services.database.db;

async function issueAs(visibility: string): Promise<number> {
  const data = await call<{ createIssue: { id: number } }>(t, poster, CREATE_ISSUE, {
    projectId,
    title: `Fissura ${visibility}`,
    status: 'active',
    priority: 'high',
    visibility,
    disciplines: [{ disciplineId, status: 'todo' }],
    pin: { x: 1, y: 2, drawingId: 7 },
  });
  return data.createIssue.id;
}

/** What a participant gets; non-participants get PROJECT_NOT_FOUND first, whatever the policy says. */
function readOutcome(who: Who): string {
  if (who === 'non_participant') return 'PROJECT_NOT_FOUND';
  const reader = canReadIssues({ role: ROLE[who] });
  return reader ? 'ok' : 'FORBIDDEN';
}

function codeOfAnswer(res: {
  data?: unknown;
  errors?: readonly { extensions?: { code?: unknown } }[];
}): string {
  if (res.errors?.length) return String(res.errors[0]?.extensions?.code ?? 'no code');
  return res.data ? 'ok' : 'no data';
}

beforeAll(async () => {
  t = await startTestServer();
  const owner = await buildCompanyWithAdmin(t);
  poster = owner.admin;
  const coordinators = await buildCompany(t);
  const collaborators = await buildCompany(t);
  const strangers = await buildCompany(t);
  users.project_admin = await buildUser(t, { companyId: owner.companyId, companyRole: 'collaborator' });
  users.coordinator = await buildUser(t, { companyId: coordinators, companyRole: 'collaborator' });
  users.collaborator = await buildUser(t, { companyId: collaborators, companyRole: 'admin' });
  users.non_participant = await buildUser(t, { companyId: strangers, companyRole: 'admin' });
  users.platform_admin = await buildUser(t, { isAdmin: true });
  projectId = await createProject(t, poster, 'Tabela de ocorrências');
  targetId = await createProject(t, poster, 'Tabela destino');
  for (const id of [projectId, targetId]) {
    await db()
      .insert(projectCompanies)
      .values([
        { projectId: id, companyId: coordinators, roleId: 2, allDisciplines: true },
        { projectId: id, companyId: collaborators, roleId: 3, allDisciplines: true },
      ]);
  }
  [disciplineId] = (await addDisciplines(t, poster, projectId)) as [number];
  [targetDisciplineId] = (await addDisciplines(t, poster, targetId)) as [number];
  publicIssue = await issueAs('public');
  managementIssue = await issueAs('project_management');
});

afterAll(async () => {
  await t.close();
});

const QUERIES: { name: string; query: string; variables: () => Record<string, unknown> }[] = [
  {
    name: 'getIssues',
    query: 'query($p: Int!) { getIssues(projectId: $p) { issues { id title } } }',
    variables: () => ({ p: projectId }),
  },
  {
    name: 'getIssue',
    query: 'query($p: Int!, $i: Int!) { getIssue(projectId: $p, issueId: $i) { id title } }',
    variables: () => ({ p: projectId, i: publicIssue }),
  },
  {
    name: 'issue',
    query: 'query($p: Int!, $i: Int!) { issue(projectId: $p, issueId: $i) { id title } }',
    variables: () => ({ p: projectId, i: publicIssue }),
  },
  {
    name: 'projectIssuesGeneralData',
    query: 'query($p: Int!) { projectIssuesGeneralData(projectId: $p) { mentionableIssues { id title } } }',
    variables: () => ({ p: projectId }),
  },
  {
    name: 'issuesImages',
    query: 'query($p: Int!) { issuesImages(projectId: $p) { id title } }',
    variables: () => ({ p: projectId }),
  },
];

describe('the issue policy on the server: queries', () => {
  for (const q of QUERIES) {
    it(`${q.name}: issue.view`, async () => {
      const outcomes: string[] = [];
      const wanted: string[] = [];
      for (const who of WHO) {
        const res = await t.gql(q.query, q.variables(), { token: users[who].token });
        outcomes.push(`${who}: ${codeOfAnswer(res)}`);
        wanted.push(`${who}: ${readOutcome(who)}`);
      }
      expect(outcomes).toEqual(wanted);
    });
  }

  it('serves project_management issues to the managers only, and nothing of them to a platform administrator', async () => {
    const seen: Record<string, boolean> = {};
    for (const who of WHO) {
      const res = await t.gql<{ getIssues: { issues: { id: number }[] } }>(
        'query($p: Int!) { getIssues(projectId: $p) { issues { id } } }',
        { p: projectId },
        { token: users[who].token },
      );
      seen[who] = res.data?.getIssues.issues.some((i) => i.id === managementIssue) ?? false;
      if (who === 'platform_admin') expect(JSON.stringify(res)).not.toContain('Fissura');
    }
    expect(seen).toEqual({
      project_admin: true,
      coordinator: true,
      collaborator: false,
      non_participant: false,
      platform_admin: false,
    });
  });
});

describe('the issue policy on the server: subscriptions', () => {
  it('lets participants follow issues, comments and notifications, and refuses everyone else', async () => {
    const subs: { who: Who; field: string; sub: LiveSubscription<unknown> }[] = [];
    const fields = {
      projectIssueChanged: ISSUE_CHANGED,
      projectIssueCommentChanged: COMMENT_CHANGED,
      projectNotificationsChanged: NOTIFICATIONS_CHANGED,
    };
    for (const who of WHO)
      for (const [field, query] of Object.entries(fields))
        subs.push({ who, field, sub: await subscribeAs(t, users[who], query, { projectId }, field) });
    try {
      const outcomes: string[] = [];
      const wanted: string[] = [];
      for (const { who, field, sub } of subs) {
        wanted.push(`${who} ${field}: ${readOutcome(who)}`);
        if (readOutcome(who) !== 'ok')
          outcomes.push(
            `${who} ${field}: ${/"code":"(\w+)"/.exec(JSON.stringify(await sub.waitForError()))?.[1]}`,
          );
      }
      const live = subs.filter((s) => readOutcome(s.who) === 'ok');
      // Each poke: a public issue, and a public comment on it mentioning every participant.
      await untilLive(
        live.map((s) => s.sub),
        async () => {
          const issueId = await issueAs('public');
          await call(t, poster, CREATE_COMMENT, {
            projectId,
            issueId,
            message: 'Verificar no local',
            visibility: 'public',
            mentionedUsers: [users.project_admin.id, users.coordinator.id, users.collaborator.id],
          });
        },
      );
      for (const s of live) outcomes.push(`${s.who} ${s.field}: ${s.sub.errors.length ? 'error' : 'ok'}`);
      expect(outcomes.sort()).toEqual(wanted.sort());
      const refused = subs.filter((s) => readOutcome(s.who) !== 'ok');
      expect(refused.flatMap((s) => s.sub.events)).toEqual([]);
    } finally {
      await Promise.all(subs.map((s) => s.sub.close()));
    }
  });
});

describe('the issue policy on the server: copy to another project', () => {
  const COPY = `mutation($s: Int!, $t: Int!, $ids: [Int!]!, $r: JSON) {
    copyProjectIssues(sourceProjectId: $s, targetProjectId: $t, issuesIds: $ids, visibility: "public", replacements: $r) {
      copies { issueId } rejected { issueId code } } }`;

  it('copyProjectIssues: issue.copy (project administrators and coordinators)', async () => {
    const outcomes: string[] = [];
    const wanted: string[] = [];
    for (const who of WHO) {
      const res = await t.gql<{ copyProjectIssues: { copies: unknown[] } }>(
        COPY,
        {
          s: projectId,
          t: targetId,
          ids: [publicIssue],
          r: { disciplines: { [String(disciplineId)]: targetDisciplineId } },
        },
        { token: users[who].token },
      );
      const got = codeOfAnswer(res);
      outcomes.push(`${who}: ${got === 'ok' ? `${res.data?.copyProjectIssues.copies.length} copied` : got}`);
      // Non-participants are refused before anything; a platform admin may not create issues in the target.
      const expected =
        who === 'non_participant'
          ? 'PROJECT_NOT_FOUND'
          : canCopyIssues({ role: ROLE[who] })
            ? '1 copied'
            : 'FORBIDDEN';
      wanted.push(`${who}: ${expected}`);
    }
    expect(outcomes).toEqual(wanted);
  });
});
