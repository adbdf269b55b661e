import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@obra/domain';
import type { AppServices } from '../../services.ts';
import { requestOrigin, restActor } from '../rest-actor.ts';
import {
  ANY_OBJECT,
  ERROR_ANSWERS,
  INTEGER,
  STRING,
  described,
  emptyAnswer,
  jsonAnswer,
  jsonList,
  pathParams,
} from '../openapi-schemas.ts';
import { revisionSchema } from './bim/bim-routes.ts';
import { BCF_API_PREFIX, requireActor, type BcfActorResolver } from './bcf/bcf-api-routes.ts';
import {
  createPluginSession,
  deletePluginSession,
  getPluginSession,
  listPluginModels,
  openPluginSession,
  pluginSessionViewpoint,
  putPluginSessionViewpoint,
} from '../../modules/plugin-sessions/plugin-session-service.ts';

/**
 * BIM plugin sessions (docs/plugins.md "Plugin sessions"): an Obra extension beside the BCF-API 3.0, called by a
 * paired plugin with its BCF OAuth token (or any credential the BCF-API takes), and the two reads of the web app's
 * overlay (the signed-in person only).
 */

// Beside the BCF-API (its tag, its credentials) and the BIM routes (the web app's reads).
const tags = ['bcf-api'];
const webTags = ['bim'];
const pluginSecurity: Record<string, string[]>[] = [{ bcfOAuth: ['bcf'] }, { bearer: [] }, { accessKey: [] }];
const VIEWPOINT_BODY_LIMIT = 1024 * 1024;

const bcfViewpoint = {
  type: ['object', 'null'],
  additionalProperties: true,
  description:
    'The viewpoint as the BCF-API 3.0 answers one (viewpoint_GET with its components: selection, coloring, visibility)',
} as const;
/** A model revision a plugin session opens, or the plugin may open (the newest revision of an IFC document). */
const pluginModel = {
  type: 'object',
  properties: {
    file_id: INTEGER,
    document_id: INTEGER,
    filename: STRING,
    revision: STRING,
    processing_state: STRING,
  },
} as const;
const sessionAnswer = jsonAnswer('The plugin session', {
  properties: {
    id: { type: 'string', format: 'uuid' },
    url: { type: 'string', description: 'Opens Obra with the session: the overlay of the model viewer' },
    project_id: { type: 'string', format: 'uuid' },
    models: jsonList('The models it opens', pluginModel),
    viewpoint: bcfViewpoint,
    version: { type: 'integer', description: 'Grows at each viewpoint change' },
    created_at: STRING,
    expires_at: { type: 'string', description: '12 hours after the last change' },
  },
});
const createBody = {
  type: 'object',
  additionalProperties: true,
  required: ['models'],
  properties: {
    models: {
      type: 'array',
      minItems: 1,
      maxItems: 20,
      description: 'Each `{ "file_id": n }` (a model of GET …/plugin-models) or `{ "filename": "name.ifc" }`',
      items: ANY_OBJECT,
    },
    viewpoint: {
      type: 'object',
      additionalProperties: true,
      description: 'A BCF-API 3.0 viewpoint_POST (camera, components, clipping planes; no snapshot needed)',
    },
  },
} as const;

const viewpointWeb = {
  type: ['object', 'null'],
  additionalProperties: true,
  description: 'The BCF viewpoint as issues store it (packages/domain BcfViewpoint)',
} as const;
const followAnswer = {
  type: 'object',
  required: ['version', 'viewpoint', 'expiresAt'],
  properties: { version: INTEGER, viewpoint: viewpointWeb, expiresAt: STRING },
} as const;

interface Params {
  projectId: string;
  sessionId: string;
}

