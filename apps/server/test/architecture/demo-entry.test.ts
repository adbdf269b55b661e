import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { DEMO_CHAPTERS } from '../../src/seed/demo.ts';

const SRC = path.resolve(import.meta.dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(full) : entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('the demo has one entry point (issue 29)', () => {
  it('outside seed/, code reaches the demo only through seed/demo.ts (types aside)', () => {
    const offenders = sourceFiles(SRC)
      .filter((file) => !file.startsWith(path.join(SRC, 'seed') + path.sep))
      .flatMap((file) =>
        [
          ...fs
            .readFileSync(file, 'utf8')
            .matchAll(/^import (?!type )[^;]*from '([^']*\/seed\/demo-[^']*)';/gm),
        ].map((m) => `${path.relative(SRC, file)} imports ${m[1]}`),
      );
    expect(offenders).toEqual([]);
  });

  it('runs the chapters that need the services in order: issues before the drive and the models', () => {
    expect(DEMO_CHAPTERS.map((c) => c.name).slice(0, 3)).toEqual(['issues', 'drive', 'BIM models']);
  });
});
