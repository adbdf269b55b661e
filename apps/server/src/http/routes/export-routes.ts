import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, resolveLocale, type Locale } from '@obra/domain';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import { credentialsFromHeaders, resolveActor } from '../../auth/actor-resolver.ts';
import { requestLocale } from '../request-locale.ts';
import { parseIds, type ExportRequest } from '../../modules/exports/export-source.ts';
import {
  downloadName,
  prepareIssueExport,
  prepareIssueReport,
  reportContextOf,
} from '../../modules/exports/export-service.ts';
import { writeIssuesReport } from '../../modules/exports/issue-report-pdf.ts';
import { buildIssuesReportModel } from '../../modules/exports/issue-report-model.ts';
import {
  defaultSeparator,
  writeIssuesCsv,
  writeIssuesXlsx,
  type CsvKind,
  type CsvSeparator,
} from '../../modules/exports/issue-export-writers.ts';
import { EXPORT_ROUTES } from '../openapi-platform.ts';

/** The parameters of an export request, from the query string (GET) or a JSON body (POST). */
function paramsOf(req: FastifyRequest): Record<string, unknown> {
  const query = (req.query ?? {}) as Record<string, unknown>;
  const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
  return { ...query, ...body };
}

/** The export request of the parameters; BAD_USER_INPUT for a missing or bad project id. */
export function exportRequestOf(params: Record<string, unknown>): ExportRequest {
  const projectId = Number(params['projectId']);
  if (!Number.isSafeInteger(projectId) || projectId < 1)
    throw new AppError('BAD_USER_INPUT', { field: 'projectId' });
  return { projectId, filter: params['filter'], ids: parseIds(params['ids']) };
}

/** The caller of a REST request (a session's bearer token or an access key), or UNAUTHENTICATED. */
export async function requireRestActor(services: AppServices, req: FastifyRequest): Promise<Actor> {
  const actor = await resolveActor(services, credentialsFromHeaders(req.headers));
  if (!actor) throw new AppError('UNAUTHENTICATED');
  return actor;
}

/** The language of an export: `locale` asked for, else the user's, else the browser's. */
export function exportLocale(req: FastifyRequest, actor: Actor, asked: unknown): Locale {
  if (typeof asked === 'string' && asked) return resolveLocale(asked);
  return requestLocale(req.headers, actor.account.localeId);
}

