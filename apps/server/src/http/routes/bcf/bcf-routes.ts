import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { AppError } from '@obra/domain';
import { requestOrigin, restActor } from '../../rest-actor.ts';
import type { AppServices } from '../../../services.ts';
import { exportBcf } from '../../../modules/bcf/bcf-export-service.ts';
import { importBcf } from '../../../modules/bcf/bcf-import-service.ts';
import { parseBcfImportMapping } from '../../../modules/bcf/bcf-import-plan.ts';
import { removeTemporary } from '../../../modules/bcf/bcf-zip.ts';
import { bcfJobState, startBcfExport, startBcfImport } from '../../../modules/bcf/bcf-job-service.ts';
import { BCF_XML_ROUTES } from '../../../modules/bcf/bcf-xml-route-schemas.ts';

/** The largest package an import accepts. */
export const BCF_MAX_UPLOAD_BYTES = 2 * 1024 * 1024 * 1024;

function projectIdOf(req: FastifyRequest): number {
  const raw = (req.params as { projectId?: string }).projectId ?? '';
  const id = Number(raw);
  if (!/^\d{1,9}$/.test(raw) || !Number.isSafeInteger(id)) throw new AppError('PROJECT_NOT_FOUND');
  return id;
}

function idsOf(raw: unknown): number[] | undefined {
  if (raw === undefined || raw === '') return undefined;
  const parts = (Array.isArray(raw) ? raw : [raw]).flatMap((v) => String(v).split(','));
  const ids = parts.map((p) => Number(p.trim()));
  if (ids.some((id) => !Number.isSafeInteger(id)))
    throw new AppError('BAD_USER_INPUT', 'invalid ids', { field: 'ids' });
  return ids;
}

/**
 * BCF-XML over REST (issues 16 and 30, docs/bcf.md): `POST /bcf-xml/projects/{projectId}/imports` (multipart, the
 * package in `file`, optional `mapping` JSON; `?dryRun=true` answers the preview, otherwise 202 with the import
 * job), `POST …/exports` (202 with the export job), `GET …/jobs/{jobId}` (a job's progress and result) and
 * `GET …/export?version=2.1|3.0&filter=…&ids=…` (a package downloaded at once, for selections and small lists).
 * The upload is streamed to a temporary file (never held in memory), checked and handed to the file store.
 */
const MALFORMED_MULTIPART = /multipart|malformed part|boundary/i;

export async function registerBcfRoutes(app: FastifyInstance, services: AppServices): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: BCF_MAX_UPLOAD_BYTES, files: 1, fields: 4, fieldSize: 1024 * 1024 },
    });

    scope.post('/bcf-xml/projects/:projectId/imports', BCF_XML_ROUTES.startImport, async (req, reply) => {
      const actor = await restActor(services, req, { write: true });
      const projectId = projectIdOf(req);
      if (!req.isMultipart()) throw new AppError('SELECT_FILE');
      const query = req.query as { dryRun?: string };
      const dryRun = query.dryRun === 'true' || query.dryRun === '1';
      const file = path.join(os.tmpdir(), `obra-bcf-${randomUUID()}.zip`);
      let received = false;
      let fileName = 'package.bcf';
      let mappingRaw: unknown;
      try {
        for await (const part of req.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'file' || received) {
              part.file.resume();
              continue;
            }
            fileName = part.filename || fileName;
            await pipeline(part.file, fs.createWriteStream(file));
            if (part.file.truncated) throw new AppError('FILE_SIZE_LIMIT_EXCEEDED');
            received = true;
          } else if (part.fieldname === 'mapping') {
            mappingRaw = part.value;
          }
        }
        if (!received) throw new AppError('SELECT_FILE');
        const mapping = parseBcfImportMapping(mappingRaw);
        // The preview is read here (its work is bounded by the package's bounds); the import is a job.
        if (dryRun) return reply.send(await importBcf(services, actor, { projectId, file, dryRun, mapping }));
        const origin = requestOrigin(services, req);
        const { job, joined } = await startBcfImport(services, actor, {
          projectId,
          file,
          fileName,
          mapping,
          origin,
        });
        return reply
          .status(joined ? 200 : 202)
          .header('location', `/bcf-xml/projects/${projectId}/jobs/${job.id}`)
          .send(job);
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('FILE_SIZE_LIMIT_EXCEEDED');
        // A body that is not the multipart it claims to be (busboy: "Unexpected end of multipart data", "Malformed
        // part header", a missing boundary; @fastify/multipart's own FST_ limits): the client's input, never a 500.
        if (
          !(error instanceof AppError) &&
          (code?.startsWith('FST_') || MALFORMED_MULTIPART.test(String(error)))
        )
          throw new AppError('BAD_USER_INPUT');
        throw error;
      } finally {
        await removeTemporary(file);
      }
    });

    scope.post('/bcf-xml/projects/:projectId/exports', BCF_XML_ROUTES.startExport, async (req, reply) => {
      const actor = await restActor(services, req);
      const projectId = projectIdOf(req);
      const body = (req.body ?? {}) as { version?: unknown; filter?: unknown; ids?: unknown };
      const job = await startBcfExport(services, actor, {
        projectId,
        version: body.version,
        filter: body.filter,
        ids: idsOf(body.ids),
        origin: requestOrigin(services, req),
      });
      return reply.status(202).header('location', `/bcf-xml/projects/${projectId}/jobs/${job.id}`).send(job);
    });

    scope.get('/bcf-xml/projects/:projectId/jobs/:jobId', BCF_XML_ROUTES.job, async (req) => {
      const actor = await restActor(services, req);
      return bcfJobState(services, actor, {
        projectId: projectIdOf(req),
        jobId: (req.params as { jobId: string }).jobId,
        origin: requestOrigin(services, req),
      });
    });

    scope.get('/bcf-xml/projects/:projectId/export', BCF_XML_ROUTES.export, async (req, reply) => {
      const actor = await restActor(services, req);
      const projectId = projectIdOf(req);
      const query = req.query as { version?: string; filter?: string; ids?: unknown };
      const result = await exportBcf(services, actor, {
        projectId,
        version: query.version,
        filter: query.filter,
        ids: idsOf(query.ids),
      });
      req.headers['x-no-compression'] = '1';
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', `attachment; filename="${result.fileName}"`)
        .header('x-bcf-topics', String(result.count))
        .send(result.stream);
    });
  });
}
