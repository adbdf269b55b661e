import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The two walls of eslint.config.js that keep SQL out of the edge and in the modules' repositories
// (docs/architecture.md, "Layers"), and the ratchet on the second one's exceptions; the domain's purity.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const RATCHET_FILE = path.join(ROOT, 'apps/server/sql-outside-repositories.json');

/**
 * How many module files may still write SQL outside a repository. Lower it when you empty an entry; never raise
 * it: put the new query in a repository instead.
 */
const ALLOWED_EXCEPTIONS = 1;

const RULE = '@typescript-eslint/no-restricted-imports';

const SQL_SERVICE = [
  "import { eq } from 'drizzle-orm';",
  "import { issues } from '../../db/schema/index.ts';",
  "import type { Db } from '../../db/database.ts';",
  '',
  'export async function planted(db: Db, id: number) {',
  '  return db.select().from(issues).where(eq(issues.id, id));',
  '}',
  '',
].join('\n');

const TYPES_ONLY = [
  "import type { SQL } from 'drizzle-orm';",
  "import type { issues } from '../../db/schema/index.ts';",
  '',
  'export type Planted = { where: SQL; row: typeof issues.$inferSelect };',
  '',
].join('\n');

let eslint: ESLint;

async function wallErrors(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === RULE).map((m) => m.message);
}

function exceptions(): string[] {
  return (JSON.parse(fs.readFileSync(RATCHET_FILE, 'utf8')) as { files: string[] }).files;
}

beforeAll(() => {
  // The repository's own eslint.config.js, as `npx eslint .` reads it.
  eslint = new ESLint({ cwd: ROOT });
});

describe('the edge runs no SQL', () => {
  it('refuses drizzle-orm, db/schema and db/ values in a REST route and in a resolver', async () => {
    const route = SQL_SERVICE.replaceAll('../../db/', '../../../db/');
    for (const file of [
      'apps/server/src/http/routes/planted-routes.ts',
      'apps/server/src/graphql/resolvers/planted-resolvers.ts',
    ]) {
      const errors = await wallErrors(route, file);
      expect(errors, file).toHaveLength(2);
      expect(errors[0]).toContain('runs no SQL');
    }
    const database = "import { unitOfWork } from '../../db/unit-of-work.ts';\nexport const u = unitOfWork;\n";
    expect(await wallErrors(database, 'apps/server/src/http/routes/planted-routes.ts')).toHaveLength(1);
  });

  it('lets the edge name the schema types', async () => {
    expect(await wallErrors(TYPES_ONLY, 'apps/server/src/http/routes/planted-routes.ts')).toEqual([]);
  });
});

describe('the domain is pure', () => {
  // The issue decision (packages/domain/src/issues/issue-decision.ts) relies on it: it is tested without a
  // database because it cannot reach one.
  async function domainErrors(code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, {
      filePath: path.join(ROOT, 'packages/domain/src/issues/planted.ts'),
    });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
  }

  it('refuses a database driver, node I/O and the apps in a domain file', async () => {
    for (const line of [
      "import { eq } from 'drizzle-orm';",
      "import fs from 'node:fs';",
      "import { loadIssueUpdate } from '../../../../apps/server/src/modules/issues/issue-repository.ts';",
    ]) {
      const errors = await domainErrors(`${line}\nexport const planted = 1;\n`);
      expect(errors, line).toHaveLength(1);
    }
  });

  it('lets it import its own files and zod', async () => {
    const own =
      "import { z } from 'zod';\nimport { AppError } from '../errors/app-error.ts';\nexport const p = [z, AppError];\n";
    expect(await domainErrors(own)).toEqual([]);
  });
});

