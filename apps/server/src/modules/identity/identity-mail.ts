import type { Db } from '../../db/database.ts';
import { transactionExecutor } from '../../db/transaction-executor.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { MailMessage } from '../../mail/mailer.ts';

/** Enqueues an e-mail in the caller's transaction: it is sent only if the change it announces commits. */
export async function enqueueMail(jobs: JobQueue, tx: Db, message: MailMessage): Promise<void> {
  await jobs.send('mail.send', message, { executor: transactionExecutor(tx) });
}
