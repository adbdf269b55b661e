import type { APIRequestContext, Page } from '@playwright/test';
import { expect, type ObraServer } from '../fixtures.ts';

/** A password that passes every rule of editor §5.2. */
export const STRONG_PASSWORD = 'Obra-e2e-2026!';

/** A fresh address per test, so journeys never collide on the shared server. */
export function freshEmail(tag: string): string {
  return `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.obra.test`;
}

/** The newest 6-digit code the server e-mailed to `email` (read from the outbox .eml files). */
export async function readCode(obra: ObraServer, email: string, after = 0): Promise<string> {
  let code = '';
  await expect
    .poll(() => {
      const mails = obra.outbox().filter((m) => m.raw.toLowerCase().includes(email.toLowerCase()));
      const newest = mails.slice(after).at(-1);
      const body = newest
        ? decodeQuotedPrintable(
            newest.raw
              .split(/\r?\n\r?\n/)
              .slice(1)
              .join('\n'),
          )
        : '';
      code = /\b(\d{6})\b/.exec(body)?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** How many e-mails went to `email` so far (to wait for the next one). */
export function mailCount(obra: ObraServer, email: string): number {
  return obra.outbox().filter((m) => m.raw.toLowerCase().includes(email.toLowerCase())).length;
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Types a code into the 6-box code field. */
export async function enterCode(page: Page, code: string): Promise<void> {
  await page.getByTestId('code-input').locator('input').first().click();
  await page.keyboard.type(code);
}

async function graphql(
  request: APIRequestContext,
  token: string,
  query: string,
  variables: Record<string, unknown> = {},
) {
  const response = await request.post('/graphql', {
    headers: { authorization: `Bearer ${token}` },
    data: { query, variables },
  });
  const json = (await response.json()) as { data?: Record<string, unknown>; errors?: unknown[] };
  expect(json.errors ?? []).toEqual([]);
  return json.data ?? {};
}

/** Creates a confirmed user through the API; with `onboarded`, also accepts policies and creates a company. */
export async function createUser(
  request: APIRequestContext,
  obra: ObraServer,
  options: { onboarded: boolean; tag: string },
) {
  const email = freshEmail(options.tag);
  expect(
    (
      await request.post('/auth/sign-up', {
        data: { email, password: STRONG_PASSWORD, name: 'Eva', lastName: 'Teste' },
      })
    ).status(),
  ).toBe(201);
  const code = await readCode(obra, email);
  expect((await request.post('/auth/confirm-sign-up', { data: { email, code } })).ok()).toBe(true);
  if (options.onboarded) {
    const signIn = await request.post('/auth/sign-in', { data: { email, password: STRONG_PASSWORD } });
    const { accessToken } = (await signIn.json()) as { accessToken: string };
    const policies = await graphql(request, accessToken, '{ policies { version } }');
    const version = (policies['policies'] as { version: string }).version;
    await graphql(request, accessToken, 'mutation($v: String!) { acceptPolicies(version: $v) { id } }', {
      v: version,
    });
    await graphql(
      request,
      accessToken,
      'mutation { updateUserProfile(input: { name: "Eva", lastName: "Teste" }) { id } }',
    );
    await graphql(
      request,
      accessToken,
      'mutation($n: String!) { createCompany(input: { name: $n }) { id } }',
      { n: `Construtora Horizonte ${Date.now()}${Math.floor(Math.random() * 1e4)}` },
    );
    await request.post('/auth/sign-out');
  }
  return { email, password: STRONG_PASSWORD };
}

/** Signs in through the login screen. */
export async function signInWithForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}
