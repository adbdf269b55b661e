import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canSeeComment, COMMENT_VISIBILITIES, type CommentVisibility } from '@obra/domain';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import type { TestUser } from '../support/factories.ts';
import { call, codeOf } from '../projects/project-test-kit.ts';
import { buildIssueWorld, createIssueAs, draft, type IssueWorld, viewerOf } from './issue-test-kit.ts';
import { clearNotifications, COMMENT_HISTORY, commentAs, detailAs } from './comment-test-kit.ts';
import {
  COMMENT_CHANGED,
  subscribeAs,
  untilLive,
  type CommentChange,
  type LiveSubscription,
} from './subscription-test-kit.ts';

let t: TestServer;
let w: IssueWorld;
let issueId: number;
const commentByVisibility = new Map<CommentVisibility, number>();
const pushed = new Map<string, Set<number>>();
let outsiderError: unknown;

// Comments written by the issue's creator; who sees each, by visibility: creator, group, project_management, public.
const EXPECTED: Record<string, readonly boolean[]> = {
  creator: [true, true, true, true],
  groupMember: [false, true, false, true],
  coordinator: [false, false, true, true],
  collaboratorSame: [false, false, false, true],
  collaboratorOther: [false, false, false, true],
};
const VIEWERS = Object.keys(EXPECTED);

const viewer = (name: string): TestUser => viewerOf(w, name);

beforeAll(async () => {
  t = await startTestServer();
  w = await buildIssueWorld(t);
  issueId = await createIssueAs(t, w.creator, draft(w));
  const subscriptions = new Map<string, LiveSubscription<CommentChange>>();
  for (const name of VIEWERS)
    subscriptions.set(
      name,
      await subscribeAs<CommentChange>(
        t,
        viewer(name),
        COMMENT_CHANGED,
        { projectId: w.projectId },
        'projectIssueCommentChanged',
      ),
    );
  const outsider = await subscribeAs<CommentChange>(
    t,
    w.outsider,
    COMMENT_CHANGED,
    { projectId: w.projectId },
    'projectIssueCommentChanged',
  );
  outsiderError = await outsider.waitForError();
  await outsider.close();
  const live = [...subscriptions.values()];
  await untilLive(live, async () => {
    await commentAs(t, w.creator, w, issueId, { message: 'aquecimento' });
  });
  await clearNotifications(t);
  const others = [w.groupMember, w.coordinator, w.collaboratorSame, w.collaboratorOther].map((u) => u.id);
  for (const visibility of COMMENT_VISIBILITIES) {
    const c = await commentAs(t, w.creator, w, issueId, {
      visibility,
      groupId: w.groupId,
      message: `Comentário ${visibility}`,
      mentionedUsers: others,
    });
    commentByVisibility.set(visibility, c.id);
  }
  const sentinel = await commentAs(t, w.creator, w, issueId, { message: 'fim' });
  for (const [name, s] of subscriptions) {
    await s.waitFor((e) => e.commentId === sentinel.id);
    pushed.set(name, new Set(s.events.map((e) => e.commentId)));
    await s.close();
  }
});
afterAll(async () => {
  await t.close();
});

describe('comment visibility matrix', () => {
  it.each(VIEWERS)(
    '%s gets exactly the comments canSeeComment allows: detail, history, notifications, subscription',
    async (name) => {
      const user = viewer(name);
      const detail = await detailAs(t, user, w, issueId);
      const listed = new Set(detail.comments.map((c) => c.id));
      const marked = new Set(detail.notifications.map((n) => n.commentId));
      const expected = EXPECTED[name] ?? [];
      for (const [index, visibility] of COMMENT_VISIBILITIES.entries()) {
        const id = commentByVisibility.get(visibility) ?? 0;
        const sees = expected[index] ?? false;
        const actor = {
          userId: user.id,
          manageDisciplines: name === 'creator' || name === 'coordinator',
          groupIds: name === 'groupMember' ? [w.groupId] : [],
        };
        const issue = { visibility: 'public', createdByUserId: w.creator.id, groupId: null };
        expect([
          visibility,
          canSeeComment(actor, issue, {
            visibility,
            createdByUserId: w.creator.id,
            groupId: visibility === 'group' ? w.groupId : null,
          }),
        ]).toEqual([visibility, sees]);
        expect([visibility, 'detail', listed.has(id)]).toEqual([visibility, 'detail', sees]);
        const code = await codeOf(t, user, COMMENT_HISTORY, { projectId: w.projectId, commentId: id });
        expect([visibility, 'history', code]).toEqual([
          visibility,
          'history',
          sees ? undefined : 'NOT_FOUND',
        ]);
        // Everyone but the author was mentioned: a mark exists exactly where the comment may be seen.
        expect([visibility, 'notification', marked.has(id)]).toEqual([
          visibility,
          'notification',
          sees && name !== 'creator',
        ]);
        expect([visibility, 'subscription', pushed.get(name)?.has(id)]).toEqual([
          visibility,
          'subscription',
          sees,
        ]);
      }
    },
  );

  it('the outsider is refused: history PROJECT_NOT_FOUND, subscription PROJECT_NOT_FOUND', async () => {
    const id = commentByVisibility.get('public') ?? 0;
    expect(await codeOf(t, w.outsider, COMMENT_HISTORY, { projectId: w.projectId, commentId: id })).toBe(
      'PROJECT_NOT_FOUND',
    );
    expect(JSON.stringify(outsiderError)).toContain('PROJECT_NOT_FOUND');
    expect(
      await codeOf(
        t,
        w.outsider,
        'query($p: Int!, $i: Int!) { issue(projectId: $p, issueId: $i) { id comments { id } } }',
        { p: w.projectId, i: issueId },
      ),
    ).toBe('PROJECT_NOT_FOUND');
  });

  it('comments of an issue the viewer may not see never reach them', async () => {
    const hiddenIssue = await createIssueAs(t, w.creator, draft(w, { visibility: 'project_management' }));
    const c = await commentAs(t, w.creator, w, hiddenIssue, {
      visibility: 'public',
      mentionedUsers: [w.collaboratorSame.id],
    });
    expect(
      await codeOf(t, w.collaboratorSame, COMMENT_HISTORY, { projectId: w.projectId, commentId: c.id }),
    ).toBe('NOT_FOUND');
    const cards = await call<{ workspaceProjects: { id: number; notifications: number }[] }>(
      t,
      w.collaboratorSame,
      '{ workspaceProjects { id notifications } }',
    );
    const detail = await detailAs(t, w.coordinator, w, hiddenIssue);
    expect(detail.comments.map((x) => x.id)).toEqual([c.id]);
    expect(cards.workspaceProjects.find((p) => p.id === w.projectId)?.notifications).toBe(1);
  });
});
