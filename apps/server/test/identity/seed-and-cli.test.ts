import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createTestDatabase } from '../support/test-database.ts';
import { post, signIn } from '../support/auth-client.ts';
import type { DemoUser } from '../../src/seed/demo-seed-step.ts';

const run = promisify(execFile);
const CLI = path.resolve(import.meta.dirname, '../../src/cli/admin-cli.ts');

let t: TestServer;

// The whole demo is seeded first: a limit that only catches a hang on a loaded machine.
beforeAll(async () => {
  t = await startTestServer({ SEED_DEMO: 'true', RATE_LIMIT_MULTIPLIER: '100' });
}, 600_000);

afterAll(async () => {
  await t?.close();
});

const readDemoUsers = (dataDir: string) =>
  JSON.parse(fs.readFileSync(path.join(dataDir, 'demo-users.json'), 'utf8')) as DemoUser[];
const LOGGED =
  '{ loggedUserData { email isAdmin isDemo acceptedPolicies confirmedRegister companyId company { name role } } }';

describe('demo seed', () => {
  it('writes a sign-in for every demo person to demo-users.json, each able to sign in', async () => {
    const users = readDemoUsers(t.dataDir);
    expect(t.server.demoUsers).toEqual(users);
    // The demo company's people, then those of the other companies of the demo project (projects area).
    expect(users.map((u) => u.role)).toEqual([
      'platformAdmin',
      'companyAdmin',
      'manager',
      'collaborator',
      'demo',
      'projectCoordinator',
      'partnerAdmin',
      'partnerCollaborator',
    ]);
    const companyOf = (role: string) => users.find((u) => u.role === role)?.companyId;
    const demoCompany = companyOf('companyAdmin');
    expect(demoCompany).toEqual(expect.any(Number));
    for (const role of ['manager', 'collaborator', 'demo']) expect(companyOf(role)).toBe(demoCompany);
    expect(companyOf('partnerAdmin')).toBe(companyOf('partnerCollaborator'));
    expect(new Set(users.map((u) => u.companyId))).toEqual(
      new Set([null, demoCompany, companyOf('projectCoordinator'), companyOf('partnerAdmin')]),
    );
    expect(new Set(users.map((u) => u.email)).size).toBe(users.length);
    for (const u of users) {
      // The projects area adds the demo project to everyone but the platform administrator.
      expect(u.projectIds).toEqual(u.companyId === null ? [] : [expect.any(Number)]);
      expect(u.password.length).toBeGreaterThanOrEqual(16);
      const { accessToken } = await signIn(t, u.email, u.password);
      const me = await t.gql<{ loggedUserData: Record<string, unknown> }>(LOGGED, {}, { token: accessToken });
      expect(me.data?.loggedUserData).toMatchObject({
        email: u.email,
        isAdmin: u.role === 'platformAdmin',
        isDemo: u.role === 'demo',
        acceptedPolicies: true,
        confirmedRegister: true,
        companyId: u.companyId,
      });
    }
    const admin = users.find((u) => u.role === 'companyAdmin')!;
    const token = (await signIn(t, admin.email, admin.password)).accessToken;
    const me = await t.gql<{ loggedUserData: { company: { role: string; name: string } } }>(
      LOGGED,
      {},
      { token },
    );
    expect(me.data?.loggedUserData.company).toEqual({ name: 'Obra Demo', role: 'admin' });
  });

  it('runs once: a restart keeps the same sign-ins, keys and sessions', async () => {
    const before = readDemoUsers(t.dataDir);
    const first = before[0]!;
    const session = await signIn(t, first.email, first.password);
    t = await t.restart();
    expect(t.server.demoUsers).toBeUndefined();
    expect(readDemoUsers(t.dataDir)).toEqual(before);
    const { rows } = await t.server.services.database.executor.executeSql(
      "select count(*)::int as n from users where email like '%demo.obra.local'",
      [],
    );
    expect(rows[0]).toEqual({ n: before.length });
    // The signing keys were kept in DATA_DIR/keys: a token issued before the restart still works.
    expect(
      (await t.gql('{ loggedUserData { id } }', {}, { token: session.accessToken })).errors,
    ).toBeUndefined();
    expect((await post(t, '/auth/refresh', { refreshToken: session.refreshToken })).status).toBe(200);
  });
});

describe('npm run admin -- create', () => {
  it('creates a platform administrator who can sign in', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obra-cli-'));
    const database = await createTestDatabase();
    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ...(database.url ? { DATABASE_URL: database.url } : {}),
    };
    const created = await run(
      process.execPath,
      [
        '--import',
        'tsx',
        CLI,
        'create',
        '--email',
        'Root@Example.com',
        '--password',
        'Adm1n!Password',
        '--name',
        'Root',
        '--last-name',
        'User',
      ],
      { env },
    );
    expect(created.stdout).toContain('Platform administrator root@example.com created.');
    const weak = await run(
      process.execPath,
      ['--import', 'tsx', CLI, 'create', '--email', 'x@example.com', '--password', 'weak'],
      { env },
    ).then(
      () => 0,
      (e: { code: number }) => e.code,
    );
    expect(weak).toBe(2);
    const server = await startTestServer({ RATE_LIMIT_MULTIPLIER: '100' }, { dataDir, database });
    try {
      const { accessToken } = await signIn(server, 'root@example.com', 'Adm1n!Password');
      const me = await server.gql<{ loggedUserData: { isAdmin: boolean; name: string } }>(
        '{ loggedUserData { isAdmin name } }',
        {},
        { token: accessToken },
      );
      expect(me.data?.loggedUserData).toEqual({ isAdmin: true, name: 'Root' });
    } finally {
      await server.close();
    }
  });
});
