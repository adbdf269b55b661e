import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { freePort, waitUntil } from './ports.ts';

/** A Redis server of the test's own on a free port; `kill` is a crash (SIGKILL), `start` brings it back on the same port. */
export interface OwnRedis {
  readonly port: number;
  readonly url: string;
  kill(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

function redisBinary(): string {
  const binary = process.env.OBRA_REDIS_SERVER ?? 'redis-server';
  const probe = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  if (probe.status !== 0) {
    throw new Error(
      `The fault tests start their own Redis server but could not run \`${binary} --version\`. ` +
        'Install Redis (Debian/Ubuntu: `apt-get install redis-server`) or set OBRA_REDIS_SERVER to the redis-server binary.',
    );
  }
  return binary;
}

async function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setTimeout(1_000);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** Starts a throw-away Redis (no persistence). */
export async function startOwnRedis(): Promise<OwnRedis> {
  const binary = redisBinary();
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async (): Promise<void> => {
    child = spawn(
      binary,
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--protected-mode',
        'no',
      ],
      {
        stdio: 'ignore',
      },
    );
    await waitUntil(
      'Redis to answer PING',
      async () => ((await answersPing(port)) ? true : undefined),
      20_000,
    );
  };
  const kill = async (): Promise<void> => {
    const running = child;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((r) => running.once('exit', r));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return { port, url: `redis://127.0.0.1:${port}`, kill, start, destroy: kill };
}