function attachment(reply: FastifyReply, type: string, name: string): void {
  reply
    .header('content-type', type)
    .header(
      'content-disposition',
      `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    )
    .header('cache-control', 'no-store');
}

/** Streams a writer's output as the answer; a failure after the first byte ends the download short. */
function stream(
  req: FastifyRequest,
  reply: FastifyReply,
  write: (out: PassThrough) => Promise<unknown>,
): FastifyReply {
  const out = new PassThrough();
  write(out).catch((error: unknown) => {
    req.log.error({ err: error }, 'export failed while streaming');
    // The answer has begun (its type is a file's): the connection is cut, so the download is seen to fail.
    reply.raw.destroy();
    out.destroy();
  });
  return reply.send(out);
}

/**
 * GET or POST /exports/issues.xlsx, /exports/issues.csv and /exports/issues-disciplines.csv: the issue list
 * (its filter JSON and optional `ids`) as a download, streamed page by page; the caller sees exactly what the
 * list shows them (docs/exports.md).
 */
export function registerExportRoutes(app: FastifyInstance, services: AppServices): void {
  const xlsx = async (req: FastifyRequest, reply: FastifyReply) => {
    const actor = await requireRestActor(services, req);
    const params = paramsOf(req);
    const prepared = await prepareIssueExport(services, actor, exportRequestOf(params));
    const locale = exportLocale(req, actor, params['locale']);
    attachment(
      reply,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      downloadName(prepared.lookups.projectName, 'issues', 'xlsx'),
    );
    const context = { db: services.database.db, locale, lookups: prepared.lookups };
    return stream(req, reply, (out) => writeIssuesXlsx(prepared.pages, context, out));
  };
  const csv = (kind: CsvKind) => async (req: FastifyRequest, reply: FastifyReply) => {
    const actor = await requireRestActor(services, req);
    const params = paramsOf(req);
    const asked = params['separator'];
    if (asked !== undefined && asked !== 'comma' && asked !== 'semicolon')
      throw new AppError('BAD_USER_INPUT', { field: 'separator' });
    const prepared = await prepareIssueExport(services, actor, exportRequestOf(params));
    const locale = exportLocale(req, actor, params['locale']);
    const separator: CsvSeparator =
      asked === 'comma' ? ',' : asked === 'semicolon' ? ';' : defaultSeparator(locale);
    attachment(
      reply,
      'text/csv; charset=utf-8',
      downloadName(prepared.lookups.projectName, kind === 'issues' ? 'issues' : 'issues-disciplines', 'csv'),
    );
    const context = { db: services.database.db, locale, lookups: prepared.lookups, separator, kind };
    return stream(req, reply, (out) => writeIssuesCsv(prepared.pages, context, out));
  };
  const flag = (params: Record<string, unknown>, name: string, fallback: boolean): boolean => {
    const value = params[name];
    if (value === undefined || value === '') return fallback;
    if (value === true || value === 'true' || value === '1') return true;
    if (value === false || value === 'false' || value === '0') return false;
    throw new AppError('BAD_USER_INPUT', { field: name });
  };
  const reportContext = async (req: FastifyRequest) => {
    const actor = await requireRestActor(services, req);
    const params = paramsOf(req);
    const options = {
      comments: flag(params, 'comments', false),
      history: flag(params, 'history', false),
      images: flag(params, 'images', true),
    };
    const prepared = await prepareIssueReport(services, actor, exportRequestOf(params));
    const locale = exportLocale(req, actor, params['locale']);
    return { prepared, context: reportContextOf(services, actor, prepared, locale, options) };
  };
  const report = async (req: FastifyRequest, reply: FastifyReply) => {
    const { prepared, context } = await reportContext(req);
    attachment(reply, 'application/pdf', downloadName(prepared.lookups.projectName, 'issues-report', 'pdf'));
    return stream(req, reply, (out) => writeIssuesReport(prepared.pages, context, out));
  };
  // The same report as data, for the web's printable page /issues-report (print CSS).
  const reportData = async (req: FastifyRequest, reply: FastifyReply) => {
    const { prepared, context } = await reportContext(req);
    const origin = services.config.auth.publicUrlConfigured
      ? services.config.publicUrl
      : `${req.protocol}://${req.host}`;
    reply.header('cache-control', 'no-store');
    return reply.send(await buildIssuesReportModel(prepared.pages, context, origin));
  };
  app.route({
    method: ['GET', 'POST'],
    url: '/exports/issues-report.json',
    ...EXPORT_ROUTES.reportJson,
    handler: reportData,
  });
  app.route({
    method: ['GET', 'POST'],
    url: '/exports/issues-report.pdf',
    ...EXPORT_ROUTES.reportPdf,
    config: { compress: false },
    handler: report,
  });
  // The .xlsx is a zip already: sent as it is made, uncompressed.
  app.route({
    method: ['GET', 'POST'],
    url: '/exports/issues.xlsx',
    ...EXPORT_ROUTES.xlsx,
    config: { compress: false },
    handler: xlsx,
  });
  app.route({
    method: ['GET', 'POST'],
    url: '/exports/issues.csv',
    ...EXPORT_ROUTES.csv,
    handler: csv('issues'),
  });
  app.route({
    method: ['GET', 'POST'],
    url: '/exports/issues-disciplines.csv',
    ...EXPORT_ROUTES.disciplinesCsv,
    handler: csv('disciplines'),
  });
}
