import { describe, expect, it } from 'vitest';
import pino from 'pino';
import WebSocket from 'ws';
import { createClient } from 'graphql-ws';
import { createAppPubSub } from '../src/realtime/pubsub.ts';
import { startTestServer } from './support/test-server.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('graphql-ws subscriptions on /graphql', () => {
  it('pushes serverStatus shutting_down to a subscribed client when its server stops', async () => {
    const t = await startTestServer();
    const client = createClient({
      url: `${t.url.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      retryAttempts: 0,
    });
    const received: unknown[] = [];
    const subscribed = new Promise<void>((resolve, reject) => {
      client.on('connected', () => resolve());
      client.subscribe(
        { query: 'subscription { serverStatus { state at } }' },
        { next: (value) => received.push(value), error: reject, complete: () => undefined },
      );
    });
    await subscribed;
    // The subscription is registered once the server has handled the subscribe message.
    await new Promise((r) => setTimeout(r, 200));
    await t.close();
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ data: { serverStatus: { state: 'shutting_down' } } });
    await client.dispose();
  });

  it('answers a subscription with a syntax error with an error, and keeps the socket usable', async () => {
    const t = await startTestServer();
    const client = createClient({
      url: `${t.url.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      retryAttempts: 0,
    });
    try {
      const error = await new Promise<unknown>((resolve) => {
        client.subscribe(
          { query: 'subscription { serverStatus { ' },
          { next: () => undefined, error: resolve, complete: () => resolve(null) },
        );
      });
      // Answered in the connection's language, with the parse failure's code.
      expect(JSON.stringify(error)).toMatch(/"code":"GRAPHQL_PARSE_FAILED"/);
      const value = await new Promise<unknown>((resolve, reject) => {
        client.subscribe(
          { query: '{ apiVersion }' },
          { next: resolve, error: reject, complete: () => undefined },
        );
      });
      expect(value).toEqual({ data: { apiVersion: '1' } });
    } finally {
      await client.dispose();
      await t.close();
    }
  });
});

describe('pub/sub across processes through Redis', () => {
  it('delivers an event published by one instance to a subscriber of another', async () => {
    const logger = pino({ level: 'silent' });
    const a = createAppPubSub(REDIS_URL, logger);
    const b = createAppPubSub(REDIS_URL, logger);
    try {
      expect(a.distributed && b.distributed).toBe(true);
      const iterator = b.subscribe('server:status', 'instance-x')[Symbol.asyncIterator]();
      const next = iterator.next();
      // Give the subscribe client time to register the channel with Redis.
      await new Promise((r) => setTimeout(r, 300));
      a.publish('server:status', 'instance-x', { state: 'maintenance', at: '2026-01-01T00:00:00.000Z' });
      const result = await next;
      expect(result.value).toEqual({ state: 'maintenance', at: '2026-01-01T00:00:00.000Z' });
      await iterator.return?.();
    } finally {
      await a.close();
      await b.close();
    }
  });
});
