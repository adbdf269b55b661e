import { and, asc, count, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { PROJECT_STATUS } from '@obra/domain';
import type { Db } from '../../db/database.ts';
import { companies, companyInvites, companySettings, projects, users } from '../../db/schema/index.ts';

/** A stored company. */
export type CompanyRow = typeof companies.$inferSelect;
/** A stored company invitation. */
export type CompanyInviteRow = typeof companyInvites.$inferSelect;

/** A company by id. */
export async function findCompanyById(db: Db, id: number): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  return row;
}

/** Companies by id, in one query. */
export async function findCompaniesByIds(db: Db, ids: readonly number[]): Promise<Map<number, CompanyRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(companies)
    .where(inArray(companies.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Every company, by name. */
export function listCompaniesByName(db: Db): Promise<CompanyRow[]> {
  return db.select().from(companies).orderBy(asc(companies.name));
}

/** A company administrator as an invitation's recipients list shows them. */
export interface CompanyAdminContact {
  name: string | null;
  lastName: string | null;
  photo: string | null;
  email: string;
}

/** The administrators of companies, by company (every id present), in one query. */
export async function findCompanyAdmins(
  db: Db,
  companyIds: readonly number[],
): Promise<Map<number, CompanyAdminContact[]>> {
  const byCompany = new Map<number, CompanyAdminContact[]>(companyIds.map((id) => [id, []]));
  if (companyIds.length === 0) return byCompany;
  const rows = await db
    .select()
    .from(users)
    .where(and(inArray(users.companyId, [...companyIds]), eq(users.companyRole, 'admin')))
    .orderBy(users.id);
  for (const u of rows)
    if (u.companyId !== null)
      byCompany
        .get(u.companyId)
        ?.push({ name: u.name, lastName: u.lastName, photo: u.photo, email: u.email });
  return byCompany;
}

/** Inserts a company; undefined when the name is taken (case- and accent-insensitive unique index). */
export async function insertCompany(
  db: Db,
  values: typeof companies.$inferInsert,
): Promise<CompanyRow | undefined> {
  const [row] = await db.insert(companies).values(values).onConflictDoNothing().returning();
  return row;
}

/** Inserts an invitation. */
export async function insertInvite(
  db: Db,
  values: typeof companyInvites.$inferInsert,
): Promise<CompanyInviteRow> {
  const [row] = await db.insert(companyInvites).values(values).returning();
  if (!row) throw new Error('invite not stored');
  return row;
}

/** An invitation by id, locked for the answer. */
export async function lockInvite(db: Db, id: number): Promise<CompanyInviteRow | undefined> {
  const [row] = await db
    .select()
    .from(companyInvites)
    .where(eq(companyInvites.id, id))
    .limit(1)
    .for('update');
  return row;
}

/** The open invitation of a company to an address, if any. */
export async function findPendingInvite(
  db: Db,
  companyId: number,
  email: string,
): Promise<CompanyInviteRow | undefined> {
  const [row] = await db
    .select()
    .from(companyInvites)
    .where(
      and(
        eq(companyInvites.companyId, companyId),
        eq(companyInvites.email, email),
        eq(companyInvites.status, 'pending'),
        gt(companyInvites.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row;
}

/** Sets an invitation's status. */
export async function setInviteStatus(db: Db, id: number, status: 'accepted' | 'rejected'): Promise<void> {
  await db
    .update(companyInvites)
    .set({ status, respondedAt: sql`now()` })
    .where(eq(companyInvites.id, id));
}

/** Renews an invitation's expiry. */
export async function renewInvite(db: Db, id: number, expiresAt: Date): Promise<CompanyInviteRow> {
  const [row] = await db
    .update(companyInvites)
    .set({ expiresAt })
    .where(eq(companyInvites.id, id))
    .returning();
  if (!row) throw new Error(`invite ${id} vanished`);
  return row;
}

/** Rejects every other open invitation to an address (one company per person). */
export async function rejectOtherInvites(db: Db, email: string, exceptId: number | undefined): Promise<void> {
  await db
    .update(companyInvites)
    .set({ status: 'rejected', respondedAt: sql`now()` })
    .where(
      and(
        eq(companyInvites.email, email),
        eq(companyInvites.status, 'pending'),
        exceptId === undefined ? undefined : ne(companyInvites.id, exceptId),
      ),
    );
}

/** Open invitations to an address with their company, its owner's e-mail and the inviter. */
export async function listInvitesFor(db: Db, email: string): Promise<InviteWithParties[]> {
  return selectInvitesWithParties(db)
    .where(
      and(
        eq(companyInvites.email, email),
        eq(companyInvites.status, 'pending'),
        gt(companyInvites.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(companyInvites.id));
}

/** The invitations a company sent, newest first. */
export async function listInvitesOf(db: Db, companyId: number): Promise<InviteWithParties[]> {
  return selectInvitesWithParties(db)
    .where(eq(companyInvites.companyId, companyId))
    .orderBy(desc(companyInvites.id));
}

/** An invitation joined with what its views show. */
export interface InviteWithParties {
  invite: CompanyInviteRow;
  company: CompanyRow;
  ownerEmail: string | null;
  inviter: {
    id: number;
    name: string | null;
    lastName: string | null;
    email: string;
    photo: string | null;
  } | null;
}

function selectInvitesWithParties(db: Db) {
  const owner = sql`(select u.email from users u where u.id = ${companies.ownerUserId})`;
  return db
    .select({
      invite: companyInvites,
      company: companies,
      ownerEmail: sql<string | null>`${owner}`,
      inviter: {
        id: users.id,
        name: users.name,
        lastName: users.lastName,
        email: users.email,
        photo: users.photo,
      },
    })
    .from(companyInvites)
    .innerJoin(companies, eq(companies.id, companyInvites.companyId))
    .leftJoin(users, eq(users.id, companyInvites.invitedByUserId))
    .$dynamic();
}

/** A company's limit of active projects (-1: unlimited), its active projects and its members. */
export async function companyCounts(
  db: Db,
  companyId: number,
): Promise<{ maxActiveProjects: number; activeProjects: number; members: number }> {
  const [[settings], [active], [members]] = await Promise.all([
    db.select().from(companySettings).where(eq(companySettings.companyId, companyId)).limit(1),
    db
      .select({ n: count() })
      .from(projects)
      .where(and(eq(projects.companyId, companyId), eq(projects.status, PROJECT_STATUS.active))),
    db.select({ n: count() }).from(users).where(eq(users.companyId, companyId)),
  ]);
  return {
    maxActiveProjects: settings?.maxActiveProjects ?? -1,
    activeProjects: active?.n ?? 0,
    members: members?.n ?? 0,
  };
}

/** The members of a company, by name. */
export function listCompanyMembers(db: Db, companyId: number) {
  return db
    .select()
    .from(users)
    .where(eq(users.companyId, companyId))
    .orderBy(asc(users.name), asc(users.id));
}

/** A member of the company, or undefined. */
export async function findCompanyMember(db: Db, companyId: number, userId: number) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, companyId)))
    .limit(1);
  return row;
}

/** How many administrators the company has besides this user. */
export async function countOtherAdmins(db: Db, companyId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.companyRole, 'admin'), ne(users.id, userId)));
  return row?.n ?? 0;
}

/** Changes a company's profile columns (a taken name throws PostgreSQL's unique violation). */
export async function updateCompany(
  db: Db,
  companyId: number,
  values: Partial<typeof companies.$inferInsert>,
): Promise<void> {
  await db.update(companies).set(values).where(eq(companies.id, companyId));
}

/** Sets a company's limit of active projects. */
export async function saveMaxActiveProjects(
  db: Db,
  companyId: number,
  maxActiveProjects: number,
): Promise<void> {
  await db
    .insert(companySettings)
    .values({ companyId, maxActiveProjects })
    .onConflictDoUpdate({
      target: companySettings.companyId,
      set: { maxActiveProjects, updatedAt: sql`now()` },
    });
}
