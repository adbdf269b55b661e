import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { aiCompanyUsage } from '../../db/schema/index.ts';

/** The calendar month of a date, UTC, as stored (`YYYY-MM`). */
export function monthOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

/** Tokens the company used in the month. */
export async function companyTokens(db: Db, companyId: number, month: string): Promise<number> {
  const [row] = await db
    .select({ tokens: aiCompanyUsage.tokens })
    .from(aiCompanyUsage)
    .where(and(eq(aiCompanyUsage.companyId, companyId), eq(aiCompanyUsage.month, month)));
  return row?.tokens ?? 0;
}

/** Adds tokens to the company's month (one statement: concurrent answers add up). */
export async function addCompanyTokens(
  db: Db,
  companyId: number,
  month: string,
  tokens: number,
): Promise<void> {
  await db
    .insert(aiCompanyUsage)
    .values({ companyId, month, tokens })
    .onConflictDoUpdate({
      target: [aiCompanyUsage.companyId, aiCompanyUsage.month],
      set: { tokens: sql`${aiCompanyUsage.tokens} + ${tokens}` },
    });
}