export function registerPluginSessionRoutes(
  app: FastifyInstance,
  services: AppServices,
  resolver: BcfActorResolver,
): void {
  const who = (req: FastifyRequest, reply: FastifyReply) => requireActor(resolver, req, reply);
  const p = (req: FastifyRequest) => req.params as Params;
  const base = `${BCF_API_PREFIX}/projects/:projectId`;
  const session = `${base}/plugin-sessions/:sessionId`;
  const plugin = (operationId: string, summary: string, params: string[], extra: Record<string, unknown>) =>
    described({
      operationId,
      summary,
      tags,
      security: pluginSecurity,
      params: pathParams(...params),
      ...extra,
    });

  app.get(
    `${base}/plugin-models`,
    plugin(
      'listPluginModels',
      'The IFC models of the project the caller sees (Obra extension)',
      ['projectId'],
      {
        response: {
          200: jsonList('The newest revision the caller sees of each IFC document', pluginModel),
          ...ERROR_ANSWERS,
        },
      },
    ),
    async (req, reply) => listPluginModels(services, await who(req, reply), p(req).projectId),
  );
  app.post(
    `${base}/plugin-sessions`,
    {
      ...plugin(
        'createPluginSession',
        'Open the model viewer overlay on models at a viewpoint (Obra extension)',
        ['projectId'],
        { body: createBody, response: { 201: sessionAnswer, ...ERROR_ANSWERS } },
      ),
      bodyLimit: VIEWPOINT_BODY_LIMIT,
    },
    async (req, reply) => {
      const created = await createPluginSession(services, await who(req, reply), {
        projectGuid: p(req).projectId,
        body: req.body,
        origin: requestOrigin(services, req),
      });
      return reply.status(201).send(created);
    },
  );
  app.get(
    session,
    plugin('getPluginSession', 'A plugin session (Obra extension)', ['projectId', 'sessionId'], {
      response: { 200: sessionAnswer, ...ERROR_ANSWERS },
    }),
    async (req, reply) =>
      getPluginSession(services, await who(req, reply), {
        projectGuid: p(req).projectId,
        id: p(req).sessionId,
        origin: requestOrigin(services, req),
      }),
  );
  app.put(
    `${session}/viewpoint`,
    {
      ...plugin(
        'putPluginSessionViewpoint',
        "Move the overlay's camera: the plugin's new viewpoint (Obra extension)",
        ['projectId', 'sessionId'],
        {
          body: { type: 'object', additionalProperties: true, description: 'A BCF-API 3.0 viewpoint_POST' },
          response: { 200: sessionAnswer, ...ERROR_ANSWERS },
        },
      ),
      bodyLimit: VIEWPOINT_BODY_LIMIT,
    },
    async (req, reply) =>
      putPluginSessionViewpoint(services, await who(req, reply), {
        projectGuid: p(req).projectId,
        id: p(req).sessionId,
        body: req.body,
        origin: requestOrigin(services, req),
      }),
  );
  app.delete(
    session,
    plugin('deletePluginSession', 'End a plugin session (Obra extension)', ['projectId', 'sessionId'], {
      response: { 204: emptyAnswer('Ended'), ...ERROR_ANSWERS },
    }),
    async (req, reply) => {
      await deletePluginSession(services, await who(req, reply), {
        projectGuid: p(req).projectId,
        id: p(req).sessionId,
      });
      return reply.status(204).send();
    },
  );

  // The web app's overlay: the signed-in person who owns the session (not a key, not a plugin's token).
  const person = async (req: FastifyRequest) => {
    const actor = await restActor(services, req);
    if (actor.via !== 'session') throw new AppError('PLUGIN_SESSION_NOT_FOUND');
    return actor;
  };
  const webParams = pathParams('sessionId');
  app.get(
    '/plugin-sessions/:sessionId',
    described({
      operationId: 'openPluginSession',
      summary:
        "The web app opens its plugin session: the project, the models with the person's rights, the viewpoint",
      tags: webTags,
      params: webParams,
      response: {
        200: {
          type: 'object',
          required: ['id', 'projectId', 'models', ...followAnswer.required],
          properties: {
            id: STRING,
            projectId: INTEGER,
            models: { type: 'array', items: revisionSchema },
            ...followAnswer.properties,
          },
        },
        ...ERROR_ANSWERS,
      },
    }),
    async (req) => openPluginSession(services, await person(req), p(req).sessionId),
  );
  app.get(
    '/plugin-sessions/:sessionId/viewpoint',
    described({
      operationId: 'followPluginSession',
      summary: "The overlay follows the plugin's viewpoint (asked every 2 seconds while it is open)",
      tags: webTags,
      params: webParams,
      response: { 200: followAnswer, ...ERROR_ANSWERS },
    }),
    async (req) => pluginSessionViewpoint(services, await person(req), p(req).sessionId),
  );
}
