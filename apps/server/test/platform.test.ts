import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server.ts';
import { transactionExecutor } from '../src/db/transaction-executor.ts';

async function waitFor<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('background jobs (pg-boss on the same database)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t.close();
  });

  it('runs a queued mail.send job, which writes the message to the outbox', async () => {
    const jobId = await t.server.services.jobs.send('mail.send', {
      to: 'ana@example.com',
      subject: 'Prova de fila',
      text: 'Corpo da mensagem com acentuação.',
    });
    expect(jobId).toMatch(/[0-9a-f-]{36}/);
    const outbox = path.join(t.dataDir, 'outbox');
    const file = await waitFor(() => {
      const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')) : [];
      return files[0];
    });
    const raw = fs.readFileSync(path.join(outbox, file), 'utf8');
    expect(raw).toContain('To: ana@example.com');
    expect(raw).toMatch(/Subject: .*Prova de fila|Subject: =\?UTF-8/);
    const job = await waitFor(async () => {
      const found = await t.server.services.jobs.boss.getJobById('mail.send', jobId);
      return found?.state === 'completed' ? found : undefined;
    });
    expect(job.state).toBe('completed');
  });
});

describe('a process that runs no jobs (JOBS=none)', () => {
  it('still queues jobs from inside a transaction, for the workers of other processes', async () => {
    const t = await startTestServer({ JOBS: 'none' });
    try {
      const { db } = t.server.services.database;
      // On PGlite a send inside a transaction would wait forever if it had to create its queue then.
      const jobId = await db.transaction(async (tx) =>
        t.server.services.jobs.send(
          'project.duplicate',
          { copyId: 1 },
          { executor: transactionExecutor(tx) },
        ),
      );
      const job = await t.server.services.jobs.boss.getJobById('project.duplicate', jobId);
      expect(job?.state).toBe('created');
    } finally {
      await t.close();
    }
  });
});

describe('persistence', () => {
  it('keeps its data across a restart on the same DATA_DIR or database', async () => {
    const first = await startTestServer();
    const { instanceId, firstRun } = first.server.seed;
    expect(firstRun).toBe(true);
    const jobId = await first.server.services.jobs.send('mail.send', {
      to: 'a@b.co',
      subject: 'x',
      text: 'y',
    });
    const second = await first.restart();
    try {
      expect(second.server.seed).toEqual({ instanceId, firstRun: false });
      const job = await second.server.services.jobs.boss.getJobById('mail.send', jobId);
      expect(job?.id).toBe(jobId);
      const res = await second.gql<{ standardDisciplines: unknown[] }>('{ standardDisciplines { id } }');
      expect(res.data?.standardDisciplines.length).toBeGreaterThanOrEqual(20);
    } finally {
      await second.close();
    }
  });
});
