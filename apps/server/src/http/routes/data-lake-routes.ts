import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, resolveLocale, type Locale } from '@obra/domain';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import { credentialsFromHeaders, resolveActor } from '../../auth/actor-resolver.ts';
import { requestLocale } from '../request-locale.ts';
import { toPublicError } from '../../lib/errors.ts';
import { FEED_ENTITIES } from '../../modules/data-lake/data-lake-entities-sql.ts';
import {
  FEED_MAX_PAGE_SIZE,
  instantParam,
  intParam,
  readFeedPage,
  readODataPage,
  requireKeyActor,
} from '../../modules/data-lake/data-lake-service.ts';
import { csdlDocument, serviceDocument } from '../../modules/data-lake/odata-metadata.ts';
import { DATA_LAKE_ROUTES } from '../openapi-platform.ts';

const REALM = 'Basic realm="Obra data lake", charset="UTF-8"';
const ODATA_JSON =
  'application/json;odata.metadata=minimal;odata.streaming=true;IEEE754Compatible=false;charset=utf-8';

type Query = Record<string, string | undefined>;

function origin(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

function localeOf(req: FastifyRequest, actor: Actor | undefined, query: Query): Locale {
  const asked = query['locale'];
  return asked ? resolveLocale(asked) : requestLocale(req.headers, actor?.account.localeId);
}

/**
 * Runs a feed handler: the caller must present an access key and its secret (HTTP Basic, or the
 * x-access-key-id / x-access-key-secret headers); errors answer with their catalogue code, in the OData error
 * shape on the OData endpoint, with the Basic challenge on 401 so that Power BI and Excel ask for the key.
 */
function feedHandler(
  services: AppServices,
  odata: boolean,
  handle: (actor: Actor, req: FastifyRequest, reply: FastifyReply, query: Query) => Promise<unknown>,
) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    let actor: Actor | undefined;
    const query = (req.query ?? {}) as Query;
    try {
      actor = requireKeyActor(await resolveActor(services, credentialsFromHeaders(req.headers)));
      reply.header('cache-control', 'no-store');
      if (odata) reply.header('odata-version', '4.0');
      return await handle(actor, req, reply, query);
    } catch (error) {
      const failure = toPublicError(error, localeOf(req, actor, query));
      if (failure.status >= 500) req.log.error({ err: error }, 'data lake request failed');
      if (failure.status === 401) reply.header('www-authenticate', REALM);
      reply.status(failure.status);
      if (odata) {
        reply.header('odata-version', '4.0');
        return reply.send({ error: { code: failure.code, message: failure.message } });
      }
      return reply.send({ code: failure.code, message: failure.message });
    }
  };
}

