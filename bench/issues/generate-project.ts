// Fills a fresh project with N issues (default 100,000) and reports how long it took and what it wrote.
// With --keep the database stays (a PostgreSQL database named in the output, or the PGlite data directory) for
// EXPLAIN sessions or for a server started on it; the project's people are printed with their ids.
// Run: node --import tsx bench/issues/generate-project.ts [issues=100000] [--keep]
//      DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/issues/generate-project.ts
import os from 'node:os';
import { setUpBenchProject } from './issues-bench-world.ts';

const count = Number(process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 100_000);
const keep = process.argv.includes('--keep');

async function main(): Promise<void> {
  const { t, w, generated: g } = await setUpBenchProject(count);
  console.log(
    `${g.issues} issues, ${g.comments} comments, ${g.images} images, ${g.notifications} unread marks in ${g.seconds.toFixed(1)} s ` +
      `(database ${t.server.services.database.kind}, ${os.cpus().length} cores, load average ${os.loadavg()[0]?.toFixed(1)}).`,
  );
  if (keep) {
    console.log(
      `Kept: ${t.config.databaseUrl ?? `PGlite in ${t.dataDir}/db`}; project ${w.projectId}; viewer (creator) user ${w.creator.id}; group ${w.groupId}; disciplines ${w.disciplineIds.join(', ')}.`,
    );
  }
  await t.close({ keepData: keep });
}

void main();
