import { requireActor } from '../context.ts';
import type { Resolvers } from '../generated/resolvers-types.ts';
import {
  createSavedView,
  deleteSavedView,
  listSavedViews,
  updateSavedView,
} from '../../modules/saved-views/saved-view-service.ts';

/** Saved views of the issue list (issue 21). */
export const savedViewsResolvers: Resolvers = {
  Query: {
    savedViews: (_r, { projectId }, ctx) => listSavedViews(ctx.services, requireActor(ctx), projectId),
  },
  Mutation: {
    createSavedView: (_r, { projectId, input }, ctx) =>
      createSavedView(ctx.services, requireActor(ctx), projectId, input),
    updateSavedView: (_r, { projectId, viewId, input }, ctx) =>
      updateSavedView(ctx.services, requireActor(ctx), projectId, viewId, input),
    deleteSavedView: (_r, { projectId, viewId }, ctx) =>
      deleteSavedView(ctx.services, requireActor(ctx), projectId, viewId),
  },
};
