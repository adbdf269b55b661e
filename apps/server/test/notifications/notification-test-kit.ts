import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import type { TestServer } from '../support/test-server.ts';
import type { TestUser } from '../support/factories.ts';
import { call } from '../projects/project-test-kit.ts';
import { decodeQuotedPrintable } from '../support/auth-client.ts';

/** One message a test SMTP server received, split into headers and decoded text. */
export interface ReceivedMail {
  to: string[];
  raw: string;
  /** Unfolded header lines, by lower-case name. */
  headers: Map<string, string>;
  /** The whole body, quoted-printable decoded (both parts). */
  body: string;
  /** The plain-text part. */
  text: string;
  /** The HTML part. */
  html: string;
}

function parse(to: string[], raw: string): ReceivedMail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers.set(line.slice(0, i).toLowerCase(), line.slice(i + 1).trim());
  }
  const body = Buffer.from(decodeQuotedPrintable(raw.slice(split)), 'latin1')
    .toString('utf8')
    .replace(/\r\n/g, '\n');
  const parts = body.split(/\r?\n--[^\r\n]+\r?\n/);
  const part = (type: string) => {
    const found = parts.find((p) => new RegExp(`^Content-Type: ${type}`, 'mi').test(p)) ?? '';
    return found.slice(found.search(/\r?\n\r?\n/)).trim();
  };
  return { to, raw, headers, body, text: part('text/plain'), html: part('text/html') };
}

/** A real SMTP server on a free port that keeps what it receives. */
export async function startSmtp(): Promise<{
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}> {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push(
          parse(
            session.envelope.rcptTo.map((r) => r.address),
            Buffer.concat(chunks).toString('latin1'),
          ),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/** Waits for the next message to an address after the `seen` first ones, and returns it. */
export async function nextMail(
  received: readonly ReceivedMail[],
  to: string,
  seen: number,
): Promise<ReceivedMail> {
  const mails = await waitForMails(received, to, seen + 1);
  const mail = mails[seen];
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

/** How many messages an address has received so far. */
export function seenBy(received: readonly ReceivedMail[], to: string): number {
  return received.filter((m) => m.to.includes(to)).length;
}

/** Waits until `count` messages to an address have arrived (the mail job runs in the background) and returns them. */
export async function waitForMails(
  received: readonly ReceivedMail[],
  to: string,
  count = 1,
): Promise<ReceivedMail[]> {
  const until = Date.now() + 20_000;
  for (;;) {
    const found = received.filter((m) => m.to.includes(to));
    if (found.length >= count) return found;
    if (Date.now() > until) throw new Error(`expected ${count} mails to ${to}, got ${found.length}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** How many mail jobs were queued for an address (sent or not yet), optionally only those with a subject prefix. */
export async function mailJobsTo(t: TestServer, to: string, subjectPrefix = ''): Promise<number> {
  const result = await t.server.services.database.db.execute(
    sql`select count(*)::int as n from pgboss.job where name = 'mail.send' and data->>'to' = ${to}
      and starts_with(data->>'subject', ${subjectPrefix})`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { n: number }[];
  return Number(rows[0]?.n ?? 0);
}

/** Sets a user's notification settings through the API. */
export async function setSettings(
  t: TestServer,
  user: TestUser,
  input: Record<string, unknown>,
): Promise<void> {
  await call(
    t,
    user,
    'mutation($input: NotificationSettingsInput!) { setNotificationSettings(input: $input) { issueEmails } }',
    { input },
  );
}

/** Stops the notification schedules of a test server: the tests run the jobs themselves, at chosen periods. */
export async function stopNotificationSchedules(t: TestServer): Promise<void> {
  await t.server.services.jobs.boss.unschedule('notifications.tick');
  await t.server.services.jobs.boss.unschedule('notifications.immediate');
}
