import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { codeIn, GOOD_PASSWORD, outboxMessages, post, waitForOutbox } from '../support/auth-client.ts';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ RATE_LIMIT_MULTIPLIER: '100' });
});

afterAll(async () => {
  await t.close();
});

const signUp = (email: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  post(
    t,
    '/auth/sign-up',
    { email, password: GOOD_PASSWORD, name: 'Ana', lastName: 'Silva', ...extra },
    headers,
  );

describe('POST /auth/sign-up', () => {
  it('creates an unconfirmed account and e-mails a 6-digit code; the code is stored hashed', async () => {
    const res = await signUp('New.User@Example.com');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      userConfirmed: false,
      codeDelivery: { deliveryMedium: 'EMAIL', destination: 'n***@example.com' },
    });
    const [message] = await waitForOutbox(t.dataDir, 'new.user@example.com');
    const code = codeIn(message ?? '');
    expect(code).toMatch(/^\d{6}$/);
    const { rows } = await t.server.services.database.executor.executeSql(
      'select code_hash from verification_codes',
      [],
    );
    expect(JSON.stringify(rows)).not.toContain(code);
    const users = await t.server.services.database.executor.executeSql('select password_hash from users', []);
    expect((users.rows[0] as { password_hash: string }).password_hash).toMatch(/^\$argon2id\$/);
  });

  it('refuses an e-mail that already has an account, in any case', async () => {
    await signUp('taken@example.com');
    const res = await signUp('TAKEN@example.com');
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      code: 'UsernameExistsException',
      message: 'A user with this e-mail already exists.',
    });
  });

  it('requires every field (REQUIRED_FIELD) and a password meeting editor §5.2 (INVALID_PASSWORD)', async () => {
    expect(
      (await post(t, '/auth/sign-up', { password: GOOD_PASSWORD, name: 'A', lastName: 'B' })).body,
    ).toMatchObject({ code: 'REQUIRED_FIELD' });
    expect((await signUp('x1@example.com', { password: '' })).body).toMatchObject({ code: 'REQUIRED_FIELD' });
    expect((await signUp('x1@example.com', { name: '  ' })).body).toMatchObject({ code: 'REQUIRED_FIELD' });
    expect((await signUp('x1@example.com', { lastName: undefined })).body).toMatchObject({
      code: 'REQUIRED_FIELD',
    });
    for (const weak of ['short1!A', 'alllowercase1!', 'ALLUPPERCASE1!', 'NoDigits!!', 'NoSpecial123']) {
      const res = await signUp('x1@example.com', { password: weak === 'short1!A' ? 'Sh1!a' : weak });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'INVALID_PASSWORD' });
    }
    expect((await signUp('not-an-email')).body).toMatchObject({ code: 'BAD_USER_INPUT' });
  });

  it('translates errors to the Accept-Language of the request', async () => {
    const res = await signUp('taken@example.com', {}, { 'accept-language': 'es-ES,es;q=0.9' });
    expect(res.body).toEqual({
      code: 'UsernameExistsException',
      message: 'Ya existe un usuario con este correo electrónico.',
    });
  });

  it('writes the code e-mail in the language of the account', async () => {
    await signUp('pt@example.com', { localeId: 'pt-BR' });
    const [message] = await waitForOutbox(t.dataDir, 'pt@example.com');
    expect(message).toContain('Use este código para confirmar seu endereço de e-mail');
    await signUp('es@example.com', {}, { 'accept-language': 'es' });
    const [spanish] = await waitForOutbox(t.dataDir, 'es@example.com');
    expect(spanish).toContain('Usa este código para confirmar tu dirección de correo');
  });
});

describe('POST /auth/confirm-sign-up and /auth/resend-code', () => {
  it('confirms with the right code once; then userAlreadyConfirmed', async () => {
    await signUp('confirm@example.com');
    const code = codeIn((await waitForOutbox(t.dataDir, 'confirm@example.com'))[0] ?? '');
    const wrong = code === '000000' ? '111111' : '000000';
    const mismatch = await post(t, '/auth/confirm-sign-up', { email: 'confirm@example.com', code: wrong });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toMatchObject({ code: 'CodeMismatchException' });
    const ok = await post(t, '/auth/confirm-sign-up', { email: 'confirm@example.com', code });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ userConfirmed: true });
    const again = await post(t, '/auth/confirm-sign-up', { email: 'confirm@example.com', code });
    expect(again.body).toMatchObject({
      code: 'userAlreadyConfirmed',
      message: 'This account is already confirmed. Please log in.',
    });
    const resend = await post(t, '/auth/resend-code', { email: 'confirm@example.com' });
    expect(resend.body).toMatchObject({ code: 'userAlreadyConfirmed' });
  });

  it('answers an unknown address like a wrong code, and requires both fields', async () => {
    expect(
      (await post(t, '/auth/confirm-sign-up', { email: 'nobody@example.com', code: '123456' })).body,
    ).toMatchObject({ code: 'CodeMismatchException' });
    expect((await post(t, '/auth/confirm-sign-up', { email: 'nobody@example.com' })).body).toMatchObject({
      code: 'REQUIRED_FIELD',
    });
    expect((await post(t, '/auth/resend-code', { email: 'nobody@example.com' })).status).toBe(200);
  });

  it('expires a code after 24 hours (ExpiredCodeException)', async () => {
    await signUp('late@example.com');
    const code = codeIn((await waitForOutbox(t.dataDir, 'late@example.com'))[0] ?? '');
    // Moves the code 24 h + 1 s into the past instead of waiting.
    await t.server.services.database.db.execute(
      sql`update verification_codes set expires_at = now() - interval '1 second', created_at = now() - interval '24 hours 1 second'
          where user_id = (select id from users where email = 'late@example.com')`,
    );
    const res = await post(t, '/auth/confirm-sign-up', { email: 'late@example.com', code });
    expect(res.body).toMatchObject({ code: 'ExpiredCodeException' });
  });

  it('burns a code after 5 wrong attempts, even the right one afterwards', async () => {
    await signUp('guess@example.com');
    const code = codeIn((await waitForOutbox(t.dataDir, 'guess@example.com'))[0] ?? '');
    const wrong = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++) {
      expect(
        (await post(t, '/auth/confirm-sign-up', { email: 'guess@example.com', code: wrong })).body,
      ).toMatchObject({ code: 'CodeMismatchException' });
    }
    expect((await post(t, '/auth/confirm-sign-up', { email: 'guess@example.com', code })).body).toMatchObject(
      { code: 'ExpiredCodeException' },
    );
  });

  it('resend makes a new code; the previous one stops working', async () => {
    await signUp('resend@example.com');
    const first = codeIn((await waitForOutbox(t.dataDir, 'resend@example.com'))[0] ?? '');
    const res = await post(t, '/auth/resend-code', { email: 'resend@example.com' });
    expect(res.status).toBe(200);
    const messages = await waitForOutbox(t.dataDir, 'resend@example.com', 2);
    const second = codeIn(messages[1] ?? '');
    if (first !== second) {
      // Only the latest code is compared: the old one is simply wrong now.
      expect(
        (await post(t, '/auth/confirm-sign-up', { email: 'resend@example.com', code: first })).body,
      ).toMatchObject({ code: 'CodeMismatchException' });
    }
    expect(
      (await post(t, '/auth/confirm-sign-up', { email: 'resend@example.com', code: second })).status,
    ).toBe(200);
    expect(outboxMessages(t.dataDir, 'resend@example.com')).toHaveLength(2);
  });
});
