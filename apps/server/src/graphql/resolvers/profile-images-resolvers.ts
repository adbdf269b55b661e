import { requireActor } from '../context.ts';
import type { Resolvers } from '../generated/resolvers-types.ts';
import {
  confirmProfileImageUpload,
  createProfileImageUpload,
} from '../../modules/profile-images/profile-image-service.ts';
import type { ProfileImageKind } from '@obra/domain';

/** Profile image uploads (issue 4; editor §5.3); the owners' mutations take the resulting URL. */
export const profileImagesResolvers: Resolvers = {
  Mutation: {
    createProfileImageUpload: (_r, { kind, filename }, ctx) =>
      createProfileImageUpload(ctx.services, requireActor(ctx), { kind, filename, origin: ctx.origin }),
    confirmProfileImageUpload: async (_r, { fileId }, ctx) => {
      const image = await confirmProfileImageUpload(ctx.services, requireActor(ctx), fileId);
      return {
        fileId: image.guid,
        kind: image.kind as ProfileImageKind,
        url: image.url,
        width: image.width,
        height: image.height,
        size: image.size,
      };
    },
  },
};
