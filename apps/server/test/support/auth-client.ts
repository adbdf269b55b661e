import fs from 'node:fs';
import path from 'node:path';
import type { TestServer } from './test-server.ts';

/** A REST answer as the tests read it. */
export interface RestResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

/** POSTs JSON to the server and reads the answer (204 gives an empty body). */
export async function post<T = Record<string, unknown>>(
  t: TestServer,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<RestResponse<T>> {
  const response = await fetch(`${t.url}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as T, headers: response.headers };
}

/** Decodes quoted-printable soft breaks and escapes, enough to read a message body. */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The messages in the outbox addressed to someone, oldest first, decoded. */
export function outboxMessages(dataDir: string, to: string): string[] {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .filter((m) => new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'mi').test(m))
    .map((m) => Buffer.from(decodeQuotedPrintable(m), 'latin1').toString('utf8'));
}

/** Waits until `count` messages (those matching `filter`, if given) reached someone's outbox; returns them. */
export async function waitForOutbox(
  dataDir: string,
  to: string,
  count = 1,
  filter?: RegExp,
  timeoutMs = 15_000,
): Promise<string[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = outboxMessages(dataDir, to).filter((m) => !filter || filter.test(m));
    if (found.length >= count) return found;
    if (Date.now() > until) throw new Error(`expected ${count} message(s) to ${to}, found ${found.length}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const CODE_PATTERN = /:\s*(\d{6})\b/;

/** The six-digit code of a message body. */
export function codeIn(message: string): string {
  const match = CODE_PATTERN.exec(message);
  if (!match?.[1]) throw new Error('no code in message');
  return match[1];
}

/** A password meeting every rule. */
export const GOOD_PASSWORD = 'Str0ng!Passw0rd';

/** Signs up and confirms through the real endpoints, reading the code from the outbox. */
export async function signUpConfirmed(
  t: TestServer,
  email: string,
  password = GOOD_PASSWORD,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const res = await post(t, '/auth/sign-up', { email, password, name: 'Ana', lastName: 'Silva', ...extra });
  if (res.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(res.body)}`);
  // Other mail (an invitation) may reach the same address in any order: pick the code message.
  const messages = await waitForOutbox(t.dataDir, email, 1, CODE_PATTERN);
  const code = codeIn(messages.at(-1) ?? '');
  const confirmed = await post(t, '/auth/confirm-sign-up', { email, code });
  if (confirmed.status !== 200) throw new Error(`confirm failed: ${JSON.stringify(confirmed.body)}`);
}

/** Signs in and returns the access and refresh tokens. */
export async function signIn(
  t: TestServer,
  email: string,
  password = GOOD_PASSWORD,
): Promise<{ accessToken: string; refreshToken: string }> {
  const res = await post<{ accessToken: string; refreshToken: string }>(t, '/auth/sign-in', {
    email,
    password,
    tokenInBody: true,
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A confirmed, signed-in user who accepted the policies in force. */
export async function readyUser(
  t: TestServer,
  email: string,
  options: { profile?: boolean } = {},
): Promise<string> {
  await signUpConfirmed(t, email);
  const { accessToken } = await signIn(t, email);
  const policies = await t.gql<{ policies: { version: string } }>(
    '{ policies { version } }',
    {},
    { token: accessToken },
  );
  const version = policies.data?.policies.version ?? '';
  await t.gql(
    'mutation($v: String!) { acceptPolicies(version: $v) { id } }',
    { v: version },
    { token: accessToken },
  );
  if (options.profile !== false) {
    await t.gql(
      'mutation { updateUserProfile(input: { name: "Ana", lastName: "Silva" }) { id } }',
      {},
      { token: accessToken },
    );
  }
  return accessToken;
}
