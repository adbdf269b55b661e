import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { bcfOauthRecords } from '../../../db/schema/index.ts';

/** A record of oidc-provider's storage (bcf_oauth_records): model, id hash, payload and times. */
export type BcfOauthRecordRow = typeof bcfOauthRecords.$inferSelect;

function recordKey(model: string, idHash: string) {
  return and(eq(bcfOauthRecords.model, model), eq(bcfOauthRecords.idHash, idHash));
}

/** A record that has not expired (no expiry, or later than now). */
function live() {
  return or(isNull(bcfOauthRecords.expiresAt), gt(bcfOauthRecords.expiresAt, sql`now()`));
}

/** Writes a record, or replaces the payload, grant, uid and expiry of the one of the same model and id hash. */
export async function upsertOauthRecord(
  db: Db,
  values: {
    model: string;
    idHash: string;
    payload: unknown;
    grantId: string | null;
    uid: string | null;
    expiresAt: Date | null;
  },
): Promise<void> {
  await db
    .insert(bcfOauthRecords)
    .values(values)
    .onConflictDoUpdate({
      target: [bcfOauthRecords.model, bcfOauthRecords.idHash],
      set: {
        payload: values.payload,
        grantId: values.grantId,
        uid: values.uid,
        expiresAt: values.expiresAt,
      },
    });
}

/**
 * A live record by model and id hash, or by model and uid (sessions, device codes' user codes); undefined when
 * absent or expired.
 */
export async function findLiveOauthRecord(
  db: Db,
  model: string,
  key: { idHash: string } | { uid: string },
): Promise<BcfOauthRecordRow | undefined> {
  const byKey = 'idHash' in key ? eq(bcfOauthRecords.idHash, key.idHash) : eq(bcfOauthRecords.uid, key.uid);
  const [row] = await db
    .select()
    .from(bcfOauthRecords)
    .where(and(eq(bcfOauthRecords.model, model), byKey, live()))
    .limit(1);
  return row;
}

/** Marks a record used now (a code or refresh token consumed). */
export async function markOauthRecordConsumed(db: Db, model: string, idHash: string): Promise<void> {
  await db.update(bcfOauthRecords).set({ consumedAt: new Date() }).where(recordKey(model, idHash));
}

/** Deletes a record by model and id hash. */
export async function deleteOauthRecord(db: Db, model: string, idHash: string): Promise<void> {
  await db.delete(bcfOauthRecords).where(recordKey(model, idHash));
}

/** Deletes every record issued under these grants (tokens, codes; not the grants themselves). */
export async function deleteOauthRecordsOfGrants(db: Db, grantIds: string[]): Promise<void> {
  await db.delete(bcfOauthRecords).where(inArray(bcfOauthRecords.grantId, grantIds));
}

/** Deletes the Grant records of these id hashes. */
export async function deleteOauthGrants(db: Db, grantIdHashes: string[]): Promise<void> {
  await db
    .delete(bcfOauthRecords)
    .where(and(eq(bcfOauthRecords.model, 'Grant'), inArray(bcfOauthRecords.idHash, grantIdHashes)));
}

/** Deletes the records that have expired; answers how many. */
export async function deleteExpiredOauthRecords(db: Db): Promise<number> {
  const removed = await db
    .delete(bcfOauthRecords)
    .where(lt(bcfOauthRecords.expiresAt, sql`now()`))
    .returning({ model: bcfOauthRecords.model });
  return removed.length;
}

/** The payloads of a person's live Grant records (`accountId` is the user's id), of one client if given. */
export async function liveGrantPayloads(db: Db, userId: number, clientId?: string): Promise<unknown[]> {
  const rows = await db
    .select({ payload: bcfOauthRecords.payload })
    .from(bcfOauthRecords)
    .where(
      and(
        eq(bcfOauthRecords.model, 'Grant'),
        sql`${bcfOauthRecords.payload}->>'accountId' = ${String(userId)}`,
        ...(clientId === undefined ? [] : [sql`${bcfOauthRecords.payload}->>'clientId' = ${clientId}`]),
        sql`(${bcfOauthRecords.expiresAt} is null or ${bcfOauthRecords.expiresAt} > now())`,
      ),
    );
  return rows.map((r) => r.payload);
}

/** The payloads of the Client records of these id hashes. */
export async function clientPayloads(db: Db, clientIdHashes: string[]): Promise<unknown[]> {
  const rows = await db
    .select({ payload: bcfOauthRecords.payload })
    .from(bcfOauthRecords)
    .where(and(eq(bcfOauthRecords.model, 'Client'), inArray(bcfOauthRecords.idHash, clientIdHashes)));
  return rows.map((r) => r.payload);
}

/** When each of these grants last got a token (the newest `iat` of its access and refresh tokens), in seconds. */
export async function lastTokenIssuedByGrant(
  db: Db,
  grantIds: string[],
): Promise<{ grantId: string | null; last: string | number | null }[]> {
  return db
    .select({
      grantId: bcfOauthRecords.grantId,
      last: sql<string | number | null>`max((${bcfOauthRecords.payload}->>'iat')::bigint)`,
    })
    .from(bcfOauthRecords)
    .where(
      and(
        inArray(bcfOauthRecords.model, ['AccessToken', 'RefreshToken']),
        inArray(bcfOauthRecords.grantId, grantIds),
      ),
    )
    .groupBy(bcfOauthRecords.grantId);
}
