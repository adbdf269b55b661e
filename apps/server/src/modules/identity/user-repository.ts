import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/schema/index.ts';
import type { UserRow } from './account.ts';
import { forgetCachedSessions } from './session-cache.ts';

/** Columns a new user may be created with. */
export type NewUser = typeof users.$inferInsert;

/** The user with an e-mail (already normalized), if any. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

/** The user with an id, if any. */
export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The same, locking the row for the rest of the transaction (company membership changes). */
export async function lockUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1).for('update');
  return row;
}

/** Inserts a user; undefined when the e-mail is taken (the unique index decides, not a prior read). */
export async function insertUser(db: Db, values: NewUser): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row;
}

/** Updates a user and returns the new row. */
export async function updateUser(db: Db, id: number, patch: Partial<NewUser>): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw new Error(`user ${id} vanished during an update`);
  forgetCachedSessions(id);
  return row;
}

/** Marks the e-mail confirmed only if it was not; false when it already was (the caller reports it). */
export async function confirmEmail(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ emailConfirmedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), isNull(users.emailConfirmedAt)))
    .returning({ id: users.id });
  forgetCachedSessions(id);
  return rows.length > 0;
}

/** Platform administrators, to whom demo requests go. */
export async function listPlatformAdmins(db: Db): Promise<UserRow[]> {
  return db.select().from(users).where(eq(users.isAdmin, true));
}
