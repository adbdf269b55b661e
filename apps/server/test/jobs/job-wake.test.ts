import { sql } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/database.ts';
import { transactionExecutor } from '../../src/db/transaction-executor.ts';
import { JOB_CHANNEL, startJobQueue } from '../../src/jobs/job-queue.ts';
import { pgliteTemplate } from '../support/pglite-template.ts';
import { createTestDatabase } from '../support/test-database.ts';

/**
 * Idle workers do not poll their queues twice a second any more (issue 35 #6): a sent job announces itself on a
 * NOTIFY channel, transactionally, and wakes the workers of its queue. With polling turned off, a job still runs only
 * if that works.
 */
const backends: { name: string; open: () => Promise<{ database: Database; drop: () => Promise<void> }> }[] = [
  {
    name: 'PGlite',
    open: async () => ({
      database: await openDatabase({ pgliteDir: 'memory://', pgliteTemplate: await pgliteTemplate() }),
      drop: async () => undefined,
    }),
  },
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

describe.each(backends)('job wake-ups on $name', ({ open }) => {
  it('announce a job sent in a transaction only once it commits, and never one whose transaction rolls back', async () => {
    const { database, drop } = await open();
    const heard: string[] = [];
    const unlisten = await database.listen(JOB_CHANNEL, (payload) => heard.push(payload));
    const queue = await startJobQueue(database, pino({ level: 'silent' }), {
      runsJobs: false,
      jobTimeoutSeconds: 60,
    });
    try {
      await database.db.transaction(async (tx) => {
        await queue.send('drive.cleanup', {}, { executor: transactionExecutor(tx) });
        // Not yet: the job cannot be fetched before the commit.
        await tx.execute(sql`select 1`);
        expect(heard).toEqual([]);
      });
      await expect.poll(() => heard).toEqual(['drive.cleanup']);
      await database.db
        .transaction(async (tx) => {
          await queue.send('files.cleanup', {}, { executor: transactionExecutor(tx) });
          throw new Error('roll back');
        })
        .catch(() => undefined);
      await queue.send('mail.send', { to: 'a@b.c', subject: 's', text: 't' });
      await expect.poll(() => heard).toEqual(['drive.cleanup', 'mail.send']);
    } finally {
      await unlisten();
      await queue.stop();
      await database.close();
      await drop();
    }
  });

  it('runs sent jobs, one after another, with polling turned off', async () => {
    const { database, drop } = await open();
    const queue = await startJobQueue(database, pino({ level: 'silent' }), {
      runsJobs: true,
      jobTimeoutSeconds: 60,
      pollSeconds: 3600,
    });
    try {
      const ran: string[] = [];
      await queue.work('admin.script', async (payload) => {
        ran.push(String(payload.runId));
      });
      // Three jobs at once: the worker drains the queue (it looks again after each batch) rather than waiting an hour.
      for (const runId of [1, 2, 3]) await queue.send('admin.script', { runId });
      await expect.poll(() => [...ran].sort(), { timeout: 60_000 }).toEqual(['1', '2', '3']);
      await database.db.transaction(async (tx) => {
        await queue.send('admin.script', { runId: 4 }, { executor: transactionExecutor(tx) });
      });
      await expect.poll(() => ran.length, { timeout: 60_000 }).toBe(4);
    } finally {
      await queue.stop();
      await database.close();
      await drop();
    }
  });

  it('finds a retry that no notification announces with one look for all queues, the workers polling only rarely', async () => {
    const { database, drop } = await open();
    // The look every second; each worker's own poll is then pg-boss's safety net of minutes.
    const queue = await startJobQueue(database, pino({ level: 'silent' }), {
      runsJobs: true,
      jobTimeoutSeconds: 60,
      pollSeconds: 1,
    });
    try {
      const attempts: number[] = [];
      await queue.work('admin.script', async () => {
        attempts.push(Date.now());
        if (attempts.length === 1) throw new Error('first attempt fails');
      });
      await queue.work('mail.send', async () => undefined);
      await queue.send('admin.script', { runId: 1 });
      // The retry waits its delay (5 s), then only the look can find it.
      await expect.poll(() => attempts.length, { timeout: 60_000 }).toBe(2);
    } finally {
      await queue.stop();
      await database.close();
      await drop();
    }
  });
});
