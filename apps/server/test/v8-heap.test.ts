import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HEAP_GROWING_PERCENT } from '../src/v8-heap.ts';
import { createTestDatabase } from './support/test-database.ts';
import { spawnServer } from './support/server-process.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

// The factor V8 used for each heap limit it computed, from its own trace (`--trace-gc-verbose`:
// "[HeapController] Limit: old size: … KB, new limit: … KB (2.0)").
function limitFactors(trace: string): string[] {
  return [...trace.matchAll(/\[HeapController\] Limit: .*\((\d+\.\d)\)/g)].map((m) => m[1] ?? '');
}

function runNode(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

// Two full collections, the server's heap settings (or not), half a second of idle, then one more full collection:
// after the idle time, V8's own factor is a low one (1.1–1.3), as for a server that has been idle.
const collectAfter = (apply: boolean) => `
import { applyServerHeapSettings } from './apps/server/src/v8-heap.ts';
globalThis.gc();
globalThis.gc();
${apply ? "console.log('applied: ' + applyServerHeapSettings());" : ''}
await new Promise((resolve) => setTimeout(resolve, 500));
globalThis.gc();
`;
const traced = (flags: string[], apply: boolean) =>
  runNode([
    ...flags,
    '--expose-gc',
    '--trace-gc-verbose',
    '--import',
    'tsx',
    '--input-type=module',
    '-e',
    collectAfter(apply),
  ]);
const factor = (percent: number) => (1 + percent / 100).toFixed(1);

describe("the server process's V8 heap settings", () => {
  it('set a fixed heap growing factor, used by the next full collection', async () => {
    // Without them, V8's own factor for that collection is another one.
    const before = await traced([], false);
    expect(before.code).toBe(0);
    expect(limitFactors(before.out).at(-1)).not.toBe(factor(HEAP_GROWING_PERCENT));
    const { code, out } = await traced([], true);
    expect(code).toBe(0);
    expect(out).toContain('applied: true');
    expect(limitFactors(out).at(-1)).toBe(factor(HEAP_GROWING_PERCENT));
  });

  it("leave a growing factor given on the command line to the operator's choice", async () => {
    const { code, out } = await traced(['--heap-growing-percent=30'], true);
    expect(code).toBe(0);
    expect(out).toContain('applied: false');
    expect(limitFactors(out).at(-1)).toBe('1.3');
  });

  it('are applied by main.ts: the heap limits of a started server use that factor', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obra-heap-'));
    const database = await createTestDatabase();
    const server = spawnServer(
      { PORT: '0', DATA_DIR: dataDir, SEED_DEMO: 'false', DATABASE_URL: database.url ?? '' },
      ['--trace-gc-verbose'],
    );
    const { child, exited } = server;
    try {
      const deadline = Date.now() + 120_000;
      while (
        !server.output().includes('Obra is running at') &&
        child.exitCode === null &&
        Date.now() < deadline
      )
        await new Promise((r) => setTimeout(r, 200));
      expect(server.output()).toContain('Obra is running at');
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      // The start-up (database, migrations, seeds) runs several full collections after main() began; the last
      // limit V8 computed used the server's factor.
      expect(limitFactors(server.output()).at(-1)).toBe(factor(HEAP_GROWING_PERCENT));
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
