// Profiles the direct path of one persisted read: run with
//   npm run api:profile -w @obra/bench -- [requests=20000] [operation=StandardDisciplines]   (PROFILE_DIR, default /tmp)
// then open the .cpuprofile in Chrome DevTools (Performance panel, "Load profile").
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../apps/server/src/config.ts';
import { PERSISTED_OPERATIONS } from '../../apps/server/src/graphql/persisted-operations.ts';
import { createLogger, startServer } from '../../apps/server/src/server.ts';

const REQUESTS = Number(process.argv[2] ?? 20000);
const OPERATION = process.argv[3] ?? 'StandardDisciplines';

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obra-prof-'));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATABASE_URL: process.env.DATABASE_URL ?? '',
  });
  const obra = await startServer(config, createLogger(config));
  const found = [...PERSISTED_OPERATIONS].find(([, text]) => text.startsWith(`query ${OPERATION} `));
  if (!found) throw new Error(`no persisted query ${OPERATION}`);
  const search = new URLSearchParams({
    operationName: OPERATION,
    extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: found[0] } }),
  });
  const url = `${obra.url}/graphql?${search.toString()}`;
  // In-process injection: no sockets, so the profile shows the server's own work.
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i += 1) {
    const res = await obra.app.inject({
      method: 'GET',
      url: url.slice(obra.url.length),
      headers: { accept: 'application/graphql-response+json, application/json', 'accept-language': 'en' },
    });
    if (res.statusCode !== 200 || res.body.includes('"errors"')) throw new Error(res.body);
  }
  const ms = performance.now() - started;
  console.log(
    `${REQUESTS} requests in ${ms.toFixed(0)} ms: ${((ms / REQUESTS) * 1000).toFixed(0)} µs each (inject)`,
  );
  await obra.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

void main();
