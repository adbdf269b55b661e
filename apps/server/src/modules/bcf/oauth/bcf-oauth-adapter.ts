import type { Db } from '../../../db/database.ts';
import { sha256 } from '../../../auth/secrets.ts';
import {
  deleteExpiredOauthRecords,
  deleteOauthRecord,
  deleteOauthRecordsOfGrants,
  findLiveOauthRecord,
  markOauthRecordConsumed,
  upsertOauthRecord,
} from './bcf-oauth-repository.ts';

/** What oidc-provider stores of a record (its own shape; `jti` is the record's id). */
type Payload = Record<string, unknown> & {
  jti?: string;
  grantId?: string;
  uid?: string;
  userCode?: string;
  consumed?: number;
};

/** The models whose id is a bearer secret: stored without it. */
const SECRET_IDS = new Set([
  'AccessToken',
  'RefreshToken',
  'AuthorizationCode',
  'RegistrationAccessToken',
  'ClientCredentials',
  'InitialAccessToken',
]);

/**
 * oidc-provider's storage on PostgreSQL (bcf_oauth_records). Records are found by the sha-256 of their id;
 * tokens and codes are stored without it: an authorization code, access token or refresh token read from the
 * table is useless, as a hashed password is. Expired rows read as absent; `consume` marks a code or refresh
 * token used.
 */
export class BcfOauthAdapter {
  constructor(
    private readonly db: Db,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: Payload, expiresIn: number | undefined): Promise<void> {
    const { jti: _id, ...stripped } = payload;
    const rest = SECRET_IDS.has(this.model) ? stripped : payload;
    const values = {
      model: this.model,
      idHash: sha256(id),
      payload: rest,
      grantId: typeof payload.grantId === 'string' ? payload.grantId : null,
      // Sessions are found by their uid; device codes (RFC 8628) by the user code the person types.
      uid:
        typeof payload.uid === 'string'
          ? payload.uid
          : typeof payload.userCode === 'string'
            ? payload.userCode
            : null,
      expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
    };
    await upsertOauthRecord(this.db, values);
  }

  async find(id: string): Promise<Payload | undefined> {
    const row = await findLiveOauthRecord(this.db, this.model, { idHash: sha256(id) });
    if (!row) return undefined;
    const payload = row.payload as Payload;
    return {
      ...payload,
      ...(SECRET_IDS.has(this.model) ? { jti: id } : {}),
      ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}),
    };
  }

  async findByUid(uid: string): Promise<Payload | undefined> {
    const row = await findLiveOauthRecord(this.db, this.model, { uid });
    return row ? (row.payload as Payload) : undefined;
  }

  /**
   * A device code by its user code (the plugin pairing). Device codes keep their id in the payload: the provider
   * must save the found code again (approved, denied), and a device code lives ten minutes and is useless without
   * the person's approval.
   */
  async findByUserCode(userCode: string): Promise<Payload | undefined> {
    const row = await findLiveOauthRecord(this.db, this.model, { uid: userCode });
    if (!row) return undefined;
    return {
      ...(row.payload as Payload),
      ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}),
    };
  }

  async consume(id: string): Promise<void> {
    await markOauthRecordConsumed(this.db, this.model, sha256(id));
  }

  async destroy(id: string): Promise<void> {
    await deleteOauthRecord(this.db, this.model, sha256(id));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await deleteOauthRecordsOfGrants(this.db, [grantId]);
  }
}

/** Removes the records that have expired (hourly job `bcf.oauthCleanup`); answers how many. */
export function cleanupBcfOauth(db: Db): Promise<number> {
  return deleteExpiredOauthRecords(db);
}
