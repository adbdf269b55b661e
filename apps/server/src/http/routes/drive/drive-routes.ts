import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DocumentStatus, DocumentVisibility } from '@obra/domain';
import type { AppServices } from '../../../services.ts';
import { requestOrigin, restActor } from '../../rest-actor.ts';
import {
  bulkDeleteFiles,
  bulkUpdateFiles,
  changeFile,
  deleteFile,
  downloadUrl,
  filteringData,
  getFile,
  listFiles,
  userAuthorization,
} from '../../../modules/drive/drive-file-service.ts';
import { confirmDriveUpload, createDriveFile } from '../../../modules/drive/drive-upload-service.ts';
import { bulkDownloadState, startBulkDownload } from '../../../modules/drive/drive-bulk-download-service.ts';
import type { DriveSortKey } from '../../../modules/drive/drive-repository.ts';
import * as S from './drive-schemas.ts';

/** The drive's REST base (spec core §7 "Drive"). */
export const DRIVE_PREFIX = '/project-drive/projects/:projectId';

type Params = { projectId: number; fileId: number };

const errors = { '4xx': S.errorResponse, '5xx': S.errorResponse };
const tags = ['drive'];

function asDate(value: string | undefined): Date | undefined {
  return value === undefined ? undefined : new Date(value);
}

