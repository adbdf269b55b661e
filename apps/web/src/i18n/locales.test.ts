import { describe, expect, it } from 'vitest';
import { LOCALES } from '@obra/domain';

// Every namespace of the web and of the shared domain locales, eagerly, for the parity check.
const web = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', {
  eager: true,
  import: 'default',
});
const shared = import.meta.glob<Record<string, unknown>>('../../../../packages/domain/src/locales/*/*.json', {
  eager: true,
  import: 'default',
});

function keysOf(tree: unknown, prefix = ''): string[] {
  if (tree === null || typeof tree !== 'object') return [prefix];
  return Object.entries(tree as Record<string, unknown>).flatMap(([k, v]) =>
    keysOf(v, prefix ? `${prefix}.${k}` : k),
  );
}

function byNamespace(
  files: Record<string, Record<string, unknown>>,
): Map<string, Map<string, Record<string, unknown>>> {
  const out = new Map<string, Map<string, Record<string, unknown>>>();
  for (const [file, content] of Object.entries(files)) {
    const match = /\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (!match) continue;
    const [, lng, ns] = match as unknown as [string, string, string];
    if (!out.has(ns)) out.set(ns, new Map());
    out.get(ns)?.set(lng, content);
  }
  return out;
}

describe('locale files', () => {
  const all = [...byNamespace(web), ...byNamespace(shared)];

  it('exist for every namespace in en, es and pt-BR', () => {
    expect(all.length).toBeGreaterThan(0);
    for (const [ns, languages] of all) {
      expect([...languages.keys()].sort(), `namespace ${ns}`).toEqual([...LOCALES].sort());
    }
  });

  it('have identical keys in the three languages and no empty text', () => {
    for (const [ns, languages] of all) {
      const en = keysOf(languages.get('en')).sort();
      for (const lng of LOCALES) {
        const content = languages.get(lng);
        expect(keysOf(content).sort(), `keys of ${lng}/${ns}.json`).toEqual(en);
        const empty = keysOf(content).filter((k) => {
          const value = k
            .split('.')
            .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], content);
          return typeof value !== 'string' || value.trim() === '';
        });
        expect(empty, `empty texts in ${lng}/${ns}.json`).toEqual([]);
      }
    }
  });
});
