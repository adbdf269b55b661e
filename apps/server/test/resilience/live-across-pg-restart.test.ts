// Issue 12 #12: a PostgreSQL restart silently ended live subscriptions while the socket stayed open (an event
// delivered while the database was away failed the subscription alone), so clients neither reconnected nor
// subscribed again. Now the server ends the socket with 1013 (Try Again Later) and a client that reconnects as
// the web app does gets its subscriptions back. On a PostgreSQL cluster of the test's own (support/own-postgres.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { buildIssueWorld, CREATE_ISSUE, draft } from '../issues/issue-test-kit.ts';
import { CREATE_COMMENT } from '../issues/comment-test-kit.ts';
import { PROJECT_EVENTS_CHANNEL, projectTopic } from '../../src/realtime/project-events.ts';
import { startOwnPostgres, type OwnPostgres } from './support/own-postgres.ts';
import { gqlAt } from './support/gql-client.ts';
import { listenToComments } from './support/comment-listener.ts';
import { waitUntil } from './support/ports.ts';

let postgres: OwnPostgres;
let t: TestServer | undefined;
let dataDir: string;

beforeAll(async () => {
  postgres = await startOwnPostgres();
});
afterAll(async () => {
  await t?.close({ keepData: true }).catch(() => undefined);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  await postgres?.destroy();
});

describe('live subscriptions across a PostgreSQL restart', () => {
  it('end the socket with 1013 when an event meets the database away, and come back for a reconnecting client', async () => {
    const url = await postgres.createDatabase('obra_live_restart');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obra-live-'));
    const server = await startTestServer(
      { DATABASE_URL: url, RATE_LIMIT_MULTIPLIER: '1000' },
      { dataDir, database: { url, drop: async () => undefined } },
    );
    t = server;
    const w = await buildIssueWorld(server);
    const created = await gqlAt<{ createIssue: { id: number } }>(server.url, CREATE_ISSUE, draft(w), {
      token: w.creator.token,
    });
    const issueId = created.data?.createIssue.id ?? 0;
    const comment = async (message: string): Promise<number> => {
      const answer = await gqlAt<{ createProjectIssueComment: { id: number } }>(
        server.url,
        CREATE_COMMENT,
        { projectId: w.projectId, issueId, message, visibility: 'public' },
        { token: w.creator.token, timeoutMs: 15_000 },
      );
      return answer.data?.createProjectIssueComment.id ?? 0;
    };

    // A client that reconnects as the web app's does (graphql-ws, retrying every close).
    const listener = listenToComments(server.url, w.collaboratorSame.token, w.projectId);
    const { events, errors, closeCodes } = listener;
    try {
      await waitUntil(
        'the subscription to be live',
        async () => {
          const marker = `antes ${Date.now()}`;
          await comment(marker);
          await new Promise((r) => setTimeout(r, 200));
          return events.some((e) => e.comment.message === marker) ? true : undefined;
        },
        30_000,
        0,
      );
      const commentId = await comment('confirmado antes da parada');

      await postgres.stop('immediate');
      // An event committed just before the stop, delivered while the database is away.
      server.server.services.pubsub.publish(
        PROJECT_EVENTS_CHANNEL,
        projectTopic(server.server.services, w.projectId),
        { kind: 'comment', action: 'updated', projectId: w.projectId, issueId, commentId },
      );
      await waitUntil(
        'the socket to be closed',
        async () => (closeCodes.length > 0 ? true : undefined),
        20_000,
      );
      expect(closeCodes[0]).toBe(1013);

      await postgres.start();
      const seen = await waitUntil(
        'a comment made after the restart to reach the subscriber again',
        async () => {
          const marker = `depois ${Date.now()}`;
          await comment(marker);
          await new Promise((r) => setTimeout(r, 300));
          return events.find((e) => e.comment.message === marker);
        },
        45_000,
        0,
      );
      expect(seen).toMatchObject({ kind: 'created', issueId });
      expect(listener.connections()).toBeGreaterThan(1);
      // The subscription itself never failed: it was carried over to the new connection.
      expect(errors).toEqual([]);
    } finally {
      await listener.close();
    }
  });
});
