import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ES module of the repository's scripts, without type declarations
import { backendIndependentTests, classify } from '../../../../scripts/backend-independent-tests.mjs';

// CI's PostgreSQL pass leaves out the server test files whose result cannot depend on the backend
// (scripts/backend-independent-tests.mjs). A file wrongly counted as independent would never be tested on PostgreSQL:
// these tests hold the rule that decides it.

const TEST_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const classifyFile = classify as (file: string) => { verdict: 'both' | 'once'; ownPostgres: boolean };
const independent = (backendIndependentTests as () => string[])();

// Planted modules live inside the test folder (only imports within it are followed); made when the tests run, not
// when the file is only listed.
let scratch = '';
beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(TEST_ROOT, 'architecture', 'tmp-backend-'));
});
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

function planted(name: string, text: string): string {
  const file = path.join(scratch, name);
  fs.writeFileSync(file, text);
  return file;
}

describe('which server tests run on one backend only', () => {
  it('counts a file that starts a test server, directly or through a kit it imports, as backend-dependent', () => {
    expect(classifyFile(path.join(TEST_ROOT, 'issues/issues-realtime.test.ts')).verdict).toBe('both');
    const kit = planted('kit.ts', "import { startTestServer } from '../../support/test-server.ts';\n");
    const viaKit = planted('via-kit.ts', "import { world } from './kit.ts';\n");
    expect(classifyFile(kit).verdict).toBe('both');
    expect(classifyFile(viaKit).verdict).toBe('both');
    const env = planted('env.ts', 'const url = process.env.DATABASE_URL;\n');
    expect(classifyFile(env).verdict).toBe('both');
  });

  it('counts pure modules and fault tests on a PostgreSQL of their own as independent', () => {
    const pure = planted('pure.ts', `import os from 'node:${'os'}';\nexport const n = os.cpus().length;\n`);
    expect(classifyFile(pure).verdict).toBe('once');
    expect(independent).toContain('test/resilience/processes-across-pg-restarts.test.ts');
    expect(independent).toContain('test/bim/bim-convert.test.ts');
    expect(independent).not.toContain('test/issues/issues-realtime.test.ts');
    expect(independent).not.toContain('test/resilience/graceful-shutdown.test.ts');
  });

  it('points every server of a fault test on its own PostgreSQL at that PostgreSQL', () => {
    const own = independent.filter((f) => classifyFile(path.join(TEST_ROOT, '..', f)).ownPostgres);
    expect(own.length).toBeGreaterThanOrEqual(5);
    for (const file of own) {
      const text = fs.readFileSync(path.join(TEST_ROOT, '..', file), 'utf8');
      // Each startTestServer call names its database; each process started gets a DATABASE_URL of the test's own.
      for (const call of text.matchAll(/startTestServer\(([\s\S]*?)\n\s*\);/g)) {
        expect(call[1], `${file}: ${call[0].slice(0, 80)}`).toMatch(/database:\s*\{\s*url/);
      }
      expect(text, file).not.toMatch(/process\.env\.DATABASE_URL/);
    }
  });

  it('leaves out of the second pass only test files that exist', () => {
    expect(independent.length).toBeGreaterThan(10);
    for (const file of independent) expect(fs.existsSync(path.join(TEST_ROOT, '..', file)), file).toBe(true);
  });
});
