import { createPubSub, type PubSub as YogaPubSub } from 'graphql-yoga';
import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { ProjectEvent } from './project-events.ts';
import type { AccessNotice } from './access-notices.ts';
import type { DownloadReadyEvent } from '../modules/downloads/download-notices.ts';

/** A server operational notice. */
export interface ServerStatusEvent {
  state: 'ready' | 'shutting_down' | 'maintenance';
  at: string;
}

/** Every channel and its payload. Later areas add their channels here. */
export interface PubSubChannels {
  [key: string]: [unknown] | [string | number, unknown];
  /** Per process: a notice about one server goes only to the clients connected to it. */
  'server:status': [string, ServerStatusEvent];
  /** Per project (topic: channel prefix + project id): issue, comment and notification changes. */
  'project:events': [string, ProjectEvent];
  /** Per deployment (topic: channel prefix + 'access'): a person's sessions or company changed. */
  'account:access': [string, AccessNotice];
  /** Per person (topic: channel prefix + 'downloads:' + user id): one of their preparations ended. */
  'account:downloads': [string, DownloadReadyEvent];
  /** Per deployment (topic: channel prefix + 'writes'): a person's write committed (read replicas' read-your-writes). */
  'account:writes': [string, { accountId: number }];
}

/** Publish/subscribe across the process, or across processes through Redis when configured. */
export type PubSub = YogaPubSub<PubSubChannels> & {
  close(): Promise<void>;
  readonly distributed: boolean;
  /**
   * Calls `listener` each time delivery comes back after Redis was away: whatever was published meanwhile never
   * reached the subscribers (live clients must reload what they show). Returns the unsubscribe function.
   */
  onRecovered(listener: () => void): () => void;
};

/** Creates the process's pub/sub: in-process by default, Redis-backed when a URL is given. */
export function createAppPubSub(redisUrl: string | undefined, logger: Logger): PubSub {
  if (!redisUrl) {
    const local = createPubSub<PubSubChannels>();
    // In one process, delivery never stops.
    return Object.assign(local, {
      close: async () => undefined,
      distributed: false,
      onRecovered: () => () => undefined,
    });
  }
  const options = { maxRetriesPerRequest: null, enableOfflineQueue: true, lazyConnect: false };
  const publishClient = new Redis(redisUrl, options);
  const subscribeClient = new Redis(redisUrl, options);
  for (const client of [publishClient, subscribeClient]) {
    // ioredis reconnects by itself; log the outage instead of crashing the process.
    client.on('error', (error: Error) => logger.warn({ err: error.message }, 'redis connection error'));
  }
  // The subscribing connection is the one that matters: ioredis subscribes again when it reconnects, but what
  // was published while it was away is lost.
  const recovered = new Set<() => void>();
  let ready = false;
  let lost = false;
  subscribeClient.on('ready', () => {
    ready = true;
    if (!lost) return;
    lost = false;
    logger.info('redis delivery is back: live clients reload');
    for (const listener of [...recovered]) listener();
  });
  subscribeClient.on('close', () => {
    if (ready) lost = true;
    ready = false;
  });
  const eventTarget = createRedisEventTarget({ publishClient, subscribeClient });
  const pubsub = createPubSub<PubSubChannels>({ eventTarget });
  return Object.assign(pubsub, {
    distributed: true,
    onRecovered: (listener: () => void) => {
      recovered.add(listener);
      return () => recovered.delete(listener);
    },
    close: async () => {
      publishClient.disconnect();
      subscribeClient.disconnect();
    },
  });
}
