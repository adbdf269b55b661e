import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { projectCompanies } from '../../db/schema/index.ts';

/** The projects a company takes part in, by project id. */
export function projectIdsOfCompany(db: Db, companyId: number): Promise<{ projectId: number }[]> {
  return db
    .select({ projectId: projectCompanies.projectId })
    .from(projectCompanies)
    .where(eq(projectCompanies.companyId, companyId))
    .orderBy(projectCompanies.projectId);
}
