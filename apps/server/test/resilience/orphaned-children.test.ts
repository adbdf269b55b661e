// Issue 30 #5: IFC converters outlived a killed worker (the restarted worker then started the same conversions
// again, and a crash-looping worker piled up orphans). Every child that converts a model or prepares a document
// now exits when its parent dies: here a parent process starts one that does not end soon and is killed with
// SIGKILL; its child is gone within seconds.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { waitUntil } from './support/ports.ts';
import { inflatingPdf } from '../drive/hostile-pdf.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const parentScript = path.join(repoRoot, 'apps/server/test/support/heavy-work-parent.ts');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'obra-orphans-'));
const started: ChildProcess[] = [];

afterAll(() => {
  for (const p of started) if (p.exitCode === null) p.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The processes whose parent is `pid`, from /proc. */
function childrenOf(pid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Whether a process still runs (a zombie waiting for its new parent to reap it counts as ended). */
function alive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

async function killParentOf(kind: 'ifc' | 'pdf', file: string): Promise<void> {
  const parent = spawn(process.execPath, ['--import', 'tsx', parentScript, kind, file], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(parent);
  let output = '';
  parent.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  parent.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const pid = parent.pid ?? 0;
  const [child] = await waitUntil(
    `the ${kind} child to start`,
    async () => {
      if (parent.exitCode !== null) throw new Error(`the parent exited: ${output}`);
      const found = childrenOf(pid);
      return found.length > 0 ? found : undefined;
    },
    90_000,
    100,
  );
  expect(child).toBeGreaterThan(0);
  // The child is at work: it outlives a second of its parent.
  await new Promise((r) => setTimeout(r, 1_000));
  expect(alive(child ?? 0)).toBe(true);
  parent.kill('SIGKILL');
  await waitUntil(
    `the orphaned ${kind} child to exit`,
    async () => (alive(child ?? 0) ? undefined : true),
    20_000,
    100,
  );
}

describe('children of a killed parent', () => {
  it('an IFC conversion ends when its parent dies', async () => {
    // A cut-off body with its closing line restored: web-ifc's geometry pass never returns on it.
    const mep = fs.readFileSync(path.join(repoRoot, 'fixtures/ifc/bcf-xml/MEP.ifc'));
    const file = path.join(dir, 'never-ends.ifc');
    fs.writeFileSync(file, Buffer.concat([mep.subarray(0, 3000), Buffer.from('\nEND-ISO-10303-21;\n')]));
    await killParentOf('ifc', file);
  });

  it('a PDF preparation ends when its parent dies', async () => {
    const file = path.join(dir, 'inflates.pdf');
    fs.writeFileSync(file, await inflatingPdf(540));
    await killParentOf('pdf', file);
  });
});
