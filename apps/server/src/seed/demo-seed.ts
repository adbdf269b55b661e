import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import type { CompanyRoleKey } from '@obra/domain';
import type { Db } from '../db/database.ts';
import { appMeta } from '../db/schema/index.ts';
import { randomPassword } from '../auth/secrets.ts';
import type { PasswordHasher } from '../auth/password-hasher.ts';
import { CURRENT_POLICIES } from '../modules/identity/account.ts';
import { insertCompany } from '../modules/companies/company-repository.ts';
import { insertUser } from '../modules/identity/user-repository.ts';
import { seedDemoProject } from '../modules/projects/project-demo-seed.ts';
import type { DemoPerson, DemoRole, DemoSeedStep, DemoUser, SeededDemoUser } from './demo-seed-step.ts';

/** The steps of the demo after its people: they run in order, in the same transaction as the users, on the first start only. */
const DEMO_SEED_STEPS: readonly DemoSeedStep[] = [seedDemoProject];

const PEOPLE: { role: DemoRole; email: string; name: string; lastName: string }[] = [
  { role: 'platformAdmin', email: 'admin@demo.obra.local', name: 'Platform', lastName: 'Admin' },
  { role: 'companyAdmin', email: 'company.admin@demo.obra.local', name: 'Carla', lastName: 'Admin' },
  { role: 'manager', email: 'manager@demo.obra.local', name: 'Marcos', lastName: 'Manager' },
  { role: 'collaborator', email: 'collaborator@demo.obra.local', name: 'Clara', lastName: 'Collaborator' },
  { role: 'demo', email: 'demo@demo.obra.local', name: 'Demo', lastName: 'User' },
];

/** The file the demo sign-ins are written to. */
export function demoUsersFile(dataDir: string): string {
  return path.join(dataDir, 'demo-users.json');
}

/** Inserts a confirmed demo user who has accepted the policies. */
async function insertDemoUser(
  tx: Db,
  person: Omit<DemoPerson, 'companyId' | 'companyRole'> & {
    passwordHash: string;
    companyId: number | null;
    companyRole: CompanyRoleKey | null;
  },
) {
  const row = await insertUser(tx, {
    email: person.email,
    passwordHash: person.passwordHash,
    emailConfirmedAt: new Date(),
    name: person.name,
    lastName: person.lastName,
    isAdmin: person.role === 'platformAdmin',
    isDemo: person.role === 'demo',
    acceptedPoliciesVersion: CURRENT_POLICIES.version,
    acceptedPoliciesAt: new Date(),
    confirmedRegister: true,
    // The demo shows the AI assistant (issue 31): on for everyone; each still accepts its notice once.
    hasAiAssistant: true,
    companyId: person.companyId,
    companyRole: person.companyRole,
  });
  if (!row) throw new Error(`demo user ${person.email} exists`);
  return row;
}

const COMPANY_ROLE_OF: Partial<Record<DemoRole, CompanyRoleKey>> = {
  companyAdmin: 'admin',
  manager: 'manager',
  collaborator: 'collaborator',
  demo: 'collaborator',
};

/**
 * Creates the demo company and sign-ins on the first start of an installation (passwords random per
 * installation), runs the steps of the other areas (which may add people with sign-ins of their own) and writes
 * every sign-in to `$DATA_DIR/demo-users.json`. Returns undefined when already seeded.
 */
export async function seedDemo(
  db: Db,
  hasher: PasswordHasher,
  dataDir: string,
  logger: Logger,
): Promise<DemoUser[] | undefined> {
  const passwords = PEOPLE.map(() => randomPassword(16));
  const hashes = await Promise.all(passwords.map((p) => hasher.hash(p)));
  const users = await db.transaction(async (tx) => {
    const first = await tx
      .insert(appMeta)
      .values({ key: 'demo-seed', value: { at: new Date().toISOString() } })
      .onConflictDoNothing()
      .returning();
    if (first.length === 0) return undefined;
    const company = await insertCompany(tx, { name: 'Obra Demo' });
    if (!company) throw new Error('the demo company name is taken');
    const created: SeededDemoUser[] = [];
    for (const [i, person] of PEOPLE.entries()) {
      const companyRole = COMPANY_ROLE_OF[person.role] ?? null;
      const row = await insertDemoUser(tx, {
        ...person,
        passwordHash: hashes[i] ?? '',
        companyId: companyRole ? company.id : null,
        companyRole,
      });
      const password = passwords[i] ?? '';
      created.push({ ...signInOf(person, row.companyId, password), userId: row.id });
    }
    const addSignIn = async (person: DemoPerson): Promise<SeededDemoUser> => {
      const password = randomPassword(16);
      const row = await insertDemoUser(tx, { ...person, passwordHash: await hasher.hash(password) });
      const user = { ...signInOf(person, row.companyId, password), userId: row.id };
      created.push(user);
      return user;
    };
    for (const step of DEMO_SEED_STEPS) await step({ tx, companyId: company.id, users: created, addSignIn });
    return created;
  });
  if (!users) return undefined;
  const demoUsers = users.map(({ email, password, role, companyId, projectIds }) => ({
    email,
    password,
    role,
    companyId,
    projectIds,
  }));
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(demoUsersFile(dataDir), `${JSON.stringify(demoUsers, null, 2)}\n`, { mode: 0o600 });
  logger.info({ file: demoUsersFile(dataDir), users: demoUsers.length }, 'demo company and sign-ins created');
  return demoUsers;
}

function signInOf(
  person: { role: DemoRole; email: string },
  companyId: number | null,
  password: string,
): DemoUser {
  return { email: person.email, password, role: person.role, companyId, projectIds: [] };
}
