import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createTestDatabase } from '../support/test-database.ts';
import { call } from '../projects/project-test-kit.ts';
import { buildIssueWorld, createIssueAs, draft, UPDATE_ISSUE, type IssueWorld } from './issue-test-kit.ts';
import { commentAs, DELETE_COMMENT, MARK_READ } from './comment-test-kit.ts';
import {
  COMMENT_CHANGED,
  ISSUE_CHANGED,
  NOTIFICATIONS_CHANGED,
  subscribeAs,
  untilLive,
  type CommentChange,
} from './subscription-test-kit.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

interface IssueChange {
  kind: string;
  issueId: number;
  issue: { id: number; title: string; visibility: string; notificationsSummary: { count: number } } | null;
}
interface NotificationsChange {
  issueId: number;
  notificationsSummary: { count: number; mentions: number; last: string | null };
}

describe('live issue and notification changes', () => {
  let t: TestServer;
  let w: IssueWorld;
  beforeAll(async () => {
    t = await startTestServer();
    w = await buildIssueWorld(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('pushes created, updated and deleted issues only to those who see them', async () => {
    const sub = await subscribeAs<IssueChange>(
      t,
      w.collaboratorSame,
      ISSUE_CHANGED,
      { projectId: w.projectId },
      'projectIssueChanged',
    );
    try {
      await untilLive([sub], async () => {
        await createIssueAs(t, w.creator, draft(w, { title: 'aquecimento' }));
      });
      const hidden = await createIssueAs(
        t,
        w.creator,
        draft(w, { visibility: 'creator', title: 'Rascunho' }),
      );
      const shown = await createIssueAs(t, w.creator, draft(w, { title: 'Público' }));
      const created = await sub.waitFor((e) => e.issueId === shown);
      expect(created).toMatchObject({
        kind: 'created',
        issue: { id: shown, title: 'Público', visibility: 'public' },
      });
      await call(t, w.creator, UPDATE_ISSUE, {
        projectId: w.projectId,
        issueId: hidden,
        title: 'Rascunho 2',
      });
      await call(t, w.creator, UPDATE_ISSUE, { projectId: w.projectId, issueId: shown, title: 'Público 2' });
      expect(await sub.waitFor((e) => e.issueId === shown && e.kind === 'updated')).toMatchObject({
        issue: { title: 'Público 2', notificationsSummary: { count: 2 } },
      });
      await call(t, w.creator, 'mutation($p: Int!, $i: Int!) { deleteIssue(projectId: $p, issueId: $i) }', {
        p: w.projectId,
        i: hidden,
      });
      await call(t, w.creator, 'mutation($p: Int!, $i: Int!) { deleteIssue(projectId: $p, issueId: $i) }', {
        p: w.projectId,
        i: shown,
      });
      expect(await sub.waitFor((e) => e.kind === 'deleted')).toEqual({
        kind: 'deleted',
        projectId: w.projectId,
        issueId: shown,
        issue: null,
      });
      expect(sub.events.some((e) => e.issueId === hidden)).toBe(false);
    } finally {
      await sub.close();
    }
  });

  it('pushes a user their own unread counts only, and only for what they may see', async () => {
    const issueId = await createIssueAs(t, w.creator, draft(w));
    const sub = await subscribeAs<NotificationsChange>(
      t,
      w.groupMember,
      NOTIFICATIONS_CHANGED,
      { projectId: w.projectId },
      'projectNotificationsChanged',
    );
    const other = await subscribeAs<NotificationsChange>(
      t,
      w.collaboratorOther,
      NOTIFICATIONS_CHANGED,
      { projectId: w.projectId },
      'projectNotificationsChanged',
    );
    try {
      await untilLive([sub], async () => {
        await call(t, w.groupMember, MARK_READ, { ids: [issueId] });
        await commentAs(t, w.creator, w, issueId, { mentionedUsers: [w.groupMember.id] });
      });
      await call(t, w.groupMember, MARK_READ, { ids: [issueId] });
      await sub.waitFor((e) => e.notificationsSummary.count === 0);
      sub.events.length = 0;
      await commentAs(t, w.creator, w, issueId, {
        visibility: 'project_management',
        mentionedUsers: [w.groupMember.id],
      });
      await commentAs(t, w.creator, w, issueId, { mentionedUsers: [w.groupMember.id] });
      const first = await sub.waitFor(() => true);
      expect(first).toMatchObject({ issueId, notificationsSummary: { count: 1, mentions: 1 } });
      await call(t, w.groupMember, MARK_READ, { ids: [issueId] });
      expect(await sub.waitFor((e) => e.notificationsSummary.count === 0)).toMatchObject({
        issueId,
        notificationsSummary: { count: 0, mentions: 0, last: null },
      });
      // collaboratorOther was never told anything about this issue.
      expect(other.events.filter((e) => e.issueId === issueId)).toEqual([]);
    } finally {
      await sub.close();
      await other.close();
    }
  });

  it('refuses anonymous subscribers (UNAUTHENTICATED) and outsiders (PROJECT_NOT_FOUND)', async () => {
    const anonymous = await subscribeAs<IssueChange>(
      t,
      { ...w.outsider, token: 'not-a-token' },
      ISSUE_CHANGED,
      { projectId: w.projectId },
      'projectIssueChanged',
    );
    const outsider = await subscribeAs<NotificationsChange>(
      t,
      w.outsider,
      NOTIFICATIONS_CHANGED,
      { projectId: w.projectId },
      'projectNotificationsChanged',
    );
    try {
      expect(JSON.stringify(await anonymous.waitForError())).toContain('UNAUTHENTICATED');
      expect(JSON.stringify(await outsider.waitForError())).toContain('PROJECT_NOT_FOUND');
    } finally {
      await anonymous.close();
      await outsider.close();
    }
  });

  it('pushes comment edits and deletions with the message withheld from others', async () => {
    const issueId = await createIssueAs(t, w.creator, draft(w));
    const sub = await subscribeAs<CommentChange>(
      t,
      w.collaboratorOther,
      COMMENT_CHANGED,
      { projectId: w.projectId },
      'projectIssueCommentChanged',
    );
    try {
      await untilLive([sub], async () => {
        await commentAs(t, w.creator, w, issueId, { message: 'aquecimento' });
      });
      const c = await commentAs(t, w.creator, w, issueId, { message: 'Será apagado' });
      await call(t, w.creator, DELETE_COMMENT, { projectId: w.projectId, commentId: c.id });
      const deleted = await sub.waitFor((e) => e.commentId === c.id && e.kind === 'deleted');
      expect(deleted.comment).toMatchObject({ id: c.id, message: null });
      expect(deleted.comment.deletedAt).not.toBeNull();
    } finally {
      await sub.close();
    }
  });
});

describe('two server processes sharing the database and Redis', () => {
  it('pushes a comment created through one server to a client subscribed on the other', async () => {
    // Two servers cannot share an embedded PGlite; this test always uses the PostgreSQL server.
    const previous = process.env.DATABASE_URL;
    process.env.DATABASE_URL = previous ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const database = await createTestDatabase();
    process.env.DATABASE_URL = previous;
    if (previous === undefined) delete process.env.DATABASE_URL;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obra-test-'));
    const env = {
      REDIS_URL,
      REDIS_CHANNEL_PREFIX: `test-${randomBytes(6).toString('hex')}:`,
      DATABASE_URL: database.url ?? '',
    };
    const one = await startTestServer(env, { dataDir, database });
    const two = await startTestServer(env, { dataDir, database });
    try {
      expect(one.server.services.pubsub.distributed && two.server.services.pubsub.distributed).toBe(true);
      const w = await buildIssueWorld(one);
      const issueId = await createIssueAs(one, w.creator, draft(w));
      const sub = await subscribeAs<CommentChange>(
        two,
        w.collaboratorSame,
        COMMENT_CHANGED,
        { projectId: w.projectId },
        'projectIssueCommentChanged',
      );
      try {
        await untilLive([sub], async () => {
          await commentAs(one, w.creator, w, issueId, { message: 'aquecimento' });
        });
        const c = await commentAs(one, w.creator, w, issueId, { message: 'Criado no servidor 1' });
        const hidden = await commentAs(one, w.creator, w, issueId, {
          message: 'Só gestão',
          visibility: 'project_management',
        });
        const sentinel = await commentAs(one, w.creator, w, issueId, { message: 'fim' });
        expect(await sub.waitFor((e) => e.commentId === c.id)).toMatchObject({
          kind: 'created',
          issueId,
          comment: { message: 'Criado no servidor 1' },
        });
        await sub.waitFor((e) => e.commentId === sentinel.id);
        expect(sub.events.some((e) => e.commentId === hidden.id)).toBe(false);
      } finally {
        await sub.close();
      }
    } finally {
      await two.close({ keepData: true });
      await one.close();
    }
  });
});
