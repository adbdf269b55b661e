import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { startJobQueue } from '../../src/jobs/job-queue.ts';
import { pgliteTemplate } from '../support/pglite-template.ts';

// A job that outlives the queue's graceful stop (a long model conversion when a server closes): pg-boss records its
// end through the embedded database that the process has closed by then. That write used to reject inside pg-boss,
// unhandled (vitest failed a run on it once).
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

afterEach(() => {
  process.off('unhandledRejection', onUnhandled);
});

describe('the job queue on PGlite', () => {
  it('drops the record of a job that ends after the queue stopped and the database closed, without an unhandled rejection', async () => {
    process.on('unhandledRejection', onUnhandled);
    const database = await openDatabase({ pgliteDir: 'memory://', pgliteTemplate: await pgliteTemplate() });
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
  }, 60_000);
});
