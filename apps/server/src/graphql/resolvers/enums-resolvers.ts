import { projectEnums, standardDisciplines } from '../../modules/enums/enum-service.ts';
import type { Resolvers } from '../generated/resolvers-types.ts';

/** projectEnums and standardDisciplines (spec core §7). */
export const enumsResolvers: Resolvers = {
  Query: {
    projectEnums: (_root, _args, ctx) => projectEnums(ctx.locale),
    standardDisciplines: (_root, _args, ctx) => standardDisciplines(ctx.services.database.db, ctx.locale),
  },
};
