// Issue 12 #10: a subscription opened before a person's access ended must not go on streaming. Each event is
// checked against the subscriber's access at delivery time, and sign-out and removal from the company close the
// socket at once.
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import type { TestUser } from '../support/factories.ts';
import { refreshTokens } from '../../src/db/schema/index.ts';
import { sha256 } from '../../src/auth/secrets.ts';
import { decodeJwt } from 'jose';
import { call } from '../projects/project-test-kit.ts';
import { loadSigningKeys } from '../../src/auth/token-keys.ts';
import { createAccessTokens } from '../../src/auth/access-token.ts';
import { buildIssueWorld, createIssueAs, draft, type IssueWorld } from './issue-test-kit.ts';
import { CREATE_COMMENT } from './comment-test-kit.ts';
import {
  COMMENT_CHANGED,
  ISSUE_CHANGED,
  subscribeAs,
  untilLive,
  type CommentChange,
  type LiveSubscription,
} from './subscription-test-kit.ts';

interface IssueChange {
  issueId: number;
  issue: { title: string } | null;
}

let t: TestServer;
let w: IssueWorld;

beforeAll(async () => {
  t = await startTestServer();
  w = await buildIssueWorld(t);
});
afterAll(async () => {
  await t.close();
});

/** A second signed-in session of a user whose refresh token is known, so that it can sign out. */
async function newSession(user: TestUser): Promise<{ user: TestUser; refreshToken: string }> {
  const refreshToken = randomBytes(32).toString('base64url');
  const familyId = randomUUID();
  await t.server.services.database.db.insert(refreshTokens).values({
    userId: user.id,
    familyId,
    tokenHash: sha256(refreshToken),
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  const token = await t.server.services.auth.accessTokens.issue(user.id, familyId);
  return { user: { ...user, token }, refreshToken };
}

/** A subscriber of issue and comment changes, live, beside a witness (the creator) who keeps their access. */
async function liveSubscriber(user: TestUser, connectionParams?: Record<string, string>) {
  const issues = await subscribeAs<IssueChange>(
    t,
    user,
    ISSUE_CHANGED,
    { projectId: w.projectId },
    'projectIssueChanged',
    connectionParams,
  );
  const comments = await subscribeAs<CommentChange>(
    t,
    user,
    COMMENT_CHANGED,
    { projectId: w.projectId },
    'projectIssueCommentChanged',
    connectionParams,
  );
  const witness = await subscribeAs<IssueChange>(
    t,
    w.creator,
    ISSUE_CHANGED,
    { projectId: w.projectId },
    'projectIssueChanged',
  );
  const issueId = await createIssueAs(t, w.creator, draft(w, { title: 'aquecimento' }));
  await untilLive([issues, witness], async () => {
    await createIssueAs(t, w.creator, draft(w, { title: 'aquecimento' }));
  });
  await untilLive([comments], async () => {
    await call(t, w.creator, CREATE_COMMENT, {
      projectId: w.projectId,
      issueId,
      message: 'aquecimento',
      visibility: 'public',
    });
  });
  return { issues, comments, witness, issueId };
}

/** Writes a comment and a new issue, and waits until the witness has been pushed the issue and each of the
 * subscriber's sockets was either pushed what was written or closed. */
async function writeAfterwards(
  issueId: number,
  witness: LiveSubscription<IssueChange>,
  issues: LiveSubscription<IssueChange>,
  comments: LiveSubscription<CommentChange>,
): Promise<void> {
  await call(t, w.creator, CREATE_COMMENT, {
    projectId: w.projectId,
    issueId,
    message: 'comentário secreto',
    visibility: 'public',
  });
  const secret = await createIssueAs(t, w.creator, draft(w, { title: 'título secreto' }));
  await witness.waitFor((e) => e.issueId === secret);
  await Promise.race([issues.waitFor((e) => e.issueId === secret), issues.waitForClose()]);
  await Promise.race([
    comments.waitFor((e) => e.comment.message === 'comentário secreto'),
    comments.waitForClose(),
  ]);
}

function leaked(issues: LiveSubscription<IssueChange>, comments: LiveSubscription<CommentChange>): string[] {
  return [
    ...issues.events.map((e) => e.issue?.title ?? '').filter((title) => title.includes('secreto')),
    ...comments.events.map((e) => e.comment.message ?? '').filter((text) => text.includes('secreto')),
  ];
}

describe('a websocket whose access ended', () => {
  it('is closed at sign-out (4401) and is pushed nothing written afterwards', async () => {
    const session = await newSession(w.collaboratorSame);
    const { issues, comments, witness, issueId } = await liveSubscriber(session.user);
    const res = await fetch(`${t.url}/auth/sign-out`, {
      method: 'POST',
      headers: { cookie: `obra_refresh=${session.refreshToken}` },
    });
    expect(res.status).toBe(204);
    expect(await issues.waitForClose()).toBe(4401);
    expect(await comments.waitForClose()).toBe(4401);
    await writeAfterwards(issueId, witness, issues, comments);
    expect(leaked(issues, comments)).toEqual([]);
    await witness.close();
  });

  it('is closed when its session is revoked because its refresh token was used twice (4401)', async () => {
    const session = await newSession(w.collaboratorOther);
    const { issues, comments, witness } = await liveSubscriber(session.user);
    const refresh = () =>
      fetch(`${t.url}/auth/refresh`, {
        method: 'POST',
        headers: { cookie: `obra_refresh=${session.refreshToken}` },
      });
    expect((await refresh()).status).toBe(200);
    // The same refresh token again: taken as stolen, the whole session is revoked.
    expect((await refresh()).status).toBe(401);
    expect(await issues.waitForClose()).toBe(4401);
    expect(await comments.waitForClose()).toBe(4401);
    await witness.close();
  });

  it('is closed when the person is removed from their company (4403) and is pushed nothing afterwards', async () => {
    const { issues, comments, witness, issueId } = await liveSubscriber(w.coordinator);
    await call(t, w.creator, 'mutation($u: Int!) { removeCompanyMember(userId: $u) }', {
      u: w.coordinator.id,
    });
    expect(await issues.waitForClose()).toBe(4403);
    expect(await comments.waitForClose()).toBe(4403);
    await writeAfterwards(issueId, witness, issues, comments);
    expect(leaked(issues, comments)).toEqual([]);
    await witness.close();
  });

  it('is checked at delivery time: a session closed without any notice gets nothing more, and its socket closes', async () => {
    // As another process would see it with no shared pub/sub for the notice: the session ends in the database only.
    const session = await newSession(w.collaboratorOther);
    const { issues, comments, witness, issueId } = await liveSubscriber(session.user);
    await t.server.services.database.db.execute(
      sql`update refresh_tokens set revoked_at = now() where token_hash = ${sha256(session.refreshToken)}`,
    );
    await writeAfterwards(issueId, witness, issues, comments);
    expect(leaked(issues, comments)).toEqual([]);
    expect(await issues.waitForClose()).toBe(4401);
    await witness.close();
  });

  it('is checked at delivery time: a person moved out of the company without any notice gets nothing more', async () => {
    const { issues, comments, witness, issueId } = await liveSubscriber(w.groupMember);
    await t.server.services.database.db.execute(
      sql`update users set company_id = null, company_role = null where id = ${w.groupMember.id}`,
    );
    await writeAfterwards(issueId, witness, issues, comments);
    expect(leaked(issues, comments)).toEqual([]);
    expect(await issues.waitForClose()).toBe(4403);
    await witness.close();
  });

  it('is closed when the access key it connected with is revoked (4401)', async () => {
    const user = w.collaboratorSame;
    const created = await call<{
      createAccessKey: { accessKey: { id: number; keyId: string }; secret: string };
    }>(t, user, 'mutation { createAccessKey(name: "integração") { accessKey { id keyId } secret } }');
    const { accessKey, secret } = created.createAccessKey;
    const basic = Buffer.from(`${accessKey.keyId}:${secret}`).toString('base64');
    const { issues, comments, witness, issueId } = await liveSubscriber(user, {
      authorization: `Basic ${basic}`,
    });
    await call(t, user, 'mutation($id: Int!) { revokeAccessKey(id: $id) }', { id: accessKey.id });
    expect(await issues.waitForClose()).toBe(4401);
    expect(await comments.waitForClose()).toBe(4401);
    await writeAfterwards(issueId, witness, issues, comments);
    expect(leaked(issues, comments)).toEqual([]);
    await witness.close();
  });
});

// Issue 30 #10: a websocket opened before its access token expired went on delivering after the expiry.
describe('a subscription whose access token expires', () => {
  it('is closed with 4403 "Token expired" when the token expires, so that the client reconnects with a fresh one', async () => {
    const { config } = t.server.services;
    const keys = await loadSigningKeys({
      privatePem: config.auth.jwtPrivateKey,
      publicPem: config.auth.jwtPublicKey,
      dataDir: config.dataDir,
    });
    // A token of the same session that lives 8 seconds.
    const sessionId = String(decodeJwt(w.collaboratorSame.token).sid);
    const shortLived = await createAccessTokens(keys, 8).issue(w.collaboratorSame.id, sessionId);
    const { issues, comments, witness } = await liveSubscriber({ ...w.collaboratorSame, token: shortLived });
    try {
      expect(await issues.waitForClose(20_000)).toBe(4403);
      expect(issues.closeReasons[0]).toBe('Token expired');
      // Nothing written after the expiry reached the expired socket.
      const later = await createIssueAs(t, w.creator, draft(w, { title: 'depois da expiração' }));
      await witness.waitFor((e) => e.issueId === later);
      expect(issues.events.some((e) => e.issueId === later)).toBe(false);
    } finally {
      await Promise.all([issues.close(), comments.close(), witness.close()]);
    }
  });
});
