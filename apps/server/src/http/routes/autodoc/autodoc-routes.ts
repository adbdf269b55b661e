import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppServices } from '../../../services.ts';
import { restActor } from '../../rest-actor.ts';
import { errors, INT_ID, PARTNER_ID, projectParams, tags } from './autodoc-schemas.ts';
import { registerApsConnectRoutes } from './aps-connect-routes.ts';
import { registerAutodocTransferRoutes } from './autodoc-transfer-routes.ts';
import {
  connectUser,
  createProjectLink,
  customerIntegrationData,
  disconnectUser,
  getCompanyPlatform,
  getFile,
  getFileById,
  getFolder,
  getFolderItems,
  getProjectLink,
  getUserConnection,
  listCustomers,
  listPartnerProjects,
  setCompanyPlatform,
  viewerAccessToken,
} from '../../../modules/integrations/integration-service.ts';

/**
 * The partner document platform (spec core §7 "Document platform integration", docs/integrations.md): the twelve
 * calls the specification names, plus the company's choice of platform (`/autodoc/platform`, Obra's). Thin routes:
 * the caller, then one service call.
 */

const nullable = (type: string) => ({ type: [type, 'null'] }) as const;

const userIntegration = {
  type: 'object',
  description: "The caller's account on the platform (the secret never leaves the server)",
  properties: {
    connected: { type: 'boolean' },
    platform: nullable('string'),
    baseUrl: nullable('string'),
    email: nullable('string'),
    accountName: nullable('string'),
    connectedAt: nullable('string'),
  },
} as const;

const companyPlatform = {
  type: 'object',
  properties: {
    companyId: { type: 'integer' },
    platform: { type: ['string', 'null'], enum: ['webdav', 'aps', null] },
    baseUrl: nullable('string'),
    updatedAt: nullable('string'),
  },
} as const;

const link = {
  type: 'object',
  description: 'The project link (spec core §3 "Project integration"); never edited nor removed',
  properties: {
    obraProjectId: { type: 'integer' },
    autodocCustomerId: { type: 'string' },
    autodocProjectId: { type: 'string' },
    autodocProjectName: { type: 'string' },
    platform: { type: 'string' },
    createdAt: { type: 'string' },
  },
} as const;

const version = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    number: { type: 'integer' },
    size: nullable('integer'),
    mimeType: nullable('string'),
    modifiedAt: nullable('string'),
  },
} as const;

const file = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    folderId: { type: 'string' },
    size: nullable('integer'),
    mimeType: nullable('string'),
    modifiedAt: nullable('string'),
    versions: { type: 'array', items: version },
  },
} as const;

const folderQuery = {
  type: 'object',
  required: ['folderId'],
  properties: { folderId: PARTNER_ID },
} as const;

type ProjectReq = FastifyRequest<{ Params: { projectId: number } }>;

