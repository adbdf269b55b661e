import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A database for one test file: a fresh PostgreSQL database when DATABASE_URL is set, else none (PGlite). */
export interface TestDatabase {
  url: string | undefined;
  drop(): Promise<void>;
}

/** Creates a fresh, empty database on the server named by DATABASE_URL, or returns the embedded choice. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const base = process.env.DATABASE_URL;
  if (!base) return { url: undefined, drop: async () => undefined };
  const name = `obra_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
