import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { decodeQuotedPrintable, GOOD_PASSWORD, outboxMessages, post } from '../support/auth-client.ts';

let smtp: SMTPServer;
let t: TestServer;
const received: { from: string; to: string[]; raw: string }[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.from(
            decodeQuotedPrintable(Buffer.concat(chunks).toString('latin1')),
            'latin1',
          ).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  t = await startTestServer({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    RATE_LIMIT_MULTIPLIER: '100',
    MAIL_FROM: 'Obra <no-reply@obra.test>',
  });
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

async function waitForDelivery(to: string): Promise<string> {
  const until = Date.now() + 15_000;
  for (;;) {
    const found = received.find((m) => m.to.includes(to));
    if (found) return found.raw;
    if (Date.now() > until) throw new Error(`nothing delivered to ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('e-mail through a real SMTP peer', () => {
  it('delivers the sign-up code in the recipient language, and the code confirms the account', async () => {
    const res = await post(
      t,
      '/auth/sign-up',
      { email: 'smtp@example.com', password: GOOD_PASSWORD, name: 'Sol', lastName: 'Mar' },
      { 'accept-language': 'es' },
    );
    expect(res.status).toBe(201);
    const raw = await waitForDelivery('smtp@example.com');
    expect(received[0]?.from).toBe('no-reply@obra.test');
    expect(raw).toMatch(/^Subject: .*Confirma tu correo en Obra|^Subject: =\?UTF-8\?/m);
    expect(raw).toContain('Hola Sol:');
    const code = /confirmar tu dirección de correo:\s*(\d{6})/.exec(raw)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect((await post(t, '/auth/confirm-sign-up', { email: 'smtp@example.com', code })).status).toBe(200);
    // With SMTP configured nothing goes to the outbox.
    expect(outboxMessages(t.dataDir, 'smtp@example.com')).toEqual([]);
  });
});
