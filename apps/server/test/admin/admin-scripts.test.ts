import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { buildUser, type TestUser } from '../support/factories.ts';
import { call, codeOf } from '../projects/project-test-kit.ts';
import { buildIssueWorld, createIssueAs, draft, type IssueWorld } from '../issues/issue-test-kit.ts';
import { executeAdminScriptRun } from '../../src/modules/admin-scripts/admin-script-service.ts';
import { ADMIN_SCRIPT_CATALOGUE } from '../../src/modules/admin-scripts/admin-script-catalogue.ts';
import { runAdminCli } from '../../src/cli/admin-cli.ts';
import yauzl from 'yauzl';

let t: TestServer;
let w: IssueWorld;
let platformAdmin: TestUser;

// No worker in this server: the test runs each queued run itself, as the 'admin.script' job would.
beforeAll(async () => {
  t = await startTestServer({ JOBS: 'none' });
  w = await buildIssueWorld(t);
  platformAdmin = await buildUser(t, { isAdmin: true });
});
afterAll(async () => {
  await t.close();
});

interface Run {
  id: number;
  name: string;
  params: Record<string, unknown>;
  dryRun: boolean;
  state: string;
  progress: number | null;
  log: { line: string }[];
  summary: Record<string, unknown> | null;
  error: string | null;
  source: string;
  requestedBy: string | null;
}

const RUN = `mutation($name: String!, $params: JSON, $dryRun: Boolean) {
  runAdminScript(name: $name, params: $params, dryRun: $dryRun) { id name params dryRun state source requestedBy }
}`;
const RUNS = `{ adminScriptRuns(limit: 50) {
  id name params dryRun state progress log { at line } summary error source requestedBy
} }`;

/** Queues a run as the admin area does, runs it as the job would, and answers it as the page lists it. */
async function runScript(name: string, params: Record<string, unknown> = {}, dryRun = false): Promise<Run> {
  const queued = await call<{ runAdminScript: Run }>(t, platformAdmin, RUN, { name, params, dryRun });
  expect(queued.runAdminScript).toMatchObject({ name, dryRun, state: 'queued', source: 'web' });
  await executeAdminScriptRun(t.server.services, queued.runAdminScript.id);
  const runs = await call<{ adminScriptRuns: Run[] }>(t, platformAdmin, RUNS);
  const run = runs.adminScriptRuns.find((r) => r.id === queued.runAdminScript.id);
  if (!run) throw new Error('run not listed');
  return run;
}

/** Every entry of a zip with its bytes. */
function unzipAll(zip: Buffer): Promise<{ name: string; data: Buffer }[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error) return reject(error);
      const out: { name: string; data: Buffer }[] = [];
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (err, stream) => {
          if (err) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.push({ name: entry.fileName, data: Buffer.concat(chunks) });
            file.readEntry();
          });
        });
      });
      file.on('end', () => resolve(out));
      file.readEntry();
    });
  });
}

async function searchTextOf(issueId: number): Promise<string> {
  const rows = (await t.server.services.database.db.execute(
    sql`select search_text as "searchText" from issues where id = ${issueId}`,
  )) as unknown as { rows: { searchText: string }[] };
  return rows.rows[0]?.searchText ?? '';
}