/** Registers the routes. */
export function registerAutodocRoutes(app: FastifyInstance, services: AppServices): void {
  const actor = (req: FastifyRequest, write = false) => restActor(services, req, { write });

  app.get(
    '/autodoc/platform',
    {
      schema: {
        tags,
        operationId: 'getAutodocPlatform',
        summary: "The company's document platform and its address (Obra's; the setup section `integrations`)",
        querystring: {
          type: 'object',
          properties: { companyId: INT_ID },
        },
        response: { 200: companyPlatform, ...errors },
      },
    },
    async (req) =>
      getCompanyPlatform(services, await actor(req), (req.query as { companyId?: number }).companyId),
  );

  app.put(
    '/autodoc/platform',
    {
      schema: {
        tags,
        operationId: 'setAutodocPlatform',
        summary:
          "Chooses the company's document platform (its administrator, or a platform administrator with companyId)",
        body: {
          type: 'object',
          required: ['platform'],
          additionalProperties: false,
          properties: {
            companyId: INT_ID,
            platform: { type: 'string', enum: ['webdav', 'aps'] },
            baseUrl: {
              type: 'string',
              maxLength: 2000,
              description:
                "WebDAV: the server's address (required). APS: APS_BASE_URL, which may be left out",
            },
          },
        },
        response: { 200: companyPlatform, ...errors },
      },
    },
    async (req) =>
      setCompanyPlatform(
        services,
        await actor(req, true),
        req.body as { companyId?: number; platform: string; baseUrl?: string },
      ),
  );

  app.post(
    '/autodoc/user-integration',
    {
      schema: {
        tags,
        operationId: 'createAutodocUserIntegration',
        summary:
          "Links the caller's own account on the company's WebDAV platform; the e-mail must be the one the platform registered (APS: POST /autodoc/aps/authorization)",
        body: {
          type: 'object',
          required: ['email', 'username', 'password'],
          additionalProperties: false,
          properties: {
            email: { type: 'string', minLength: 3, maxLength: 320 },
            username: { type: 'string', minLength: 1, maxLength: 255 },
            password: { type: 'string', minLength: 1, maxLength: 1024 },
          },
        },
        response: { 200: userIntegration, ...errors },
      },
    },
    async (req) =>
      connectUser(
        services,
        await actor(req, true),
        req.body as { email: string; username: string; password: string },
      ),
  );

  // Linking an Autodesk account (its own file): after the password connection, as listed in /openapi.json.
  registerApsConnectRoutes(app, services);

  app.get(
    '/autodoc/user-integration',
    {
      schema: {
        tags,
        operationId: 'getAutodocUserIntegration',
        summary: "The caller's account on the platform, if linked",
        response: { 200: userIntegration, ...errors },
      },
    },
    async (req) => getUserConnection(services, await actor(req)),
  );

  app.delete(
    '/autodoc/user-integration',
    {
      schema: {
        tags,
        operationId: 'deleteAutodocUserIntegration',
        summary: "Revokes the caller's credentials at the platform and forgets them",
        response: { 200: userIntegration, ...errors },
      },
    },
    async (req) => disconnectUser(services, await actor(req, true)),
  );

  app.get(
    '/autodoc/autodoc-customers',
    {
      schema: {
        tags,
        operationId: 'listAutodocCustomers',
        summary: "The customers (APS hubs, WebDAV top folders) the caller's account sees",
        response: {
          200: {
            type: 'object',
            properties: {
              customers: {
                type: 'array',
                items: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } },
              },
            },
          },
          ...errors,
        },
      },
    },
    async (req) => listCustomers(services, await actor(req)),
  );

  app.get(
    '/autodoc/autodoc-projects',
    {
      schema: {
        tags,
        operationId: 'listAutodocProjects',
        summary: "The projects of a customer the caller's account sees",
        querystring: {
          type: 'object',
          required: ['autodocCustomerId'],
          properties: { autodocCustomerId: PARTNER_ID },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              projects: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    id: { type: 'string' },
                    name: { type: 'string' },
                    customerId: { type: 'string' },
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
      listPartnerProjects(
        services,
        await actor(req),
        (req.query as { autodocCustomerId: string }).autodocCustomerId,
      ),
  );

  app.post(
    '/autodoc/project-integration',
    {
      schema: {
        tags,
        operationId: 'createAutodocProjectIntegration',
        summary: 'Links a project to a project of the platform, once and for good (coordinators only)',
        body: {
          type: 'object',
          required: ['projectId', 'autodocCustomerId', 'autodocProjectId'],
          additionalProperties: false,
          properties: { projectId: INT_ID, autodocCustomerId: PARTNER_ID, autodocProjectId: PARTNER_ID },
        },
        response: { 201: link, ...errors },
      },
    },
    async (req, reply) => {
      const created = await createProjectLink(
        services,
        await actor(req, true),
        req.body as { projectId: number; autodocCustomerId: string; autodocProjectId: string },
      );
      return reply.code(201).send(created);
    },
  );

  const base = '/autodoc/projects/:projectId';

  app.get(
    `${base}/integration`,
    {
      schema: {
        tags,
        operationId: 'getAutodocProjectIntegration',
        summary: "The project's link (PROJECT_NOT_INTEGRATED without one)",
        params: projectParams,
        response: { 200: link, ...errors },
      },
    },
    async (req) => getProjectLink(services, await actor(req), (req as ProjectReq).params.projectId),
  );

  app.get(
    `${base}/customer-integration-data`,
    {
      schema: {
        tags,
        operationId: 'getAutodocCustomerIntegrationData',
        summary:
          "The linked platform, customer and project, and whether the caller's account is connected to it",
        params: projectParams,
        response: {
          200: {
            type: 'object',
            properties: {
              platform: { type: 'string' },
              baseUrl: { type: 'string' },
              autodocCustomerId: { type: 'string' },
              autodocProjectId: { type: 'string' },
              autodocProjectName: { type: 'string' },
              userConnected: { type: 'boolean' },
            },
          },
          ...errors,
        },
      },
    },
    async (req) => customerIntegrationData(services, await actor(req), (req as ProjectReq).params.projectId),
  );

  app.get(
    `${base}/folder`,
    {
      schema: {
        tags,
        operationId: 'getAutodocFolder',
        summary: "A folder of the linked project ('/' is its root)",
        params: projectParams,
        querystring: folderQuery,
        response: {
          200: {
            type: 'object',
            properties: { id: { type: 'string' }, name: { type: 'string' }, parentId: nullable('string') },
          },
          ...errors,
        },
      },
    },
    async (req) =>
      getFolder(
        services,
        await actor(req),
        (req as ProjectReq).params.projectId,
        (req.query as { folderId: string }).folderId,
      ),
  );

  app.get(
    `${base}/folder-items`,
    {
      schema: {
        tags,
        operationId: 'listAutodocFolderItems',
        summary: 'The folders and files of a folder of the linked project, folders first',
        params: projectParams,
        querystring: folderQuery,
        response: {
          200: {
            type: 'object',
            properties: {
              folderId: { type: 'string' },
              items: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    type: { type: 'string', enum: ['folder', 'file'] },
                    id: { type: 'string' },
                    name: { type: 'string' },
                    size: nullable('integer'),
                    mimeType: nullable('string'),
                    modifiedAt: nullable('string'),
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
      getFolderItems(
        services,
        await actor(req),
        (req as ProjectReq).params.projectId,
        (req.query as { folderId: string }).folderId,
      ),
  );

  app.get(
    `${base}/file`,
    {
      schema: {
        tags,
        operationId: 'getAutodocFile',
        summary: 'A file of a folder of the linked project, with its versions (newest first)',
        params: projectParams,
        querystring: {
          type: 'object',
          required: ['folderId', 'fileId'],
          properties: { folderId: PARTNER_ID, fileId: PARTNER_ID },
        },
        response: { 200: file, ...errors },
      },
    },
    async (req) => {
      const q = req.query as { folderId: string; fileId: string };
      return getFile(services, await actor(req), (req as ProjectReq).params.projectId, q.folderId, q.fileId);
    },
  );

  app.get(
    `${base}/aps-files/:fileId`,
    {
      schema: {
        tags,
        operationId: 'getAutodocApsFile',
        summary: 'A file of the linked project by its id alone (URL-encoded), with its versions',
        params: {
          type: 'object',
          required: ['projectId', 'fileId'],
          properties: { projectId: INT_ID, fileId: PARTNER_ID },
        },
        response: { 200: file, ...errors },
      },
    },
    async (req) => {
      const p = req.params as { projectId: number; fileId: string };
      return getFileById(services, await actor(req), p.projectId, p.fileId);
    },
  );

  app.get(
    `${base}/aps-access-token`,
    {
      schema: {
        tags,
        operationId: 'getAutodocApsAccessToken',
        summary:
          "A short-lived read-only viewer token (APS only: INTEGRATION_NOT_SUPPORTED on WebDAV; 'the project has no BIM')",
        params: projectParams,
        response: {
          200: {
            type: 'object',
            properties: { accessToken: { type: 'string' }, expiresIn: { type: 'integer' } },
          },
          ...errors,
        },
      },
    },
    async (req) => viewerAccessToken(services, await actor(req), (req as ProjectReq).params.projectId),
  );

  registerAutodocTransferRoutes(app, services);
}
