import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../../src/config.ts';
import { createLogger, startServer, type RunningServer } from '../../src/server.ts';
import { pgliteTemplate } from './pglite-template.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

/** A GraphQL answer as the tests read it. */
export interface GqlResponse<T = Record<string, unknown>> {
  status: number;
  data: T | null | undefined;
  errors: { message: string; extensions?: { code?: string } & Record<string, unknown> }[] | undefined;
}

/** A real Obra server on a free port with its own data directory and database. */
export interface TestServer {
  readonly url: string;
  readonly server: RunningServer;
  readonly config: Config;
  readonly dataDir: string;
  gql<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    options?: { token?: string; headers?: Record<string, string> },
  ): Promise<GqlResponse<T>>;
  /** Stops the server; `keepData` leaves the data directory and database for a restart. */
  close(options?: { keepData?: boolean }): Promise<void>;
  /** Stops and starts again on the same data (with `env` changed, if given); returns the new server. */
  restart(env?: Record<string, string>): Promise<TestServer>;
}

/** Starts a server for a test file. Set DATABASE_URL to run it on PostgreSQL instead of PGlite. */
export async function startTestServer(
  env: Record<string, string> = {},
  reuse?: { dataDir: string; database: TestDatabase },
  /** Where the server's log goes (a test that reads it); nowhere by default. */
  logDestination?: { write(line: string): void },
): Promise<TestServer> {
  const dataDir = reuse?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'obra-test-'));
  const database = reuse?.database ?? (await createTestDatabase());
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SEED_DEMO: 'false',
    // Tests write users with SQL and use their tokens at once: no session cache unless a test asks for it.
    SESSION_CACHE_MS: '0',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  const template = database.url ? undefined : await pgliteTemplate();
  const server = await startServer(
    config,
    createLogger(config, logDestination),
    template ? { pgliteTemplate: template } : {},
  );
  const self: TestServer = {
    url: server.url,
    server,
    config,
    dataDir,
    async gql(query, variables, options) {
      const headers: Record<string, string> = { 'content-type': 'application/json', ...options?.headers };
      if (options?.token) headers['authorization'] = `Bearer ${options.token}`;
      const response = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ query, variables }),
      });
      const body = (await response.json()) as { data?: never; errors?: GqlResponse['errors'] };
      return { status: response.status, data: body.data, errors: body.errors };
    },
    async close(options) {
      await server.close();
      if (!options?.keepData) {
        await database.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    async restart(changed = {}) {
      await server.close();
      return startTestServer({ ...env, ...changed }, { dataDir, database });
    },
  };
  return self;
}
