import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../../services.ts';
import { requestOrigin, restActor } from '../../rest-actor.ts';
import { redirectAnswer } from '../../openapi-schemas.ts';
import {
  APS_CALLBACK_PATH,
  APS_FLOW_COOKIE,
  APS_FLOW_SECONDS,
  finishApsConnection,
  startApsConnection,
} from '../../../modules/integrations/aps-connect-service.ts';
import { errors, tags } from './autodoc-schemas.ts';

/**
 * Linking a person's Autodesk (APS) account (docs/integrations.md "APS"): the start, which answers Autodesk's
 * consent address and keeps the state and PKCE verifier in a sealed cookie, and Autodesk's return to the callback.
 */
export function registerApsConnectRoutes(app: FastifyInstance, services: AppServices): void {
  app.post(
    '/autodoc/aps/authorization',
    {
      schema: {
        tags,
        operationId: 'startAutodocApsAuthorization',
        summary:
          "Starts linking the caller's APS account: the address of Autodesk's consent page (three-legged OAuth with PKCE); the state and verifier wait in a sealed cookie for the callback",
        body: {
          type: 'object',
          required: ['email'],
          additionalProperties: false,
          properties: {
            email: { type: 'string', minLength: 3, maxLength: 320 },
            returnTo: {
              type: 'string',
              maxLength: 500,
              description: "The web route to come back to (a path of Obra's), the profile by default",
            },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: { authorizeUrl: { type: 'string', description: 'Where the browser goes' } },
          },
          ...errors,
        },
      },
    },
    async (req, reply) => {
      const started = await startApsConnection(
        services,
        await restActor(services, req, { write: true }),
        req.body as { email: string; returnTo?: string },
        requestOrigin(services, req),
      );
      reply.setCookie(APS_FLOW_COOKIE, started.cookie, {
        httpOnly: true,
        // Lax: the browser sends it on Autodesk's top-level redirect back, no other site's request carries it.
        sameSite: 'lax',
        secure: services.config.auth.cookieSecure,
        path: APS_CALLBACK_PATH,
        maxAge: APS_FLOW_SECONDS,
      });
      reply.header('cache-control', 'no-store');
      return { authorizeUrl: started.authorizeUrl };
    },
  );

  // Not logged at info: the query carries Autodesk's authorization code and the state.
  app.get(
    APS_CALLBACK_PATH,
    {
      logLevel: 'warn',
      schema: {
        tags,
        operationId: 'finishAutodocApsAuthorization',
        summary:
          "Autodesk's return from its consent page (the app's callback URL): links the account, then back to the web route with partnerConnection=connected or partnerConnection=error&code=",
        querystring: {
          type: 'object',
          properties: {
            code: { type: 'string', maxLength: 2000 },
            state: { type: 'string', maxLength: 200 },
            error: { type: 'string', maxLength: 200 },
            error_description: { type: 'string', maxLength: 2000 },
          },
        },
        response: { 303: redirectAnswer('To the web route the connection started from'), ...errors },
      },
    },
    async (req, reply) => {
      const location = await finishApsConnection(
        services,
        req.query as { code?: string; state?: string; error?: string },
        req.cookies[APS_FLOW_COOKIE],
      );
      reply.clearCookie(APS_FLOW_COOKIE, {
        httpOnly: true,
        sameSite: 'lax',
        secure: services.config.auth.cookieSecure,
        path: APS_CALLBACK_PATH,
      });
      return reply.header('cache-control', 'no-store').redirect(location, 303);
    },
  );
}
