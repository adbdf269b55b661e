/**
 * Start time and memory of the server (issue 35 #7): the source through tsx (as `npm run serve` did) against the
 * compiled output (`node apps/server/dist/main.js`, as `npm start` runs it now), interleaved over a few rounds on
 * the same data directory (PGlite, migrated by a first start that is not counted; no demo). Start time is from
 * spawn to the first 200 of /readyz; memory is read from /proc once the process has been ready for `--settle`
 * seconds: the server's own RSS and its whole process tree's (tsx adds esbuild's service process).
 *
 *   node --import tsx bench/start/start-rss.ts [--rounds=3] [--settle=10]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../editor/obra-server.ts';
import { processTree, rssBytes, treeRssBytes } from './process-tree.ts';
import { serverCommand } from './server-command.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const arg = (name: string, fallback: number): number => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.split('=')[1]) : fallback;
};
const ROUNDS = arg('rounds', 3);
const SETTLE_S = arg('settle', 10);

const commands = { tsx: serverCommand('tsx'), built: serverCommand('built') };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obra-bench-start-'));
const port = await freePort();

async function start(entry: keyof typeof commands): Promise<{ child: ChildProcess; ms: number }> {
  const [command, ...args] = commands[entry];
  const started = performance.now();
  const child = spawn(command!, args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
    },
    stdio: 'ignore',
  });
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 6000) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { child, ms: performance.now() - started };
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

const rows: { entry: string; ms: number; rss: number; tree: number; processes: number }[] = [];
try {
  // The first start makes and migrates the database: not counted.
  await stop((await start('built')).child);
  for (let round = 1; round <= ROUNDS; round++) {
    for (const entry of ['tsx', 'built'] as const) {
      const { child, ms } = await start(entry);
      await new Promise((resolve) => setTimeout(resolve, SETTLE_S * 1000));
      const row = {
        entry,
        ms,
        rss: rssBytes(child.pid!),
        tree: treeRssBytes(child.pid!),
        processes: processTree(child.pid!).length,
      };
      rows.push(row);
      await stop(child);
      console.log(
        `round ${round} ${entry.padEnd(5)}: ready in ${ms.toFixed(0)} ms, RSS ${(row.rss / 2 ** 20).toFixed(0)} MiB ` +
          `(tree of ${row.processes}: ${(row.tree / 2 ** 20).toFixed(0)} MiB), load ${os.loadavg()[0]!.toFixed(2)}`,
      );
    }
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
for (const entry of ['tsx', 'built']) {
  const mine = rows.filter((r) => r.entry === entry);
  console.log(
    `${entry}: median start ${median(mine.map((r) => r.ms)).toFixed(0)} ms, RSS ${(median(mine.map((r) => r.rss)) / 2 ** 20).toFixed(0)} MiB, ` +
      `tree ${(median(mine.map((r) => r.tree)) / 2 ** 20).toFixed(0)} MiB`,
  );
}