describe('SQL lives in a module repository', () => {
  it('refuses drizzle-orm and db/schema values in a service, also in a nested folder', async () => {
    const errors = await wallErrors(SQL_SERVICE, 'apps/server/src/modules/viewer/planted-service.ts');
    expect(errors).toHaveLength(2);
    expect(errors[0]).toContain('SQL lives in a repository');
    const nested = SQL_SERVICE.replaceAll('../../db/', '../../../db/');
    expect(await wallErrors(nested, 'apps/server/src/modules/issues/list/planted-service.ts')).toHaveLength(
      2,
    );
    const subpath = "import { pgTable } from 'drizzle-orm/pg-core';\nexport const t = pgTable;\n";
    expect(await wallErrors(subpath, 'apps/server/src/modules/viewer/planted-service.ts')).toHaveLength(1);
  });

  it('lets repositories and *-sql.ts files write SQL, and any module file name the types', async () => {
    expect(await wallErrors(SQL_SERVICE, 'apps/server/src/modules/viewer/planted-repository.ts')).toEqual([]);
    expect(await wallErrors(SQL_SERVICE, 'apps/server/src/modules/viewer/planted-sql.ts')).toEqual([]);
    expect(await wallErrors(TYPES_ONLY, 'apps/server/src/modules/viewer/planted-service.ts')).toEqual([]);
  });

  it('keeps its exceptions to a list that only shrinks', () => {
    const files = exceptions();
    expect(new Set(files).size, 'each exception once').toBe(files.length);
    expect(
      files.length,
      `apps/server/sql-outside-repositories.json has ${files.length} entries for ${ALLOWED_EXCEPTIONS} allowed: ` +
        'move the new query into a repository (or, if an entry was removed, lower ALLOWED_EXCEPTIONS to match)',
    ).toBe(ALLOWED_EXCEPTIONS);
  });

  it('lists only files that still offend', async () => {
    const stale: string[] = [];
    for (const file of exceptions()) {
      const full = path.join(ROOT, file);
      expect(fs.existsSync(full), `${file} exists`).toBe(true);
      // The same text under a name beside it that is not on the list: it must still break the wall.
      const probe = path.join(path.dirname(file), 'ratchet-probe.ts');
      if ((await wallErrors(fs.readFileSync(full, 'utf8'), probe)).length === 0) stale.push(file);
    }
    expect(stale, 'no longer write SQL: remove them from sql-outside-repositories.json').toEqual([]);
  });
});

describe('one writer of the issue history', () => {
  const PLANTED = [
    "import { issueHistory } from '../../db/schema/index.ts';",
    "import type { Db } from '../../db/database.ts';",
    '',
    'export async function planted(tx: Db) {',
    "  await tx.insert(issueHistory).values({ issueId: 1, entityType: 'issue', fields: {}, issueVisibility: 'public' });",
    '}',
    '',
  ].join('\n');

  async function historyErrors(file: string): Promise<string[]> {
    const [result] = await eslint.lintText(PLANTED, { filePath: path.join(ROOT, file) });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
  }

  it('refuses insert(issueHistory) anywhere but the activity repository, even in a repository or an excepted file', async () => {
    for (const file of [
      'apps/server/src/modules/issues/planted-repository.ts',
      'apps/server/src/modules/bcf/bcf-import-service.ts',
      'apps/server/src/seed/planted-seed.ts',
    ]) {
      const errors = await historyErrors(file);
      expect(errors, file).toHaveLength(1);
      expect(errors[0]).toContain('writeIssueHistory');
    }
    expect(await historyErrors('apps/server/src/modules/issues/issue-activity-repository.ts')).toEqual([]);
  });

  it('holds today: no file of the server writes a history entry but the repository', () => {
    const writers: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (
          /\.ts$/.test(entry.name) &&
          /\.insert\(\s*issueHistory\s*\)/.test(fs.readFileSync(full, 'utf8'))
        )
          writers.push(path.relative(ROOT, full));
      }
    };
    walk(path.join(ROOT, 'apps/server/src'));
    expect(writers).toEqual(['apps/server/src/modules/issues/issue-activity-repository.ts']);
  });
});
