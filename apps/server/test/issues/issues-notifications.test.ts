import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { buildUser, type TestUser } from '../support/factories.ts';
import { call, codeOf } from '../projects/project-test-kit.ts';
import {
  buildIssueWorld,
  CREATE_ISSUE,
  createIssueAs,
  draft,
  GET_ISSUES,
  type IssueWorld,
} from './issue-test-kit.ts';
import {
  clearNotifications,
  commentAs,
  DELETE_COMMENT,
  detailAs,
  MARK_COMMENT_UNREAD,
  MARK_READ,
  MARK_UNREAD,
  UPDATE_COMMENT,
} from './comment-test-kit.ts';

let t: TestServer;
let w: IssueWorld;

beforeAll(async () => {
  t = await startTestServer();
  w = await buildIssueWorld(t);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await clearNotifications(t);
});

const UPDATE_MENTIONS = `mutation($projectId: Int!, $issueId: Int!, $title: String, $mentionedUsers: [Int!]) {
  updateIssue(projectId: $projectId, issueId: $issueId, title: $title, mentionedUsers: $mentionedUsers) { id } }`;
const CREATE_MENTIONING = CREATE_ISSUE.replace(
  '$bimPins: JSON)',
  '$bimPins: JSON, $mentionedUsers: [Int!])',
).replace('bimPins: $bimPins)', 'bimPins: $bimPins, mentionedUsers: $mentionedUsers)');
const CARDS = '{ workspaceProjects { id mentions notifications } }';

async function summary(user: TestUser, issueId: number) {
  return (await detailAs(t, user, w, issueId)).notificationsSummary;
}

async function counts(issueId: number): Promise<Record<string, number>> {
  const people = {
    creator: w.creator,
    coordinator: w.coordinator,
    groupMember: w.groupMember,
    collaboratorSame: w.collaboratorSame,
    collaboratorOther: w.collaboratorOther,
  };
  const result: Record<string, number> = {};
  for (const [name, user] of Object.entries(people)) result[name] = (await summary(user, issueId)).count;
  return result;
}

async function listIds(user: TestUser, filter: unknown, first?: number, after?: string) {
  const data = await call<{
    getIssues: { issues: { id: number }[]; pageInfo: { endCursor: string | null; hasNextPage: boolean } };
  }>(t, user, GET_ISSUES, {
    projectId: w.projectId,
    filter,
    first,
    after,
  });
  return data.getIssues;
}

