import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorMessage, httpStatusOf, type ErrorCode } from '@obra/domain';
import { requestLocale } from '../request-locale.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { UploadSealedError, UploadTooLargeError } from '../../storage/local-file-store.ts';
import { FILE_TRANSFER_ROUTES } from '../openapi-platform.ts';

/** A served file never runs as a page: no scripts, no plugins, no frames, even if its bytes say otherwise. */
export const FILE_CSP =
  "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

function refuse(
  req: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  details?: Record<string, unknown>,
): FastifyReply {
  return reply.status(httpStatusOf(code)).send({
    code,
    message: errorMessage(requestLocale(req.headers), code, details),
    ...(details ? { details } : {}),
  });
}

/**
 * GET/HEAD /files/<key> (signed download: streamed from disk, or redirected to the bucket) and, for the local
 * store, PUT /files/<key> (signed upload with its size limit). No bearer token: the signature is the permission.
 */
export async function registerFileRoutes(app: FastifyInstance, files: FileStorage): Promise<void> {
  await app.register(async (scope) => {
    // Upload bodies are raw bytes of any type; they stream to the store instead of being parsed.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));

    scope.route({
      method: ['GET', 'HEAD'],
      url: '/files/*',
      // Sent byte for byte with their length (images and documents, mostly compressed already).
      ...FILE_TRANSFER_ROUTES.download,
      config: { compress: false },
      handler: async (req, reply) => {
        const key = (req.params as { '*': string })['*'];
        const verified = files.signer.verify('GET', key, req.query as Record<string, unknown>);
        if (!verified || verified.method !== 'GET') return refuse(req, reply, 'FORBIDDEN');
        const answer = await files.store.download(key, { contentType: verified.contentType });
        if (!answer) return refuse(req, reply, 'NOT_FOUND');
        if ('redirect' in answer) return reply.redirect(answer.redirect, 302);
        const expires = Number((req.query as Record<string, string>)['expires']);
        const maxAge = Math.max(0, expires - Math.floor(Date.now() / 1000));
        reply
          .header('content-type', verified.contentType)
          .header('content-length', String(answer.size))
          .header('cache-control', `private, max-age=${maxAge}`)
          .header('content-security-policy', FILE_CSP)
          .header('content-disposition', 'inline');
        if (req.method === 'HEAD') {
          answer.stream.destroy();
          return reply.send();
        }
        return reply.send(answer.stream);
      },
    });

    scope.put('/files/*', FILE_TRANSFER_ROUTES.upload, async (req, reply) => {
      const key = (req.params as { '*': string })['*'];
      const local = files.local;
      if (!local) return refuse(req, reply, 'NOT_FOUND');
      const verified = files.signer.verify('PUT', key, req.query as Record<string, unknown>);
      if (!verified || verified.method !== 'PUT') return refuse(req, reply, 'FORBIDDEN');
      try {
        await local.receive(key, req.raw, verified.maxBytes);
      } catch (error) {
        if (error instanceof UploadTooLargeError)
          // The limit of this address: the declared size of a drive upload, the 5 MB of an image.
          return refuse(req, reply.header('connection', 'close'), 'FILE_SIZE_LIMIT_EXCEEDED', {
            max: verified.maxBytes,
          });
        if (error instanceof UploadSealedError) return refuse(req, reply, 'FORBIDDEN');
        throw error;
      }
      return reply.status(200).send();
    });
  });
}
