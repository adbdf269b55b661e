import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';
import { errorMessage } from '@obra/domain';
import { requestLocale } from '../../../http/request-locale.ts';
import type { Actor } from '../../../auth/actor.ts';
import type { AppServices } from '../../../services.ts';
import { toAccount } from '../../identity/account.ts';
import { findUserById } from '../../identity/user-repository.ts';
import { BcfOauthAdapter } from './bcf-oauth-adapter.ts';
import { successSource, userCodeConfirmSource, userCodeInputSource } from './device-pages.ts';

/** Where the OAuth2 server of the BCF-API answers (its issuer is the public URL plus this path). */
export const BCF_OAUTH_PREFIX = '/bcf-oauth';

/** The signed-in person's connected applications (GET list, DELETE …/{clientId} revokes). */
export const CONNECTED_APPLICATIONS = '/bcf-oauth-applications';

/** The web app's consent screen for an interaction (apps/web, features/bcf/oauth-consent-page.tsx). */
export const CONSENT_PAGE = '/oauth/consent';

/** Lifetimes (seconds): short access tokens, refresh tokens for a month of desktop use. */
export const BCF_OAUTH_TTL = {
  AccessToken: 3600,
  AuthorizationCode: 120,
  RefreshToken: 30 * 24 * 3600,
  Grant: 365 * 24 * 3600,
  Interaction: 15 * 60,
  Session: 15 * 60,
  IdToken: 3600,
} as const;

/** The scope a BCF client asks for (any scope it asks for is narrowed to the ones known). */
export const BCF_OAUTH_SCOPES = ['openid', 'offline_access', 'bcf'];

interface OauthKeys {
  jwk: Record<string, unknown>;
  cookieKey: string;
}

/** The signing key of ID tokens and the cookie key, generated once into $DATA_DIR/keys and shared from there. */
async function loadOauthKeys(dataDir: string): Promise<OauthKeys> {
  const dir = path.join(dataDir, 'keys');
  const file = path.join(dir, 'bcf-oauth-keys.json');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dir, { recursive: true });
    const pair = await generateKeyPair('ES256', { extractable: true });
    const jwk = {
      ...(await exportJWK(pair.privateKey)),
      alg: 'ES256',
      use: 'sig',
      kid: randomBytes(8).toString('hex'),
    };
    const keys: OauthKeys = { jwk, cookieKey: randomBytes(32).toString('base64url') };
    try {
      // Exclusive create: if another process won the race, its keys are the ones used.
      fs.writeFileSync(file, JSON.stringify(keys), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return JSON.parse(fs.readFileSync(file, 'utf8')) as OauthKeys;
}

/** The device authorization grant's settings (oidc-provider's typings name only `enabled`). */
const DEVICE_FLOW = {
  enabled: true,
  charset: 'base-20',
  mask: '****-****',
  userCodeInputSource,
  userCodeConfirmSource,
  successSource,
};

/** The URLs the Foundation API's auth document gives (undefined: OAuth2 is not offered). */
export interface FoundationAuthUrls {
  authorize: string;
  token: string;
  register: string;
}

/** The OAuth2 server (oidc-provider) of the BCF-API and what the BCF routes need of it. */
export interface BcfOauth {
  readonly provider: Provider;
  readonly issuer: string;
  /** The Foundation API's auth document's URLs. */
  urls(): FoundationAuthUrls;
  /** The actor of an access token this server issued, or undefined. */
  actorOf(token: string): Promise<Actor | undefined>;
}

/**
 * Creates the OAuth2 authorization server of the BCF-API with oidc-provider: authorization code with PKCE
 * (required: BCF clients are public desktop apps), refresh tokens (rotated on use), open dynamic registration
 * of native clients (redirect URIs on the loopback address, any port, RFC 8252), consent in the web app.
 */
export async function createBcfOauth(services: AppServices): Promise<BcfOauth> {
  const { config, database } = services;
  const issuer = `${config.publicUrl}${BCF_OAUTH_PREFIX}`;
  const keys = await loadOauthKeys(config.dataDir);
  const provider = new Provider(issuer, {
    adapter: (model: string) => new BcfOauthAdapter(database.db, model),
    clients: [],
    jwks: { keys: [keys.jwk] },
    cookies: { keys: [keys.cookieKey] },
    scopes: BCF_OAUTH_SCOPES,
    claims: { openid: ['sub'] },
    pkce: { required: () => true },
    ttl: BCF_OAUTH_TTL,
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
      revocation: { enabled: true },
      // BIM plugins pair as desktop tools expect: RFC 8628 (docs/plugins.md).
      deviceFlow: DEVICE_FLOW,
    },
    clientDefaults: {
      application_type: 'native',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      id_token_signed_response_alg: 'ES256',
    },
    // Refresh tokens for every client allowed them, without the offline_access/prompt=consent ritual BCF
    // clients do not know; they do not end with the browser session.
    issueRefreshToken: async (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) =>
      client.grantTypeAllowed('refresh_token'),
    expiresWithSession: async () => false,
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) =>
        `${BCF_OAUTH_PREFIX}/interaction/${interaction.uid}`,
    },
    findAccount: async (_ctx: unknown, id: string) => ({ accountId: id, claims: async () => ({ sub: id }) }),
    renderError: async (ctx: { type: string; body: unknown }, out: Record<string, unknown>) => {
      ctx.type = 'json';
      ctx.body = {
        code: 'BAD_USER_INPUT',
        message: String(out['error_description'] ?? out['error'] ?? 'error'),
        details: out,
      };
    },
  });
  provider.proxy = Boolean(config.trustProxy);
  // A path the provider does not know answers as every API path does: 404 in Obra's error shape.
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.status === 404 && ctx.body === undefined) {
      ctx.status = 404;
      ctx.body = { code: 'NOT_FOUND', message: errorMessage(requestLocale(ctx.req.headers), 'NOT_FOUND') };
    }
  });
  return {
    provider,
    issuer,
    urls: () => ({
      authorize: `${issuer}/auth`,
      token: `${issuer}/token`,
      register: `${issuer}/reg`,
    }),
    async actorOf(token) {
      if (token.length > 200) return undefined;
      const found = await provider.AccessToken.find(token);
      if (!found?.accountId) return undefined;
      const userId = Number(found.accountId);
      if (!Number.isSafeInteger(userId)) return undefined;
      const user = await findUserById(database.db, userId);
      if (!user || user.emailConfirmedAt === null) return undefined;
      return {
        account: toAccount(user),
        via: 'accessKey',
        sessionId: undefined,
        accessKeyId: `oauth:${found.clientId}`,
      };
    },
  };
}
