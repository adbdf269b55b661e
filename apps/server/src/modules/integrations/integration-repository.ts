import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { companyIntegrations, projectIntegrations, userIntegrations } from '../../db/schema/index.ts';

/** The platform a company chose. */
export type CompanyIntegrationRow = typeof companyIntegrations.$inferSelect;
/** A user's stored account (its secret sealed). */
export type UserIntegrationRow = typeof userIntegrations.$inferSelect;
/** A project's link. */
export type ProjectIntegrationRow = typeof projectIntegrations.$inferSelect;

export async function findCompanyIntegration(
  db: Db,
  companyId: number,
): Promise<CompanyIntegrationRow | undefined> {
  const [row] = await db
    .select()
    .from(companyIntegrations)
    .where(eq(companyIntegrations.companyId, companyId));
  return row;
}

export async function saveCompanyIntegration(
  db: Db,
  values: { companyId: number; platform: string; baseUrl: string; updatedByUserId: number },
): Promise<CompanyIntegrationRow> {
  const [row] = await db
    .insert(companyIntegrations)
    .values(values)
    .onConflictDoUpdate({
      target: companyIntegrations.companyId,
      set: {
        platform: values.platform,
        baseUrl: values.baseUrl,
        updatedByUserId: values.updatedByUserId,
        updatedAt: new Date(),
      },
    })
    .returning();
  if (!row) throw new Error('company integration not written');
  return row;
}

export async function findUserIntegration(db: Db, userId: number): Promise<UserIntegrationRow | undefined> {
  const [row] = await db.select().from(userIntegrations).where(eq(userIntegrations.userId, userId));
  return row;
}

/** Stores (or replaces) a user's account. */
export async function saveUserIntegration(
  db: Db,
  values: Omit<UserIntegrationRow, 'createdAt' | 'updatedAt'>,
): Promise<UserIntegrationRow> {
  const now = new Date();
  const [row] = await db
    .insert(userIntegrations)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: userIntegrations.userId,
      set: { ...values, createdAt: now, updatedAt: now },
    })
    .returning();
  if (!row) throw new Error('user integration not written');
  return row;
}

/** New sealed credentials of a stored account (refreshed tokens, or a secret sealed again under a newer key). */
export async function updateUserSecret(
  db: Db,
  userId: number,
  values: { keyId: string; secret: string; expiresAt: Date | null },
): Promise<void> {
  await db
    .update(userIntegrations)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(userIntegrations.userId, userId));
}

export async function deleteUserIntegration(db: Db, userId: number): Promise<boolean> {
  const rows = await db
    .delete(userIntegrations)
    .where(eq(userIntegrations.userId, userId))
    .returning({ userId: userIntegrations.userId });
  return rows.length > 0;
}

export async function findProjectIntegration(
  db: Db,
  projectId: number,
): Promise<ProjectIntegrationRow | undefined> {
  const [row] = await db
    .select()
    .from(projectIntegrations)
    .where(eq(projectIntegrations.projectId, projectId));
  return row;
}

/** The links of several projects (GraphQL's Project.integrations). */
export async function findProjectIntegrations(
  db: Db,
  projectIds: readonly number[],
): Promise<ProjectIntegrationRow[]> {
  if (projectIds.length === 0) return [];
  return db
    .select()
    .from(projectIntegrations)
    .where(inArray(projectIntegrations.projectId, [...projectIds]));
}

/**
 * Writes a link unless the project, or the partner project, is already linked: answers which one was taken
 * (checked under the table's keys, so two coordinators at once cannot both link).
 */
export async function insertProjectIntegration(
  db: Db,
  values: Omit<ProjectIntegrationRow, 'createdAt'>,
): Promise<{ row: ProjectIntegrationRow } | { taken: 'project' | 'partner' }> {
  const [row] = await db.insert(projectIntegrations).values(values).onConflictDoNothing().returning();
  if (row) return { row };
  const existing = await findProjectIntegration(db, values.projectId);
  return { taken: existing ? 'project' : 'partner' };
}
