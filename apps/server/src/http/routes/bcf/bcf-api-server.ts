import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../../services.ts';
import { createBcfOauth } from '../../../modules/bcf/oauth/bcf-oauth.ts';
import { bcfActorResolver, registerBcfOauthRoutes } from './bcf-oauth-routes.ts';
import { registerBcfApiRoutes } from './bcf-api-routes.ts';

/**
 * The BCF-API 3.0 with the Foundation API and its OAuth2 server (docs/api-bcf.md): one call for build-app.
 */
export async function registerBcfApi(app: FastifyInstance, services: AppServices): Promise<void> {
  const oauth = await createBcfOauth(services);
  await registerBcfOauthRoutes(app, services, oauth);
  registerBcfApiRoutes(app, services, {
    resolver: bcfActorResolver(services, oauth),
    oauth: () => oauth.urls(),
  });
}
