import { requireActor } from '../context.ts';
import type { Resolvers } from '../generated/resolvers-types.ts';
import { API_VERSION } from './base-resolvers.ts';
import { sendSupportMessage, supportInfo } from '../../modules/support/support-service.ts';

/** The support page: its server facts and the contact form. */
export const supportResolvers: Resolvers = {
  Query: {
    supportInfo: (_r, _args, ctx) => {
      requireActor(ctx);
      return { ...supportInfo(ctx.services), apiVersion: API_VERSION };
    },
    embeddingHosts: (_r, _args, ctx) => ctx.services.config.embeddingHosts,
    showroomOpen: (_r, _args, ctx) => ctx.services.config.env !== 'production',
  },
  Mutation: {
    sendSupportMessage: (_r, { input }, ctx) => sendSupportMessage(ctx.services, requireActor(ctx), input),
  },
};