describe('who is told', () => {
  it('a new issue tells the users of its disciplines (never the actor); its history entry carries the mark', async () => {
    const issueId = await createIssueAs(t, w.creator, draft(w));
    expect(await counts(issueId)).toEqual({
      creator: 0,
      coordinator: 1,
      groupMember: 0,
      collaboratorSame: 1,
      collaboratorOther: 0,
    });
    const d = await detailAs(t, w.collaboratorSame, w, issueId);
    const created = d.history[0];
    expect(created?.hasNotification).toBe(true);
    expect(d.notifications).toEqual([
      { _id: expect.any(Number), projectId: w.projectId, commentId: null, historicId: created?._id },
    ]);
    expect(d.notificationsSummary.last).not.toBeNull();
    expect((await detailAs(t, w.creator, w, issueId)).history[0]?.hasNotification).toBe(false);
  });

  it('a group issue tells its group members too; a draft tells nobody', async () => {
    const groupIssue = await createIssueAs(
      t,
      w.creator,
      draft(w, { visibility: 'group', groupId: w.groupId }),
    );
    expect(await summary(w.groupMember, groupIssue)).toMatchObject({ count: 1 });
    expect(await summary(w.creator, groupIssue)).toMatchObject({ count: 0 });
    const draftIssue = await createIssueAs(t, w.creator, draft(w, { visibility: 'creator' }));
    expect(await summary(w.creator, draftIssue)).toMatchObject({ count: 0 });
  });

  it('a comment tells the creator, the disciplines, previous commenters and those who starred', async () => {
    const issueId = await createIssueAs(t, w.creator, draft(w));
    await call(
      t,
      w.groupMember,
      'mutation($p: Int!, $i: Int!) { setProjectIssueStarring(projectId: $p, issueId: $i, starred: true) }',
      { p: w.projectId, i: issueId },
    );
    await commentAs(t, w.collaboratorOther, w, issueId);
    await clearNotifications(t);
    const c = await commentAs(t, w.collaboratorSame, w, issueId);
    expect(await counts(issueId)).toEqual({
      creator: 1,
      coordinator: 1,
      groupMember: 1,
      collaboratorSame: 0,
      collaboratorOther: 1,
    });
    const d = await detailAs(t, w.creator, w, issueId);
    expect(d.notifications).toEqual([
      { _id: expect.any(Number), projectId: w.projectId, commentId: c.id, historicId: null },
    ]);
    expect(d.comments.find((x) => x.id === c.id)?.hasNotification).toBe(true);
  });

  it('a comment others may not see tells only those who may, even when mentioned', async () => {
    const issueId = await createIssueAs(t, w.creator, draft(w));
    await clearNotifications(t);
    await commentAs(t, w.creator, w, issueId, {
      visibility: 'project_management',
      mentionedUsers: [w.collaboratorSame.id, w.groupMember.id, w.coordinator.id],
    });
    expect(await counts(issueId)).toEqual({
      creator: 0,
      coordinator: 1,
      groupMember: 0,
      collaboratorSame: 0,
      collaboratorOther: 0,
    });
    expect(await summary(w.coordinator, issueId)).toMatchObject({ mentions: 1 });
  });

  it('mentions in a comment tell the mentioned as mentions; an edit tells only the newly mentioned', async () => {
    const issueId = await createIssueAs(t, w.creator, draft(w));
    await clearNotifications(t);
    const c = await commentAs(t, w.creator, w, issueId, { mentionedUsers: [w.groupMember.id] });
    expect(c.mentionedUsers).toEqual([w.groupMember.id]);
    expect(await summary(w.groupMember, issueId)).toMatchObject({ count: 1, mentions: 1 });
    expect(await summary(w.collaboratorSame, issueId)).toMatchObject({ count: 1, mentions: 0 });
    await clearNotifications(t);
    await call(t, w.creator, UPDATE_COMMENT, {
      projectId: w.projectId,
      commentId: c.id,
      message: 'Com menção',
      visibility: 'public',
      mentionedUsers: [w.groupMember.id, w.collaboratorOther.id],
    });
    expect(await counts(issueId)).toEqual({
      creator: 0,
      coordinator: 0,
      groupMember: 0,
      collaboratorSame: 0,
      collaboratorOther: 1,
    });
    expect(await summary(w.collaboratorOther, issueId)).toMatchObject({ mentions: 1 });
  });

  it('a comment made hidden, or deleted, takes its marks away', async () => {
    const issueId = await createIssueAs(t, w.creator, draft(w));
    await clearNotifications(t);
    const c = await commentAs(t, w.creator, w, issueId);
    expect(await summary(w.collaboratorSame, issueId)).toMatchObject({ count: 1 });
    await call(t, w.creator, UPDATE_COMMENT, {
      projectId: w.projectId,
      commentId: c.id,
      message: 'Só gestão',
      visibility: 'project_management',
    });
    expect(await summary(w.collaboratorSame, issueId)).toMatchObject({ count: 0 });
    expect(await summary(w.coordinator, issueId)).toMatchObject({ count: 1 });
    await call(t, w.creator, DELETE_COMMENT, { projectId: w.projectId, commentId: c.id });
    expect(await summary(w.coordinator, issueId)).toMatchObject({ count: 0 });
  });

  it('mentions on issues: stored, told as mentions, only project users, only who may see', async () => {
    const data = await call<{ createIssue: { id: number } }>(t, w.creator, CREATE_MENTIONING, {
      ...draft(w),
      mentionedUsers: [w.collaboratorOther.id],
    });
    const issueId = data.createIssue.id;
    expect((await detailAs(t, w.creator, w, issueId)).mentionedUsers).toEqual([w.collaboratorOther.id]);
    expect(await summary(w.collaboratorOther, issueId)).toMatchObject({ count: 1, mentions: 1 });
    expect(
      await codeOf(t, w.creator, CREATE_MENTIONING, { ...draft(w), mentionedUsers: [w.outsider.id] }),
    ).toBe('BAD_USER_INPUT');
    await clearNotifications(t);
    await call(t, w.creator, UPDATE_MENTIONS, {
      projectId: w.projectId,
      issueId,
      title: 'Novo título',
      mentionedUsers: [w.collaboratorOther.id, w.groupMember.id],
    });
    expect(await summary(w.groupMember, issueId)).toMatchObject({ count: 1, mentions: 1 });
    expect(await summary(w.collaboratorOther, issueId)).toMatchObject({ count: 1, mentions: 0 });
    expect(
      await codeOf(t, w.creator, UPDATE_MENTIONS, {
        projectId: w.projectId,
        issueId,
        title: 'Outro',
        mentionedUsers: [w.outsider.id],
      }),
    ).toBe('BAD_USER_INPUT');
    const pm = await call<{ createIssue: { id: number } }>(t, w.creator, CREATE_MENTIONING, {
      ...draft(w, { visibility: 'project_management' }),
      mentionedUsers: [w.collaboratorOther.id],
    });
    expect(
      await codeOf(
        t,
        w.collaboratorOther,
        'query($p: Int!, $i: Int!) { issue(projectId: $p, issueId: $i) { id } }',
        { p: w.projectId, i: pm.createIssue.id },
      ),
    ).toBe('NOT_FOUND');
    const [row] = await t.server.services.database.db
      .execute<{ n: number }>(
        `select count(*)::int as n from issue_notifications where issue_id = ${pm.createIssue.id} and user_id = ${w.collaboratorOther.id}` as never,
      )
      .then((r) => (Array.isArray(r) ? r : (r as { rows: { n: number }[] }).rows));
    expect(Number(row?.n)).toBe(0);
  });
});

