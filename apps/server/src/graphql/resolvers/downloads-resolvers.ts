import { AppError } from '@obra/domain';
import { requireActor } from '../context.ts';
import type { Resolvers } from '../generated/resolvers-types.ts';
import { myDownloads } from '../../modules/downloads/downloads-service.ts';
import { startExportJob } from '../../modules/downloads/export-job-service.ts';
import {
  acknowledgeDownloads,
  DOWNLOADS_CHANNEL,
  downloadsTopic,
  type DownloadReadyEvent,
} from '../../modules/downloads/download-notices.ts';
import { filterMapEvents } from '../../realtime/project-events.ts';
import { currentSubscriber } from '../../realtime/subscriber-access.ts';

/** The Downloads page: the caller's own preparations, background exports and their "ready" notices. */
export const downloadsResolvers: Resolvers = {
  Query: {
    myDownloads: (_r, _args, ctx) => myDownloads(ctx.services, requireActor(ctx), ctx.origin),
  },
  Mutation: {
    prepareIssueExport: async (_r, { input }, ctx) => {
      const actor = requireActor(ctx);
      const { id } = await startExportJob(ctx.services, actor, {
        projectId: input.projectId,
        format: input.format,
        filter: input.filter ?? undefined,
        ids: input.ids ?? undefined,
        locale: input.locale ?? actor.account.localeId ?? 'en',
        separator: (input.separator ?? undefined) as 'comma' | 'semicolon' | undefined,
        comments: input.comments ?? undefined,
        history: input.history ?? undefined,
        images: input.images ?? undefined,
      });
      return id;
    },
    acknowledgeDownloads: (_r, { ids }, ctx) => acknowledgeDownloads(ctx.services, requireActor(ctx), ids),
  },
  Subscription: {
    myDownloadReady: {
      // The person's own topic; each notice is delivered only while their session is still open.
      subscribe: (_r, _args, ctx) => {
        const actor = requireActor(ctx);
        const source = ctx.services.pubsub.subscribe(
          DOWNLOADS_CHANNEL,
          downloadsTopic(ctx.services, actor.account.id),
        ) as AsyncIterable<DownloadReadyEvent>;
        return filterMapEvents(source, async (event) => {
          const subscriber = await currentSubscriber(ctx.services, actor);
          if (subscriber.ended) {
            ctx.live?.close(subscriber.ended);
            throw new AppError('UNAUTHENTICATED');
          }
          return event;
        }) as never;
      },
      resolve: (payload: DownloadReadyEvent) => payload,
    },
  },
};
