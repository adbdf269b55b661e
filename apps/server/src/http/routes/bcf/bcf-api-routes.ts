import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@obra/domain';
import type { Actor } from '../../../auth/actor.ts';
import { credentialsFromHeaders, resolveActor } from '../../../auth/actor-resolver.ts';
import type { AppServices } from '../../../services.ts';
import { requestOrigin } from '../../rest-actor.ts';
import * as api from '../../../modules/bcf/api/bcf-api.ts';
import type { FoundationAuthUrls } from '../../../modules/bcf/oauth/bcf-oauth.ts';
import { BCF_API_ROUTES as R, FOUNDATION_ROUTES } from '../../../modules/bcf/bcf-route-schemas.ts';

/** The BCF-API's base path and the Foundation API's (docs/api-bcf.md). */
export const BCF_API_PREFIX = '/bcf/3.0';
export const FOUNDATION_PREFIX = '/foundation';

/** A viewpoint with its snapshot and bitmaps (base64) may be larger than other bodies. */
const VIEWPOINT_BODY_LIMIT = 16 * 1024 * 1024;

/** The largest document or BIM snippet file sent to the API. */
const BINARY_BODY_LIMIT = 64 * 1024 * 1024;

function attachment(filename: string): string {
  const plain = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** A sent file's name: `?filename=`, else the Content-Disposition header's `filename*` or `filename`. */
function filenameOf(req: FastifyRequest): string | undefined {
  const query = (req.query as { filename?: unknown }).filename;
  if (typeof query === 'string' && query.trim() !== '') return query.trim();
  const header = req.headers['content-disposition'] ?? '';
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      return undefined;
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;\s]+)/.exec(header);
  const name = plain?.[1] ?? plain?.[2];
  return name?.trim() || undefined;
}

/**
 * Who calls the BCF-API: an OAuth2 access token issued to a BCF client (bcf-oauth), Obra's own access token
 * (Bearer, as the web app sends it) or an access key (HTTP Basic with key id and secret). Same gates as the
 * other REST routes: policies accepted; demo users read only (checked by the service on writes).
 */
export type BcfActorResolver = (req: FastifyRequest) => Promise<Actor | undefined>;

export function defaultBcfActorResolver(services: AppServices): BcfActorResolver {
  return (req) => resolveActor(services, credentialsFromHeaders(req.headers));
}

