import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/** A server started from the source as `npm run dev:server` runs it (`node --import tsx apps/server/src/main.ts`), with what it printed. */
export interface ServerProcess {
  child: ChildProcessByStdio<null, Readable, Readable>;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  /** Standard output so far. */
  stdout(): string;
  /** Standard error so far. */
  stderr(): string;
  /** Both, in the order they arrived. */
  output(): string;
}

/**
 * Starts the server as its own process, from the repository's root, with the environment of the tests plus `env`
 * (HOST 127.0.0.1 and LOG_LEVEL warn unless given); `nodeArgs` come before the entry point (V8 flags).
 */
export function spawnServer(env: Record<string, string>, nodeArgs: readonly string[] = []): ServerProcess {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, stdout: () => stdout, stderr: () => stderr, output: () => output };
}