/** Every route of the project drive, thin: read the arguments, name the actor, call one service. */
export function registerDriveRoutes(app: FastifyInstance, services: AppServices): void {
  const read = (req: FastifyRequest) => restActor(services, req);
  const write = (req: FastifyRequest) => restActor(services, req, { write: true });

  app.get(
    `${DRIVE_PREFIX}/files`,
    {
      schema: {
        tags,
        operationId: 'listDriveFiles',
        summary: 'Documents the caller sees (newest visible revision of each), filtered, sorted and paged',
        params: S.projectParams,
        querystring: S.listQuery,
        response: { 200: S.listResponse, ...errors },
      },
    },
    async (req) => {
      const { projectId } = req.params as Params;
      const q = req.query as Record<string, never> & {
        page: number;
        pageSize: number;
        sort: DriveSortKey;
        order: 'asc' | 'desc';
        uploadedAfter?: string;
        uploadedBefore?: string;
        updatedAfter?: string;
        updatedBefore?: string;
      };
      return listFiles(services, await read(req), {
        projectId,
        page: q.page,
        pageSize: q.pageSize,
        sort: q.sort,
        order: q.order,
        filters: {
          createdByUserId: q['createdByUserId'],
          disciplineId: q['disciplineId'],
          extension: q['extension'],
          localId: q['localId'],
          phase: q['phase'],
          status: q['status'],
          visibility: q['visibility'],
          uploadedAfter: asDate(q.uploadedAfter),
          uploadedBefore: asDate(q.uploadedBefore),
          updatedAfter: asDate(q.updatedAfter),
          updatedBefore: asDate(q.updatedBefore),
          search: q['search'],
        },
        origin: requestOrigin(services, req),
      });
    },
  );

  app.get(
    `${DRIVE_PREFIX}/files/filtering-data`,
    {
      schema: {
        tags,
        operationId: 'getDriveFilteringData',
        summary: 'Filter values of the documents the caller sees, with counts',
        params: S.projectParams,
        response: { 200: S.filteringDataResponse, ...errors },
      },
    },
    async (req) => filteringData(services, await read(req), (req.params as Params).projectId),
  );

  app.post(
    `${DRIVE_PREFIX}/files/bulk-downloads`,
    {
      schema: {
        tags,
        operationId: 'startDriveBulkDownload',
        summary: 'Start a zip of chosen files (prepared by a job); poll its state',
        params: S.projectParams,
        body: S.bulkDownloadBody,
        response: { 202: S.bulkDownloadStartResponse, ...errors },
      },
    },
    async (req, reply) => {
      const { filesIds } = req.body as { filesIds: number[] };
      const started = await startBulkDownload(services, await read(req), {
        projectId: (req.params as Params).projectId,
        fileIds: filesIds,
      });
      return reply.status(202).send(started);
    },
  );

  app.get(
    `${DRIVE_PREFIX}/files/bulk-downloads/:bulkDownloadId`,
    {
      schema: {
        tags,
        operationId: 'getDriveBulkDownload',
        summary: 'State of a bulk download: processing, completed (with a URL) or error',
        params: S.bulkDownloadParams,
        response: { 200: S.bulkDownloadStateResponse, ...errors },
      },
    },
    async (req) => {
      const params = req.params as { projectId: number; bulkDownloadId: string };
      return bulkDownloadState(services, await read(req), {
        ...params,
        origin: requestOrigin(services, req),
      });
    },
  );

  app.post(
    `${DRIVE_PREFIX}/files/bulk-update`,
    {
      schema: {
        tags,
        operationId: 'bulkUpdateDriveFiles',
        summary:
          'Change the status, visibility, discipline, location and/or phase of several files; refused ones are listed with their code',
        params: S.projectParams,
        body: S.bulkUpdateBody,
        response: { 200: S.bulkUpdateResponse, ...errors },
      },
    },
    async (req) => {
      const body = req.body as {
        filesIds: number[];
        newStatus?: DocumentStatus;
        newVisibility?: DocumentVisibility;
        newDisciplineId?: number | null;
        newLocalId?: number | null;
        newPhase?: number | null;
      };
      return bulkUpdateFiles(services, await write(req), {
        projectId: (req.params as Params).projectId,
        fileIds: body.filesIds,
        newStatus: body.newStatus,
        newVisibility: body.newVisibility,
        newDisciplineId: body.newDisciplineId,
        newLocalId: body.newLocalId,
        newPhase: body.newPhase,
      });
    },
  );

  app.post(
    `${DRIVE_PREFIX}/files/bulk-delete`,
    {
      schema: {
        tags,
        operationId: 'bulkDeleteDriveFiles',
        summary: 'Delete several files; refused ones are listed with their code',
        params: S.projectParams,
        body: S.bulkDownloadBody,
        response: { 200: S.bulkDeleteResponse, ...errors },
      },
    },
    async (req) =>
      bulkDeleteFiles(services, await write(req), {
        projectId: (req.params as Params).projectId,
        fileIds: (req.body as { filesIds: number[] }).filesIds,
      }),
  );

  app.get(
    `${DRIVE_PREFIX}/files/:fileId`,
    {
      schema: {
        tags,
        operationId: 'getDriveFile',
        summary: 'A file with every revision of its document the caller sees',
        params: S.fileParams,
        response: { 200: S.fileWithRevisionsSchema, ...errors },
      },
    },
    async (req) =>
      getFile(services, await read(req), { ...(req.params as Params), origin: requestOrigin(services, req) }),
  );

  app.get(
    `${DRIVE_PREFIX}/files/:fileId/download-url`,
    {
      schema: {
        tags,
        operationId: 'getDriveFileDownloadUrl',
        summary: 'A signed address of the file, valid for five minutes',
        params: S.fileParams,
        response: { 200: S.downloadUrlResponse, ...errors },
      },
    },
    async (req) =>
      downloadUrl(services, await read(req), {
        ...(req.params as Params),
        origin: requestOrigin(services, req),
      }),
  );

  app.post(
    `${DRIVE_PREFIX}/files`,
    {
      schema: {
        tags,
        operationId: 'createDriveFile',
        summary: 'Create a file record (unconfirmed) and get where to PUT its bytes',
        params: S.projectParams,
        body: S.createBody,
        response: { 201: S.createResponse, ...errors },
      },
    },
    async (req, reply) => {
      const body = req.body as {
        fileName: string;
        documentName?: string;
        revisionName?: string;
        disciplineId?: number | null;
        localId?: number | null;
        phase?: number | null;
        status?: DocumentStatus;
        visibility?: DocumentVisibility;
        fileSize: number;
      };
      const created = await createDriveFile(services, await write(req), {
        ...body,
        projectId: (req.params as Params).projectId,
        origin: requestOrigin(services, req),
      });
      return reply.status(201).send(created);
    },
  );

  app.patch(
    `${DRIVE_PREFIX}/files/:fileId/confirm-upload`,
    {
      schema: {
        tags,
        operationId: 'confirmDriveFileUpload',
        summary: 'Confirm an upload once its bytes arrived (size and type by content are checked)',
        params: S.fileParams,
        response: { 200: S.driveFileSchema, ...errors },
      },
    },
    async (req) => confirmDriveUpload(services, await write(req), req.params as Params),
  );

  app.patch(
    `${DRIVE_PREFIX}/files/:fileId/status`,
    {
      schema: {
        tags,
        operationId: 'updateDriveFileStatus',
        summary: 'Change the status of a file',
        params: S.fileParams,
        body: S.statusBody,
        response: { 200: S.driveFileSchema, ...errors },
      },
    },
    async (req) =>
      changeFile(services, await write(req), {
        ...(req.params as Params),
        change: { kind: 'status', value: (req.body as { newStatus: DocumentStatus }).newStatus },
      }),
  );

  app.patch(
    `${DRIVE_PREFIX}/files/:fileId/visibility`,
    {
      schema: {
        tags,
        operationId: 'updateDriveFileVisibility',
        summary: 'Change the visibility of a file',
        params: S.fileParams,
        body: S.visibilityBody,
        response: { 200: S.driveFileSchema, ...errors },
      },
    },
    async (req) =>
      changeFile(services, await write(req), {
        ...(req.params as Params),
        change: {
          kind: 'visibility',
          value: (req.body as { newVisibility: DocumentVisibility }).newVisibility,
        },
      }),
  );

  app.delete(
    `${DRIVE_PREFIX}/files/:fileId`,
    {
      schema: {
        tags,
        operationId: 'deleteDriveFile',
        summary: 'Delete a file (a revision; the document goes with its last revision)',
        params: S.fileParams,
        response: { 204: { type: 'null' }, ...errors },
      },
    },
    async (req, reply) => {
      await deleteFile(services, await write(req), req.params as Params);
      return reply.status(204).send();
    },
  );

  app.get(
    '/project-drive/projects/:projectId/user-authorization',
    {
      schema: {
        tags,
        operationId: 'getDriveUserAuthorization',
        summary: 'What the caller may do in this drive',
        params: S.projectParams,
        response: { 200: S.authorizationResponse, ...errors },
      },
    },
    async (req) => userAuthorization(services, await read(req), (req.params as Params).projectId),
  );
}
