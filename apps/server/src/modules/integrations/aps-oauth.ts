import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '@obra/domain';
import type { ApsConfig } from '../../config.ts';
import type { PartnerCredentials } from './connector.ts';
import { platformFetch, platformStatusError, platformText } from './platform-http.ts';

/**
 * Autodesk Platform Services' three-legged OAuth 2.0 (Authentication API v2, fixtures/aps/authentication.yaml):
 * the authorization code with PKCE (S256), the refresh before expiry, the revocation. Obra is a confidential client
 * ("Traditional Web App"): the client id and secret go in the Basic header of the token and revoke calls only.
 *
 * Two access tokens are kept, as Autodesk's own samples do: one for Data Management (`data:read`,
 * `user-profile:read`), never leaving the server, and one down-scoped to `viewables:read` for the BIM viewer in the
 * browser (`aps-access-token`), obtained by refreshing with that single scope. A refresh token is single-use: each
 * refresh answers a new one, which keeps the scopes the user consented to.
 */

/** What the user consents to at Autodesk. */
export const APS_CONSENT_SCOPES = ['data:read', 'user-profile:read', 'viewables:read'] as const;
/** The server's token. */
export const APS_DATA_SCOPES = ['data:read', 'user-profile:read'] as const;
/** The browser's read-only viewer token. */
export const APS_VIEWER_SCOPES = ['viewables:read'] as const;

/** The token set sealed as a user's secret (never answered, never logged). */
export interface ApsTokenSet {
  access: string;
  accessExpiresAt: number;
  viewer: string;
  viewerExpiresAt: number;
  refresh: string;
}

/** The token set of a user's stored secret; a secret that is not one is an account to connect again. */
export function parseTokenSet(secret: string): ApsTokenSet {
  try {
    const value = JSON.parse(secret) as Partial<ApsTokenSet>;
    if (
      typeof value.access === 'string' &&
      typeof value.viewer === 'string' &&
      typeof value.refresh === 'string' &&
      typeof value.accessExpiresAt === 'number' &&
      typeof value.viewerExpiresAt === 'number'
    )
      return value as ApsTokenSet;
  } catch {
    // falls through
  }
  throw new AppError('INTEGRATION_NOT_CONNECTED', { what: 'user', reason: 'credentials' });
}

/** The credentials of a token set: they expire with the first of its two access tokens. */
export function tokenCredentials(accountName: string, tokens: ApsTokenSet): PartnerCredentials {
  return {
    accountName,
    secret: JSON.stringify(tokens),
    expiresAt: new Date(Math.min(tokens.accessExpiresAt, tokens.viewerExpiresAt)),
  };
}

