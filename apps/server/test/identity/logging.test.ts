import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createLogger, startServer, type RunningServer } from '../../src/server.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { codeIn, GOOD_PASSWORD, waitForOutbox } from '../support/auth-client.ts';

const lines: string[] = [];
let server: RunningServer;
let database: TestDatabase;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obra-log-'));
  database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'trace',
    SEED_DEMO: 'false',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
  });
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  server = await startServer(config, createLogger(config, sink));
});

afterAll(async () => {
  await server.close();
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const call = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('logs', () => {
  it('never contain a password, a code, a token or a key secret, even at trace level', async () => {
    await call('/auth/sign-up', {
      email: 'log@example.com',
      password: GOOD_PASSWORD,
      name: 'L',
      lastName: 'G',
    });
    const code = codeIn((await waitForOutbox(dataDir, 'log@example.com'))[0] ?? '');
    await call('/auth/confirm-sign-up', { email: 'log@example.com', code });
    await call('/auth/confirm-sign-up', { email: 'log@example.com', code: '12345x' });
    const signIn = (await (
      await call('/auth/sign-in', { email: 'log@example.com', password: GOOD_PASSWORD, tokenInBody: true })
    ).json()) as { accessToken: string; refreshToken: string };
    const refreshed = await call('/auth/refresh', { refreshToken: signIn.refreshToken, tokenInBody: true });
    const rotated = (await refreshed.json()) as { refreshToken: string };
    await call(
      '/graphql',
      { query: '{ policies { version } }' },
      { authorization: `Bearer ${signIn.accessToken}` },
    );
    const all = lines.join('');
    expect(all).toContain('incoming request');
    for (const secret of [
      GOOD_PASSWORD,
      code,
      signIn.accessToken,
      signIn.refreshToken,
      rotated.refreshToken,
    ]) {
      expect(all).not.toContain(secret);
    }
  });
});