describe('admin scripts (issue 33 item 4)', () => {
  it('lists every script with its parameters to platform admins only', async () => {
    const { adminScripts } = await call<{
      adminScripts: { name: string; params: { name: string; type: string; required: boolean }[] }[];
    }>(t, platformAdmin, '{ adminScripts { name params { name type required } } }');
    expect(adminScripts.map((s) => s.name)).toEqual(ADMIN_SCRIPT_CATALOGUE.map((s) => s.name));
    expect(adminScripts.find((s) => s.name === 'issues.rebuildSearchText')?.params).toEqual([
      { name: 'projectId', type: 'integer', required: false },
    ]);
    expect(await codeOf(t, w.creator, '{ adminScripts { name } }')).toBe('FORBIDDEN');
    expect(await codeOf(t, w.creator, '{ adminScriptRuns { id } }')).toBe('FORBIDDEN');
    expect(await codeOf(t, w.creator, RUN, { name: 'issues.rebuildSearchText' })).toBe('FORBIDDEN');
  });

  it('refuses unknown scripts and parameters that are not the script’s', async () => {
    expect(await codeOf(t, platformAdmin, RUN, { name: 'rm -rf' })).toBe('NOT_FOUND');
    expect(
      await codeOf(t, platformAdmin, RUN, { name: 'issues.rebuildSearchText', params: { projectId: 'x' } }),
    ).toBe('BAD_USER_INPUT');
    expect(
      await codeOf(t, platformAdmin, RUN, { name: 'issues.rebuildSearchText', params: { drop: true } }),
    ).toBe('BAD_USER_INPUT');
    expect(await codeOf(t, platformAdmin, RUN, { name: 'issues.rebuildSearchText', params: [1] })).toBe(
      'BAD_USER_INPUT',
    );
  });

  it('rebuilds the search text of a project: a dry run changes nothing, the real run restores it, both audited', async () => {
    const issueId = await createIssueAs(t, w.creator, draft(w, { title: 'Viga V12 fissurada' }));
    const good = await searchTextOf(issueId);
    expect(good).toContain('viga v12 fissurada');
    await t.server.services.database.db.execute(
      sql`update issues set search_text = '' where id = ${issueId}`,
    );

    const dry = await runScript('issues.rebuildSearchText', { projectId: w.projectId }, true);
    expect(dry).toMatchObject({
      state: 'completed',
      dryRun: true,
      params: { projectId: w.projectId },
      requestedBy: platformAdmin.email,
      error: null,
    });
    expect(dry.summary?.['issues']).toBeGreaterThanOrEqual(1);
    expect(dry.log.map((l) => l.line)).toContain('dry run: nothing was changed');
    expect(await searchTextOf(issueId)).toBe('');

    const real = await runScript('issues.rebuildSearchText', { projectId: w.projectId });
    expect(real).toMatchObject({ state: 'completed', dryRun: false, progress: 100 });
    expect(real.summary?.['issues']).toBe(dry.summary?.['issues']);
    expect(await searchTextOf(issueId)).toBe(good);
  });

  it('purges expired credentials, counting them first in a dry run', async () => {
    const db = t.server.services.database.db;
    await db.execute(sql`insert into refresh_tokens (user_id, family_id, token_hash, expires_at)
      values (${w.creator.id}, ${randomUUID()}::uuid, ${`expired-${randomUUID()}`}, now() - interval '3 days')`);
    const count = async () =>
      (
        (await db.execute(
          sql`select count(*)::int as n from refresh_tokens where expires_at < now() - interval '1 day'`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]?.n ?? -1;
    const before = await count();
    expect(before).toBeGreaterThanOrEqual(1);
    const dry = await runScript('identity.purgeExpiredCredentials', {}, true);
    expect(dry.summary?.['refreshTokens']).toBe(before);
    expect(await count()).toBe(before);
    const real = await runScript('identity.purgeExpiredCredentials');
    expect(real.state).toBe('completed');
    expect(await count()).toBe(0);
  });

  it('records a failure with its log, and lists the newest run first', async () => {
    const queued = await call<{ runAdminScript: Run }>(t, platformAdmin, RUN, {
      name: 'bim.rerunConversions',
      params: { projectId: w.projectId },
    });
    // The run's script is gone from the catalogue when it runs (as after an upgrade): failed, with why.
    await t.server.services.database.db.execute(
      sql`update admin_script_runs set name = 'gone.script' where id = ${queued.runAdminScript.id}`,
    );
    const failed = await executeAdminScriptRun(t.server.services, queued.runAdminScript.id);
    expect(failed.state).toBe('failed');
    expect(failed.error).toContain('gone.script');
    expect(failed.log.at(-1)?.line).toContain('failed');
    const runs = await call<{ adminScriptRuns: Run[] }>(t, platformAdmin, RUNS);
    expect(runs.adminScriptRuns[0]?.id).toBe(queued.runAdminScript.id);
    // A run is executed once: running it again leaves it as it is.
    expect((await executeAdminScriptRun(t.server.services, queued.runAdminScript.id)).state).toBe('failed');
  });

  it('repairs an issue counter left at or below the last issue number, never lowering one', async () => {
    await createIssueAs(t, w.creator, draft(w, { title: 'Counter check' }));
    const { db } = t.server.services.database;
    await db.execute(sql`update projects set next_issue_number = 1 where id = ${w.projectId}`);
    const dry = await runScript('issues.repairCounters', { projectId: w.projectId }, true);
    expect(dry.summary).toEqual({ projects: 1 });
    const counter = async () =>
      (
        (await db.execute(
          sql`select next_issue_number as n, (select max(number) from issues where project_id = ${w.projectId}) as m
                from projects where id = ${w.projectId}`,
        )) as unknown as { rows: { n: number; m: number }[] }
      ).rows[0];
    expect((await counter())?.n).toBe(1);
    const real = await runScript('issues.repairCounters', { projectId: w.projectId });
    expect(real.summary).toEqual({ projects: 1 });
    const after = await counter();
    expect(after?.n).toBe((after?.m ?? 0) + 1);
    // A new issue takes the next number, not one already used.
    await createIssueAs(t, w.creator, draft(w, { title: 'After the repair' }));
    expect((await runScript('issues.repairCounters', {}, true)).summary).toEqual({ projects: 0 });
  });

  it('anonymizes a person who left: profile, address, password and sessions erased; refuses a member', async () => {
    const gone = await buildUser(t, { companyId: null, name: 'Joana' });
    const { db } = t.server.services.database;
    const refused = await runScript('users.anonymize', { userId: w.creator.id });
    expect(refused.state).toBe('failed');
    expect(refused.log.map((l) => l.line).join('\n')).toContain('still a member');
    const dry = await runScript('users.anonymize', { userId: gone.id }, true);
    expect(dry.summary).toEqual({ anonymized: 0 });
    expect(await codeOf(t, gone, '{ loggedUserData { email } }')).toBeUndefined();
    const run = await runScript('users.anonymize', { userId: gone.id });
    expect(run.summary).toMatchObject({ anonymized: 1, refresh_tokens: 1 });
    const { rows } = (await db.execute(
      sql`select email, name, last_name as "lastName", password_hash as "passwordHash" from users where id = ${gone.id}`,
    )) as unknown as {
      rows: { email: string; name: string; lastName: string; passwordHash: string | null }[];
    };
    expect(rows[0]).toEqual({
      email: `deleted-user-${gone.id}@anonymized.invalid`,
      name: 'Deleted',
      lastName: 'user',
      passwordHash: null,
    });
    expect(JSON.stringify(rows)).not.toContain(gone.email);
    // The session is over.
    const next = await t.gql('{ loggedUserData { email } }', {}, { token: gone.token });
    expect(next.errors?.[0]?.extensions?.['code']).toBe('UNAUTHENTICATED');
    // Twice is harmless.
    expect((await runScript('users.anonymize', { userId: gone.id })).summary).toEqual({ anonymized: 0 });
  });

  it("exports a project's data: counts dry, then a zip of its tables without secrets, in the admin's Downloads", async () => {
    const issueId = await createIssueAs(t, w.creator, draft(w, { title: 'Exportável Zebra' }));
    await call(
      t,
      w.creator,
      'mutation($p: Int!, $i: Int!, $m: String!) { createProjectIssueComment(projectId: $p, issueId: $i, message: $m, visibility: "public") { id } }',
      { p: w.projectId, i: issueId, m: 'Comentário exportado' },
    );
    const dry = await runScript('projects.exportData', { projectId: w.projectId }, true);
    expect(dry.state).toBe('completed');
    expect(dry.log.map((l) => l.line).join('\n')).toMatch(/issues: \d+/);
    expect(
      (await t.server.services.database.db.execute(
        sql`select count(*)::int as n from issue_export_jobs`,
      )) as unknown,
    ).toMatchObject({ rows: [{ n: 0 }] });

    const run = await runScript('projects.exportData', { projectId: w.projectId });
    expect(run.state).toBe('completed');
    expect(run.summary).toMatchObject({ rows: dry.summary?.['rows'], tables: dry.summary?.['tables'] });
    const { myDownloads } = await call<{
      myDownloads: { kind: string; status: string; fileName: string; url: string; projectId: number }[];
    }>(t, platformAdmin, '{ myDownloads { kind status fileName url projectId } }');
    const listed = myDownloads.find((d) => d.kind === 'projectData');
    expect(listed).toMatchObject({ status: 'completed', projectId: w.projectId });
    expect(listed?.fileName).toMatch(/-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = Buffer.from(await (await fetch(String(listed?.url))).arrayBuffer());
    const entries = await unzipAll(zip);
    const names = entries.map((e) => e.name);
    expect(names).toEqual(expect.arrayContaining(['manifest.json', 'project.json', 'tables/issues.ndjson']));
    const text = (name: string) => entries.find((e) => e.name === name)?.data.toString('utf8') ?? '';
    const manifest = JSON.parse(text('manifest.json')) as {
      projectId: number;
      tables: Record<string, number>;
    };
    expect(manifest.projectId).toBe(w.projectId);
    const issues = text('tables/issues.ndjson')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { title: string });
    expect(issues).toHaveLength(manifest.tables['issues'] ?? -1);
    expect(issues.map((i) => i.title)).toContain('Exportável Zebra');
    expect(text('tables/issue_comments.ndjson')).toContain('Comentário exportado');
    // Nothing of another project, and no secret column anywhere.
    expect(names.join(' ')).not.toMatch(/secret|token|password/);
    for (const e of entries)
      expect(e.data.toString('utf8')).not.toMatch(/"[a-z_]*(hash|secret|token|password)[a-z_]*":/);
    expect(await runScript('projects.exportData', { projectId: 999_999 })).toMatchObject({
      state: 'failed',
      error: 'PROJECT_NOT_FOUND',
    });
  });

  it('runs every script dry without changing anything', async () => {
    const required: Record<string, Record<string, unknown>> = {
      'users.anonymize': { userId: (await buildUser(t, { companyId: null })).id },
      'projects.exportData': { projectId: w.projectId },
    };
    for (const script of ADMIN_SCRIPT_CATALOGUE) {
      const run = await runScript(script.name, required[script.name] ?? {}, true);
      expect(run.state, script.name).toBe('completed');
      expect(run.summary, script.name).not.toBeNull();
    }
  });
});

describe('the same scripts from the command line', () => {
  it('lists them, refuses unknown ones and bad parameters, and runs one on its own database', async () => {
    const lines: string[] = [];
    expect(await runAdminCli(['scripts'], (l) => lines.push(l))).toBe(0);
    expect(lines.some((l) => l.startsWith('issues.rebuildSearchText [--param projectId=<integer>]'))).toBe(
      true,
    );
    expect(await runAdminCli(['script', 'nope'], (l) => lines.push(l))).toBe(2);
    expect(lines.at(-1)).toContain('Unknown script');
    expect(
      await runAdminCli(['script', 'issues.rebuildSearchText', '--param', 'oops'], (l) => lines.push(l)),
    ).toBe(2);

    // A fresh embedded database of its own (the test server's PGlite belongs to this process).
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obra-admin-cli-'));
    const saved = { ...process.env };
    delete process.env['DATABASE_URL'];
    delete process.env['REDIS_URL'];
    process.env['DATA_DIR'] = dataDir;
    process.env['SEED_DEMO'] = 'false';
    try {
      const out: string[] = [];
      const code = await runAdminCli(['script', 'identity.purgeExpiredCredentials', '--dry-run'], (l) =>
        out.push(l),
      );
      expect(out.join('\n')).toContain('would delete');
      expect(code).toBe(0);
      expect(out).toContain('dry run: nothing was changed');
    } finally {
      process.env = saved;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
