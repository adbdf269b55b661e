import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { createTestDatabase } from './support/test-database.ts';
import { spawnServer } from './support/server-process.ts';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

// Resolves once the text read so far passes the check; fails if the process exits first or the deadline passes.
async function waitForOutput(
  read: () => string,
  done: (text: string) => boolean,
  exited: () => boolean,
  deadlineMs: number,
): Promise<string> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const text = read();
    if (done(text)) return text;
    if (exited()) throw new Error(`the server exited before printing what was awaited:\n${text}`);
    if (Date.now() > deadline) throw new Error(`gave up waiting for the server output:\n${text}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function waitForHttp(url: string, deadlineMs: number): Promise<Response> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    try {
      return await fetch(url);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

describe('configuration', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      runJobs: true,
      seedDemo: true,
      databaseUrl: undefined,
    });
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('refuses bad values and lists every problem at once', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', JOBS: 'some' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', JOBS: 'some' });
    } catch (error) {
      const issues = (error as ConfigError).issues.join('\n');
      expect(issues).toMatch(/PORT/);
      expect(issues).toMatch(/DATABASE_URL/);
      expect(issues).toMatch(/JOBS/);
    }
  });

  it("takes the operator's terms address (POLICIES_URL), which must be a URL", () => {
    expect(loadConfig({}).policiesUrl).toBeUndefined();
    expect(loadConfig({ POLICIES_URL: 'https://example.com/terms/2026-01' }).policiesUrl).toBe(
      'https://example.com/terms/2026-01',
    );
    expect(() => loadConfig({ POLICIES_URL: 'terms' })).toThrow(ConfigError);
  });

  it('treats empty variables as unset and parses lists', () => {
    const config = loadConfig({
      DATABASE_URL: '',
      EMBEDDING_HOSTS: 'https://a.example, https://b.example',
      SEED_DEMO: 'false',
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.embeddingHosts).toEqual(['https://a.example', 'https://b.example']);
    expect(config.seedDemo).toBe(false);
  });
});

describe('the server process', () => {
  it('starts on PORT, serves health and the app, and exits cleanly on SIGTERM', async () => {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obra-proc-'));
    const database = await createTestDatabase();
    const server = spawnServer({
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      DATABASE_URL: database.url ?? '',
    });
    const { child, exited } = server;
    try {
      const health = await waitForHttp(`http://127.0.0.1:${port}/healthz`, 150_000);
      expect(health.status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
      expect(server.output()).toContain('Obra is running at');
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);

  it('prints the demo sign-ins on the first start, the same as $DATA_DIR/demo-users.json, and they sign in', async () => {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obra-demo-'));
    const database = await createTestDatabase();
    const server = spawnServer({
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      JOBS: 'none',
      DATABASE_URL: database.url ?? '',
    });
    const { child, exited } = server;
    try {
      const file = path.join(dataDir, 'demo-users.json');
      // The block is a heading naming the file, one line per sign-in, and an empty line.
      const heading = `Demo sign-ins (also in ${file}):\n`;
      const text = await waitForOutput(
        () => server.stdout(),
        (out) => out.includes(heading) && out.slice(out.indexOf(heading) + heading.length).includes('\n\n'),
        () => child.exitCode !== null,
        240_000,
      ).catch((error: unknown) => {
        throw new Error(`${String(error)}\n${server.stderr()}`);
      });
      const block = text.slice(text.indexOf(heading) + heading.length).split('\n\n')[0] ?? '';
      const printed = block.split('\n').map((line) => {
        const match = /^\s+(\S+)\s+(\S+)\s+(\S+)$/.exec(line);
        if (!match) throw new Error(`not a sign-in line: ${JSON.stringify(line)}`);
        return { role: match[1], email: match[2], password: match[3] };
      });

      const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>[];
      if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(saved.length).toBeGreaterThanOrEqual(2);
      for (const user of saved) {
        expect(Object.keys(user).sort()).toEqual(['companyId', 'email', 'password', 'projectIds', 'role']);
        expect(user).toMatchObject({
          email: expect.stringMatching(/^\S+@\S+$/),
          password: expect.any(String),
          role: expect.any(String),
        });
        expect(user['companyId'] === null || Number.isInteger(user['companyId'])).toBe(true);
        expect(
          Array.isArray(user['projectIds']) && (user['projectIds'] as unknown[]).every(Number.isInteger),
        ).toBe(true);
      }
      expect(printed).toEqual(
        saved.map((u) => ({ role: u['role'], email: u['email'], password: u['password'] })),
      );
      expect(new Set(saved.map((u) => u['email'])).size).toBe(saved.length);
      expect(saved.some((u) => u['role'] === 'platformAdmin' && u['companyId'] === null)).toBe(true);
      expect(saved.some((u) => u['companyId'] !== null)).toBe(true);

      // The printed passwords are the real ones: each account signs in with its line's password.
      for (const user of printed) {
        const res = await fetch(`http://127.0.0.1:${port}/auth/sign-in`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: user.email, password: user.password }),
        });
        expect(res.status, user.email).toBe(200);
      }
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);

  it('refuses to start when JWT_PRIVATE_KEY is not a usable PEM, naming the variable', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obra-jwt-'));
    const server = spawnServer({
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      JOBS: 'none',
      DATABASE_URL: '',
      JWT_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----',
      JWT_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\nnot a key either\n-----END PUBLIC KEY-----',
    });
    const { child } = server;
    try {
      const code = await server.exited;
      expect(code).toBe(2);
      expect(server.stderr()).toMatch(/Invalid configuration[\s\S]*JWT_PRIVATE_KEY/);
      // A clear message, not a stack trace.
      expect(server.stderr()).not.toMatch(/\n\s+at /);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('refuses to start with an invalid configuration, naming the variable', async () => {
    const server = spawnServer({ PORT: 'not-a-port', DATABASE_URL: '' });
    const code = await server.exited;
    expect(code).toBe(2);
    expect(server.stderr()).toMatch(/Invalid configuration[\s\S]*PORT/);
  }, 120_000);
});
