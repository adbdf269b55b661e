import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { SMTPServer } from 'smtp-server';

/**
 * A local SMTP server for the browser journeys (started by playwright.config.ts before Obra): Obra sends its
 * e-mails to it through SMTP, as in production, and it writes each message it receives, as received, to
 * `$OBRA_E2E_MAILBOX/<time>-<id>.eml` (written under a temporary name and renamed, so a reader never sees half
 * a message). The journeys read that mailbox (fixtures.ts `outbox()`).
 */
const port = Number(process.env.OBRA_E2E_SMTP_PORT);
const mailbox = process.env.OBRA_E2E_MAILBOX ?? '';
if (!port || !mailbox) throw new Error('OBRA_E2E_SMTP_PORT and OBRA_E2E_MAILBOX are required');
await fs.mkdir(mailbox, { recursive: true });

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const id = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;
      const partial = path.join(mailbox, `.${id}.eml.partial`);
      fs.writeFile(partial, Buffer.concat(chunks))
        .then(() => fs.rename(partial, path.join(mailbox, `${id}.eml`)))
        .then(() => callback(), callback);
    });
  },
});
server.listen(port, '127.0.0.1');
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
