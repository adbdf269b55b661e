// Load test of issue 8: signed-in users doing realistic work — open the issue list, open an issue, comment, change
// discipline statuses, star — against one or two `web` processes (plus a worker) on the local PostgreSQL and Redis.
// Loopback only; bounded in time (--seconds, after --warmup) and in count (--max-requests).
//   node --import tsx bench/load/load-run.ts --processes 1 [--users 200] [--seconds 60] [--warmup 5] [--issues 300]
//   node --import tsx bench/load/load-run.ts --processes 2
//   node --import tsx bench/load/load-run.ts --processes 1 --users 50 --seconds 20 --ops list   (one operation's cost)
// Each virtual user is a closed loop (no think time): the figures are the capacity of the deployment on this machine.
// The users send exactly the web app's own operations (apps/web/src/gql/generated.ts), by persisted id as the web
// app does in production (without the text, as urql does: the server runs the text it holds for the id).
import os from 'node:os';
import { getOperationAST, parse, print } from 'graphql';
import { PERSISTED_OPERATION_IDS } from '../../apps/web/src/gql/persisted-operations.ts';
import {
  CreateIssueCommentDocument,
  IssueDetailDocument,
  IssuesListPageDocument,
  SetIssueDisciplinesDocument,
  SetIssueStarringDocument,
} from '../../apps/web/src/gql/generated.ts';
import { startCluster } from '../cluster/cluster.ts';
import { buildLoadWorld, type LoadUser, type LoadWorld } from './load-world.ts';
import { errorSummary, table, type Sample } from './load-stats.ts';
import { postgresBackends, startCpuMeter, type CpuMeter } from './cpu-usage.ts';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

const processes = option('processes', 1);
const userCount = option('users', 200);
const seconds = option('seconds', 60);
const warmup = option('warmup', 5);
const issueCount = option('issues', 300);
const maxRequests = option('max-requests', 500_000);

const QUERIES = {
  list: print(IssuesListPageDocument),
  open: print(IssueDetailDocument),
  comment: print(CreateIssueCommentDocument),
  disciplines: print(SetIssueDisciplinesDocument),
  star: print(SetIssueStarringDocument),
} as const;
type Op = keyof typeof QUERIES;
const IDS = Object.fromEntries(
  Object.entries(QUERIES).map(([op, text]) => {
    const name = getOperationAST(parse(text))?.name?.value ?? '';
    const id = PERSISTED_OPERATION_IDS[name];
    if (!id) throw new Error(`${name} is not a persisted operation (npm run codegen)`);
    return [op, id];
  }),
) as Record<Op, string>;
// --ops list,open runs only those steps (to read one operation's cost); the default is the whole flow.
const opsAt = process.argv.indexOf('--ops');
const FLOW: Op[] =
  opsAt >= 0
    ? (process.argv[opsAt + 1] ?? '').split(',').filter((o): o is Op => o in QUERIES)
    : ['list', 'open', 'comment', 'disciplines', 'star'];
if (FLOW.length === 0)
  throw new Error(`--ops takes a comma-separated list of ${Object.keys(QUERIES).join(', ')}`);
// The first discipline may finish; the second never does in this mix, so no change resolves the issue (which would
// need a resolution phase, MISSING_RESOLUTION_PHASE — a rule, not a load failure).
const FIRST_STATUSES = ['todo', 'doing', 'review', 'done'];
const SECOND_STATUSES = ['todo', 'doing', 'review'];

