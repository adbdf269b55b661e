import type { AppServices } from '../services.ts';
import { demoUsersFile, seedDemo } from './demo-seed.ts';
import type { DemoUser } from './demo-seed-step.ts';
import { seedDemoIssues } from './demo-issues.ts';
import { seedDemoDrive } from './demo-drive.ts';
import { seedDemoBim } from './demo-bim.ts';
import { seedDemoSmartFlow } from './demo-smart-flow.ts';
import { seedDemoDownloads } from './demo-downloads.ts';
import { analyzeIssueTables } from '../db/planner-statistics.ts';

export { demoUsersFile, type DemoUser };

/**
 * A chapter of the demo that needs the running services (the issue services, the file store, the job queue): it
 * runs after the people and projects exist, on the first start only, and answers what it made (for the log).
 */
export interface DemoChapter {
  readonly name: string;
  run(services: AppServices, users: readonly DemoUser[]): Promise<Record<string, unknown>>;
}

/**
 * Every chapter in order (issue 29, "where is the demo seeded?": here). An area adds its part of the lived-in demo
 * by adding a chapter; `seedDemo`'s steps (DEMO_SEED_STEPS in demo-seed.ts) are for what must be in the people's
 * own transaction (projects and their members).
 */
export const DEMO_CHAPTERS: readonly DemoChapter[] = [
  {
    name: 'issues',
    async run(services, users) {
      const cpu = process.cpuUsage();
      const statements = services.database.stats.queries;
      const issues = await seedDemoIssues(services, users);
      const used = process.cpuUsage(cpu);
      return {
        issues,
        cpuMs: Math.round((used.user + used.system) / 1000),
        statements: services.database.stats.queries - statements,
      };
    },
  },
  { name: 'drive', run: async (services, users) => ({ documents: await seedDemoDrive(services, users) }) },
  { name: 'BIM models', run: async (services, users) => ({ models: await seedDemoBim(services, users) }) },
  {
    name: 'smart flow',
    run: async (services, users) => ({ rules: await seedDemoSmartFlow(services, users) }),
  },
  {
    name: 'downloads',
    run: async (services, users) => ({ files: await seedDemoDownloads(services, users) }),
  },
];

/**
 * The demo, the one entry point (server.ts calls it when SEED_DEMO is on): the company, its people and projects,
 * then each chapter. Returns the sign-ins created by this start, or undefined when the demo was seeded before.
 */
export async function seedDemoWorld(services: AppServices): Promise<DemoUser[] | undefined> {
  const { database, auth, config, logger } = services;
  const users = await seedDemo(database.db, auth.hasher, config.dataDir, logger);
  if (!users) return undefined;
  for (const chapter of DEMO_CHAPTERS) {
    const started = Date.now();
    const made = await chapter.run(services, users);
    logger.info({ ...made, ms: Date.now() - started }, `demo ${chapter.name} seeded`);
  }
  // The first look at the demo's list is planned on its real rows, not on an empty table's guesses.
  await analyzeIssueTables(database);
  return users;
}
