import type { AppServices } from '../services.ts';

/**
 * A lightweight change event of a project, as published on the app pub/sub. It carries ids only: each
 * subscriber re-loads what it may see with its own visibility before anything is sent to a client.
 */
export interface ProjectEvent {
  kind: 'issue' | 'comment' | 'notifications';
  action: 'created' | 'updated' | 'deleted';
  projectId: number;
  issueId: number;
  commentId?: number;
  /** notifications: the users whose unread marks on the issue changed. */
  userIds?: number[];
  /** A deleted issue: its visibility facts, so that only those who saw it hear of its deletion. */
  facts?: { visibility: string; createdByUserId: number; groupId: number | null };
}

/** The pub/sub channel of project events; the topic id is the configured prefix and the project id. */
export const PROJECT_EVENTS_CHANNEL = 'project:events';

/** The topic id of a project's events (the prefix keeps deployments sharing one Redis apart). */
export function projectTopic(services: Pick<AppServices, 'config'>, projectId: number): string {
  return `${services.config.redisChannelPrefix}${projectId}`;
}

/**
 * Publishes the events of a committed unit of work (db/unit-of-work.ts is the only caller: code emits with
 * `emitProjectEvent` inside a unit of work). A publish that fails is logged; the writes have committed anyway.
 */
export function publishProjectEvents(
  services: Pick<AppServices, 'pubsub' | 'config' | 'logger'>,
  events: readonly ProjectEvent[],
): void {
  for (const event of events) {
    try {
      services.pubsub.publish(PROJECT_EVENTS_CHANNEL, projectTopic(services, event.projectId), event);
    } catch (error) {
      services.logger.error({ err: error, event }, 'project event not published');
    }
  }
}

/**
 * Maps a stream of events to what a subscriber may receive, skipping those that give nothing. Closing the
 * result closes the source at once (an async generator would wait for the next event first).
 */
export function filterMapEvents<T, U>(
  source: AsyncIterable<T>,
  map: (event: T) => Promise<U | undefined>,
): AsyncIterableIterator<U> {
  const iterator = source[Symbol.asyncIterator]();
  const done = (): IteratorResult<U> => ({ done: true, value: undefined });
  const self: AsyncIterableIterator<U> = {
    async next() {
      for (;;) {
        const result = await iterator.next();
        if (result.done) return done();
        const value = await map(result.value);
        if (value !== undefined) return { done: false, value };
      }
    },
    async return() {
      await iterator.return?.();
      return done();
    },
    async throw(error: unknown) {
      await iterator.return?.();
      throw error;
    },
    [Symbol.asyncIterator]() {
      return self;
    },
  };
  return self;
}
