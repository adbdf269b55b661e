import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppServices } from '../../../services.ts';
import { requestOrigin, restActor } from '../../rest-actor.ts';
import { bulkDownloadState, startBulkDownload } from '../../../modules/drive/drive-bulk-download-service.ts';
import * as D from '../drive/drive-schemas.ts';
import type { ProjectFilesSortKey } from '../../../modules/files/files-repository.ts';
import {
  confirmProjectFile,
  createProjectFile,
  deleteProjectFile,
  deleteProjectFileVersion,
  getProjectFile,
  listProjectFilesPage,
  projectFileDownloadUrl,
  projectFilesUserAuthorization,
} from '../../../modules/files/files-service.ts';
import * as S from './files-schemas.ts';

/** The project files' REST base (the `files` module of spec core §2, docs/api-drive.md "Project files"). */
export const FILES_PREFIX = '/project-files/projects/:projectId';

type Params = { projectId: number; fileId: number };

const errors = { '4xx': D.errorResponse, '5xx': D.errorResponse };
const tags = ['files'];

/** Every route of the project files, thin: read the arguments, name the actor, call one service. */
export function registerProjectFilesRoutes(app: FastifyInstance, services: AppServices): void {
  const read = (req: FastifyRequest) => restActor(services, req);
  const write = (req: FastifyRequest) => restActor(services, req, { write: true });

  app.get(
    `${FILES_PREFIX}/files`,
    {
      schema: {
        tags,
        operationId: 'listProjectFiles',
        summary: "The project's files (newest version of each), searched, sorted and paged",
        params: D.projectParams,
        querystring: S.listQuery,
        response: { 200: S.listResponse, ...errors },
      },
    },
    async (req) => {
      const q = req.query as {
        page: number;
        pageSize: number;
        sort: ProjectFilesSortKey;
        order: 'asc' | 'desc';
        search?: string;
        extension?: string[];
      };
      return listProjectFilesPage(services, await read(req), {
        projectId: (req.params as Params).projectId,
        ...q,
        origin: requestOrigin(services, req),
      });
    },
  );

  app.post(
    `${FILES_PREFIX}/files/bulk-downloads`,
    {
      schema: {
        tags,
        operationId: 'startProjectFilesBulkDownload',
        summary: 'Start a zip of chosen file versions (prepared by a job); poll its state',
        params: D.projectParams,
        body: D.bulkDownloadBody,
        response: { 202: D.bulkDownloadStartResponse, ...errors },
      },
    },
    async (req, reply) => {
      const started = await startBulkDownload(services, await read(req), {
        projectId: (req.params as Params).projectId,
        fileIds: (req.body as { filesIds: number[] }).filesIds,
        area: 'files',
      });
      return reply.status(202).send(started);
    },
  );

  app.get(
    `${FILES_PREFIX}/files/bulk-downloads/:bulkDownloadId`,
    {
      schema: {
        tags,
        operationId: 'getProjectFilesBulkDownload',
        summary: 'State of a bulk download of project files: processing, completed (with a URL) or error',
        params: D.bulkDownloadParams,
        response: { 200: D.bulkDownloadStateResponse, ...errors },
      },
    },
    async (req) => {
      const params = req.params as { projectId: number; bulkDownloadId: string };
      return bulkDownloadState(services, await read(req), {
        ...params,
        origin: requestOrigin(services, req),
        area: 'files',
      });
    },
  );

  app.get(
    `${FILES_PREFIX}/files/:fileId`,
    {
      schema: {
        tags,
        operationId: 'getProjectFile',
        summary: 'A version of a project file with every version of that file',
        params: D.fileParams,
        response: { 200: S.fileWithVersionsSchema, ...errors },
      },
    },
    async (req) =>
      getProjectFile(services, await read(req), {
        ...(req.params as Params),
        origin: requestOrigin(services, req),
      }),
  );

  app.get(
    `${FILES_PREFIX}/files/:fileId/download-url`,
    {
      schema: {
        tags,
        operationId: 'getProjectFileDownloadUrl',
        summary: 'A signed address of the version, valid for five minutes',
        params: D.fileParams,
        response: { 200: D.downloadUrlResponse, ...errors },
      },
    },
    async (req) =>
      projectFileDownloadUrl(services, await read(req), {
        ...(req.params as Params),
        origin: requestOrigin(services, req),
      }),
  );

  app.post(
    `${FILES_PREFIX}/files`,
    {
      schema: {
        tags,
        operationId: 'createProjectFile',
        summary:
          'Create a project file version (unconfirmed; the next version when the name exists) and get where to PUT its bytes',
        params: D.projectParams,
        body: S.createBody,
        response: { 201: S.createResponse, ...errors },
      },
    },
    async (req, reply) => {
      const body = req.body as { fileName: string; fileSize: number };
      const created = await createProjectFile(services, await write(req), {
        ...body,
        projectId: (req.params as Params).projectId,
        origin: requestOrigin(services, req),
      });
      return reply.status(201).send(created);
    },
  );

  app.patch(
    `${FILES_PREFIX}/files/:fileId/confirm-upload`,
    {
      schema: {
        tags,
        operationId: 'confirmProjectFileUpload',
        summary: 'Confirm an upload once its bytes arrived (size and type by content are checked)',
        params: D.fileParams,
        response: { 200: S.projectFileSchema, ...errors },
      },
    },
    async (req) => confirmProjectFile(services, await write(req), req.params as Params),
  );

  app.delete(
    `${FILES_PREFIX}/files/:fileId`,
    {
      schema: {
        tags,
        operationId: 'deleteProjectFileVersion',
        summary: 'Delete a version (the file goes with its last version)',
        params: D.fileParams,
        response: { 204: { type: 'null' }, ...errors },
      },
    },
    async (req, reply) => {
      await deleteProjectFileVersion(services, await write(req), req.params as Params);
      return reply.status(204).send();
    },
  );

  app.delete(
    `${FILES_PREFIX}/files/:fileId/versions`,
    {
      schema: {
        tags,
        operationId: 'deleteProjectFile',
        summary: 'Delete the file of this version with every version',
        params: D.fileParams,
        response: { 204: { type: 'null' }, ...errors },
      },
    },
    async (req, reply) => {
      await deleteProjectFile(services, await write(req), req.params as Params);
      return reply.status(204).send();
    },
  );

  app.get(
    `${FILES_PREFIX}/user-authorization`,
    {
      schema: {
        tags,
        operationId: 'getProjectFilesUserAuthorization',
        summary: "What the caller may do in the project's files",
        params: D.projectParams,
        response: { 200: S.authorizationResponse, ...errors },
      },
    },
    async (req) => projectFilesUserAuthorization(services, await read(req), (req.params as Params).projectId),
  );
}