async function send(user: LoadUser, op: Op, variables: Record<string, unknown>): Promise<string> {
  try {
    const res = await fetch(`${user.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
      body: JSON.stringify({
        variables,
        extensions: { persistedQuery: { version: 1, sha256Hash: IDS[op] } },
      }),
      signal: AbortSignal.timeout(60_000),
    });
    const body = (await res.json()) as { errors?: { extensions?: { code?: string } }[] };
    if (res.status !== 200) return `HTTP ${res.status}`;
    return body.errors?.length ? (body.errors[0]?.extensions?.code ?? 'NO_CODE') : 'ok';
  } catch (error) {
    return `transport: ${(error as Error).name}`;
  }
}

function variablesFor(op: Op, world: LoadWorld, n: number): Record<string, unknown> {
  const index = Math.floor(Math.random() * world.issueIds.length);
  const issueId = world.issueIds[index];
  const projectId = world.projectId;
  switch (op) {
    case 'list':
      return { projectId, first: 500 };
    case 'open':
      return { projectId, issueId };
    case 'comment':
      return {
        projectId,
        issueId,
        message: `Comentário de carga ${n}: conferir a cota.`,
        visibility: 'public',
      };
    case 'disciplines': {
      // The issue's own two disciplines (load-world.ts), each with a random status.
      const ids = [world.disciplineIds[index % 3], world.disciplineIds[(index + 1) % 3]];
      const pick = (statuses: string[]): string =>
        statuses[Math.floor(Math.random() * statuses.length)] ?? 'todo';
      return {
        projectId,
        issueId,
        disciplines: [
          { disciplineId: ids[0], status: pick(FIRST_STATUSES) },
          { disciplineId: ids[1], status: pick(SECOND_STATUSES) },
        ],
      };
    }
    case 'star':
      return { projectId, issueId, starred: Math.random() < 0.5 };
  }
}

const loadBefore = os.loadavg();
process.stdout.write(
  `load test: ${processes} web process(es) + worker, ${userCount} users, ${warmup} s warm-up + ${seconds} s; load average before ${loadBefore.map((l) => l.toFixed(2)).join(' ')} on ${os.cpus().length} cores\n`,
);
const cluster = await startCluster({
  webs: processes,
  worker: true,
  env: { RATE_LIMIT_MULTIPLIER: '1000', DATABASE_POOL_SIZE: '20' },
});
try {
  const world = await buildLoadWorld(
    cluster.databaseUrl,
    cluster.webs.map((w) => w.url),
    { users: userCount, issues: issueCount },
  );
  process.stdout.write(
    `seeded: project ${world.projectId}, ${world.issueIds.length} issues, ${world.users.length} users signed in\n`,
  );
  const samples: Sample[] = [];
  const start = performance.now();
  const measureFrom = start + warmup * 1000;
  const end = measureFrom + seconds * 1000;
  let sent = 0;
  const virtualUser = async (user: LoadUser, offset: number): Promise<void> => {
    for (let step = offset; performance.now() < end && sent < maxRequests; step++) {
      const op = FLOW[step % FLOW.length] as Op;
      sent++;
      const t0 = performance.now();
      const outcome = await send(user, op, variablesFor(op, world, sent));
      if (t0 >= measureFrom && performance.now() <= end)
        samples.push({ op, ms: performance.now() - t0, outcome });
    }
  };
  // CPU is metered over the measured window only (after the warm-up).
  let meter: CpuMeter | undefined;
  const meterStarted = new Promise<void>((resolve) =>
    setTimeout(
      () => {
        void postgresBackends(cluster.databaseUrl).then((backends) => {
          meter = startCpuMeter({
            [`web process${processes > 1 ? 'es' : ''}`]: cluster.webs.map((w) => w.child.pid ?? 0),
            worker: [cluster.worker?.child.pid ?? 0],
            'PostgreSQL backends': backends,
          });
          resolve();
        });
      },
      Math.max(0, measureFrom - performance.now()),
    ),
  );
  await Promise.all(world.users.map((u, i) => virtualUser(u, i)));
  await meterStarted;
  const cpu = meter?.read() ?? {};
  const loadAfter = os.loadavg();
  process.stdout.write(`\n${table(samples, seconds)}\n\nerrors: ${JSON.stringify(errorSummary(samples))}\n`);
  const perRequest = Object.entries(cpu).map(
    ([name, ms]) =>
      `${name} ${(ms / Math.max(1, samples.length)).toFixed(1)} ms (${(ms / 1000 / seconds).toFixed(2)} cores)`,
  );
  process.stdout.write(`CPU per request over the window: ${perRequest.join(', ')}\n`);
  process.stdout.write(`load average after ${loadAfter.map((l) => l.toFixed(2)).join(' ')}\n`);
} finally {
  const codes = await cluster.stop();
  process.stdout.write(`processes stopped (exit codes ${codes.join(', ')}); database dropped\n`);
}
