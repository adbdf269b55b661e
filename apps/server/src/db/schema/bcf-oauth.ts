import { index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns.ts';

/**
 * What the OAuth2 server of the BCF-API (modules/bcf/oauth, oidc-provider) keeps: authorization codes, access and
 * refresh tokens, grants, sessions, interactions and registered desktop clients, one row per record. A record
 * is found by the sha-256 of its id, never by the id itself: for tokens and codes the id is the secret, so
 * nothing stored here lets anyone use one. Rows past `expires_at` are read as absent.
 */
export const bcfOauthRecords = pgTable(
  'bcf_oauth_records',
  {
    /** oidc-provider's model name (AccessToken, RefreshToken, AuthorizationCode, Grant, Session, Client…). */
    model: text('model').notNull(),
    /** sha-256 (hex) of the record's id. */
    idHash: text('id_hash').notNull(),
    /** The record without its id (`jti`). */
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    /** Sessions are also found by their uid. */
    uid: text('uid'),
    expiresAt: tstz('expires_at'),
    consumedAt: tstz('consumed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.idHash] }),
    index('bcf_oauth_records_grant_idx').on(t.grantId),
    index('bcf_oauth_records_uid_idx').on(t.model, t.uid),
    index('bcf_oauth_records_expires_idx').on(t.expiresAt),
  ],
);
