// A CPU profile of one list page's service call (getIssues without GraphQL or HTTP), for the issue bench's
// "manager without marks" page: what the server does beyond the bare SQL. Only the measured calls are profiled
// (node:inspector around them), so the generator and the warm-up stay out of it.
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/issues/profile-page.ts [issues=100000] [calls=60]
//      (npm run issues:profile:pg -w @obra/bench -- 100000 60); the profile is written to $PROFILE_DIR (default /tmp).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import { setUpBenchProject } from './issues-bench-world.ts';
import { inProcessFetchers, webListPageDocument } from './issues-executors.ts';

const COUNT = Number(process.argv[2] ?? 100_000);
const CALLS = Number(process.argv[3] ?? 60);

async function main(): Promise<void> {
  const b = await setUpBenchProject(COUNT);
  try {
    const { service } = await inProcessFetchers(b.t, b.w.coordinator, webListPageDocument());
    const variables = { projectId: b.w.projectId };
    for (let i = 0; i < 10; i += 1) await service(variables);
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    for (let i = 0; i < CALLS; i += 1) await service(variables);
    const wallMs = (performance.now() - started) / CALLS;
    const cpu = process.cpuUsage(cpuBefore);
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    const file = path.join(process.env.PROFILE_DIR ?? os.tmpdir(), `obra-page-${Date.now()}.cpuprofile`);
    fs.writeFileSync(file, JSON.stringify(profile));
    console.log(
      `${COUNT} issues, ${b.t.server.services.database.kind}, manager page (500 rows), ${CALLS} calls: ` +
        `${wallMs.toFixed(1)} ms a call, of which this process's CPU ${((cpu.user + cpu.system) / 1000 / CALLS).toFixed(1)} ms; ` +
        `load average ${os.loadavg()[0]?.toFixed(1)}; profile ${file}`,
    );
  } finally {
    await b.t.close();
  }
}

void main();
