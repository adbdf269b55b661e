import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importLoops, modulePairs } from '../../../../scripts/server-import-loops.mjs';

// The server's import loops (docs/architecture.md, "Import loops"), measured by scripts/server-import-loops.mjs:
// no file imports a value from a file that imports it back, even through others, and the modules' folders that
// import each other are only those listed below (eight; never more than ten).

/**
 * The mutual pairs of modules/ folders that remain. The list may only shrink: a new pair means a module reached
 * into another that already depends on it; move the shared piece down instead (as the comments' visibility went
 * beside the issues' in issue-repository.ts and the company policy actor to auth/actor.ts). A pair that is gone
 * leaves the list.
 */
const ALLOWED_MODULE_PAIRS = [
  'modules/ai <-> modules/smart-docs',
  'modules/bim <-> modules/drive',
  'modules/companies <-> modules/identity',
  'modules/companies <-> modules/projects',
  'modules/identity <-> modules/projects',
  'modules/issues <-> modules/issues/images',
  'modules/issues <-> modules/projects',
  'modules/issues/list <-> modules/projects',
];

const planted = fs.mkdtempSync(path.join(os.tmpdir(), 'obra-loops-'));
afterAll(() => fs.rmSync(planted, { recursive: true, force: true }));

function plant(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(planted, 'tree-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  return root;
}

describe('server import loops', () => {
  it('has no file import cycle through value imports', () => {
    expect(importLoops(undefined, { valuesOnly: true }).cycles).toEqual([]);
  });

  it('has one cycle with type imports counted: the composition root (services.ts and its AppServices type)', () => {
    // Every service names AppServices, and services.ts builds them all. Any other cycle is new: put the shared
    // types in a file of their own (as seed/demo-seed-step.ts and admin-scripts/admin-script-contract.ts).
    const { cycles } = importLoops();
    expect(cycles).toHaveLength(1);
    expect(cycles[0]).toContain('services.ts');
  });

  it('keeps the mutual pairs of modules/ folders to the allowed ones, at most ten, each still there', () => {
    const pairs = modulePairs(importLoops().pairs).map(([a, b]) => `${a} <-> ${b}`);
    expect(pairs.filter((p) => !ALLOWED_MODULE_PAIRS.includes(p))).toEqual([]);
    expect(ALLOWED_MODULE_PAIRS.filter((p) => !pairs.includes(p))).toEqual([]);
    expect(ALLOWED_MODULE_PAIRS.length).toBeLessThanOrEqual(10);
  });

  it('finds a planted cycle and a planted mutual pair, and leaves a type-only cycle to the all-imports count', () => {
    const root = plant({
      'modules/a/a-service.ts': "import { b } from '../b/b-service.ts';\nexport const a = () => b();\n",
      'modules/b/b-service.ts': "import { a } from '../a/a-service.ts';\nexport const b = () => a();\n",
      'modules/c/c-types.ts': "import type { D } from './d-types.ts';\nexport type C = { d: D };\n",
      'modules/c/d-types.ts': "import type { C } from './c-types.ts';\nexport type D = { c?: C };\n",
    });
    const values = importLoops(root, { valuesOnly: true });
    expect(values.cycles).toEqual([['modules/a/a-service.ts', 'modules/b/b-service.ts']]);
    expect(modulePairs(values.pairs)).toEqual([['modules/a', 'modules/b']]);
    expect(importLoops(root).cycles).toHaveLength(2);
  });
});
