// Issue 30 #1: during a database outage 5 of 106 writes hung past 20 s instead of being answered 503: a pool
// without a bound on its wait for a connection (pg-boss's) waited for a database that accepted connections and never
// answered. Here PostgreSQL sits behind a proxy of the test's own that, once the server is up, turns into a black
// hole (existing connections cut, new ones accepted and never answered): a request that queues a job must still be
// answered SERVICE_UNAVAILABLE before a client's 20 s time-out.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { startOwnPostgres, type OwnPostgres } from './support/own-postgres.ts';

let postgres: OwnPostgres;
let t: TestServer | undefined;
let proxy: net.Server;
let dataDir: string;
let blackHole = false;
const sockets = new Set<net.Socket>();

beforeAll(async () => {
  postgres = await startOwnPostgres();
  proxy = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    if (blackHole) return;
    const upstream = net.connect(postgres.port, '127.0.0.1');
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await t?.close({ keepData: true }).catch(() => undefined);
  proxy?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  await postgres?.destroy();
});

describe('a database that accepts connections and never answers', () => {
  it('gets requests answered SERVICE_UNAVAILABLE before a client gives up, also those that queue a job', async () => {
    await postgres.createDatabase('obra_black_hole');
    const port = (proxy.address() as net.AddressInfo).port;
    const url = `postgres://postgres@127.0.0.1:${port}/obra_black_hole`;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obra-hole-'));
    t = await startTestServer(
      { DATABASE_URL: url, RATE_LIMIT_MULTIPLIER: '1000', JOBS: 'none' },
      { dataDir, database: { url, drop: async () => undefined } },
    );
    blackHole = true;
    for (const s of sockets) s.destroy();

    // A reset request only queues a job (through the job queue's own connections).
    const answer = await fetch(`${t.url}/auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'alguem@example.com' }),
      signal: AbortSignal.timeout(20_000),
    }).catch((error: unknown) => error as Error);
    expect(answer instanceof Response ? answer.status : String(answer)).toBe(503);
    expect(await (answer as Response).json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});
