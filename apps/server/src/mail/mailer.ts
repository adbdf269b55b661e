import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';

/** One e-mail, already rendered in the recipient's language. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058). */
  headers?: Record<string, string>;
}

/** Sends e-mail through SMTP, or writes .eml files to the outbox when no SMTP server is configured. */
export interface Mailer {
  readonly mode: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<{ id: string }>;
  close(): void;
}

/** Creates the mailer for SMTP_URL, or the outbox in `$DATA_DIR/outbox`. */
export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  dataDir: string;
  logger: Logger;
}): Mailer {
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      mode: 'smtp',
      async send(message) {
        const info = await transport.sendMail({ from: options.from, ...message });
        options.logger.info({ to: message.to, subject: message.subject, id: info.messageId }, 'mail sent');
        return { id: String(info.messageId) };
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(options.dataDir, 'outbox');
  const streamer: Transporter = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    mode: 'outbox',
    async send(message) {
      const info = await streamer.sendMail({ from: options.from, ...message });
      const id = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;
      await fs.mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${id}.eml`);
      // Written under a temporary name and renamed: whoever watches the outbox never sees a half-written file.
      const partial = path.join(outbox, `.${id}.eml.partial`);
      await fs.writeFile(partial, info.message as Buffer);
      await fs.rename(partial, file);
      options.logger.info({ to: message.to, subject: message.subject, file }, 'mail written to outbox');
      return { id };
    },
    close: () => undefined,
  };
}
