import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';
import { AppError, errorMessage } from '@obra/domain';
import { requestLocale } from '../../../http/request-locale.ts';
import type { Actor } from '../../../auth/actor.ts';
import { credentialsFromHeaders, resolveActor } from '../../../auth/actor-resolver.ts';
import type { AppServices } from '../../../services.ts';
import { toAccount } from '../../identity/account.ts';
import { findUserById } from '../../identity/user-repository.ts';
import type { BcfActorResolver, FoundationAuthUrls } from '../api/bcf-api-routes.ts';
import { enforceRateLimit } from '../../../auth/rate-limit-rules.ts';
import { BcfOauthAdapter } from './bcf-oauth-adapter.ts';
import { BCF_OAUTH_ENDPOINTS, BCF_OAUTH_ROUTES } from '../bcf-route-schemas.ts';
import { listConnectedApplications, revokeConnectedApplication } from './bcf-oauth-grants.ts';

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

/** Obra's own credentials first (its access tokens, access keys), then the OAuth2 server's access tokens. */
export function bcfActorResolver(services: AppServices, oauth: BcfOauth): BcfActorResolver {
  return async (req) => {
    const actor = await resolveActor(services, credentialsFromHeaders(req.headers));
    if (actor) return actor;
    const header = req.headers.authorization?.trim() ?? '';
    const [scheme = '', value = ''] = header.split(/\s+/, 2);
    if (scheme.toLowerCase() !== 'bearer' || !value) return undefined;
    return oauth.actorOf(value);
  };
}

/** The web app's signed-in person (an Obra session, not a key or another client's token). */
async function sessionActor(services: AppServices, req: FastifyRequest): Promise<Actor> {
  const actor = await resolveActor(services, credentialsFromHeaders(req.headers));
  if (!actor || actor.via !== 'session') throw new AppError('UNAUTHENTICATED');
  (req as FastifyRequest & { obraUserLocale?: string | null }).obraUserLocale = actor.account.localeId;
  if (!actor.account.acceptedPolicies) throw new AppError('NOT_ACCEPTED_POLICIES');
  return actor;
}

interface InteractionDetails {
  uid: string;
  params: Record<string, unknown>;
  prompt: { name: string; details?: Record<string, unknown> };
  grantId?: string;
}

/**
 * Mounts the OAuth2 server under /bcf-oauth and the consent screen's calls:
 * `GET /bcf-oauth/interaction/:uid` sends the browser to the web app's consent page;
 * `GET …/:uid/details` names the client, its redirect URI and the scopes;
 * `POST …/:uid/confirm` (the signed-in person, Bearer) grants them and answers where the browser goes next;
 * `POST …/:uid/abort` refuses. The interaction cookie (path /bcf-oauth/interaction/:uid) ties the calls to the
 * browser that started the flow.
 */
export async function registerBcfOauthRoutes(
  app: FastifyInstance,
  services: AppServices,
  oauth: BcfOauth,
): Promise<void> {
  const { provider } = oauth;
  const callback = provider.callback();
  const interaction = `${BCF_OAUTH_PREFIX}/interaction/:uid`;

  await app.register(async (scope) => {
    // The provider reads its own bodies: leave the request stream to it.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    const toProvider = (req: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const raw = req.raw as typeof req.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '').slice(BCF_OAUTH_PREFIX.length) || '/';
      callback(raw, reply.raw);
    };
    // Dynamic registration is open (no initial access token): limited per address (TOO_MANY_REQUESTS).
    scope.post(`${BCF_OAUTH_PREFIX}/reg`, BCF_OAUTH_ROUTES.register, async (req, reply) => {
      await enforceRateLimit(
        services.auth.rateLimiter,
        services.config.auth.rateLimitMultiplier,
        'oauthRegistration',
        req.ip,
      );
      toProvider(req, reply);
    });
    // The endpoints clients call, each described; every other path of the provider through the wildcard.
    for (const endpoint of BCF_OAUTH_ENDPOINTS)
      scope.route({
        method: endpoint.method,
        url: `${BCF_OAUTH_PREFIX}${endpoint.path}`,
        ...endpoint.schema,
        handler: toProvider,
      });
    scope.all(`${BCF_OAUTH_PREFIX}/*`, { schema: { hide: true } }, toProvider);
  });

  // Account settings, "Connected applications": what the signed-in person allowed, and revoking it.
  app.get(CONNECTED_APPLICATIONS, BCF_OAUTH_ROUTES.listApplications, async (req) => {
    const actor = await sessionActor(services, req);
    return listConnectedApplications(services.database.db, actor.account.id);
  });
  app.delete(
    `${CONNECTED_APPLICATIONS}/:clientId`,
    BCF_OAUTH_ROUTES.revokeApplication,
    async (req, reply) => {
      const actor = await sessionActor(services, req);
      await revokeConnectedApplication(
        services,
        actor.account.id,
        (req.params as { clientId: string }).clientId,
      );
      return reply.status(204).send();
    },
  );

  const details = async (req: FastifyRequest, reply: FastifyReply) => {
    try {
      return (await provider.interactionDetails(req.raw, reply.raw)) as unknown as InteractionDetails;
    } catch {
      throw new AppError('NOT_FOUND');
    }
  };

  app.get(interaction, BCF_OAUTH_ROUTES.interaction, async (req, reply) => {
    const { uid } = req.params as { uid: string };
    return reply.redirect(`${CONSENT_PAGE}/${encodeURIComponent(uid)}`, 303);
  });

  app.get(`${interaction}/details`, BCF_OAUTH_ROUTES.interactionDetails, async (req, reply) => {
    await sessionActor(services, req);
    const found = await details(req, reply);
    const clientId = String(found.params['client_id'] ?? '');
    const client = await provider.Client.find(clientId);
    if (!client) throw new AppError('NOT_FOUND');
    return {
      uid: found.uid,
      clientId,
      clientName: (client.clientName as string | undefined) ?? null,
      redirectUri: String(found.params['redirect_uri'] ?? ''),
      scopes: String(found.params['scope'] ?? '')
        .split(' ')
        .filter((s) => s !== ''),
    };
  });

  app.post(`${interaction}/confirm`, BCF_OAUTH_ROUTES.confirm, async (req, reply) => {
    const actor = await sessionActor(services, req);
    const found = await details(req, reply);
    const accountId = String(actor.account.id);
    const clientId = String(found.params['client_id'] ?? '');
    const existing = found.grantId ? await provider.Grant.find(found.grantId) : undefined;
    const grant =
      existing && existing.accountId === accountId ? existing : new provider.Grant({ accountId, clientId });
    grant.addOIDCScope(String(found.params['scope'] ?? 'openid'));
    const grantId = await grant.save();
    const redirectTo = await provider.interactionResult(
      req.raw,
      reply.raw,
      { login: { accountId }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
    return { redirectTo };
  });

  app.post(`${interaction}/abort`, BCF_OAUTH_ROUTES.abort, async (req, reply) => {
    await sessionActor(services, req);
    await details(req, reply);
    const redirectTo = await provider.interactionResult(
      req.raw,
      reply.raw,
      { error: 'access_denied', error_description: 'the user refused' },
      { mergeWithLastSubmission: false },
    );
    return { redirectTo };
  });
}
