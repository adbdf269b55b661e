import type { FastifyInstance } from 'fastify';
import { errorMessage, httpStatusOf } from '@obra/domain';
import { requestLocale } from '../request-locale.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { PROFILE_IMAGE_NAME, profileImageKey } from '../../storage/profile-image-files.ts';
import { FILE_CSP } from './file-routes.ts';
import { FILE_TRANSFER_ROUTES } from '../openapi-platform.ts';

/** How long browsers and proxies keep a profile image: its URL never points at other bytes, so for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * GET /profile-images/<uuid>.webp: a re-encoded profile image, to anyone who has the address (no signature and
 * no bearer token, so it can be stored in the owner's column and cached; the random id is the secret, see
 * docs/security.md). Read through Obra from either store (they are a few kilobytes), served as WebP that never
 * runs as a page.
 */
export function registerProfileImageRoutes(app: FastifyInstance, files: FileStorage): void {
  app.get('/profile-images/:name', FILE_TRANSFER_ROUTES.profileImage, async (req, reply) => {
    const { name } = req.params as { name: string };
    const notFound = () =>
      reply
        .status(httpStatusOf('NOT_FOUND'))
        .send({ code: 'NOT_FOUND', message: errorMessage(requestLocale(req.headers), 'NOT_FOUND') });
    const key = PROFILE_IMAGE_NAME.test(name) ? profileImageKey(name.slice(0, -'.webp'.length)) : undefined;
    if (!key || !(await files.store.stat(key))) return notFound();
    let bytes: Buffer;
    try {
      bytes = await files.store.read(key);
    } catch (error) {
      // Removed between the two calls (a replaced image cleaned up): as if it had never been there.
      if (!(await files.store.stat(key))) return notFound();
      throw error;
    }
    return reply
      .header('content-type', 'image/webp')
      .header('cache-control', IMMUTABLE)
      .header('content-security-policy', FILE_CSP)
      .header('content-disposition', 'inline')
      .send(bytes);
  });
}