/** A PKCE pair (RFC 7636): a 43-character verifier and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: pkceChallenge(verifier) };
}

export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** The address of Autodesk's consent page (GET /authentication/v2/authorize), where the browser goes. */
export function apsAuthorizeUrl(
  aps: ApsConfig,
  input: { state: string; challenge: string; redirectUri: string },
): string {
  const url = new URL(`${aps.baseUrl}/authentication/v2/authorize`);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', aps.clientId);
  url.searchParams.set('redirect_uri', input.redirectUri);
  url.searchParams.set('scope', APS_CONSENT_SCOPES.join(' '));
  url.searchParams.set('state', input.state);
  url.searchParams.set('code_challenge', input.challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  return url.toString();
}

interface TokenAnswer {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

function basic(aps: ApsConfig): string {
  return `Basic ${Buffer.from(`${aps.clientId}:${aps.clientSecret}`).toString('base64')}`;
}

/**
 * POST /authentication/v2/token. A refused grant (400/401 invalid_grant: a code used or expired, a refresh token
 * revoked or past its 15 days) is `refused`; the caller decides what the user is told.
 */
async function tokenCall(
  aps: ApsConfig,
  form: Record<string, string>,
  timeoutMs: number,
  refused: () => AppError,
): Promise<TokenAnswer> {
  const response = await platformFetch(`${aps.baseUrl}/authentication/v2/token`, {
    method: 'POST',
    headers: {
      authorization: basic(aps),
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    },
    body: new URLSearchParams(form).toString(),
    timeoutMs,
  });
  const text = await platformText(response, timeoutMs);
  if (response.status === 400 || response.status === 401) throw refused();
  if (!response.ok) throw platformStatusError(response.status);
  let answer: Partial<TokenAnswer>;
  try {
    answer = JSON.parse(text) as Partial<TokenAnswer>;
  } catch {
    throw new AppError('INTEGRATION_PLATFORM_ERROR', { reason: 'json' });
  }
  if (
    typeof answer.access_token !== 'string' ||
    typeof answer.refresh_token !== 'string' ||
    typeof answer.expires_in !== 'number'
  )
    throw new AppError('INTEGRATION_PLATFORM_ERROR', { reason: 'token' });
  return answer as TokenAnswer;
}

/**
 * From a refresh token to a full token set: the server's token (data scopes), then the viewer's (down-scoped),
 * each refresh answering the refresh token the next one uses. When the second call fails, the first one's refresh
 * token has already replaced the old one: the set keeps it with the data token and the previous viewer token (none
 * at a first connection), and expires at once, so the next use refreshes again rather than the account being lost.
 */
async function tokenSetFrom(
  aps: ApsConfig,
  refreshToken: string,
  timeoutMs: number,
  refused: () => AppError,
  previous?: ApsTokenSet,
): Promise<ApsTokenSet> {
  const now = Date.now();
  const data = await tokenCall(
    aps,
    { grant_type: 'refresh_token', refresh_token: refreshToken, scope: APS_DATA_SCOPES.join(' ') },
    timeoutMs,
    refused,
  );
  const access = { access: data.access_token, accessExpiresAt: now + data.expires_in * 1000 };
  let viewer: TokenAnswer;
  try {
    viewer = await tokenCall(
      aps,
      { grant_type: 'refresh_token', refresh_token: data.refresh_token, scope: APS_VIEWER_SCOPES.join(' ') },
      timeoutMs,
      refused,
    );
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return {
      ...access,
      viewer: previous?.viewer ?? '',
      viewerExpiresAt: Math.min(previous?.viewerExpiresAt ?? now, now),
      refresh: data.refresh_token,
    };
  }
  return {
    ...access,
    viewer: viewer.access_token,
    viewerExpiresAt: now + viewer.expires_in * 1000,
    refresh: viewer.refresh_token,
  };
}

/**
 * The authorization code and its PKCE verifier for a token set (the redirect URI must be the one the consent page
 * was opened with). A code Autodesk refuses is INTEGRATION_LOGIN_FAILED.
 */
export async function exchangeApsCode(
  aps: ApsConfig,
  input: { code: string; verifier: string; redirectUri: string },
  timeoutMs: number,
): Promise<ApsTokenSet> {
  const refused = () => new AppError('INTEGRATION_LOGIN_FAILED');
  const first = await tokenCall(
    aps,
    {
      grant_type: 'authorization_code',
      code: input.code,
      code_verifier: input.verifier,
      redirect_uri: input.redirectUri,
    },
    timeoutMs,
    refused,
  );
  // The consented scopes are the refresh token's; each access token is then cut to what it is for.
  return tokenSetFrom(aps, first.refresh_token, timeoutMs, refused);
}

/** New tokens before expiry; a refresh token Autodesk refuses means the user connects again. */
export function refreshApsTokens(
  aps: ApsConfig,
  tokens: ApsTokenSet,
  timeoutMs: number,
): Promise<ApsTokenSet> {
  return tokenSetFrom(
    aps,
    tokens.refresh,
    timeoutMs,
    () => new AppError('INTEGRATION_NOT_CONNECTED', { what: 'user', reason: 'expired' }),
    tokens,
  );
}

/** POST /authentication/v2/revoke of the refresh token, then of both access tokens. */
export async function revokeApsTokens(aps: ApsConfig, tokens: ApsTokenSet, timeoutMs: number): Promise<void> {
  const revoke = async (token: string, hint: 'access_token' | 'refresh_token') => {
    const response = await platformFetch(`${aps.baseUrl}/authentication/v2/revoke`, {
      method: 'POST',
      headers: { authorization: basic(aps), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, token_type_hint: hint }).toString(),
      timeoutMs,
    });
    await platformText(response, timeoutMs);
    if (!response.ok) throw platformStatusError(response.status);
  };
  await revoke(tokens.refresh, 'refresh_token');
  await revoke(tokens.access, 'access_token');
  await revoke(tokens.viewer, 'access_token');
}
