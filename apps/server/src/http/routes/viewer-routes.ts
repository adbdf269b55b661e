import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, isAlignment, type Alignment } from '@obra/domain';
import type { AppServices } from '../../services.ts';
import { requestOrigin, restActor } from '../rest-actor.ts';
import { DRIVE_PREFIX } from './drive/drive-routes.ts';
import { errorResponse } from './drive/drive-schemas.ts';
import {
  deleteAlignment,
  documentPins,
  getAlignment,
  MAX_OPENED_DOCUMENTS,
  openDocuments,
  saveAlignment,
  type AlignmentPair,
} from '../../modules/viewer/viewer-service.ts';
import {
  createMarkup,
  deleteMarkup,
  documentMarkups,
  updateMarkup,
  type MarkupInput,
} from '../../modules/viewer/viewer-markups.ts';

/** The document viewer's REST base: under the drive whose documents it shows (issue 15, docs/viewer.md). */
export const VIEWER_PREFIX = `${DRIVE_PREFIX}/viewer`;

const INT_ID = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const NUMBER = { type: 'number' } as const;
const errors = { '4xx': errorResponse, '5xx': errorResponse };
const tags = ['viewer'];

const projectParams = { type: 'object', required: ['projectId'], properties: { projectId: INT_ID } } as const;

const revisionSchema = {
  type: 'object',
  properties: {
    fileId: { type: 'integer' },
    revisionName: { type: 'string' },
    fileName: { type: 'string' },
    extension: { type: 'string' },
    contentType: { type: ['string', 'null'] },
    kind: { type: 'string', enum: ['pdf', 'image', 'other'] },
    processingState: { type: 'string' },
    uploadedAt: { type: ['string', 'null'] },
    url: { type: 'string' },
    pages: {
      anyOf: [
        {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              width: NUMBER,
              height: NUMBER,
              preview: {
                anyOf: [
                  {
                    type: 'object',
                    properties: {
                      url: { type: 'string' },
                      width: { type: 'integer' },
                      height: { type: 'integer' },
                    },
                  },
                  { type: 'null' },
                ],
              },
            },
          },
        },
        { type: 'null' },
      ],
    },
  },
} as const;

const documentsResponse = {
  type: 'object',
  properties: {
    documents: {
      type: 'array',
      items: {
        type: 'object',
        // `area` is left optional for the web's drawings kept offline before it was sent.
        required: ['id', 'name', 'revisions'],
        properties: {
          id: { type: 'integer' },
          name: { type: 'string' },
          /** A drive document, or a project file (opened from a Smart Docs citation). */
          area: { type: 'string', enum: ['drive', 'files'] },
          revisions: { type: 'array', items: revisionSchema },
        },
      },
    },
  },
} as const;

const pinsResponse = {
  type: 'object',
  properties: {
    pins: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          issueId: { type: 'integer' },
          code: { type: 'string' },
          title: { type: 'string' },
          status: { type: 'string' },
          revision: { type: 'string' },
          page: { type: 'integer' },
          x: NUMBER,
          y: NUMBER,
        },
      },
    },
  },
} as const;

const alignmentSchema = {
  type: 'object',
  required: ['scale', 'rotation', 'translateX', 'translateY'],
  additionalProperties: false,
  properties: { scale: NUMBER, rotation: NUMBER, translateX: NUMBER, translateY: NUMBER },
} as const;

const pairQuery = {
  type: 'object',
  required: ['baseDocumentId', 'comparedDocumentId'],
  additionalProperties: false,
  properties: {
    baseDocumentId: INT_ID,
    comparedDocumentId: INT_ID,
    // Two revisions of one document are a pair of their own (both required when the documents are the same).
    baseRevision: { type: 'string', minLength: 1, maxLength: 100 },
    comparedRevision: { type: 'string', minLength: 1, maxLength: 100 },
  },
} as const;

