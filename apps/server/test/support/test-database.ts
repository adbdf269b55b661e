import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { templateKey } from './pglite-template.ts';

/** A database for one test file: a fresh PostgreSQL database when DATABASE_URL is set, else none (PGlite). */
export interface TestDatabase {
  url: string | undefined;
  drop(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../src/db/migrations');

function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

let template: Promise<string> | undefined;

/**
 * The migrated empty database that every test database is copied from (PostgreSQL's CREATE DATABASE … TEMPLATE),
 * so that a test file does not run every migration again: the server counterpart of `pgliteTemplate`. One per
 * migration set, built once under an advisory lock by whichever test process comes first; templates of other
 * migration sets are dropped then.
 */
function postgresTemplate(base: string): Promise<string> {
  template ??= (async () => {
    const name = `obra_tmpl_${templateKey()}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    try {
      await admin.query('select pg_advisory_lock(7306202612)');
      const found = await admin.query<{ datistemplate: boolean }>(
        'select datistemplate from pg_database where datname = $1',
        [name],
      );
      if (found.rows[0]?.datistemplate) return name;
      const stale = await admin.query<{ datname: string }>(
        "select datname from pg_database where datname like 'obra\\_tmpl\\_%' and datname <> $1",
        [name],
      );
      for (const { datname } of stale.rows) {
        await admin.query(`alter database ${datname} is_template false`);
        await admin.query(`drop database if exists ${datname} with (force)`);
      }
      // A half-built one (a run stopped while migrating) is built again.
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
      const pool = new pg.Pool({ connectionString: databaseUrl(base, name), max: 1 });
      try {
        await migrate(drizzle({ client: pool }), { migrationsFolder });
      } finally {
        await pool.end();
      }
      await admin.query(`alter database ${name} is_template true`);
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock(7306202612)').catch(() => undefined);
      await admin.end();
    }
  })();
  return template;
}

/**
 * A fresh database on the server named by DATABASE_URL, with every migration applied (copied from the template),
 * or the embedded choice. Test databases do not wait for the disk at each commit (`synchronous_commit = off`):
 * only a crash of PostgreSQL itself could lose their last commits, and no test crashes it.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const base = process.env.DATABASE_URL;
  if (!base) return { url: undefined, drop: async () => undefined };
  const source = await postgresTemplate(base);
  const name = `obra_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${source}`);
    await admin.query(`alter database ${name} set synchronous_commit = off`);
  } finally {
    await admin.end();
  }
  return {
    url: databaseUrl(base, name),
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
