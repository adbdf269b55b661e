import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '@obra/domain';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import { credentialsFromHeaders, resolveActor } from '../../auth/actor-resolver.ts';
import { errorResponse, fileParams, projectParams } from '../drive/drive-schemas.ts';
import { getModel, listModels, modelOutput } from './bim-model-service.ts';

/** The BIM models' REST base (docs/bim.md); the web's route is /workspace/project/{id}/bim-files/models. */
export const BIM_PREFIX = '/bim/projects/:projectId/models';

type Params = { projectId: number; fileId: number };

async function bimActor(services: AppServices, req: FastifyRequest): Promise<Actor> {
  const actor = await resolveActor(services, credentialsFromHeaders(req.headers));
  if (!actor) throw new AppError('UNAUTHENTICATED');
  (req as FastifyRequest & { obraUserLocale?: string | null }).obraUserLocale = actor.account.localeId;
  if (!actor.account.acceptedPolicies) throw new AppError('NOT_ACCEPTED_POLICIES');
  return actor;
}

const nullable = (type: string) => ({ type: [type, 'null'] }) as const;
const revisionProperties = {
  fileId: { type: 'integer' },
  documentId: { type: 'integer' },
  documentName: { type: 'string' },
  fileName: { type: 'string' },
  revisionName: { type: 'string' },
  disciplineId: nullable('integer'),
  status: { type: 'string' },
  visibility: { type: 'string' },
  uploadedAt: nullable('string'),
  processingState: { type: 'string', enum: ['pending', 'queued', 'processing', 'success', 'failed'] },
  processingError: nullable('string'),
  schema: nullable('string'),
  elementCount: nullable('integer'),
  fragmentsSize: nullable('integer'),
} as const;
const revisionSchema = { type: 'object', properties: revisionProperties } as const;
const errors = { '4xx': errorResponse, '5xx': errorResponse };
const tags = ['bim'];

/** The model list, a model revision, and its converted fragments and properties; thin routes over one service. */
export function registerBimRoutes(app: FastifyInstance, services: AppServices): void {
  app.get(
    BIM_PREFIX,
    {
      schema: {
        tags,
        summary: 'IFC models of the drive the caller sees (newest visible revision each) with their conversion',
        params: projectParams,
        response: {
          200: { type: 'object', properties: { models: { type: 'array', items: revisionSchema } } },
          ...errors,
        },
      },
    },
    async (req) => listModels(services, await bimActor(services, req), (req.params as Params).projectId),
  );

  app.get(
    `${BIM_PREFIX}/:fileId`,
    {
      schema: {
        tags,
        summary: 'A model revision, whether it is the latest, and the revisions of its document',
        params: fileParams,
        response: {
          200: {
            type: 'object',
            properties: {
              ...revisionProperties,
              isLatest: { type: 'boolean' },
              revisions: { type: 'array', items: revisionSchema },
            },
          },
          ...errors,
        },
      },
    },
    async (req) => getModel(services, await bimActor(services, req), req.params as Params),
  );

  for (const part of ['fragments', 'properties'] as const) {
    app.get(
      `${BIM_PREFIX}/:fileId/${part}`,
      {
        schema: {
          tags,
          summary:
            part === 'fragments'
              ? 'The converted model (That Open Engine fragments)'
              : 'The spatial tree with the GUID, class and name of every element',
          params: fileParams,
          response: errors,
        },
      },
      async (req, reply) => {
        const output = await modelOutput(services, await bimActor(services, req), {
          ...(req.params as Params),
          part,
        });
        return reply
          .header('content-type', output.contentType)
          .header('content-length', output.size)
          .header('cache-control', 'private, max-age=3600')
          .send(output.stream);
      },
    );
  }
}