const documentParams = {
  type: 'object',
  required: ['projectId', 'documentId'],
  properties: { projectId: INT_ID, documentId: INT_ID },
} as const;

const markupParams = {
  type: 'object',
  required: ['projectId', 'documentId', 'markupId'],
  properties: { projectId: INT_ID, documentId: INT_ID, markupId: INT_ID },
} as const;

const markupSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    documentId: { type: 'integer' },
    revision: { type: 'string' },
    page: { type: 'integer' },
    scale: NUMBER,
    markUp: {},
    issueId: { type: ['integer', 'null'] },
    issueCode: { type: ['string', 'null'] },
    issueTitle: { type: ['string', 'null'] },
    authorName: { type: 'string' },
    mine: { type: 'boolean' },
    updatedAt: { type: 'string' },
  },
} as const;

const markupBody = {
  type: 'object',
  required: ['markUp', 'scale'],
  additionalProperties: false,
  properties: {
    revision: { type: 'string', minLength: 1, maxLength: 100 },
    page: { type: 'integer', minimum: 1, maximum: 100000 },
    scale: { type: 'number', exclusiveMinimum: 0, maximum: 1000 },
    markUp: { type: 'object' },
    issueId: { anyOf: [INT_ID, { type: 'null' }] },
  },
} as const;

function pairOf(req: FastifyRequest): AlignmentPair {
  const { projectId } = req.params as { projectId: number };
  const q = req.query as {
    baseDocumentId: number;
    comparedDocumentId: number;
    baseRevision?: string;
    comparedRevision?: string;
  };
  return {
    projectId,
    baseDocumentId: q.baseDocumentId,
    comparedDocumentId: q.comparedDocumentId,
    baseRevision: q.baseRevision,
    comparedRevision: q.comparedRevision,
  };
}

