import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../../services.ts';
import { errorResponse, fileParams, projectParams } from '../drive/drive-schemas.ts';
import { getModel, listModels, modelOutput } from '../../../modules/bim/bim-model-service.ts';
import {
  createFederatedModel,
  deleteFederatedModel,
  getFederatedModel,
  listFederatedModels,
} from '../../../modules/bim/bim-federated-service.ts';
import { bimActor } from './bim-actor.ts';
import { registerBimViewRoutes } from './bim-view-routes.ts';

/** The BIM models' REST base (docs/bim.md); the web's route is /workspace/project/{id}/bim-files/models. */
export const BIM_PREFIX = '/bim/projects/:projectId/models';

/** The federated models' REST base. */
export const FEDERATED_PREFIX = '/bim/projects/:projectId/federated-models';

type Params = { projectId: number; fileId: number };

/**
 * The properties file the conversion writes (bim-convert-worker.mjs), streamed as stored: this schema describes it
 * (the web's types come from it) and serialises nothing. A node's children are nodes of the same shape.
 */
const treeNode = {
  type: 'object',
  required: ['id', 'cls', 'guid', 'name', 'spatial', 'children'],
  properties: {
    id: { type: 'integer', description: 'The express id' },
    cls: { type: 'string', description: 'The IFC class (IfcWall…)' },
    guid: { type: ['string', 'null'] },
    name: { type: ['string', 'null'] },
    spatial: { type: 'boolean', description: 'Whether the node is of the spatial structure, not an element' },
    children: { type: 'array', items: { type: 'object', description: 'A node of this same shape' } },
  },
} as const;
const propertiesSchema = {
  type: 'object',
  required: ['version', 'schema', 'elementCount', 'classes', 'tree'],
  properties: {
    version: { type: 'integer' },
    schema: { type: 'string', description: 'The IFC schema (IFC2X3, IFC4…)' },
    elementCount: { type: 'integer' },
    classes: { type: 'object', additionalProperties: { type: 'integer' }, description: 'Elements by class' },
    tree: treeNode,
  },
} as const;
type FederatedParams = { projectId: number; federatedId: number };

const federatedParams = {
  type: 'object',
  required: ['projectId', 'federatedId'],
  properties: { projectId: { type: 'integer', minimum: 1 }, federatedId: { type: 'integer', minimum: 1 } },
} as const;
const federatedBody = {
  type: 'object',
  required: ['name', 'items'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', maxLength: 200 },
    items: {
      type: 'array',
      maxItems: 50,
      items: {
        type: 'object',
        required: ['documentId'],
        additionalProperties: false,
        properties: { documentId: { type: 'integer', minimum: 1 }, fileId: nullableInt() },
      },
    },
  },
} as const;

function nullableInt() {
  return { type: ['integer', 'null'], minimum: 1 } as const;
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
  queuePosition: {
    type: ['integer', 'null'],
    description:
      'While the conversion is queued: the place of its job in the queue (1 = next); null otherwise',
  },
  schema: nullable('string'),
  elementCount: nullable('integer'),
  fragmentsSize: nullable('integer'),
  bounds: {
    type: ['object', 'null'],
    description:
      "The model's elements' box in IFC world coordinates (Z up, metres, as BCF) and the translation the conversion applied (coordination, viewer axes Y up); null until known",
    properties: {
      min: { type: 'array', items: { type: 'number' }, minItems: 3, maxItems: 3 },
      max: { type: 'array', items: { type: 'number' }, minItems: 3, maxItems: 3 },
      coordination: { type: 'array', items: { type: 'number' }, minItems: 3, maxItems: 3 },
    },
  },
} as const;
export const revisionSchema = { type: 'object', properties: revisionProperties } as const;
const errors = { '4xx': errorResponse, '5xx': errorResponse };
const tags = ['bim'];

