import type { Db } from '../../db/database.ts';
import { demoRequests } from '../../db/schema/index.ts';

/** Stores a demo request. */
export async function insertDemoRequest(db: Db, values: typeof demoRequests.$inferInsert): Promise<void> {
  await db.insert(demoRequests).values(values);
}
