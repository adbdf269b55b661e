import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/database.ts';
import { startJobQueue } from '../../src/jobs/job-queue.ts';
import { pgliteTemplate } from '../support/pglite-template.ts';
import { createTestDatabase } from '../support/test-database.ts';

// A job that outlives the queue's graceful stop (a long model conversion when a server closes): pg-boss then records
// its end through a connection that is closed by then. On PGlite that write rejected inside pg-boss, unhandled ('PGlite
// is closed'; vitest failed a run on it once). On PostgreSQL pg-boss's own pool already ignores statements once
// closed; the case runs there too so that it stays so.
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

afterEach(() => {
  process.off('unhandledRejection', onUnhandled);
  unhandled.length = 0;
});

const backends: { name: string; open: () => Promise<{ database: Database; drop: () => Promise<void> }> }[] = [
  {
    name: 'PGlite',
    open: async () => ({
      database: await openDatabase({ pgliteDir: 'memory://', pgliteTemplate: await pgliteTemplate() }),
      drop: async () => undefined,
    }),
  },
  // The PostgreSQL pass of the suite (DATABASE_URL set) runs it on the server too.
  ...(process.env.DATABASE_URL
    ? [
        {
          name: 'PostgreSQL',
          open: async () => {
            const created = await createTestDatabase();
            return {
              database: await openDatabase({ databaseUrl: created.url, poolSize: 2 }),
              drop: created.drop,
            };
          },
        },
      ]
    : []),
];

describe.each(backends)('the job queue on $name', ({ open }) => {
  it('drops the record of a job that ends after the queue stopped and the database closed, without an unhandled rejection', async () => {
    process.on('unhandledRejection', onUnhandled);
    const { database, drop } = await open();
    try {
      const queue = await startJobQueue(database, pino({ level: 'silent' }), {
        runsJobs: true,
        jobTimeoutSeconds: 60,
      });
      let started!: () => void;
      const running = new Promise<void>((resolve) => (started = resolve));
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let ended = false;
      await queue.work('drive.cleanup', async () => {
        started();
        await held;
        ended = true;
        throw new Error('the job fails after the shutdown');
      });
      await queue.send('drive.cleanup', {});
      await running;
      // The graceful stop waits 5 s for the running job, then gives up on it.
      await queue.stop();
      await database.close();
      release();
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(ended).toBe(true);
      expect(unhandled).toEqual([]);
    } finally {
      await drop();
    }
  }, 60_000);
});
