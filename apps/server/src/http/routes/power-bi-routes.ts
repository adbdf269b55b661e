import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../services.ts';
import { requestOrigin, restActor } from '../rest-actor.ts';
import { errorResponse } from './drive/drive-schemas.ts';
import { powerBiConnection } from '../../modules/data-lake/power-bi-service.ts';

/** The Power BI connection of a project (issue 32 item 4, spec editor §1; docs/bi.md "Power BI Desktop"). */
export function registerPowerBiRoutes(app: FastifyInstance, services: AppServices): void {
  app.get(
    '/data-lake/power-bi/projects/:projectId/connection',
    {
      schema: {
        tags: ['data-lake'],
        operationId: 'getPowerBiConnectionFile',
        summary:
          "A Power BI Desktop connection file (.pbids) for the project's OData feed; it holds the address, never a key",
        params: {
          type: 'object',
          required: ['projectId'],
          properties: { projectId: { type: 'integer', minimum: 1, maximum: 2147483647 } },
        },
        response: {
          200: {
            type: 'object',
            description: 'The .pbids file (attachment)',
            properties: {
              version: { type: 'string' },
              connections: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    details: {
                      type: 'object',
                      properties: {
                        protocol: { type: 'string' },
                        address: { type: 'object', properties: { url: { type: 'string' } } },
                      },
                    },
                    options: { type: 'object' },
                    mode: { type: 'string' },
                  },
                },
              },
            },
          },
          '4xx': errorResponse,
          '5xx': errorResponse,
        },
      },
    },
    async (req, reply) => {
      const { projectId } = req.params as { projectId: number };
      const { projectName, file } = await powerBiConnection(
        services,
        await restActor(services, req),
        projectId,
        requestOrigin(services, req),
      );
      const safe =
        projectName
          .normalize('NFKD')
          .replace(/[^\w.-]+/g, '-')
          .replace(/^-+|-+$/g, '') || 'project';
      reply.header('content-disposition', `attachment; filename="obra-${safe}.pbids"`);
      reply.header('cache-control', 'no-store');
      return reply.type('application/json; charset=utf-8').send(file);
    },
  );
}
