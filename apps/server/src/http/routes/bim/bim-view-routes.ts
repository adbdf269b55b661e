import type { FastifyInstance } from 'fastify';
import { AppError } from '@obra/domain';
import type { AppServices } from '../../../services.ts';
import { errorResponse, projectParams } from '../drive/drive-schemas.ts';
import { bimActor } from './bim-actor.ts';
import {
  createBimView,
  deleteBimView,
  listBimViews,
  type BimViewTarget,
} from '../../../modules/bim/bim-view-service.ts';

/** The saved views' REST base (docs/bim.md "Saved views"). */
export const VIEWS_PREFIX = '/bim/projects/:projectId/views';

const tags = ['bim'];
const errors = { '4xx': errorResponse, '5xx': errorResponse };
const nullableInt = { type: ['integer', 'null'] } as const;
const viewSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    documentId: nullableInt,
    federatedModelId: nullableInt,
    viewpoint: { type: 'object', additionalProperties: true },
    createdByUserId: nullableInt,
    createdByName: { type: ['string', 'null'] },
    createdAt: { type: 'string' },
    canDelete: { type: 'boolean' },
  },
} as const;
const targetProperties = {
  documentId: { type: 'integer', minimum: 1 },
  federatedModelId: { type: 'integer', minimum: 1 },
} as const;

/** Exactly one of documentId and federatedModelId (BAD_USER_INPUT otherwise). */
function targetOf(input: { documentId?: number; federatedModelId?: number }): BimViewTarget {
  const { documentId, federatedModelId } = input;
  if (documentId !== undefined && federatedModelId === undefined) return { documentId };
  if (federatedModelId !== undefined && documentId === undefined) return { federatedModelId };
  throw new AppError('BAD_USER_INPUT', 'documentId or federatedModelId', { field: 'documentId' });
}

/** The saved views of a model document or a federated model: list, create, delete (thin routes). */
export function registerBimViewRoutes(app: FastifyInstance, services: AppServices): void {
  app.get(
    VIEWS_PREFIX,
    {
      schema: {
        tags,
        operationId: 'listBimViews',
        summary: 'The saved views of a model document or a federated model the caller sees',
        params: projectParams,
        querystring: { type: 'object', additionalProperties: false, properties: targetProperties },
        response: {
          200: { type: 'object', properties: { views: { type: 'array', items: viewSchema } } },
          ...errors,
        },
      },
    },
    async (req) =>
      listBimViews(
        services,
        await bimActor(services, req),
        (req.params as { projectId: number }).projectId,
        targetOf(req.query as { documentId?: number; federatedModelId?: number }),
      ),
  );

  app.post(
    VIEWS_PREFIX,
    {
      schema: {
        tags,
        operationId: 'createBimView',
        summary: 'Save a view (a name and a BCF viewpoint) on a model document or a federated model',
        params: projectParams,
        body: {
          type: 'object',
          required: ['name', 'viewpoint'],
          additionalProperties: false,
          properties: {
            name: { type: 'string', maxLength: 200 },
            ...targetProperties,
            viewpoint: { type: 'object', additionalProperties: true },
          },
        },
        response: { 201: viewSchema, ...errors },
      },
    },
    async (req, reply) => {
      const body = req.body as {
        name: string;
        documentId?: number;
        federatedModelId?: number;
        viewpoint: unknown;
      };
      const view = await createBimView(services, await bimActor(services, req, true), {
        projectId: (req.params as { projectId: number }).projectId,
        name: body.name,
        target: targetOf(body),
        viewpoint: body.viewpoint,
      });
      return reply.status(201).send(view);
    },
  );

  app.delete(
    `${VIEWS_PREFIX}/:viewId`,
    {
      schema: {
        tags,
        operationId: 'deleteBimView',
        summary: 'Delete a saved view (its author or a project manager)',
        params: {
          type: 'object',
          required: ['projectId', 'viewId'],
          properties: {
            projectId: { type: 'integer', minimum: 1 },
            viewId: { type: 'integer', minimum: 1 },
          },
        },
        response: { 204: { type: 'null' }, ...errors },
      },
    },
    async (req, reply) => {
      await deleteBimView(
        services,
        await bimActor(services, req, true),
        req.params as { projectId: number; viewId: number },
      );
      return reply.status(204).send();
    },
  );
}
