// The data of the load test: an owner company (project administrators) and a partner company (coordinators on
// every discipline) taking part in one project with a few hundred issues, and the people who sign in to work on it.
import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { accessKeys, companies, users } from '../../apps/server/src/db/schema/index.ts';
import { createPasswordHasher } from '../../apps/server/src/auth/password-hasher.ts';
import { CURRENT_POLICIES } from '../../apps/server/src/modules/identity/account.ts';

/** One signed-in person of the load test and the process they talk to. */
export interface LoadUser {
  email: string;
  token: string;
  baseUrl: string;
}

/** What the virtual users work on. */
export interface LoadWorld {
  projectId: number;
  disciplineIds: number[];
  issueIds: number[];
  users: LoadUser[];
}

export const LOAD_PASSWORD = 'Carga!2026-obra';

/**
 * A seeding call. The processes run in production, where a signed-in session may only send the web app's persisted
 * operations: seeding is a script, so it authenticates with an access key (HTTP Basic), which may send its own.
 */
async function graphql<T>(
  baseUrl: string,
  authorization: string,
  query: string,
  variables: Record<string, unknown>,
): Promise<T> {
  const res = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: unknown };
  if (!body.data || body.errors) throw new Error(`${query.slice(0, 50)}: ${JSON.stringify(body.errors)}`);
  return body.data;
}

async function signIn(baseUrl: string, email: string): Promise<string> {
  const res = await fetch(`${baseUrl}/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: LOAD_PASSWORD, tokenInBody: true }),
  });
  const body = (await res.json()) as { accessToken?: string };
  if (res.status !== 200 || !body.accessToken)
    throw new Error(`sign-in of ${email} failed: ${res.status} ${JSON.stringify(body)}`);
  return body.accessToken;
}

/** Runs `work` over items with at most `concurrency` at once. */
export async function inParallel<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return results;
}

/** Seeds the world on the cluster's database and signs every user in (through /auth/sign-in), spread over the processes. */
export async function buildLoadWorld(
  databaseUrl: string,
  baseUrls: readonly string[],
  options: { users: number; issues: number },
): Promise<LoadWorld> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  // The cluster drops its database with (force) when a run fails: an idle connection must not crash the run.
  pool.on('error', () => undefined);
  const db = drizzle({ client: pool });
  const hasher = await createPasswordHasher();
  // One argon2id hash serves everyone: each sign-in still verifies it in full.
  const passwordHash = await hasher.hash(LOAD_PASSWORD);
  const [owner] = await db.insert(companies).values({ name: 'Construtora Carga' }).returning();
  const [partner] = await db.insert(companies).values({ name: 'Projetos Parceiros' }).returning();
  if (!owner || !partner) throw new Error('companies not stored');
  const person = (i: number, companyId: number, companyRole: string) => ({
    email: `carga${i}@example.com`,
    passwordHash,
    emailConfirmedAt: new Date(),
    name: `Pessoa${i}`,
    lastName: 'Carga',
    acceptedPoliciesVersion: CURRENT_POLICIES.version,
    acceptedPoliciesAt: new Date(),
    confirmedRegister: true,
    companyId,
    companyRole,
  });
  await db.insert(users).values(person(0, owner.id, 'admin'));
  const people = Array.from({ length: options.users }, (_, i) =>
    person(i + 1, i % 2 === 0 ? owner.id : partner.id, 'collaborator'),
  );
  await db.insert(users).values(people);

  const first = baseUrls[0] ?? '';
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.email} = 'carga0@example.com'`);
  if (!admin) throw new Error('admin not stored');
  const keyId = `load-${randomBytes(6).toString('hex')}`;
  const secret = randomBytes(24).toString('base64url');
  await db.insert(accessKeys).values({
    userId: admin.id,
    name: 'load seeding',
    keyId,
    secretHash: await hasher.hash(secret),
    expiresAt: new Date(Date.now() + 24 * 3600_000),
  });
  const adminToken = `Basic ${Buffer.from(`${keyId}:${secret}`).toString('base64')}`;
  const projectId = (
    await graphql<{ createProject: { id: number } }>(
      first,
      adminToken,
      'mutation { createProject(name: "Torre Carga") { id } }',
      {},
    )
  ).createProject.id;
  const disciplineIds = (
    await graphql<{ setProjectDisciplines: { id: number }[] }>(
      first,
      adminToken,
      'mutation($p: Int!) { setProjectDisciplines(projectId: $p, disciplines: [{ standardDisciplineId: 1, name: "Arquitetura", abbreviation: "ARQ" }, { standardDisciplineId: 2, name: "Estrutura", abbreviation: "EST" }, { name: "Instalações", abbreviation: "INS" }]) { id } }',
      { p: projectId },
    )
  ).setProjectDisciplines.map((d) => d.id);
  // The partner company takes part as coordinator on every discipline (as an accepted invitation leaves it).
  await db.execute(
    sql`insert into project_companies (project_id, company_id, role_id, all_disciplines, discipline_ids) values (${projectId}, ${partner.id}, 2, true, '[]'::jsonb)`,
  );
  const issueIds = await inParallel(
    Array.from({ length: options.issues }, (_, i) => i),
    6,
    async (i) => {
      const created = await graphql<{ createIssue: { id: number } }>(
        first,
        adminToken,
        `
          mutation ($p: Int!, $t: String!, $d: [IssueDisciplineInput!]) {
            createIssue(
              projectId: $p
              title: $t
              description: "Gerada para o teste de carga."
              status: "active"
              priority: "medium"
              visibility: "public"
              disciplines: $d
              pin: { x: 1, y: 2, drawingId: 7 }
            ) {
              id
            }
          }
        `,
        {
          p: projectId,
          t: `Interferência ${i + 1} entre viga e duto`,
          d: [
            { disciplineId: disciplineIds[i % 3], status: 'todo' },
            { disciplineId: disciplineIds[(i + 1) % 3], status: 'doing' },
          ],
        },
      );
      return created.createIssue.id;
    },
  );
  // As autovacuum would leave them after such a burst of writes (within a minute): statistics for the planner and the
  // visibility map, as the issue bench's generator leaves its tables. Without them the page statement's children are
  // planned for one row and joined by nested loops (68 ms instead of 6 ms for 300 issues: docs/benchmarks.md).
  await pool.query('vacuum (analyze)');
  await pool.end();
  const signedIn = await inParallel(people, 4, async (p, i) => {
    const baseUrl = baseUrls[i % baseUrls.length] ?? first;
    return { email: p.email, baseUrl, token: await signIn(baseUrl, p.email) };
  });
  return { projectId, disciplineIds, issueIds, users: signedIn };
}
