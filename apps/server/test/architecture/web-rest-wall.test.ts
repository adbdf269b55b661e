import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The wall of eslint.config.js that keeps the web's REST calls on its one typed client
// (apps/web/src/lib/api/rest-client.ts; docs/architecture.md, "How does the web call REST?").

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** How many web files may call fetch or XMLHttpRequest themselves. Never raise it for a JSON endpoint. */
// 11 since 2026-11-29: the offline drawings fetch their page previews (binary) from signed addresses.
const ALLOWED_RAW_TRANSFERS = 11;

const JSON_FETCH = [
  "import { getAccessToken } from '../../lib/auth-token.ts';",
  '',
  'export async function planted(projectId: number): Promise<{ models: unknown[] }> {',
  '  const response = await fetch(`/bim/projects/${projectId}/models`, {',
  '    headers: { authorization: `Bearer ${getAccessToken()}` },',
  '  });',
  '  return (await response.json()) as { models: unknown[] };',
  '}',
  '',
].join('\n');

const OTHER_WAYS = [
  'export async function planted(): Promise<unknown> {',
  "  const a = await window.fetch('/autodoc/platform');",
  "  const b = await globalThis.fetch('/autodoc/user-integration');",
  '  const xhr = new XMLHttpRequest();',
  "  xhr.open('GET', '/bcf-oauth-applications');",
  '  return [await a.json(), await b.json(), xhr];',
  '}',
  '',
].join('\n');

const TYPED_CALL = [
  "import { api } from '../../lib/api/rest-client.ts';",
  '',
  'export async function planted(projectId: number) {',
  "  return (await api.get('/bim/projects/{projectId}/models', { path: { projectId } })).models;",
  '}',
  '',
].join('\n');

const RULES = new Set(['no-restricted-globals', 'no-restricted-properties']);

let eslint: ESLint;
let rawTransfers: string[];

async function wallErrors(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId && RULES.has(m.ruleId)).map((m) => m.message);
}

beforeAll(async () => {
  // The repository's own eslint.config.js, as `npx eslint .` reads it.
  eslint = new ESLint({ cwd: ROOT });
  const config = (await import(path.join(ROOT, 'eslint.config.js'))) as { WEB_RAW_TRANSFERS: string[] };
  rawTransfers = config.WEB_RAW_TRANSFERS;
});

describe('one REST client on the web', () => {
  it('refuses a hand-written fetch of a JSON endpoint in a feature, a component and lib/', async () => {
    for (const file of [
      'apps/web/src/features/bim/planted-api.ts',
      'apps/web/src/features/smart-flow/planted-page.tsx',
      'apps/web/src/components/planted.ts',
      'apps/web/src/lib/planted.ts',
    ]) {
      const errors = await wallErrors(JSON_FETCH, file);
      expect(errors, file).toHaveLength(1);
      expect(errors[0]).toContain('one typed client');
    }
  });

  it('refuses window.fetch, globalThis.fetch and XMLHttpRequest too', async () => {
    const errors = await wallErrors(OTHER_WAYS, 'apps/web/src/features/integrations/planted.ts');
    expect(errors).toHaveLength(3);
  });

  it('lets a feature call the typed client, and the listed binary transfers call fetch', async () => {
    expect(await wallErrors(TYPED_CALL, 'apps/web/src/features/bim/planted-api.ts')).toEqual([]);
    expect(await wallErrors(JSON_FETCH, 'apps/web/src/features/viewer/sheet-source.ts')).toEqual([]);
    expect(await wallErrors(JSON_FETCH, 'apps/web/src/features/bim/planted-api.test.ts')).toEqual([]);
  });

  it('keeps its exceptions to a short list of files that exist and still need them', async () => {
    expect(new Set(rawTransfers).size, 'each exception once').toBe(rawTransfers.length);
    expect(rawTransfers.length, 'WEB_RAW_TRANSFERS grew: use the REST client instead').toBe(
      ALLOWED_RAW_TRANSFERS,
    );
    const stale: string[] = [];
    for (const file of rawTransfers) {
      const full = path.join(ROOT, file);
      expect(fs.existsSync(full), `${file} exists`).toBe(true);
      // The same text under a name beside it that is not on the list: it must still break the wall.
      const probe = path.join(path.dirname(file), 'raw-transfer-probe.ts');
      if ((await wallErrors(fs.readFileSync(full, 'utf8'), probe)).length === 0) stale.push(file);
    }
    expect(stale, 'no longer call fetch: remove them from WEB_RAW_TRANSFERS').toEqual([]);
  });
});