/** The viewer's routes, thin: read the arguments, name the actor, call one service. */
export function registerViewerRoutes(app: FastifyInstance, services: AppServices): void {
  app.post(
    `${VIEWER_PREFIX}/documents`,
    {
      schema: {
        tags,
        operationId: 'openViewerDocuments',
        summary:
          'Open documents in the viewer: each with the revisions the caller sees and their addresses; refused as a whole when one may not be read',
        params: projectParams,
        body: {
          type: 'object',
          required: ['documentIds'],
          additionalProperties: false,
          properties: {
            documentIds: { type: 'array', items: INT_ID, minItems: 1, maxItems: MAX_OPENED_DOCUMENTS },
          },
        },
        response: { 200: documentsResponse, ...errors },
      },
    },
    async (req) =>
      openDocuments(services, await restActor(services, req), {
        projectId: (req.params as { projectId: number }).projectId,
        documentIds: (req.body as { documentIds: number[] }).documentIds,
        origin: requestOrigin(services, req),
      }),
  );

  app.get(
    `${VIEWER_PREFIX}/documents/:documentId/pins`,
    {
      schema: {
        tags,
        operationId: 'listViewerPins',
        summary: 'Sheet pins of the issues the caller sees that reference this document',
        params: {
          type: 'object',
          required: ['projectId', 'documentId'],
          properties: { projectId: INT_ID, documentId: INT_ID },
        },
        response: { 200: pinsResponse, ...errors },
      },
    },
    async (req) =>
      documentPins(
        services,
        await restActor(services, req),
        req.params as { projectId: number; documentId: number },
      ),
  );

  app.get(
    `${VIEWER_PREFIX}/alignments`,
    {
      schema: {
        tags,
        operationId: 'getViewerAlignment',
        summary: "The caller's saved alignment of a compared document over a base document, or null",
        params: projectParams,
        querystring: pairQuery,
        response: {
          200: { type: 'object', properties: { alignment: { anyOf: [alignmentSchema, { type: 'null' }] } } },
          ...errors,
        },
      },
    },
    async (req) => getAlignment(services, await restActor(services, req), pairOf(req)),
  );

  app.put(
    `${VIEWER_PREFIX}/alignments`,
    {
      schema: {
        tags,
        operationId: 'saveViewerAlignment',
        summary: "Keep the caller's alignment of a compared document over a base document",
        params: projectParams,
        querystring: pairQuery,
        body: { type: 'object', required: ['alignment'], properties: { alignment: alignmentSchema } },
        response: { 200: { type: 'object', properties: { alignment: alignmentSchema } }, ...errors },
      },
    },
    async (req) => {
      const actor = await restActor(services, req);
      const { alignment } = req.body as { alignment: Alignment };
      if (!isAlignment(alignment)) throw new AppError('BAD_USER_INPUT', { field: 'alignment' });
      return saveAlignment(services, actor, { ...pairOf(req), alignment });
    },
  );

  app.delete(
    `${VIEWER_PREFIX}/alignments`,
    {
      schema: {
        tags,
        operationId: 'deleteViewerAlignment',
        summary: "Forget the caller's alignment of a pair of documents or of two revisions of one document",
        params: projectParams,
        querystring: pairQuery,
        response: { 204: { type: 'null' }, ...errors },
      },
    },
    async (req, reply) => {
      await deleteAlignment(services, await restActor(services, req), pairOf(req));
      return reply.status(204).send();
    },
  );

  app.get(
    `${VIEWER_PREFIX}/documents/:documentId/markups`,
    {
      schema: {
        tags,
        operationId: 'listViewerMarkups',
        summary:
          "Markups on the document's sheets the caller sees: their own private ones and those shared with issues they see",
        params: documentParams,
        response: {
          200: { type: 'object', properties: { markups: { type: 'array', items: markupSchema } } },
          ...errors,
        },
      },
    },
    async (req) =>
      documentMarkups(
        services,
        await restActor(services, req),
        req.params as { projectId: number; documentId: number },
      ),
  );

  app.post(
    `${VIEWER_PREFIX}/documents/:documentId/markups`,
    {
      schema: {
        tags,
        operationId: 'createViewerMarkup',
        summary: 'Save a markup on a page of a revision: private (issueId null) or shared with an issue',
        params: documentParams,
        body: { ...markupBody, required: ['revision', 'page', 'markUp', 'scale'] },
        response: { 200: { type: 'object', properties: { markup: markupSchema } }, ...errors },
      },
    },
    async (req) => {
      const body = req.body as Partial<MarkupInput> &
        Pick<MarkupInput, 'revision' | 'page' | 'markUp' | 'scale'>;
      return createMarkup(
        services,
        await restActor(services, req),
        req.params as { projectId: number; documentId: number },
        { ...body, issueId: body.issueId ?? null },
      );
    },
  );

  app.put(
    `${VIEWER_PREFIX}/documents/:documentId/markups/:markupId`,
    {
      schema: {
        tags,
        operationId: 'updateViewerMarkup',
        summary: "Replace the caller's own markup (its drawing and with whom it is shared)",
        params: markupParams,
        body: markupBody,
        response: { 200: { type: 'object', properties: { markup: markupSchema } }, ...errors },
      },
    },
    async (req) => {
      const body = req.body as Pick<MarkupInput, 'markUp' | 'scale'> & { issueId?: number | null };
      return updateMarkup(
        services,
        await restActor(services, req),
        req.params as { projectId: number; documentId: number; markupId: number },
        { markUp: body.markUp, scale: body.scale, issueId: body.issueId ?? null },
      );
    },
  );

  app.delete(
    `${VIEWER_PREFIX}/documents/:documentId/markups/:markupId`,
    {
      schema: {
        tags,
        operationId: 'deleteViewerMarkup',
        summary: "Remove the caller's own markup",
        params: markupParams,
        response: { 204: { type: 'null' }, ...errors },
      },
    },
    async (req, reply) => {
      await deleteMarkup(
        services,
        await restActor(services, req),
        req.params as { projectId: number; documentId: number; markupId: number },
      );
      return reply.status(204).send();
    },
  );
}
