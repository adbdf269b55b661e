import { STANDARD_DISCIPLINES } from '@obra/domain';
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { standardDisciplines } from '../../db/schema/index.ts';

/** Rows of the standard discipline catalogue in id order. */
export async function listStandardDisciplines(
  db: Db,
): Promise<{ id: number; key: string; abbreviation: string }[]> {
  return db.select().from(standardDisciplines).orderBy(asc(standardDisciplines.id));
}

/** Brings the catalogue in step with the domain list (new entries added, abbreviations updated). */
export async function syncStandardDisciplines(db: Db): Promise<void> {
  await db
    .insert(standardDisciplines)
    .values(STANDARD_DISCIPLINES.map((d) => ({ id: d.id, key: d.key, abbreviation: d.abbreviation })))
    .onConflictDoUpdate({
      target: standardDisciplines.id,
      set: { key: sql`excluded.key`, abbreviation: sql`excluded.abbreviation` },
    });
}
