import { requireActor } from '../context.ts';
import type { Resolvers } from '../generated/resolvers-types.ts';
import { myDownloads } from '../../modules/downloads/downloads-service.ts';

/** The Downloads page: the caller's own preparations. */
export const downloadsResolvers: Resolvers = {
  Query: {
    myDownloads: (_r, _args, ctx) => myDownloads(ctx.services, requireActor(ctx), ctx.origin),
  },
};
