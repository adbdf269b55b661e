import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, isFederatedProvider, type FederatedProvider } from '@obra/domain';
import type { AppServices } from '../../services.ts';
import { enforceRateLimit } from '../../auth/rate-limit-rules.ts';
import { requiredText } from '../../modules/identity/auth-input.ts';
import {
  exchangeFederatedCode,
  finishFederated,
  startFederated,
} from '../../modules/identity/federated-service.ts';
import { sendTokens } from '../auth-cookies.ts';
import { requestLocale } from '../request-locale.ts';
import { AUTH_ROUTES } from '../openapi-platform.ts';

/** The web routes the federated flow ends on (spec core §2). */
const PROCESS_ROUTE = '/process-federated-sign-in';
const LOGIN_ROUTE = '/login';

/** Google and Microsoft sign-in with OpenID Connect (authorization code + PKCE, state, nonce). */
export function registerFederatedRoutes(app: FastifyInstance, services: AppServices): void {
  const enabledProvider = (req: FastifyRequest): FederatedProvider => {
    const { provider } = req.params as { provider?: string };
    if (!isFederatedProvider(provider) || !services.config.auth.oidc[provider])
      throw new AppError('NOT_FOUND');
    return provider;
  };

  app.get('/auth/providers', AUTH_ROUTES.providers, async () => ({
    providers: services.auth.oidc.enabled(),
  }));

  app.get('/auth/federated/:provider/start', AUTH_ROUTES.federatedStart, async (req, reply) => {
    const provider = enabledProvider(req);
    await enforceRateLimit(
      services.auth.rateLimiter,
      services.config.auth.rateLimitMultiplier,
      'federated',
      req.ip,
    );
    const query = req.query as Record<string, unknown>;
    const text = (key: string): string | undefined =>
      typeof query[key] === 'string' && query[key] !== '' ? query[key] : undefined;
    const url = await startFederated(services, provider, callbackUri(services, req, provider), {
      redirect: text('redirect'),
      email: text('email'),
    });
    return reply.header('cache-control', 'no-store').redirect(url, 302);
  });

  // Not logged at info: the query carries the provider's authorization code and our state.
  app.get(
    '/auth/federated/:provider/callback',
    { ...AUTH_ROUTES.federatedCallback, logLevel: 'warn' },
    async (req, reply) => {
      const provider = enabledProvider(req);
      const query = new URLSearchParams(req.url.split('?')[1] ?? '');
      if (query.has('error')) return toLogin(reply, 'NotAuthorizedException');
      const callbackUrl = new URL(callbackUri(services, req, provider));
      callbackUrl.search = query.toString();
      const outcome = await finishFederated(services, provider, callbackUrl, requestLocale(req.headers));
      if (!outcome.ok) return toLogin(reply, outcome.error);
      const target = new URLSearchParams({ code: outcome.code, provider });
      if (outcome.redirect) target.set('redirect', outcome.redirect);
      return reply.header('cache-control', 'no-store').redirect(`${PROCESS_ROUTE}?${target.toString()}`, 302);
    },
  );

  app.post('/auth/federated/exchange', AUTH_ROUTES.federatedExchange, async (req, reply) => {
    await enforceRateLimit(
      services.auth.rateLimiter,
      services.config.auth.rateLimitMultiplier,
      'federated',
      req.ip,
    );
    const tokens = await exchangeFederatedCode(services, requiredText(req.body, 'code', 200));
    return sendTokens(services.config, req, reply, tokens);
  });
}

function toLogin(reply: FastifyReply, error: string): FastifyReply {
  return reply
    .header('cache-control', 'no-store')
    .redirect(`${LOGIN_ROUTE}?error=${encodeURIComponent(error)}`, 302);
}

// PUBLIC_URL when configured (the address registered at the provider); else this request's own origin.
function callbackUri(services: AppServices, req: FastifyRequest, provider: FederatedProvider): string {
  const base = services.config.auth.publicUrlConfigured
    ? services.config.publicUrl
    : `${req.protocol}://${req.host}`;
  return `${base}/auth/federated/${provider}/callback`;
}
