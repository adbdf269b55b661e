import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cascadeRef, createdAt, identityId, setNullRef, tstz, updatedAt } from './columns.ts';

/** Companies; a user belongs to at most one (spec core §6). */
export const companies = pgTable(
  'companies',
  {
    id: identityId(),
    name: text('name').notNull(),
    logo: text('logo'),
    website: text('website'),
    cnpj: text('cnpj'),
    customization: jsonb('customization'),
    isActive: boolean('is_active').notNull().default(true),
    ownerUserId: integer('owner_user_id'),
    createdAt: createdAt(),
  },
  // Names are unique regardless of case and accents (DUPLICATED_COMPANY_NAME).
  (t) => [uniqueIndex('companies_name_key').on(sql`lower(immutable_unaccent(${t.name}))`)],
);

/** People who sign in. Password users and federated users alike; e-mail is stored lower-cased. */
export const users = pgTable(
  'users',
  {
    id: identityId(),
    guid: uuid('guid').notNull().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    emailConfirmedAt: tstz('email_confirmed_at'),
    name: text('name'),
    lastName: text('last_name'),
    firstPhone: text('first_phone'),
    linkedin: text('linkedin'),
    photo: text('photo'),
    localeId: text('locale_id'),
    isAdmin: boolean('is_admin').notNull().default(false),
    isDemo: boolean('is_demo').notNull().default(false),
    hasAiAssistant: boolean('has_ai_assistant').notNull().default(false),
    aiDisclaimerAcceptedAt: tstz('ai_disclaimer_accepted_at'),
    acceptedPoliciesVersion: text('accepted_policies_version'),
    acceptedPoliciesAt: tstz('accepted_policies_at'),
    confirmedRegister: boolean('confirmed_register').notNull().default(false),
    companyId: integer('company_id').references(() => companies.id),
    companyRole: text('company_role'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), index('users_company_idx').on(t.companyId)],
);

/** A user a row remembers (its author, editor, inviter): null once that account is deleted. */
export const userRef = <N extends string>(name: N) => setNullRef(name, () => users.id);

/** Single-use 6-digit codes (sign-up confirmation, password reset), stored as hashes. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: identityId(),
    userId: cascadeRef('user_id', () => users.id),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: tstz('expires_at').notNull(),
    consumedAt: tstz('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('verification_codes_user_idx').on(t.userId, t.purpose)],
);

/** Refresh tokens: hashed, rotated on every use, grouped in families revoked together on reuse. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: identityId(),
    userId: cascadeRef('user_id', () => users.id),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    revokedAt: tstz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
  ],
);

/** Links between a user and an account at an OpenID provider. */
export const federatedIdentities = pgTable(
  'federated_identities',
  {
    id: identityId(),
    userId: cascadeRef('user_id', () => users.id),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('federated_identities_key').on(t.provider, t.subject)],
);

/** In-flight federated sign-ins (state, nonce, PKCE verifier) and one-time exchange codes; short-lived. */
export const federatedFlows = pgTable('federated_flows', {
  // sha-256 of the state (kind 'state') or of the exchange code (kind 'exchange').
  keyHash: text('key_hash').primaryKey(),
  kind: text('kind').notNull(),
  provider: text('provider').notNull(),
  codeVerifier: text('code_verifier'),
  nonce: text('nonce'),
  redirect: text('redirect'),
  forcedEmail: text('forced_email'),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: tstz('expires_at').notNull(),
  createdAt: createdAt(),
});

/** Invitations for a person (by e-mail) to join a company. */
export const companyInvites = pgTable(
  'company_invites',
  {
    id: identityId(),
    companyId: cascadeRef('company_id', () => companies.id),
    email: text('email').notNull(),
    role: text('role').notNull(),
    invitedByUserId: userRef('invited_by_user_id'),
    status: text('status').notNull().default('pending'),
    expiresAt: tstz('expires_at').notNull(),
    respondedAt: tstz('responded_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('company_invites_email_idx').on(t.email, t.status),
    index('company_invites_company_idx').on(t.companyId),
  ],
);

/** Access keys for integrations and BI tools; the secret is stored as an argon2id hash. */
export const accessKeys = pgTable(
  'access_keys',
  {
    id: identityId(),
    userId: cascadeRef('user_id', () => users.id),
    name: text('name').notNull(),
    keyId: text('key_id').notNull(),
    secretHash: text('secret_hash').notNull(),
    expiresAt: tstz('expires_at'),
    lastUsedAt: tstz('last_used_at'),
    revokedAt: tstz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('access_keys_key_id_key').on(t.keyId), index('access_keys_user_idx').on(t.userId)],
);

/** Demo requests from visitors (spec core §5). */
export const demoRequests = pgTable('demo_requests', {
  id: identityId(),
  name: text('name').notNull(),
  lastName: text('last_name').notNull(),
  company: text('company').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  localeId: text('locale_id').notNull(),
  createdAt: createdAt(),
});
