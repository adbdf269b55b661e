import { requireActor } from '../context.ts';
import type { Resolvers } from '../generated/resolvers-types.ts';
import {
  earnedValueDashboard,
  matrixDashboard,
  statusDashboard,
} from '../../modules/dashboards/dashboard-service.ts';

/** The project dashboards (docs/dashboards.md): each query calls its service and returns what it computed. */
export const dashboardsResolvers: Resolvers = {
  Query: {
    dashboardStatus: async (_r, args, ctx) => {
      const d = await statusDashboard(ctx.services, requireActor(ctx), args);
      return {
        ...d,
        points: d.points.map((p) => ({ start: p.start, raised: p.raised, ...p.counts })),
      };
    },
    dashboardDisciplinesPriorities: (_r, args, ctx) =>
      matrixDashboard(ctx.services, requireActor(ctx), 'disciplines-priorities', args),
    dashboardLocalsPriorities: (_r, args, ctx) =>
      matrixDashboard(ctx.services, requireActor(ctx), 'locals-priorities', args),
    dashboardLocalsDisciplines: (_r, args, ctx) =>
      matrixDashboard(ctx.services, requireActor(ctx), 'locals-disciplines', args),
    dashboardEarnedValue: (_r, args, ctx) => earnedValueDashboard(ctx.services, requireActor(ctx), args),
  },
};