/** The model list, a model revision, and its converted fragments and properties; thin routes over one service. */
export function registerBimRoutes(app: FastifyInstance, services: AppServices): void {
  app.get(
    BIM_PREFIX,
    {
      schema: {
        tags,
        operationId: 'listBimModels',
        summary:
          'IFC models of the drive the caller sees (newest visible revision each) with their conversion',
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
        operationId: 'getBimModel',
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
        // The fragments are already deflated: @fastify/compress would take them for a compressed answer and label
        // them so, so they are sent as stored (the properties JSON is compressed as usual).
        ...(part === 'fragments' ? { compress: false as const } : {}),
        schema: {
          tags,
          operationId: part === 'fragments' ? 'getBimModelFragments' : 'getBimModelProperties',
          summary:
            part === 'fragments'
              ? 'The converted model (That Open Engine fragments)'
              : 'The spatial tree with the GUID, class and name of every element',
          params: fileParams,
          response: {
            200:
              part === 'fragments'
                ? {
                    description: 'The fragments file, as stored (deflated; Content-Length set)',
                    content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
                  }
                : {
                    description: 'The spatial tree (JSON, streamed as stored)',
                    content: { 'application/json': { schema: propertiesSchema } },
                  },
            ...errors,
          },
        },
      },
      async (req, reply) => {
        const output = await modelOutput(services, await bimActor(services, req), {
          ...(req.params as Params),
          part,
        });
        reply.header('content-type', output.contentType).header('cache-control', 'private, max-age=3600');
        // The fragments are sent as stored, so their length is known: the viewer shows its download's progress.
        if (part === 'fragments') reply.header('content-length', output.size);
        return reply.send(output.stream);
      },
    );
  }

  const federatedItem = {
    type: 'object',
    properties: {
      documentId: { type: 'integer' },
      pinnedFileId: nullable('integer'),
      alwaysLatest: { type: 'boolean' },
      warning: { type: 'string', enum: ['ok', 'notLatest', 'fallback', 'noAccess'] },
      revision: {
        anyOf: [
          { type: 'null' },
          { type: 'object', properties: { ...revisionProperties, isLatest: { type: 'boolean' } } },
        ],
      },
    },
  } as const;
  const federatedSchema = {
    type: 'object',
    properties: {
      id: { type: 'integer' },
      name: { type: 'string' },
      createdByUserId: nullable('integer'),
      createdAt: { type: 'string' },
      updatedAt: { type: 'string' },
      items: { type: 'array', items: federatedItem },
    },
  } as const;

  app.get(
    FEDERATED_PREFIX,
    {
      schema: {
        tags,
        operationId: 'listFederatedModels',
        summary: 'The federated models of the project',
        params: projectParams,
        response: {
          200: {
            type: 'object',
            properties: {
              federatedModels: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    id: { type: 'integer' },
                    name: { type: 'string' },
                    modelCount: { type: 'integer' },
                    updatedAt: { type: 'string' },
                  },
                },
              },
            },
          },
          ...errors,
        },
      },
    },
    async (req) =>
      listFederatedModels(services, await bimActor(services, req), (req.params as Params).projectId),
  );

  app.post(
    FEDERATED_PREFIX,
    {
      schema: {
        tags,
        operationId: 'createFederatedModel',
        summary:
          'Create a federated model: a name and models, each pinned to a revision or always the latest',
        params: projectParams,
        body: federatedBody,
        response: { 201: federatedSchema, ...errors },
      },
    },
    async (req, reply) => {
      const body = req.body as { name: string; items: { documentId: number; fileId?: number | null }[] };
      const created = await createFederatedModel(services, await bimActor(services, req, true), {
        projectId: (req.params as Params).projectId,
        name: body.name,
        items: body.items.map((i) => ({ documentId: i.documentId, fileId: i.fileId ?? null })),
      });
      return reply.status(201).send(created);
    },
  );

  app.get(
    `${FEDERATED_PREFIX}/:federatedId`,
    {
      schema: {
        tags,
        operationId: 'getFederatedModel',
        summary: 'A federated model with the revision each of its models opens for the caller, and warnings',
        params: federatedParams,
        response: { 200: federatedSchema, ...errors },
      },
    },
    async (req) => getFederatedModel(services, await bimActor(services, req), req.params as FederatedParams),
  );

  app.delete(
    `${FEDERATED_PREFIX}/:federatedId`,
    {
      schema: {
        tags,
        operationId: 'deleteFederatedModel',
        summary: 'Delete a federated model (its author or a project manager)',
        params: federatedParams,
        response: { 204: { type: 'null' }, ...errors },
      },
    },
    async (req, reply) => {
      await deleteFederatedModel(
        services,
        await bimActor(services, req, true),
        req.params as FederatedParams,
      );
      return reply.status(204).send();
    },
  );

  registerBimViewRoutes(app, services);
}