export async function requireActor(
  resolver: BcfActorResolver,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<Actor> {
  const actor = await resolver(req);
  if (!actor) {
    reply.header('www-authenticate', 'Bearer realm="obra-bcf", Basic realm="obra-bcf"');
    throw new AppError('UNAUTHENTICATED');
  }
  (req as FastifyRequest & { obraUserLocale?: string | null }).obraUserLocale = actor.account.localeId;
  if (!actor.account.acceptedPolicies) throw new AppError('NOT_ACCEPTED_POLICIES');
  return actor;
}

type Params = {
  projectId: string;
  topicGuid: string;
  commentGuid: string;
  viewpointGuid: string;
  bitmapGuid: string;
  documentGuid: string;
};

/**
 * Registers the Foundation API and the BCF-API 3.0. Handlers are thin: the service reads and writes, the
 * mapping module shapes the JSON.
 */
export function registerBcfApiRoutes(
  app: FastifyInstance,
  services: AppServices,
  options: { resolver?: BcfActorResolver; oauth?: (req: FastifyRequest) => FoundationAuthUrls } = {},
): void {
  const resolver = options.resolver ?? defaultBcfActorResolver(services);
  const who = (req: FastifyRequest, reply: FastifyReply) => requireActor(resolver, req, reply);
  const p = (req: FastifyRequest) => req.params as Params;
  const q = (req: FastifyRequest) => req.query as api.ODataQuery;
  const topicAt = (req: FastifyRequest): api.TopicAt => ({
    projectGuid: p(req).projectId,
    topicGuid: p(req).topicGuid,
  });
  // Route shells: 201 with the created entity, 204 after a delete.
  type Handler = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  const created = (handler: Handler) => async (req: FastifyRequest, reply: FastifyReply) =>
    reply.status(201).send(await handler(req, reply));
  const noContent = (handler: Handler) => async (req: FastifyRequest, reply: FastifyReply) => {
    await handler(req, reply);
    return reply.status(204).send();
  };
  const base = `${BCF_API_PREFIX}/projects/:projectId`;
  const topic = `${base}/topics/:topicGuid`;
  const viewpoint = `${topic}/viewpoints/:viewpointGuid`;

  // --- Foundation API ---
  app.get(`${FOUNDATION_PREFIX}/versions`, FOUNDATION_ROUTES.versions, async () => ({
    versions: [
      {
        api_id: 'bcf',
        version_id: '3.0',
        detailed_version: 'https://github.com/buildingSMART/BCF-API/tree/release_3_0',
      },
    ],
  }));
  app.get(`${FOUNDATION_PREFIX}/1.0/auth`, FOUNDATION_ROUTES.auth, async (req) => {
    const urls = options.oauth?.(req);
    return {
      oauth2_auth_url: urls?.authorize ?? null,
      oauth2_token_url: urls?.token ?? null,
      oauth2_dynamic_client_reg_url: urls?.register ?? null,
      http_basic_supported: true,
      supported_oauth2_flows: urls ? ['authorization_code_grant'] : [],
    };
  });
  app.get(`${FOUNDATION_PREFIX}/1.0/current-user`, FOUNDATION_ROUTES.currentUser, async (req, reply) => {
    const actor = await who(req, reply);
    const name = [actor.account.name, actor.account.lastName].filter(Boolean).join(' ');
    return { id: actor.account.email, name: name || actor.account.email };
  });

  // --- projects ---
  app.get(`${BCF_API_PREFIX}/projects`, R.listProjects, async (req, reply) =>
    api.listBcfProjects(services, await who(req, reply)),
  );
  app.get(base, R.getProject, async (req, reply) =>
    api.getBcfProject(services, await who(req, reply), p(req).projectId),
  );
  app.get(`${base}/extensions`, R.extensions, async (req, reply) =>
    api.getBcfExtensions(services, await who(req, reply), p(req).projectId),
  );
  app.get(`${base}/files_information`, R.filesInformation, async (req, reply) =>
    api.getBcfFilesInformation(services, await who(req, reply), p(req).projectId),
  );
  app.put(base, R.updateProject, async (req, reply) =>
    api.updateBcfProject(services, await who(req, reply), p(req).projectId, req.body),
  );
  app.get(`${base}/documents`, R.listDocuments, async (req, reply) =>
    (await api.listBcfDocuments(services, await who(req, reply), p(req).projectId)).map((d) => ({
      guid: d.guid,
      filename: d.filename,
      description: d.description ?? null,
    })),
  );
  app.get(`${base}/documents/:documentGuid`, R.getDocument, async (req, reply) => {
    const document = await api.getBcfDocument(
      services,
      await who(req, reply),
      p(req).projectId,
      p(req).documentGuid,
    );
    const bytes = await services.files.store.read(document.storageKey);
    return reply
      .header('content-type', document.contentType)
      .header('content-disposition', attachment(document.filename))
      .send(bytes);
  });

  // Binary bodies (a document, a BIM snippet): any content type, read whole up to the limit.
  void app.register(async (binary) => {
    binary.removeAllContentTypeParsers();
    binary.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: BINARY_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );
    const bytesOf = (req: FastifyRequest) => (Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));
    binary.post(
      `${base}/documents`,
      R.createDocument,
      created(async (req, reply) =>
        api.createBcfDocument(services, await who(req, reply), p(req).projectId, {
          filename: filenameOf(req),
          bytes: bytesOf(req),
          origin: requestOrigin(services, req),
        }),
      ),
    );
    binary.put(
      `${topic}/snippet`,
      R.putSnippet,
      noContent(async (req, reply) =>
        api.putBcfSnippet(services, await who(req, reply), topicAt(req), bytesOf(req)),
      ),
    );
  });
  app.get(`${topic}/snippet`, R.getSnippet, async (req, reply) => {
    const snippet = await api.getBcfSnippet(services, await who(req, reply), topicAt(req));
    return reply
      .header('content-type', 'application/octet-stream')
      .header('content-disposition', attachment(snippet.filename))
      .send(snippet.bytes);
  });

  // --- topics ---
  app.get(`${base}/topics`, R.listTopics, async (req, reply) =>
    api.listBcfTopics(services, await who(req, reply), p(req).projectId, q(req)),
  );
  app.post(
    `${base}/topics`,
    R.createTopic,
    created(async (req, reply) =>
      api.createBcfTopic(services, await who(req, reply), p(req).projectId, req.body),
    ),
  );
  app.get(`${base}/topics/events`, R.topicEvents, async (req, reply) =>
    api.listBcfEvents(services, await who(req, reply), p(req).projectId, 'topic', { query: q(req) }),
  );
  app.get(`${base}/topics/comments/events`, R.commentEvents, async (req, reply) =>
    api.listBcfEvents(services, await who(req, reply), p(req).projectId, 'comment', { query: q(req) }),
  );
  app.get(topic, R.getTopic, async (req, reply) =>
    api.getBcfTopic(services, await who(req, reply), topicAt(req)),
  );
  app.put(topic, R.updateTopic, async (req, reply) =>
    api.updateBcfTopic(services, await who(req, reply), topicAt(req), req.body),
  );
  app.delete(
    topic,
    R.deleteTopic,
    noContent(async (req, reply) => api.deleteBcfTopic(services, await who(req, reply), topicAt(req))),
  );
  app.get(`${topic}/files`, R.getTopicFiles, async (req, reply) =>
    api.getBcfTopicFiles(services, await who(req, reply), topicAt(req)),
  );
  app.put(`${topic}/files`, R.putTopicFiles, async (req, reply) =>
    api.putBcfTopicFiles(services, await who(req, reply), topicAt(req), req.body),
  );
  app.put(`${topic}/document_references/:referenceGuid`, R.putDocumentReference, async (req, reply) =>
    api.putBcfDocumentReference(
      services,
      await who(req, reply),
      topicAt(req),
      (req.params as { referenceGuid: string }).referenceGuid,
      req.body,
    ),
  );
  app.delete(
    `${topic}/document_references/:referenceGuid`,
    R.deleteDocumentReference,
    noContent(async (req, reply) =>
      api.deleteBcfDocumentReference(
        services,
        await who(req, reply),
        topicAt(req),
        (req.params as { referenceGuid: string }).referenceGuid,
      ),
    ),
  );
  app.get(`${topic}/related_topics`, R.getRelatedTopics, async (req, reply) =>
    api.getBcfRelatedTopics(services, await who(req, reply), topicAt(req)),
  );
  app.put(`${topic}/related_topics`, R.putRelatedTopics, async (req, reply) =>
    api.putBcfRelatedTopics(services, await who(req, reply), topicAt(req), req.body),
  );
  app.get(`${topic}/document_references`, R.getDocumentReferences, async (req, reply) =>
    api.getBcfDocumentReferences(services, await who(req, reply), topicAt(req)),
  );
  app.post(
    `${topic}/document_references`,
    R.addDocumentReference,
    created(async (req, reply) =>
      api.addBcfDocumentReference(services, await who(req, reply), topicAt(req), req.body),
    ),
  );
  app.get(`${topic}/events`, R.topicEventsOfTopic, async (req, reply) =>
    api.listBcfEvents(services, await who(req, reply), p(req).projectId, 'topic', {
      topicGuid: p(req).topicGuid,
      query: q(req),
    }),
  );

  // --- comments ---
  app.get(`${topic}/comments`, R.listComments, async (req, reply) =>
    api.listBcfComments(services, await who(req, reply), topicAt(req), q(req)),
  );
  app.post(
    `${topic}/comments`,
    R.createComment,
    created(async (req, reply) =>
      api.createBcfComment(services, await who(req, reply), topicAt(req), req.body),
    ),
  );
  app.get(`${topic}/comments/:commentGuid`, R.getComment, async (req, reply) =>
    api.getBcfComment(services, await who(req, reply), topicAt(req), p(req).commentGuid),
  );
  app.put(`${topic}/comments/:commentGuid`, R.updateComment, async (req, reply) =>
    api.updateBcfComment(services, await who(req, reply), topicAt(req), p(req).commentGuid, req.body),
  );
  app.delete(
    `${topic}/comments/:commentGuid`,
    R.deleteComment,
    noContent(async (req, reply) =>
      api.deleteBcfComment(services, await who(req, reply), topicAt(req), p(req).commentGuid),
    ),
  );
  app.get(`${topic}/comments/:commentGuid/events`, R.commentEventsOfComment, async (req, reply) =>
    api.listBcfEvents(services, await who(req, reply), p(req).projectId, 'comment', {
      topicGuid: p(req).topicGuid,
      commentGuid: p(req).commentGuid,
      query: q(req),
    }),
  );

  // --- viewpoints ---
  app.get(`${topic}/viewpoints`, R.listViewpoints, async (req, reply) =>
    api.listBcfViewpoints(services, await who(req, reply), topicAt(req)),
  );
  app.post(
    `${topic}/viewpoints`,
    { ...R.createViewpoint, bodyLimit: VIEWPOINT_BODY_LIMIT },
    created(async (req, reply) =>
      api.createBcfViewpoint(services, await who(req, reply), topicAt(req), req.body),
    ),
  );
  const ids = (req: FastifyRequest) => ({
    projectGuid: p(req).projectId,
    topicGuid: p(req).topicGuid,
    viewpointGuid: p(req).viewpointGuid,
  });
  for (const part of ['selection', 'coloring', 'visibility'] as const)
    app.get(`${viewpoint}/${part}`, R.viewpointPart(part), async (req, reply) =>
      api.getBcfViewpoint(services, await who(req, reply), ids(req), part),
    );
  app.get(viewpoint, R.getViewpoint, async (req, reply) =>
    api.getBcfViewpoint(services, await who(req, reply), ids(req), 'viewpoint'),
  );
  app.delete(
    viewpoint,
    R.deleteViewpoint,
    noContent(async (req, reply) => api.deleteBcfViewpoint(services, await who(req, reply), ids(req))),
  );
  app.get(`${viewpoint}/snapshot`, R.getSnapshot, async (req, reply) => {
    const image = await api.getBcfSnapshot(services, await who(req, reply), ids(req));
    return reply.header('content-type', image.contentType).send(image.bytes);
  });
  app.get(`${viewpoint}/bitmaps/:bitmapGuid`, R.getBitmap, async (req, reply) => {
    const image = await api.getBcfBitmap(services, await who(req, reply), {
      ...ids(req),
      bitmapGuid: p(req).bitmapGuid,
    });
    return reply.header('content-type', image.contentType).send(image.bytes);
  });
}
