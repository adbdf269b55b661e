/**
 * Idle CPU (issue 35, item 6): starts a seeded server (PGlite, ROLE=all, the lived-in demo), waits for the demo's
 * start-up work to settle, then reads the CPU time of the server's whole process tree from /proc over three windows
 * of 20 s in which nobody calls it, and prints each as a percentage of one core. Goal: ≤ 1 %.
 *
 *   node --import tsx bench/idle/idle-cpu.ts [--settle=180] [--window=20] [--rounds=3] [--tsx]
 *
 * It runs the compiled server (`npm run build:server` first, as `npm start` does); `--tsx` runs the source through
 * tsx as before issue 35 #7.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../editor/obra-server.ts';
import { cpuSeconds } from '../start/process-tree.ts';
import { serverCommand } from '../start/server-command.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const arg = (name: string, fallback: number): number => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.split('=')[1]) : fallback;
};
const SETTLE_S = arg('settle', 180);
const WINDOW_S = arg('window', 20);
const ROUNDS = arg('rounds', 3);
const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obra-bench-idle-'));
const entry = process.argv.includes('--tsx') ? 'tsx' : 'built';
const [command, ...args] = serverCommand(entry);
console.log(`server: ${[command, ...args].join(' ')}`);
const child = spawn(command!, args, {
  cwd: repoRoot,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
  },
  stdio: 'ignore',
});
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 600) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  console.log(`server ready on ${port}; letting the demo's start-up work settle for ${SETTLE_S} s…`);
  await new Promise((resolve) => setTimeout(resolve, SETTLE_S * 1000));
  const results: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const before = cpuSeconds(child.pid!);
    const started = process.hrtime.bigint();
    await new Promise((resolve) => setTimeout(resolve, WINDOW_S * 1000));
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const share = ((cpuSeconds(child.pid!) - before) / seconds) * 100;
    results.push(share);
    console.log(
      `round ${round}: ${share.toFixed(2)} % of one core over ${seconds.toFixed(1)} s (load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})`,
    );
  }
  console.log(`idle CPU: ${results.map((r) => r.toFixed(2)).join(' / ')} % of one core (goal ≤ 1 %)`);
} finally {
  child.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
