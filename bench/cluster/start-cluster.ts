// Starts a cluster on this machine and keeps it running until Ctrl-C (then stops it cleanly and drops its database):
//   node --import tsx bench/cluster/start-cluster.ts [webs=2]
// Useful to point a browser, a load tool or a debugger at several processes sharing PostgreSQL and Redis.
import { startCluster } from './cluster.ts';

const webs = Number(process.argv[2] ?? '2');
if (!Number.isInteger(webs) || webs < 1) throw new Error('usage: start-cluster.ts [number of web processes]');
const cluster = await startCluster({
  webs,
  worker: true,
  env: { NODE_ENV: 'development', SEED_DEMO: 'false' },
});
process.stdout.write(
  [
    ...cluster.webs.map((w) => `web     ${w.url}  (data ${w.dataDir})`),
    `worker  ${cluster.worker?.url ?? '-'}  (health checks only)`,
    `database ${cluster.databaseUrl}`,
    `redis    ${cluster.redisUrl}`,
    'Ctrl-C stops every process and drops the database.',
    '',
  ].join('\n'),
);
let stopping = false;
const stop = (): void => {
  if (stopping) return;
  stopping = true;
  void cluster.stop().then((codes) => {
    process.stdout.write(`stopped (exit codes ${codes.join(', ')})\n`);
    process.exit(0);
  });
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
