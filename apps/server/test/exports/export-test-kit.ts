import type { Actor } from '../../src/auth/actor.ts';
import { toAccount } from '../../src/modules/identity/account.ts';
import { findUserById } from '../../src/modules/identity/user-repository.ts';
import type { TestServer } from '../support/test-server.ts';
import { call } from '../projects/project-test-kit.ts';
import { buildIssueWorld, createIssueAs, draft, type IssueWorld } from '../issues/issue-test-kit.ts';

/** The issue world with locations and one issue per visibility (plus a resolved public one). */
export interface ExportWorld extends IssueWorld {
  localIds: number[];
  /** The location of the public issue (Torre A / Pavimento 2). */
  floorId: number;
  /** Issue ids by title. */
  issueIds: Map<string, number>;
}

/** Titles of the issues, by visibility; the public ones first. */
export const WORLD_TITLES = {
  public: 'Viga interfere com duto',
  resolved: '=SUM(A1) fissura na laje, "reparo"',
  creator: 'Rascunho do criador',
  group: 'Fachada do grupo',
  project_management: 'Coordenação apenas',
  semi_public: 'Semi-público',
} as const;

/** Builds the export world through the API. */
export async function buildExportWorld(t: TestServer): Promise<ExportWorld> {
  const world = await buildIssueWorld(t);
  const locals = await call<{ setProjectLocals: { id: number; name: string }[] }>(
    t,
    world.creator,
    'mutation($p: Int!, $l: [ProjectTreeItemInput!]!) { setProjectLocals(projectId: $p, locals: $l) { id name } }',
    {
      p: world.projectId,
      l: [{ name: 'Torre A', abbreviation: 'TA', children: [{ name: 'Pavimento 2', abbreviation: 'P2' }] }],
    },
  );
  const localIds = locals.setProjectLocals.map((l) => l.id);
  const floor = locals.setProjectLocals.find((l) => l.name === 'Pavimento 2')?.id;
  const [d0, d1] = world.disciplineIds;
  const issueIds = new Map<string, number>();
  issueIds.set(
    WORLD_TITLES.public,
    await createIssueAs(
      t,
      world.creator,
      draft(world, {
        title: WORLD_TITLES.public,
        deadline: '2026-03-15',
        locals: floor ? [floor] : [],
        disciplines: [
          { disciplineId: d0, status: 'todo', deadline: '2026-03-10' },
          { disciplineId: d1, status: 'follow' },
        ],
      }),
    ),
  );
  issueIds.set(
    WORLD_TITLES.resolved,
    await createIssueAs(
      t,
      world.creator,
      draft(world, { title: WORLD_TITLES.resolved, priority: 'low', description: 'linha 1\nlinha 2; fim' }),
    ),
  );
  for (const visibility of ['creator', 'group', 'project_management', 'semi_public'] as const)
    issueIds.set(
      WORLD_TITLES[visibility],
      await createIssueAs(
        t,
        world.creator,
        draft(world, { title: WORLD_TITLES[visibility], visibility, groupId: world.groupId }),
      ),
    );
  return { ...world, localIds, floorId: floor ?? 0, issueIds };
}

/** A REST call with a bearer token. */
export async function download(
  t: TestServer,
  path: string,
  token: string | undefined,
  init: RequestInit = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  return fetch(`${t.url}${path}`, { ...init, headers });
}

/** The actor of a test user, for calling services directly. */
export async function actorOf(t: TestServer, userId: number): Promise<Actor> {
  const user = await findUserById(t.server.services.database.db, userId);
  if (!user) throw new Error('no such user');
  return { account: toAccount(user), via: 'session', sessionId: undefined };
}
