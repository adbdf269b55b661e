import type { Db } from '../../db/database.ts';
import { transactionExecutor } from '../../db/transaction-executor.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { renderEmail, type EmailTemplate } from '../../mail/email-renderer.ts';
import type { MailMessage } from '../../mail/mailer.ts';

/** Enqueues an e-mail in the caller's transaction: it is sent only if the change it announces commits. */
export async function enqueueMail(jobs: JobQueue, tx: Db, message: MailMessage): Promise<void> {
  await jobs.send('mail.send', message, { executor: transactionExecutor(tx) });
}

/** A person an e-mail goes to, as the users table knows them. */
export interface MailRecipient {
  email: string;
  localeId: string | null;
  name: string | null;
}

/**
 * Renders `template` for a known person (in their language, greeting them by name) and enqueues it in the caller's
 * transaction, as enqueueMail does.
 */
export async function enqueueMailTo(
  jobs: JobQueue,
  tx: Db,
  recipient: MailRecipient,
  template: EmailTemplate,
  vars?: Record<string, string>,
): Promise<void> {
  const { email: to, localeId: locale, name: recipientName } = recipient;
  await enqueueMail(
    jobs,
    tx,
    renderEmail({ to, locale, template, recipientName, ...(vars ? { vars } : {}) }),
  );
}
