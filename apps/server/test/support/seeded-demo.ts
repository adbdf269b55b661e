import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { startTestServer, type TestServer } from './test-server.ts';
import { post } from './auth-client.ts';
import type { DemoUser } from '../../src/seed/demo-seed-step.ts';

/**
 * A test file's server with the whole lived-in demo seeded (`SEED_DEMO=true`: companies, project, issues with
 * images, drive, models), started before the file's tests and closed after them. The seeding's limit only catches a
 * hang on a loaded machine.
 */
export function useSeededDemo() {
  let server: TestServer | undefined;
  let users: DemoUser[] = [];
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    server = await startTestServer({ SEED_DEMO: 'true' });
    users = JSON.parse(fs.readFileSync(path.join(server.dataDir, 'demo-users.json'), 'utf8')) as DemoUser[];
  }, 600_000);
  afterAll(async () => {
    await server?.close();
  });
  const demo = {
    get server(): TestServer {
      if (!server) throw new Error('the demo server is not started');
      return server;
    },
    /** The demo's users, as printed on first start (demo-users.json). */
    get users(): DemoUser[] {
      return users;
    },
    /** The demo user of a role (manager, coordinator, …). */
    user(role: string): DemoUser {
      const user = users.find((u) => u.role === role);
      if (!user) throw new Error(`no demo user ${role}`);
      return user;
    },
    /**
     * An access token of a demo user, signed in with the printed password once per file (the demo's tests share one
     * server, whose sign-in rate limit would refuse a sign-in per query).
     */
    async tokenOf(user: DemoUser): Promise<string> {
      const known = tokens.get(user.email);
      if (known) return known;
      const signIn = await post<{ accessToken: string }>(demo.server, '/auth/sign-in', {
        email: user.email,
        password: user.password,
      });
      expect(signIn.status).toBe(200);
      tokens.set(user.email, signIn.body.accessToken);
      return signIn.body.accessToken;
    },
    /** A GraphQL query as a demo user, which must answer without errors. */
    async query<T>(user: DemoUser, text: string, variables: Record<string, unknown> = {}): Promise<T> {
      const res = await demo.server.gql<T>(text, variables, { token: await demo.tokenOf(user) });
      expect(res.errors).toBeUndefined();
      return res.data!;
    },
  };
  return demo;
}

/** The demo server a test file shares among its tests (useSeededDemo). */
export type SeededDemo = ReturnType<typeof useSeededDemo>;
