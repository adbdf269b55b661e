import {
  AppError,
  isSafeRedirectPath,
  LOCALES,
  normalizeEmail,
  type FederatedProvider,
  type Locale,
} from '@obra/domain';
import type { AppServices } from '../../services.ts';
import type { Db } from '../../db/database.ts';
import { randomPassword, randomToken, sha256 } from '../../auth/secrets.ts';
import type { FederatedProfile } from '../../auth/oidc-clients.ts';
import { findLinkedUserId, insertFlow, linkIdentity, takeFlow } from './federated-repository.ts';
import { openSession, type SessionTokens } from './session-service.ts';
import { findUserByEmail, findUserById, insertUser, updateUser } from './user-repository.ts';
import type { UserRow } from './account.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';

const STATE_TTL_MS = 10 * 60_000;
const EXCHANGE_TTL_MS = 2 * 60_000;

/**
 * Prefix of the password given to users signed up automatically through Microsoft (spec core §7: a random
 * password of 20 characters after a fixed prefix). Nobody knows it; the person can set one with "forgot password".
 */
export const FEDERATED_PASSWORD_PREFIX = 'Obra-MS#1';

/** Where the callback sends the browser. */
export type CallbackOutcome =
  { ok: true; code: string; redirect: string | null } | { ok: false; error: string };

/** Starts a sign-in at a provider; returns the provider's authorization URL. */
export async function startFederated(
  services: AppServices,
  provider: FederatedProvider,
  redirectUri: string,
  options: { redirect?: string | undefined; email?: string | undefined },
): Promise<string> {
  const redirect = options.redirect && isSafeRedirectPath(options.redirect) ? options.redirect : null;
  const forcedEmail = options.email ? normalizeEmail(options.email) : null;
  const start = await services.auth.oidc.start(provider, redirectUri, forcedEmail ?? undefined);
  await insertFlow(services.database.db, {
    keyHash: sha256(start.state),
    kind: 'state',
    provider,
    codeVerifier: start.codeVerifier,
    nonce: start.nonce,
    redirect,
    forcedEmail,
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  });
  return start.url;
}

/**
 * Finishes a sign-in: checks state, nonce and PKCE through openid-client, enforces a forced e-mail (spec core §5),
 * finds, links or signs up the user, and hands back a one-time code for the web to exchange (tokens never go
 * in a URL).
 */
export async function finishFederated(
  services: AppServices,
  provider: FederatedProvider,
  callbackUrl: URL,
  locale: Locale,
): Promise<CallbackOutcome> {
  const state = callbackUrl.searchParams.get('state');
  const flow = state ? await takeFlow(services.database.db, sha256(state), 'state') : undefined;
  if (!state || !flow || flow.provider !== provider || !flow.codeVerifier || !flow.nonce)
    return { ok: false, error: 'NotAuthorizedException' };
  let profile: FederatedProfile;
  try {
    profile = await services.auth.oidc.finish(provider, callbackUrl, {
      state,
      nonce: flow.nonce,
      codeVerifier: flow.codeVerifier,
    });
  } catch (error) {
    services.logger.warn(
      { provider, err: error instanceof Error ? error.message : String(error) },
      'federated sign-in failed at the provider',
    );
    return { ok: false, error: 'NotAuthorizedException' };
  }
  const email = normalizeEmail(profile.email);
  if (profile.emailVerified === false) return { ok: false, error: 'NotAuthorizedException' };
  if (flow.forcedEmail && flow.forcedEmail !== email) return { ok: false, error: 'FEDERATED_EMAIL_MISMATCH' };
  const code = randomToken(32);
  await unitOfWork(services, async (tx) => {
    const user = await findOrCreateUser(services, tx, provider, { ...profile, email }, locale);
    await insertFlow(tx, {
      keyHash: sha256(code),
      kind: 'exchange',
      provider,
      userId: user.id,
      expiresAt: new Date(Date.now() + EXCHANGE_TTL_MS),
    });
  });
  return { ok: true, code, redirect: flow.redirect };
}

/** Exchanges the one-time code of a federated sign-in for a session. */
export async function exchangeFederatedCode(services: AppServices, code: string): Promise<SessionTokens> {
  const tokens = await unitOfWork(services, async (tx) => {
    const flow = await takeFlow(tx, sha256(code), 'exchange');
    if (!flow?.userId) return undefined;
    return openSession(services, tx, flow.userId);
  });
  if (!tokens) throw new AppError('NotAuthorizedException');
  return tokens;
}

async function findOrCreateUser(
  services: AppServices,
  tx: Db,
  provider: FederatedProvider,
  profile: FederatedProfile,
  locale: Locale,
): Promise<UserRow> {
  const linkedId = await findLinkedUserId(tx, provider, profile.subject);
  const linked = linkedId === undefined ? undefined : await findUserById(tx, linkedId);
  if (linked) return linked;
  const existing = await findUserByEmail(tx, profile.email);
  if (existing) {
    await linkIdentity(tx, existing.id, provider, profile.subject);
    // The provider proved the address: an account that never confirmed its code is confirmed now.
    return existing.emailConfirmedAt
      ? existing
      : updateUser(tx, existing.id, { emailConfirmedAt: new Date() });
  }
  const password = `${FEDERATED_PASSWORD_PREFIX}${randomPassword(20)}`;
  const created = await insertUser(tx, {
    email: profile.email,
    passwordHash: await services.auth.hasher.hash(password),
    emailConfirmedAt: new Date(),
    name: profile.givenName ?? null,
    lastName: profile.familyName ?? null,
    localeId: (LOCALES as readonly string[]).includes(profile.locale ?? '')
      ? (profile.locale as Locale)
      : locale,
  });
  if (!created) throw new Error('federated user could not be created');
  await linkIdentity(tx, created.id, provider, profile.subject);
  services.logger.info({ provider, userId: created.id }, 'user signed up through a federated provider');
  return created;
}
