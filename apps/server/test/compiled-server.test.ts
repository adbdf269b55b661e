import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 35 #7: `npm start` runs the server built by scripts/build-server.mjs with plain Node. The bundle must find
 * what the server reads at run time by paths relative to its source files (migrations, GraphQL schema, persisted
 * operations, child scripts) from any working directory, and run without tsx.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const dist = path.join(repoRoot, 'apps/server/dist');
let dataDir: string;
let cwd: string;

beforeAll(() => {
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: repoRoot, stdio: 'pipe' });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obra-compiled-'));
  cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'obra-compiled-cwd-'));
});
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(cwd, { recursive: true, force: true });
});

describe('the compiled server', () => {
  it('bundles Obra and @obra/domain into plain JavaScript and leaves node_modules external', () => {
    const files = fs.readdirSync(dist);
    expect(files).toContain('main.js');
    expect(files).toContain('admin-cli.js');
    const code = files
      .filter((f) => f.endsWith('.js'))
      .map((f) => fs.readFileSync(path.join(dist, f), 'utf8'))
      .join('\n');
    // The domain's error catalogue is inside; fastify and pg-boss are imported, not copied.
    expect(code).toContain('BAD_USER_INPUT');
    expect(code).toMatch(/from "fastify"/);
    expect(code).toMatch(/from "pg-boss"/);
    expect(code).not.toContain('import.meta.dirname + "/../../');
  });

  it('starts with plain node from another directory, migrates, and answers the API and /metrics', async () => {
    const child = spawn(process.execPath, [path.join(dist, 'main.js')], {
      cwd,
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      const deadline = Date.now() + 120_000;
      let url: string | undefined;
      while (!url) {
        url = /listening on (http:\/\/[^\s,)]+)/.exec(output)?.[1];
        if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
        if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
      // The schema's SDL files were read (an unknown field would fail validation otherwise).
      const answer = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'query Version { apiVersion }' }),
      });
      expect(((await answer.json()) as { data?: { apiVersion?: string } }).data?.apiVersion).toMatch(/\S/);
      expect(await (await fetch(`${url}/metrics`)).text()).toContain(
        'obra_graphql_operation_duration_seconds_count{operation="Version",type="query"} 1',
      );
      // No esbuild service (tsx) beside the server.
      const children = fs
        .readdirSync('/proc')
        .filter((e) => /^\d+$/.test(e))
        .filter((e) => {
          try {
            const stat = fs.readFileSync(`/proc/${e}/stat`, 'utf8');
            return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === child.pid;
          } catch {
            return false;
          }
        });
      expect(children).toEqual([]);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });

  it('runs the admin command line from the build', () => {
    const text = execFileSync(process.execPath, [path.join(dist, 'admin-cli.js'), 'scripts'], {
      cwd,
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    });
    // The catalogue of admin scripts, one a line, as `npm run admin -- scripts` prints it.
    expect(text.trim().split('\n').length).toBeGreaterThan(0);
    expect(text).toMatch(/^[a-z][\w.-]+/m);
  });
});
