// Issue 12: when Redis (live updates across processes) went away and came back, the websockets stayed open and
// their subscriptions resumed, but every event published meanwhile was lost and clients were never told: a
// screen stayed stale until a reload. Now the server ends each websocket with 1013 (Try Again Later) when Redis
// delivery is back; a client that reconnects as the web app does (apps/web/src/lib/graphql-client.ts) subscribes
// again and reloads what it shows (its live-resume signal, tested in graphql-client.test.ts). On a Redis server
// of the test's own (support/own-redis.ts), killed and started again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { buildIssueWorld, CREATE_ISSUE, draft } from '../issues/issue-test-kit.ts';
import { CREATE_COMMENT } from '../issues/comment-test-kit.ts';
import { startOwnRedis, type OwnRedis } from './support/own-redis.ts';
import { gqlAt } from './support/gql-client.ts';
import { listenToComments } from './support/comment-listener.ts';
import { waitUntil } from './support/ports.ts';

let redis: OwnRedis;
let t: TestServer | undefined;

beforeAll(async () => {
  redis = await startOwnRedis();
});
afterAll(async () => {
  await t?.close().catch(() => undefined);
  await redis?.destroy();
});

describe('live subscriptions across a Redis outage', () => {
  it('end the socket with 1013 when Redis delivery is back, and deliver again to the reconnected client', async () => {
    const server = await startTestServer({
      REDIS_URL: redis.url,
      REDIS_CHANNEL_PREFIX: 'outage:',
      RATE_LIMIT_MULTIPLIER: '1000',
    });
    t = server;
    expect(server.server.services.pubsub.distributed).toBe(true);
    const w = await buildIssueWorld(server);
    const created = await gqlAt<{ createIssue: { id: number } }>(server.url, CREATE_ISSUE, draft(w), {
      token: w.creator.token,
    });
    const issueId = created.data?.createIssue.id ?? 0;
    const comment = async (message: string): Promise<void> => {
      const answer = await gqlAt<{ createProjectIssueComment: { id: number } }>(
        server.url,
        CREATE_COMMENT,
        { projectId: w.projectId, issueId, message, visibility: 'public' },
        { token: w.creator.token, timeoutMs: 15_000 },
      );
      expect(answer.errors).toBeUndefined();
    };

    // A client that reconnects as the web app's does (graphql-ws, retrying every close).
    const listener = listenToComments(server.url, w.collaboratorSame.token, w.projectId);
    const { events, errors, closeCodes } = listener;
    const delivered = (label: string) =>
      waitUntil(
        label,
        async () => {
          const marker = `${label} ${Date.now()}`;
          await comment(marker);
          await new Promise((r) => setTimeout(r, 300));
          return events.find((e) => e.comment.message === marker);
        },
        45_000,
        0,
      );
    try {
      await delivered('before the outage');
      expect(listener.connections()).toBe(1);

      await redis.kill();
      // Written and acknowledged while Redis is away: its event cannot reach the subscriber.
      await comment('during the outage');
      expect(closeCodes).toEqual([]);

      await redis.start();
      await waitUntil(
        'the socket to be closed once Redis is back',
        async () => (closeCodes.length > 0 ? true : undefined),
        30_000,
      );
      expect(closeCodes[0]).toBe(1013);
      const seen = await delivered('after the outage');
      expect(seen).toMatchObject({ kind: 'created', issueId });
      expect(listener.connections()).toBeGreaterThan(1);
      // The subscription itself never failed: it was carried over to the new connection.
      expect(errors).toEqual([]);
    } finally {
      await listener.close();
    }
  });
});
