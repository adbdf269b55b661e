import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppServices } from '../../../services.ts';
import { requestOrigin, restActor } from '../../rest-actor.ts';
import { errors, INT_ID, PARTNER_ID, projectParams, tags } from './autodoc-schemas.ts';
import {
  getTransfer,
  listTransfers,
  startImport,
  type ImportInput,
} from '../../../modules/integrations/integration-transfer-service.ts';

/** A version being brought in (docs/integrations.md "Bringing files in"). */
const transfer = {
  type: 'object',
  required: [
    'id',
    'status',
    'kind',
    'fileName',
    'done',
    'total',
    'errorCode',
    'createdAt',
    'completedAt',
    'file',
  ],
  properties: {
    id: { type: 'string', format: 'uuid' },
    status: { type: 'string', enum: ['transferring', 'completed', 'error'] },
    kind: {
      type: 'string',
      enum: ['drive', 'bim'],
      description: 'bim: an IFC model, converted for BIM models',
    },
    fileName: { type: 'string' },
    done: { type: 'integer', description: 'Bytes received so far' },
    total: { type: 'integer', description: "The version's size in bytes" },
    errorCode: { type: ['string', 'null'], description: 'The catalogue code of a failed transfer' },
    createdAt: { type: 'string', format: 'date-time' },
    completedAt: { type: ['string', 'null'], format: 'date-time' },
    file: {
      type: ['object', 'null'],
      description: 'The drive revision, once the transfer is completed',
      properties: {
        id: { type: 'integer' },
        documentId: { type: 'integer' },
        fileName: { type: 'string' },
        revisionName: { type: 'string' },
        uploadState: { type: 'string' },
      },
    },
  },
} as const;

type ProjectReq = FastifyRequest<{ Params: { projectId: number } }>;

/**
 * Bringing a version of the partner platform into the project: the request is checked and answered at once with a
 * transfer (202), the integrations.transfer job moves the bytes, and the person follows it by its id or in the
 * list of their recent transfers (docs/integrations.md "Bringing files in").
 */
export function registerAutodocTransferRoutes(app: FastifyInstance, services: AppServices): void {
  const actor = (req: FastifyRequest, write = false) => restActor(services, req, { write });
  const base = '/autodoc/projects/:projectId';

  app.post(
    `${base}/aps-files`,
    {
      schema: {
        tags,
        operationId: 'importAutodocApsFile',
        summary:
          'Brings a version into the project through the drive upload, in the background: a PDF as a drive revision, an IFC also into BIM models (converted). Answers the transfer to follow',
        params: projectParams,
        body: {
          type: 'object',
          required: ['folderId', 'fileId'],
          additionalProperties: false,
          properties: {
            folderId: PARTNER_ID,
            fileId: PARTNER_ID,
            versionId: PARTNER_ID,
            fileName: { type: 'string', minLength: 1, maxLength: 255 },
            documentName: { type: 'string', maxLength: 255 },
            revisionName: { type: 'string', maxLength: 20 },
            disciplineId: { type: ['integer', 'null'], minimum: 1 },
            localId: { type: ['integer', 'null'], minimum: 1 },
            phase: { type: ['integer', 'null'], minimum: 0, maximum: 13 },
          },
        },
        response: { 202: transfer, ...errors },
      },
    },
    async (req, reply) => {
      const started = await startImport(
        services,
        await actor(req, true),
        (req as ProjectReq).params.projectId,
        req.body as ImportInput,
        requestOrigin(services, req),
      );
      return reply.code(202).send(started);
    },
  );

  app.get(
    `${base}/transfers`,
    {
      schema: {
        tags,
        operationId: 'listAutodocTransfers',
        summary: "The caller's versions brought into this project in the last seven days, newest first",
        params: projectParams,
        response: {
          200: {
            type: 'object',
            required: ['transfers'],
            properties: { transfers: { type: 'array', items: transfer } },
          },
          ...errors,
        },
      },
    },
    async (req) => ({
      transfers: await listTransfers(services, await actor(req), (req as ProjectReq).params.projectId),
    }),
  );

  app.get(
    `${base}/transfers/:transferId`,
    {
      schema: {
        tags,
        operationId: 'getAutodocTransfer',
        summary: "One of the caller's transfers (another person's is NOT_FOUND)",
        params: {
          type: 'object',
          required: ['projectId', 'transferId'],
          properties: { projectId: INT_ID, transferId: { type: 'string', format: 'uuid' } },
        },
        response: { 200: transfer, ...errors },
      },
    },
    async (req) => {
      const p = req.params as { projectId: number; transferId: string };
      return getTransfer(services, await actor(req), p.projectId, p.transferId);
    },
  );
}