describe('read and unread', () => {
  it('marking read sets the count to 0, unread to 1, a comment unread adds its mark once', async () => {
    const issueId = await createIssueAs(t, w.creator, draft(w));
    const c1 = await commentAs(t, w.creator, w, issueId);
    const c2 = await commentAs(t, w.creator, w, issueId);
    expect(await summary(w.collaboratorSame, issueId)).toMatchObject({ count: 3 });
    expect(await call(t, w.collaboratorSame, MARK_READ, { ids: [issueId, 999_999] })).toEqual({
      deleteProjectIssueNotifications: true,
    });
    expect(await summary(w.collaboratorSame, issueId)).toMatchObject({ count: 0, mentions: 0, last: null });
    expect(await summary(w.coordinator, issueId)).toMatchObject({ count: 3 });
    expect(
      await call(t, w.collaboratorSame, MARK_UNREAD, { projectId: w.projectId, ids: [issueId] }),
    ).toEqual({ setProjectIssuesUnread: true });
    await call(t, w.collaboratorSame, MARK_UNREAD, { projectId: w.projectId, ids: [issueId] });
    expect(await summary(w.collaboratorSame, issueId)).toMatchObject({ count: 1 });
    await call(t, w.collaboratorSame, MARK_READ, { ids: [issueId] });
    const vars = { projectId: w.projectId, issueId, commentId: c2.id };
    expect(await call(t, w.collaboratorSame, MARK_COMMENT_UNREAD, vars)).toEqual({
      setProjectIssueCommentUnread: true,
    });
    await call(t, w.collaboratorSame, MARK_COMMENT_UNREAD, vars);
    const d = await detailAs(t, w.collaboratorSame, w, issueId);
    expect(d.notificationsSummary.count).toBe(1);
    expect(d.comments.map((x) => [x.id, x.hasNotification])).toEqual([
      [c1.id, false],
      [c2.id, true],
    ]);
  });

  it('answers the catalogue codes', async () => {
    const issueId = await createIssueAs(t, w.creator, draft(w));
    const hiddenIssue = await createIssueAs(t, w.creator, draft(w, { visibility: 'creator' }));
    const otherIssue = await createIssueAs(t, w.creator, draft(w));
    const c = await commentAs(t, w.creator, w, issueId);
    const hidden = await commentAs(t, w.creator, w, issueId, { visibility: 'creator' });
    expect(await codeOf(t, undefined, MARK_READ, { ids: [issueId] })).toBe('UNAUTHENTICATED');
    expect(
      await codeOf(t, w.collaboratorSame, MARK_UNREAD, {
        projectId: w.projectId,
        ids: [issueId, hiddenIssue],
      }),
    ).toBe('NOT_FOUND');
    expect(await codeOf(t, w.outsider, MARK_UNREAD, { projectId: w.projectId, ids: [issueId] })).toBe(
      'PROJECT_NOT_FOUND',
    );
    expect(await codeOf(t, undefined, MARK_UNREAD, { projectId: w.projectId, ids: [issueId] })).toBe(
      'UNAUTHENTICATED',
    );
    const base = { projectId: w.projectId, issueId, commentId: c.id };
    expect(await codeOf(t, w.collaboratorSame, MARK_COMMENT_UNREAD, { ...base, issueId: otherIssue })).toBe(
      'NOT_FOUND',
    );
    expect(await codeOf(t, w.collaboratorSame, MARK_COMMENT_UNREAD, { ...base, commentId: hidden.id })).toBe(
      'NOT_FOUND',
    );
    expect(await codeOf(t, w.outsider, MARK_COMMENT_UNREAD, base)).toBe('PROJECT_NOT_FOUND');
    await call(t, w.creator, DELETE_COMMENT, { projectId: w.projectId, commentId: c.id });
    expect(await codeOf(t, w.collaboratorSame, MARK_COMMENT_UNREAD, base)).toBe('INVALID_ACTION');
  });

  it('lets demo users keep their own marks (demo allow-list)', async () => {
    const issueId = await createIssueAs(t, w.creator, draft(w));
    const demo = await buildUser(t, { companyId: w.creator.companyId, isDemo: true });
    expect(await call(t, demo, MARK_UNREAD, { projectId: w.projectId, ids: [issueId] })).toEqual({
      setProjectIssuesUnread: true,
    });
    expect(await summary(demo, issueId)).toMatchObject({ count: 1 });
    expect(await call(t, demo, MARK_READ, { ids: [issueId] })).toEqual({
      deleteProjectIssueNotifications: true,
    });
    expect(await summary(demo, issueId)).toMatchObject({ count: 0 });
  });
});

