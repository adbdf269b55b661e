import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The viewer, BIM and drive screens (issue 29, item 5): each keeps its state in a model outside React (selection,
// tools, loading), driven by a test without a browser the way the editor's TestEditor drives the editor, and its
// components stay under ~300 lines, so a screen grows by new files, not by a longer component.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const WEB = 'apps/web/src/features';

/** The screens' folders (with subfolders) whose components the limit holds. */
const SCREENS = ['bim', 'viewer', 'drive', 'files'] as const;

const MAX_COMPONENT_LINES = 300;

/** Each screen's state model: a module with no React, DOM or engine in it, and the test that drives it. */
const MODELS = [
  { model: 'bim/bim-viewer-model.ts', test: 'bim/bim-viewer-model.test.ts' },
  { model: 'bim/tools/bim-tools-model.ts', test: 'bim/bim-viewer-model.test.ts' },
  { model: 'viewer/document-viewer-model.ts', test: 'viewer/document-viewer-model.test.ts' },
  { model: 'viewer/sheet-view-model.ts', test: 'viewer/document-viewer-model.test.ts' },
  { model: 'drive/file-browser-model.ts', test: 'drive/file-browser-model.test.ts' },
] as const;

/** What a model may not import by value: React and the screen's engines (WebGL, pdf.js, the UI kit). */
const UI_IMPORT = /^(react|react-dom|@mantine\/|three|pdfjs-dist|konva|react-konva|@thatopen\/)/;

/** A use of the page's globals (a comment's "a document." is not one). */
const DOM_USE = /(?<![\w.])(document|window)\.\w/;

function filesUnder(dir: string): string[] {
  const full = path.join(ROOT, dir);
  return fs.readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return filesUnder(file);
    return entry.isFile() ? [file] : [];
  });
}

function lineCount(text: string): number {
  if (text.length === 0) return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** Components (non-test .tsx) past the limit, with their line counts. */
function longComponents(files: readonly { file: string; text: string }[]): string[] {
  return files
    .filter(({ file }) => file.endsWith('.tsx') && !/\.test\.tsx$/.test(file))
    .map(({ file, text }) => ({ file, lines: lineCount(text) }))
    .filter(({ lines }) => lines > MAX_COMPONENT_LINES)
    .map(({ file, lines }) => `${file}: ${lines} lines`);
}

/** The value imports of a module that bring UI into it: React, an engine, a component file (type-only imports are erased and allowed). */
function uiImports(source: string): string[] {
  return [...source.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms)]
    .map((match) => match[1] ?? '')
    .filter((from) => UI_IMPORT.test(from) || from.endsWith('.tsx'));
}

describe('the viewer, BIM and drive screens', () => {
  it('finds a planted long component and a planted UI import (the checks work)', () => {
    const long = 'export const x = 1;\n'.repeat(MAX_COMPONENT_LINES + 1);
    expect(
      longComponents([
        { file: `${WEB}/bim/planted.tsx`, text: long },
        { file: `${WEB}/bim/planted.test.tsx`, text: long },
        { file: `${WEB}/bim/planted-model.ts`, text: long },
        { file: `${WEB}/bim/short.tsx`, text: 'export const x = 1;\n'.repeat(MAX_COMPONENT_LINES) },
      ]),
    ).toEqual([`${WEB}/bim/planted.tsx: ${MAX_COMPONENT_LINES + 1} lines`]);
    expect(
      uiImports(
        "import { useState } from 'react';\nimport type { Camera } from 'three';\nimport * as THREE from 'three';\nimport { x } from './x.ts';\nimport type { P } from './p.tsx';\nimport { Panel } from './panel.tsx';\n",
      ),
    ).toEqual(['react', 'three', './panel.tsx']);
    expect("window.addEventListener('keydown', f);").toMatch(DOM_USE);
    expect('const x = document.title;').toMatch(DOM_USE);
    expect('/** The pages of a document. */').not.toMatch(DOM_USE);
  });

  it(`keep every component under ${MAX_COMPONENT_LINES} lines`, () => {
    const files = SCREENS.flatMap((screen) => filesUnder(`${WEB}/${screen}`));
    for (const screen of SCREENS)
      expect(
        files.some((file) => file.startsWith(`${WEB}/${screen}/`) && file.endsWith('.tsx')),
        screen,
      ).toBe(true);
    const texts = files.map((file) => ({ file, text: fs.readFileSync(path.join(ROOT, file), 'utf8') }));
    expect(longComponents(texts)).toEqual([]);
  });

  it('keep their state in a model outside React, each driven by its own test', () => {
    for (const { model, test } of MODELS) {
      const source = fs.readFileSync(path.join(ROOT, WEB, model), 'utf8');
      expect(uiImports(source), model).toEqual([]);
      expect(source, model).not.toMatch(DOM_USE);
      const driver = fs.readFileSync(path.join(ROOT, WEB, test), 'utf8');
      const base = path.basename(model, '.ts');
      expect(driver, test).toContain(`${base}.ts'`);
      expect(driver, test).toMatch(/\bexpect\(/);
    }
  });
});
