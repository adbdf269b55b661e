import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { appMeta } from '../db/schema/index.ts';
import { syncStandardDisciplines } from '../modules/enums/enum-repository.ts';

/** What the installation looks like after seeding. */
export interface SeedResult {
  instanceId: string;
  firstRun: boolean;
}

/** Seeds the standard data on every start (idempotent) and records the installation on the first. */
export async function seedStandardData(db: Db): Promise<SeedResult> {
  await syncStandardDisciplines(db);
  const inserted = await db
    .insert(appMeta)
    .values({ key: 'instance', value: { id: randomUUID(), createdAt: new Date().toISOString() } })
    .onConflictDoNothing()
    .returning();
  const [row] =
    inserted.length > 0 ? inserted : await db.select().from(appMeta).where(eq(appMeta.key, 'instance'));
  const value = row?.value as { id: string } | undefined;
  if (!value) throw new Error('installation record missing');
  return { instanceId: value.id, firstRun: inserted.length > 0 };
}
