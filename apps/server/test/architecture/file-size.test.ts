import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// No source file over 600 lines (issue 29, "Split by resource"): a file that grows past it is split by what it
// does (docs/architecture.md, "Layers"). Generated files do not count, and the web's route table, which shows every
// URL in one place on purpose, is the one exception.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const MAX_LINES = 600;

/** The one hand-written file allowed past the limit. Do not add to it: split the file instead. */
const EXCEPTIONS = new Set(['apps/web/src/app/router.tsx']);

/** Source files, by their ending: code, styles, GraphQL, SQL, scripts. */
const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|css|graphql|sql|html|sh)$/;

/** Written by a tool (codegen, openapi-typescript, drizzle-kit), not by hand. */
function generated(file: string): boolean {
  return (
    file.split('/').includes('generated') ||
    file === 'apps/web/src/gql/generated.ts' ||
    file.startsWith('apps/server/src/db/migrations/')
  );
}

/** Folders that hold no source of the repository: installs, builds, data and reports (as .gitignore). */
const SKIPPED = new Set(['.git', 'node_modules', 'dist', 'data', 'test-results', 'playwright-report']);

function sourceFiles(dir: string, relative = ''): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (SKIPPED.has(entry.name) || file === 'bench/results' || entry.name.startsWith('tmp-backend-'))
        return [];
      return sourceFiles(path.join(dir, entry.name), file);
    }
    return entry.isFile() && SOURCE.test(entry.name) ? [file] : [];
  });
}

function lineCount(text: string): number {
  if (text.length === 0) return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** The files over the limit, with their line counts, leaving out generated files and the exceptions. */
function oversized(files: readonly { file: string; text: string }[]): string[] {
  return files
    .filter(({ file }) => SOURCE.test(file) && !generated(file) && !EXCEPTIONS.has(file))
    .map(({ file, text }) => ({ file, lines: lineCount(text) }))
    .filter(({ lines }) => lines > MAX_LINES)
    .map(({ file, lines }) => `${file}: ${lines} lines`);
}

describe(`no source file over ${MAX_LINES} lines`, () => {
  it('finds a planted long file, and leaves out generated files and the route table', () => {
    const long = 'export const x = 1;\n'.repeat(MAX_LINES + 1);
    const limit = 'export const x = 1;\n'.repeat(MAX_LINES);
    expect(
      oversized([
        { file: 'apps/server/src/modules/planted/planted-service.ts', text: long },
        { file: 'apps/web/src/features/planted/planted.tsx', text: limit },
        { file: 'apps/server/test/planted/planted.test.ts', text: long.trimEnd() },
        { file: 'apps/web/src/lib/api/generated/openapi.ts', text: long },
        { file: 'apps/web/src/gql/generated.ts', text: long },
        { file: 'apps/server/src/db/migrations/0099_planted.sql', text: long },
        { file: 'apps/web/src/app/router.tsx', text: long },
        { file: 'docs/planted.md', text: long },
      ]),
    ).toEqual([
      `apps/server/src/modules/planted/planted-service.ts: ${MAX_LINES + 1} lines`,
      `apps/server/test/planted/planted.test.ts: ${MAX_LINES + 1} lines`,
    ]);
  });

  it('holds in the repository: source, tests, journeys, benchmarks and scripts', () => {
    const files = sourceFiles(ROOT);
    // The walk reaches every part of the tree (a wrong ROOT would find nothing and pass).
    for (const known of [
      'apps/server/src/server.ts',
      'apps/web/src/app/router.tsx',
      'packages/domain/src/index.ts',
      'e2e/playwright.config.ts',
    ])
      expect(files, known).toContain(known);
    // A file another test removed between the walk and the read (a scratch file) is passed over.
    const texts = files.flatMap((file) => {
      try {
        return [{ file, text: fs.readFileSync(path.join(ROOT, file), 'utf8') }];
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
    });
    expect(oversized(texts)).toEqual([]);
  });
});
