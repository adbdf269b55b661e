import { RETROSPECTIVE_YEAR } from '@obra/domain';
import { requireActor } from '../context.ts';
import { presentRetrospective } from './retrospective-presenters.ts';
import type { Resolvers } from '../generated/resolvers-types.ts';
import { myRetrospective } from '../../modules/retrospective/retrospective-service.ts';

/** The caller's yearly retrospective (editor §2.2, §9). */
export const retrospectiveResolvers: Resolvers = {
  Query: {
    retrospective: async (_r, { year }, ctx) =>
      presentRetrospective(
        await myRetrospective(ctx.services, requireActor(ctx), year ?? RETROSPECTIVE_YEAR),
      ),
  },
};
