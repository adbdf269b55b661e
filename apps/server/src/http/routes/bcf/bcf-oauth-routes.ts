import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@obra/domain';
import type { Actor } from '../../../auth/actor.ts';
import { credentialsFromHeaders, resolveActor } from '../../../auth/actor-resolver.ts';
import { enforceRateLimit } from '../../../auth/rate-limit-rules.ts';
import type { AppServices } from '../../../services.ts';
import {
  BCF_OAUTH_PREFIX,
  CONNECTED_APPLICATIONS,
  CONSENT_PAGE,
  type BcfOauth,
} from '../../../modules/bcf/oauth/bcf-oauth.ts';
import {
  listConnectedApplications,
  revokeConnectedApplication,
} from '../../../modules/bcf/oauth/bcf-oauth-grants.ts';
import type { BcfActorResolver } from './bcf-api-routes.ts';
import { BCF_OAUTH_ENDPOINTS, BCF_OAUTH_ROUTES } from '../../../modules/bcf/bcf-route-schemas.ts';

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
