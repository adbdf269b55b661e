#!/usr/bin/env node
// Prints the import loops of the server (apps/server/src), so that the measure of docs/architecture.md can be
// repeated: the mutual folder pairs (folder A imports folder B and B imports A; a folder is a file's directory,
// e.g. modules/issues/list or http/routes/bcf) and the file import cycles (strongly connected files).
// Relative imports only, type imports included (`--values` leaves `import type` lines out).
// Usage: node scripts/server-import-loops.mjs [--values] [--json] [--root <a server src folder, e.g. of an old commit>]
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The server's source folder. */
export const SERVER_SRC = path.resolve(import.meta.dirname, '../apps/server/src');

function filesUnder(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : filesUnder(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

// `import … from '…'` and `export … from '…'`, over several lines; `import type`/`export type` are type-only.
const IMPORT = /^\s*(import|export)\s+(type\s+)?([^;]*?)\s+from\s+'(\.{1,2}\/[^']+)'/gms;

/**
 * The import loops under `root`: `pairs`, the mutual folder pairs ([a, b] with a < b, folders relative to root),
 * and `cycles`, the file import cycles (each a sorted list of files relative to root). `valuesOnly` leaves
 * `import type` lines out. Used by apps/server/test/architecture/import-loops.test.ts.
 */
export function importLoops(root = SERVER_SRC, { valuesOnly = false } = {}) {
  const files = filesUnder(root);
  const graph = new Map();
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    const targets = new Set();
    for (const m of text.matchAll(IMPORT)) {
      if (valuesOnly && m[2]) continue;
      const target = path.resolve(path.dirname(file), m[4]);
      if (fs.existsSync(target)) targets.add(target);
    }
    graph.set(file, targets);
  }

  const rel = (file) => path.relative(root, file);
  const folderOf = (file) => path.dirname(rel(file));

  // Folder graph and its mutual pairs.
  const folders = new Map();
  for (const [file, targets] of graph) {
    for (const target of targets) {
      const [a, b] = [folderOf(file), folderOf(target)];
      if (a === b) continue;
      if (!folders.has(a)) folders.set(a, new Set());
      folders.get(a).add(b);
    }
  }
  const pairs = [];
  for (const [a, targets] of folders)
    for (const b of targets) if (a < b && folders.get(b)?.has(a)) pairs.push([a, b]);
  pairs.sort((x, y) => x.join().localeCompare(y.join()));

  // File cycles: Tarjan's strongly connected components with more than one file (or a file importing itself).
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const cycles = [];
  let counter = 0;
  function connect(v) {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)?.has(v)) cycles.push(component.map(rel).sort());
    }
  }
  for (const file of graph.keys()) if (!index.has(file)) connect(file);
  return { files: files.length, pairs, cycles };
}

/** The mutual pairs between two folders of modules/. */
export function modulePairs(pairs) {
  return pairs.filter(([a, b]) => a.startsWith('modules/') && b.startsWith('modules/'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const rootAt = process.argv.indexOf('--root');
  const root = rootAt > 0 ? path.resolve(process.argv[rootAt + 1]) : SERVER_SRC;
  const valuesOnly = process.argv.includes('--values');
  const { files, pairs, cycles } = importLoops(root, { valuesOnly });
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ mutualFolderPairs: pairs, fileCycles: cycles }, null, 2));
  } else {
    console.log(`Server import loops (${valuesOnly ? 'value imports' : 'all imports'}, ${files} files)`);
    console.log(
      `\nmutual folder pairs: ${pairs.length} (${modulePairs(pairs).length} between folders of modules/)`,
    );
    for (const [a, b] of pairs) console.log(`  ${a} <-> ${b}`);
    console.log(`\nfile import cycles: ${cycles.length}`);
    for (const cycle of cycles) console.log(`  ${cycle.join(' -> ')}`);
  }
}
