// Which server test files give the same result on both databases, so that CI's second (PostgreSQL) pass may leave
// them out. A test file depends on the backend chosen by DATABASE_URL when it, or a test-local module it imports
// (followed through relative imports inside apps/server/test), starts a server or opens a database the way the
// suite chooses them. Files that only start a PostgreSQL server of their own (resilience/support/own-postgres.ts)
// (every server they start is given that server's URL: the architecture test checks each startTestServer call)
// test that server whichever pass runs them: they run once too.
// Checked by apps/server/test/architecture/backend-independent.test.ts.
import fs from 'node:fs';
import path from 'node:path';

const TEST_ROOT = path.resolve(import.meta.dirname, '../apps/server/test');

/** Text that makes a module follow the suite's backend: its helpers, or reading the variable itself. */
const BACKEND_MARKERS = [
  /support\/test-server\.ts/,
  /support\/test-database\.ts/,
  /support\/server-process\.ts/,
  /support\/seeded-demo\.ts/,
  /support\/obra-process\.ts/,
  /process\.env\.DATABASE_URL/,
  /\.\.\.process\.env\b/,
  /src\/server\.ts/,
  /src\/main\.ts/,
  /openDatabase\(/,
  /createServices\(/,
];

const OWN_POSTGRES = /support\/own-postgres\.ts/;
const IMPORT =
  /(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function testLocalImports(file, text) {
  const found = [];
  for (const m of text.matchAll(IMPORT)) {
    const target = path.resolve(path.dirname(file), m[1] ?? m[2]);
    if (target.startsWith(TEST_ROOT + path.sep) && fs.existsSync(target)) found.push(target);
  }
  return found;
}

/** 'both' when the file's results depend on the backend, 'once' when not. */
export function classify(file) {
  const seen = new Set();
  const queue = [path.resolve(file)];
  let backend = false;
  let ownPostgres = false;
  while (queue.length > 0) {
    const current = queue.pop();
    if (seen.has(current)) continue;
    seen.add(current);
    const text = fs.readFileSync(current, 'utf8');
    if (OWN_POSTGRES.test(text)) ownPostgres = true;
    // The own server's helper starts its own processes with its own URL: its own text is not a marker.
    if (!current.endsWith(`${path.sep}own-postgres.ts`) && BACKEND_MARKERS.some((m) => m.test(text))) {
      backend = true;
    }
    queue.push(...testLocalImports(current, text));
  }
  return { verdict: backend && !ownPostgres ? 'both' : 'once', ownPostgres };
}

function listTests(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listTests(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The server test files (relative to apps/server) that CI's PostgreSQL pass leaves out. */
export function backendIndependentTests() {
  return listTests(TEST_ROOT)
    .filter((file) => classify(file).verdict === 'once')
    .map((file) => path.relative(path.resolve(TEST_ROOT, '..'), file))
    .sort();
}

if (process.argv[1] === import.meta.filename) {
  for (const file of listTests(TEST_ROOT).sort()) {
    const { verdict, ownPostgres } = classify(file);
    console.log(`${verdict}${ownPostgres ? ' (own PostgreSQL)' : ''}\t${path.relative(TEST_ROOT, file)}`);
  }
}
