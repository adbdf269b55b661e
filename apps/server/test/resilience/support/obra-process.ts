import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitUntil } from './ports.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../../..');

/** One Obra server started as its own operating-system process (`node apps/server/src/main.ts`). */
export interface ObraProcess {
  readonly role: 'all' | 'web' | 'worker';
  readonly url: string;
  readonly port: number;
  readonly dataDir: string;
  readonly child: ChildProcess;
  /** What the process wrote to stdout and stderr so far (for failure messages). */
  output(): string;
  /** SIGKILL: the process dies at once, mid-request, like a crash or an OOM kill. */
  kill(): Promise<void>;
  /** SIGTERM and wait; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** Settings several processes of one deployment must share: the signing keys of tokens and file URLs. */
export function sharedSecrets(): Record<string, string> {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    JWT_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    JWT_PUBLIC_KEY: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    FILES_SIGNING_SECRET: randomBytes(32).toString('hex'),
  };
}

/** Starts a process with the given role and environment on a free port and waits until /readyz answers 200. */
export async function startObraProcess(
  role: ObraProcess['role'],
  env: Record<string, string>,
  options: { dataDir?: string } = {},
): Promise<ObraProcess> {
  const port = await freePort();
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), `obra-${role}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', `--role=${role}`], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
      SEED_DEMO: 'false',
      REDIS_URL: '',
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntil(
      `the ${role} process to be ready`,
      async () => {
        if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}: ${output.slice(-2000)}`);
        const res = await fetch(`${url}/readyz`);
        return res.status === 200 ? true : undefined;
      },
      90_000,
      200,
    );
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${output.slice(-3000)}`);
  }
  return {
    role,
    url,
    port,
    dataDir,
    child,
    output: () => output,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
