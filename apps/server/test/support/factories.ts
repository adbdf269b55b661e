import { randomBytes, randomUUID } from 'node:crypto';
import type { TestServer } from './test-server.ts';
import { companies, refreshTokens, users } from '../../src/db/schema/index.ts';
import { CURRENT_POLICIES } from '../../src/modules/identity/account.ts';

/** A signed-in test user: ids and a bearer token for GraphQL calls. */
export interface TestUser {
  id: number;
  email: string;
  companyId: number | null;
  token: string;
}

let sequence = 0;

/** What the factories need of a server: its running services (a test server, or a bench's own server). */
export type WithServer = Pick<TestServer, 'server'>;

/** A company straight in the database. */
export async function buildCompany(
  t: WithServer,
  name = `Company ${++sequence} ${randomBytes(3).toString('hex')}`,
  isActive = true,
): Promise<number> {
  const [row] = await t.server.services.database.db.insert(companies).values({ name, isActive }).returning();
  if (!row) throw new Error('company not stored');
  return row.id;
}

/**
 * A ready user (confirmed, policies accepted, profile complete) with an open session and its access token,
 * written straight to the database: identity has its own tests; other areas need people quickly.
 */
export async function buildUser(
  t: WithServer,
  options: {
    companyId?: number | null;
    companyRole?: 'admin' | 'manager' | 'collaborator';
    isAdmin?: boolean;
    isDemo?: boolean;
    name?: string;
  } = {},
): Promise<TestUser> {
  const { db } = t.server.services.database;
  const email = `user${++sequence}-${randomBytes(4).toString('hex')}@example.com`;
  const [user] = await db
    .insert(users)
    .values({
      email,
      name: options.name ?? `User${sequence}`,
      lastName: 'Test',
      emailConfirmedAt: new Date(),
      acceptedPoliciesVersion: CURRENT_POLICIES.version,
      acceptedPoliciesAt: new Date(),
      confirmedRegister: true,
      companyId: options.companyId ?? null,
      companyRole: options.companyId ? (options.companyRole ?? 'collaborator') : null,
      isAdmin: options.isAdmin ?? false,
      isDemo: options.isDemo ?? false,
    })
    .returning();
  if (!user) throw new Error('user not stored');
  const familyId = randomUUID();
  await db.insert(refreshTokens).values({
    userId: user.id,
    familyId,
    tokenHash: randomBytes(32).toString('hex'),
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  const token = await t.server.services.auth.accessTokens.issue(user.id, familyId);
  return { id: user.id, email, companyId: user.companyId, token };
}

/** A company with an administrator: the usual starting point of project tests. */
export async function buildCompanyWithAdmin(t: TestServer): Promise<{ companyId: number; admin: TestUser }> {
  const companyId = await buildCompany(t);
  const admin = await buildUser(t, { companyId, companyRole: 'admin' });
  return { companyId, admin };
}
