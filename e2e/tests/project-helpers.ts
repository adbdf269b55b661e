import type { APIRequestContext } from '@playwright/test';
import { expect, type ObraServer } from '../fixtures.ts';
import { freshEmail, readCode, STRONG_PASSWORD } from './identity-helpers.ts';

/** A GraphQL call as `token`, failing the test on any error. */
export async function gql<T>(
  request: APIRequestContext,
  token: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const response = await request.post('/graphql', {
    headers: { authorization: `Bearer ${token}` },
    data: { query, variables },
  });
  const json = (await response.json()) as { data?: T; errors?: unknown[] };
  expect(json.errors ?? []).toEqual([]);
  return json.data as T;
}

/** An access token for a confirmed user (the API's sign-in). */
export async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/auth/sign-in', { data: { email, password: STRONG_PASSWORD } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/** The name of the signed-in user's company. */
export async function companyNameOf(request: APIRequestContext, email: string): Promise<string> {
  const token = await tokenOf(request, email);
  const data = await gql<{ loggedUserData: { company: { name: string } | null } }>(
    request,
    token,
    '{ loggedUserData { company { name } } }',
  );
  return data.loggedUserData.company?.name ?? '';
}

/**
 * A collaborator of the company of `adminEmail`: the admin invites the address (inviteCompanyMember), the person
 * signs up with it, accepts the policies and the invitation — what identity-invites.spec.ts does on screen.
 */
export async function createCompanyCollaborator(
  request: APIRequestContext,
  obra: ObraServer,
  adminEmail: string,
): Promise<{ email: string; password: string }> {
  const adminToken = await tokenOf(request, adminEmail);
  const email = freshEmail('collaborator');
  const invite = await gql<{ inviteCompanyMember: { id: number } }>(
    request,
    adminToken,
    'mutation($e: String!) { inviteCompanyMember(email: $e, role: "collaborator") { id } }',
    { e: email },
  );
  const signUp = await request.post('/auth/sign-up', {
    data: { email, password: STRONG_PASSWORD, name: 'Caio', lastName: 'Colaborador' },
  });
  expect(signUp.status()).toBe(201);
  const code = await readCode(obra, email, 1);
  expect((await request.post('/auth/confirm-sign-up', { data: { email, code } })).ok()).toBe(true);
  const token = await tokenOf(request, email);
  const policies = await gql<{ policies: { version: string } }>(request, token, '{ policies { version } }');
  await gql(request, token, 'mutation($v: String!) { acceptPolicies(version: $v) { id } }', {
    v: policies.policies.version,
  });
  await gql(
    request,
    token,
    'mutation { updateUserProfile(input: { name: "Caio", lastName: "Colaborador" }) { id } }',
  );
  await gql(request, token, 'mutation($i: Int!) { acceptCompanyInvite(inviteId: $i) { id } }', {
    i: invite.inviteCompanyMember.id,
  });
  await request.post('/auth/sign-out');
  return { email, password: STRONG_PASSWORD };
}
