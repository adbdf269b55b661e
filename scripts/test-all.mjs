#!/usr/bin/env node
// `npm test`: static checks, unit and integration tests (vitest), then the browser journeys (Playwright).
// Set DATABASE_URL to run the server tests and the journeys on PostgreSQL instead of the embedded PGlite.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const steps = [];

function run(name, command, args, env = {}) {
  const started = Date.now();
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  steps.push({ name, ok, seconds: Math.round((Date.now() - started) / 1000) });
  if (!ok) finish();
}

/**
 * Runs lanes of steps side by side (the static checks: two lanes on two cores), each lane's steps one after another;
 * a step's output is printed whole when it ends, so that the lanes' lines do not mix.
 */
async function runLanes(lanes) {
  const runLane = async (lane) => {
    for (const [name, command, args, env = {}] of lane) {
      const started = Date.now();
      const child = spawn(command, args, {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, FORCE_COLOR: '1', ...env },
      });
      const output = [];
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      const status = await new Promise((resolve) => {
        child.on('error', () => resolve(1));
        child.on('close', (code) => resolve(code));
      });
      const ok = status === 0;
      console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
      process.stdout.write(Buffer.concat(output));
      steps.push({ name, ok, seconds: Math.round((Date.now() - started) / 1000) });
      if (!ok) return false;
    }
    return true;
  };
  const results = await Promise.all(lanes.map(runLane));
  if (results.includes(false)) finish();
}

function finish() {
  const passed = steps.filter((s) => s.ok).length;
  const failed = steps.length - passed;
  console.log('\nSummary of npm test:');
  for (const s of steps) console.log(`  ${s.ok ? '✓' : '✗'} ${s.name} (${s.seconds}s)`);
  console.log(`steps: ${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}

function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    console.log("Chromium is missing: installing Debian's chromium package (browser journeys need it).");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const install = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
    if (update.status === 0 && install.status === 0 && fs.existsSync(CHROMIUM)) return;
  }
  console.error(
    `\nThe browser journeys need Chromium at ${CHROMIUM}.\n` +
      'Install it with your system package manager (Debian/Ubuntu: `sudo apt-get install chromium`),\n' +
      'or point CHROMIUM_PATH at a Chromium or Chrome binary, then run `npm test` again.\n',
  );
  process.exit(1);
}

const backend = process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite';
console.log(`Obra test suite on ${backend}${process.env.REDIS_URL ? ' with Redis' : ''}.`);
ensureChromium();
// CI runs the suite a second time on PostgreSQL: what does not touch the database (static checks, domain and web
// unit tests, most browser journeys) has already passed in the first run, so OBRA_DATABASE_ONLY=1 leaves it out.
if (process.env.OBRA_DATABASE_ONLY === '1') {
  run('server integration tests', 'npx', ['vitest', 'run', '--project', 'server']);
} else {
  // The generators rewrite their files in place: first, before anything reads them.
  run('generated GraphQL files are fresh', 'node', ['scripts/check-codegen.mjs']);
  // The other static checks in two lanes: the typecheck (the longest) beside the rest.
  await runLanes([
    [['typecheck', 'npm', ['run', '--silent', 'typecheck']]],
    [
      ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
      ['formatting (Prettier)', 'npx', ['prettier', '--check', '.', '--log-level=warn']],
      // The committed REST description (docs/openapi.json, kept fresh by test/openapi-coverage.test.ts) lints
      // without errors; no telemetry or update check leaves the machine.
      [
        'OpenAPI document lints (Redocly)',
        'npx',
        ['redocly', 'lint', 'docs/openapi.json', '--format=summary'],
        {
          REDOCLY_TELEMETRY: 'off',
          REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
          REDOCLY_SUPPRESS_NOTIFICATIONS: 'true',
          DO_NOT_TRACK: '1',
        },
      ],
    ],
  ]);
  run('unit and integration tests (domain, server, web)', 'npx', ['vitest', 'run']);
}
// CI's second pass (.ci/run, OBRA_DATABASE_ONLY=1) ends with the server tests: the compiled server's own tests
// (compiled-server.test.ts, process.test.ts) and every API test have run on PostgreSQL, and the browser journeys,
// which drive the same API, ran in the first pass. Three of them used to run again here; with the suite grown, the
// whole CI run had come to 86 of its 90 minutes on 2 cores, and they were the part that tested nothing new.
if (process.env.OBRA_DATABASE_ONLY !== '1') {
  run('build the web app and the server', 'npm', ['run', '--silent', 'build']);
  run('browser journeys (Playwright, Chromium)', 'npx', [
    'playwright',
    'test',
    '-c',
    'e2e/playwright.config.ts',
  ]);
}
finish();
