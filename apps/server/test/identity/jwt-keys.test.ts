import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config.ts';
import { checkEnvKeys } from '../../src/auth/token-keys.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { buildUser, type TestUser } from '../support/factories.ts';

// Several processes sign and verify each other's access tokens when they share JWT_PRIVATE_KEY/JWT_PUBLIC_KEY.
function pemPair(curve = 'P-256'): { JWT_PRIVATE_KEY: string; JWT_PUBLIC_KEY: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: curve });
  return {
    JWT_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    JWT_PUBLIC_KEY: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

const open: TestServer[] = [];
afterAll(async () => {
  for (const server of open.reverse()) await server.close();
});

const whoAmI = async (server: TestServer, user: TestUser) =>
  server.gql<{ loggedUserData: { id: number } }>('{ loggedUserData { id } }', {}, { token: user.token });

describe('signing keys given by env', () => {
  it("let two servers accept each other's access tokens; another key pair refuses them", async () => {
    const keys = pemPair();
    const first = await startTestServer(keys);
    open.push(first);
    // Another server on the same data: at once on PostgreSQL (as several processes run); PGlite is one process's
    // database, so there the first stops and the second opens the same directory.
    const peer = async (env: Record<string, string>): Promise<TestServer> => {
      const url = first.config.databaseUrl;
      if (url) {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obra-peer-'));
        const server = await startTestServer(env, {
          dataDir,
          database: { url, drop: async () => undefined },
        });
        open.push(server);
        return server;
      }
      const current = open.pop();
      await current?.close({ keepData: true });
      const server = await startTestServer(env, {
        dataDir: first.dataDir,
        database: { url: undefined, drop: async () => undefined },
      });
      open.push(server);
      return server;
    };

    const userOfFirst = await buildUser(first);
    expect((await whoAmI(first, userOfFirst)).data?.loggedUserData.id).toBe(userOfFirst.id);
    // Keys given by env are not generated into DATA_DIR.
    expect(fs.existsSync(path.join(first.dataDir, 'keys', 'jwt-private.pem'))).toBe(false);

    const second = await peer(keys);
    expect((await whoAmI(second, userOfFirst)).data?.loggedUserData.id).toBe(userOfFirst.id);
    const userOfSecond = await buildUser(second);
    const back = first.config.databaseUrl ? first : await peer(keys);
    expect((await whoAmI(back, userOfSecond)).data?.loggedUserData.id).toBe(userOfSecond.id);

    const stranger = await peer(pemPair());
    expect((await whoAmI(stranger, userOfFirst)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await whoAmI(stranger, userOfSecond)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('are checked: both needed, each a P-256 PEM, and a matching pair', () => {
    const keys = pemPair();
    const other = pemPair();
    const problems = (privatePem: string | undefined, publicPem: string | undefined): string[] => {
      try {
        checkEnvKeys(privatePem, publicPem);
        return [];
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as ConfigError).issues;
      }
    };
    expect(problems(keys.JWT_PRIVATE_KEY, undefined)).toEqual([
      'JWT_PRIVATE_KEY, JWT_PUBLIC_KEY: give both or neither',
    ]);
    expect(problems(undefined, keys.JWT_PUBLIC_KEY)).toEqual([
      'JWT_PRIVATE_KEY, JWT_PUBLIC_KEY: give both or neither',
    ]);
    expect(problems('not a pem', keys.JWT_PUBLIC_KEY)).toEqual([
      'JWT_PRIVATE_KEY: not a PEM private key on the P-256 curve (ES256)',
    ]);
    expect(problems(keys.JWT_PRIVATE_KEY, 'garbage')).toEqual([
      'JWT_PUBLIC_KEY: not a PEM public key on the P-256 curve (ES256)',
    ]);
    const p384 = pemPair('P-384');
    expect(problems(p384.JWT_PRIVATE_KEY, p384.JWT_PUBLIC_KEY)).toHaveLength(2);
    expect(problems(keys.JWT_PRIVATE_KEY, other.JWT_PUBLIC_KEY)).toEqual([
      'JWT_PUBLIC_KEY: is not the public key of JWT_PRIVATE_KEY',
    ]);
    // One-line PEMs with literal \n, as env files carry them, are accepted.
    const oneLine = (pem: string) => pem.trim().replace(/\n/g, '\\n');
    expect(problems(oneLine(keys.JWT_PRIVATE_KEY), oneLine(keys.JWT_PUBLIC_KEY))).toEqual([]);
  });
});
