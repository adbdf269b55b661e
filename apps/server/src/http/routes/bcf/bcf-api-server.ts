import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../../services.ts';
import { createBcfOauth } from '../../../modules/bcf/oauth/bcf-oauth.ts';
import { bcfActorResolver, registerBcfOauthRoutes } from './bcf-oauth-routes.ts';
import { registerBcfApiRoutes } from './bcf-api-routes.ts';
import { registerPluginSessionRoutes } from '../plugin-session-routes.ts';

/**
 * The BCF-API 3.0 with the Foundation API and its OAuth2 server (docs/api-bcf.md): one call for build-app.
 */
export async function registerBcfApi(app: FastifyInstance, services: AppServices): Promise<void> {
  const oauth = await createBcfOauth(services);
  await registerBcfOauthRoutes(app, services, oauth);
  const resolver = bcfActorResolver(services, oauth);
  registerBcfApiRoutes(app, services, { resolver, oauth: () => oauth.urls() });
  // BIM plugin sessions, beside the BCF-API with the same credentials (docs/plugins.md).
  registerPluginSessionRoutes(app, services, resolver);
}