function linkTo(base: string, query: Query, changes: Record<string, string | undefined>): string {
  // OData's own options keep their `$` (clients and people read these links).
  const text = Object.entries({ ...query, ...changes })
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k).replace(/^%24/, '$')}=${encodeURIComponent(v)}`)
    .join('&');
  return text ? `${base}?${text}` : base;
}

/** The BI feed: REST under /data-lake/{entity}, OData v4 under /data-lake/odata (docs/bi.md). */
export function registerDataLakeRoutes(app: FastifyInstance, services: AppServices): void {
  app.get(
    '/data-lake',
    DATA_LAKE_ROUTES.index,
    feedHandler(services, false, async (_actor, req) => ({
      entities: FEED_ENTITIES.map((e) => ({
        name: e.path,
        url: `${origin(req)}/data-lake/${e.path}`,
        key: e.key,
        properties: e.properties.map((p) => ({ name: p.name, type: p.type, nullable: p.nullable })),
        updatedSince: e.updated !== undefined,
      })),
      odata: `${origin(req)}/data-lake/odata`,
    })),
  );

  // OData v4: the service document, the metadata and the entity sets.
  const root = (req: FastifyRequest) => `${origin(req)}/data-lake/odata`;
  app.get(
    '/data-lake/odata',
    DATA_LAKE_ROUTES.odataService,
    feedHandler(services, true, async (_actor, req, reply) =>
      reply.type(ODATA_JSON).send(serviceDocument(root(req))),
    ),
  );
  app.get(
    '/data-lake/odata/$metadata',
    DATA_LAKE_ROUTES.odataMetadata,
    feedHandler(services, true, async (_actor, _req, reply) =>
      reply.type('application/xml; charset=utf-8').send(csdlDocument()),
    ),
  );
  const odataRead = (countOnly: boolean) =>
    feedHandler(services, true, async (actor, req, reply, query) => {
      const set = (req.params as { set: string }).set;
      const prefer = String(req.headers['prefer'] ?? '');
      const maxPageSize = /odata\.maxpagesize=(\d+)/.exec(prefer)?.[1];
      const bool = (v: string | undefined, field: string) => {
        if (v === undefined || v === 'false') return false;
        if (v === 'true') return true;
        throw new AppError('BAD_USER_INPUT', { field });
      };
      const page = await readODataPage(services, actor, {
        set,
        projectId: intParam(query['projectId'], 'projectId', 1, 2 ** 31 - 1),
        filter: query['$filter'],
        orderby: countOnly ? undefined : query['$orderby'],
        select: countOnly ? undefined : query['$select'],
        top: countOnly ? 0 : intParam(query['$top'], '$top', 0, 2 ** 31 - 1),
        skip: countOnly ? undefined : intParam(query['$skip'], '$skip', 0, 2 ** 31 - 1),
        skiptoken: countOnly ? undefined : query['$skiptoken'],
        count: countOnly || bool(query['$count'], '$count'),
        maxPageSize: maxPageSize ? Math.max(1, Number(maxPageSize)) : undefined,
        locale: localeOf(req, actor, query),
      });
      if (countOnly) return reply.type('text/plain; charset=utf-8').send(String(page.count ?? 0));
      if (maxPageSize) reply.header('preference-applied', `odata.maxpagesize=${maxPageSize}`);
      const base = `${root(req)}/${page.entity.set}`;
      const body: Record<string, unknown> = { '@odata.context': `${root(req)}/$metadata#${page.entity.set}` };
      if (page.count !== undefined) body['@odata.count'] = page.count;
      body['value'] = page.value;
      if (page.next) {
        const top = page.next.top === undefined ? undefined : String(page.next.top);
        body['@odata.nextLink'] =
          'skiptoken' in page.next
            ? linkTo(base, query, { $skiptoken: page.next.skiptoken, $top: top, $skip: undefined })
            : linkTo(base, query, { $skip: String(page.next.skip), $top: top, $skiptoken: undefined });
      }
      return reply.type(ODATA_JSON).send(body);
    });
  app.get('/data-lake/odata/:set', DATA_LAKE_ROUTES.odataSet, odataRead(false));
  app.get('/data-lake/odata/:set/$count', DATA_LAKE_ROUTES.odataCount, odataRead(true));

  // REST: one entity a page at a time.
  app.get(
    '/data-lake/:entity',
    DATA_LAKE_ROUTES.entity,
    feedHandler(services, false, async (actor, req, _reply, query) => {
      const entity = (req.params as { entity: string }).entity;
      const page = await readFeedPage(services, actor, {
        entity,
        projectId: intParam(query['projectId'], 'projectId', 1, 2 ** 31 - 1),
        updatedSince: instantParam(query['updatedSince'], 'updatedSince'),
        page: intParam(query['page'], 'page', 1, 1_000_000),
        pageSize: intParam(query['pageSize'], 'pageSize', 1, FEED_MAX_PAGE_SIZE),
        cursor: query['cursor'] || undefined,
        locale: localeOf(req, actor, query),
      });
      const base = `${origin(req)}/data-lake/${page.entity}`;
      const next = !page.hasMore
        ? null
        : page.page === null
          ? linkTo(base, query, { cursor: page.nextCursor ?? undefined })
          : linkTo(base, query, { page: String(page.page + 1) });
      return { ...page, next };
    }),
  );
}