describe('the issue list and the workspace cards', () => {
  it('filters notifications and newMentions, sorts mentions then last notification first, pages with the cursor', async () => {
    await t.server.services.database.db.execute('delete from issues' as never);
    const mentioned = await createIssueAs(t, w.creator, draft(w, { title: 'Mencionado' }));
    const noted = await createIssueAs(t, w.creator, draft(w, { title: 'Com aviso' }));
    const quiet = await createIssueAs(t, w.creator, draft(w, { title: 'Sem aviso' }));
    await clearNotifications(t);
    await commentAs(t, w.creator, w, mentioned, { mentionedUsers: [w.collaboratorSame.id] });
    await commentAs(t, w.creator, w, noted);
    const all = await listIds(w.collaboratorSame, { standard: 'all' });
    expect(all.issues.map((i) => i.id)).toEqual([mentioned, noted, quiet]);
    expect(
      (await listIds(w.collaboratorSame, { standard: 'notifications' })).issues.map((i) => i.id),
    ).toEqual([mentioned, noted]);
    expect((await listIds(w.collaboratorSame, { standard: 'newMentions' })).issues.map((i) => i.id)).toEqual([
      mentioned,
    ]);
    expect((await listIds(w.collaboratorOther, { standard: 'notifications' })).issues).toEqual([]);
    const seen: number[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await listIds(w.collaboratorSame, { standard: 'all' }, 1, after);
      seen.push(...page.issues.map((i) => i.id));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor ?? undefined;
    }
    expect(seen).toEqual([mentioned, noted, quiet]);
    const cards = await call<{
      workspaceProjects: { id: number; mentions: number; notifications: number }[];
    }>(t, w.collaboratorSame, CARDS);
    expect(cards.workspaceProjects.find((p) => p.id === w.projectId)).toMatchObject({
      mentions: 1,
      notifications: 2,
    });
    const summaries = await call<{
      getIssues: {
        issues: {
          id: number;
          notificationsSummary: { count: number; mentions: number };
          comments: unknown[];
        }[];
      };
    }>(
      t,
      w.collaboratorSame,
      'query($p: Int!) { getIssues(projectId: $p) { issues { id notificationsSummary { count mentions } comments { id } } } }',
      { p: w.projectId },
    );
    expect(
      summaries.getIssues.issues.map((i) => [
        i.id,
        i.notificationsSummary.count,
        i.notificationsSummary.mentions,
      ]),
    ).toEqual([
      [mentioned, 1, 1],
      [noted, 1, 0],
      [quiet, 0, 0],
    ]);
    // Comments are served only with the detail.
    expect(summaries.getIssues.issues.every((i) => i.comments.length === 0)).toBe(true);
  });
});
