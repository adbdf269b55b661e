import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { call, codeOf } from '../projects/project-test-kit.ts';
import { buildIssueWorld, draft, type IssueWorld } from './issue-test-kit.ts';
import { commentAs } from './comment-test-kit.ts';
import {
  CREATE_WITH_IMAGES,
  fetchBytes,
  fileKeys,
  IMAGE_FIELDS,
  ISSUES_IMAGES,
  uploadImage,
  type ImageData,
} from './image-test-kit.ts';
import { cleanupIssueFiles } from '../../src/modules/issues/images/issue-file-cleanup.ts';
import { subscribeAs, untilLive } from './subscription-test-kit.ts';

let t: TestServer;
let w: IssueWorld;
let publicIssue: number;
let draftIssue: number;
let groupIssue: number;

async function createWithImage(
  visibility: string,
  title: string,
  extra: Record<string, unknown> = {},
): Promise<number> {
  const original = await uploadImage(t, w.creator, w.projectId);
  const data = await call<{ createIssue: { id: number } }>(
    t,
    w.creator,
    CREATE_WITH_IMAGES,
    draft(w, { visibility, images: [{ title, original }], ...extra }),
  );
  return data.createIssue.id;
}

beforeAll(async () => {
  t = await startTestServer();
  w = await buildIssueWorld(t);
  publicIssue = await createWithImage('public', 'Fissura pública');
  draftIssue = await createWithImage('creator', 'Rascunho');
  groupIssue = await createWithImage('group', 'Do grupo', { groupId: w.groupId });
  const comment = await commentAs(t, w.groupMember, w, publicIssue, {
    images: [{ title: 'No comentário', original: await uploadImage(t, w.groupMember, w.projectId) }],
  });
  await commentAs(t, w.groupMember, w, publicIssue, {
    message: 'Só o grupo',
    visibility: 'group',
    groupId: w.groupId,
  });
  const removed = await commentAs(t, w.groupMember, w, publicIssue, { message: 'Apagado' });
  await call(
    t,
    w.groupMember,
    'mutation($p: Int!, $c: Int!) { deleteProjectIssueComment(projectId: $p, commentId: $c) }',
    { p: w.projectId, c: removed.id },
  );
  expect(comment.id).toBeGreaterThan(0);
});
afterAll(async () => {
  await t.close();
});

async function imageTitles(user = w.creator): Promise<string[]> {
  const data = await call<{
    issuesImages: { title: string; issueId: number; markedUp: string; index: number; id: number }[];
  }>(t, user, ISSUES_IMAGES, { projectId: w.projectId });
  return data.issuesImages.map((i) => i.title).sort();
}

describe('who sees images', () => {
  it('issuesImages lists the images of the issues each caller sees, never comment images', async () => {
    expect(await imageTitles(w.creator)).toEqual(['Do grupo', 'Fissura pública', 'Rascunho']);
    expect(await imageTitles(w.groupMember)).toEqual(['Do grupo', 'Fissura pública']);
    expect(await imageTitles(w.collaboratorOther)).toEqual(['Fissura pública']);
    expect(await codeOf(t, w.outsider, ISSUES_IMAGES, { projectId: w.projectId })).toBe('PROJECT_NOT_FOUND');
    expect(await codeOf(t, undefined, ISSUES_IMAGES, { projectId: w.projectId })).toBe('UNAUTHENTICATED');
  });

  it('a user who may not see an issue gets neither its image nor its file', async () => {
    const detail = `query($p: Int!, $i: Int!) { issue(projectId: $p, issueId: $i) { images { ${IMAGE_FIELDS} } } }`;
    const own = await call<{ issue: { images: ImageData[] } }>(t, w.creator, detail, {
      p: w.projectId,
      i: draftIssue,
    });
    const url = own.issue.images[0]?.original ?? '';
    expect(await codeOf(t, w.coordinator, detail, { p: w.projectId, i: draftIssue })).toBe('NOT_FOUND');
    const list = `query($p: Int!) { getIssues(projectId: $p, includeImages: true) { issues { id images { id } } } }`;
    const seen = await call<{ getIssues: { issues: { id: number }[] } }>(t, w.coordinator, list, {
      p: w.projectId,
    });
    expect(seen.getIssues.issues.map((i) => i.id)).not.toContain(draftIssue);
    const idsFor = async (user: IssueWorld['creator']) =>
      (
        await call<{ getIssues: { issues: { id: number; images: unknown[] }[] } }>(t, user, list, {
          p: w.projectId,
        })
      ).getIssues.issues
        .filter((i) => i.images.length > 0)
        .map((i) => i.id)
        .sort((a, b) => a - b);
    expect(await idsFor(w.groupMember)).toEqual([publicIssue, groupIssue].sort((a, b) => a - b));
    expect(await idsFor(w.collaboratorOther)).toEqual([publicIssue]);
    // The file itself answers only to its signed URL, never to a session.
    const bare = url.split('?')[0] ?? '';
    const withSession = await fetch(bare, { headers: { authorization: `Bearer ${w.coordinator.token}` } });
    expect(withSession.status).toBe(403);
    expect((await fetchBytes(url)).status).toBe(200);
  });
});

interface ListIssue {
  id: number;
  images: { title: string }[];
  comments: { message: string | null; images: { title: string }[] }[];
  history: { _id: number }[];
}

const LIGHT = `query($p: Int!, $images: Boolean!, $comments: Boolean!, $commentsImages: Boolean!, $history: Boolean!, $commentsFilter: JSON) {
  getIssues(projectId: $p, includeImages: $images, includeComments: $comments, includeCommentsImages: $commentsImages,
    includeHistory: $history, commentsFilter: $commentsFilter) {
    issues { id images { title } comments { message images { title } } history { _id } } } }`;

async function light(
  user: IssueWorld['creator'],
  flags: Partial<Record<'images' | 'comments' | 'commentsImages' | 'history', boolean>>,
  commentsFilter?: unknown,
): Promise<ListIssue> {
  const variables = {
    p: w.projectId,
    images: false,
    comments: false,
    commentsImages: false,
    history: false,
    ...flags,
    commentsFilter,
  };
  const data = await call<{ getIssues: { issues: ListIssue[] } }>(t, user, LIGHT, variables);
  const issue = data.getIssues.issues.find((i) => i.id === publicIssue);
  if (!issue) throw new Error('issue missing');
  return issue;
}

describe('getIssues light variant', () => {
  it('leaves images, comments and history out unless asked', async () => {
    expect(await light(w.groupMember, {})).toMatchObject({ images: [], comments: [], history: [] });
    const full = await light(w.groupMember, {
      images: true,
      comments: true,
      commentsImages: true,
      history: true,
    });
    expect(full.images.map((i) => i.title)).toEqual(['Fissura pública']);
    // The author still reads their deleted comment; others see its tombstone (next test).
    expect(full.comments.map((c) => c.message)).toEqual([
      'Favor revisar a cota do duto.',
      'Só o grupo',
      'Apagado',
    ]);
    expect(full.comments[0]?.images.map((i) => i.title)).toEqual(['No comentário']);
    expect(full.history.length).toBeGreaterThan(0);
    const withoutCommentImages = await light(w.groupMember, { comments: true });
    expect(withoutCommentImages.comments[0]?.images).toEqual([]);
    expect(withoutCommentImages.images).toEqual([]);
  });

  it('serves only the comments the caller sees, through commentsFilter', async () => {
    expect((await light(w.collaboratorOther, { comments: true })).comments.map((c) => c.message)).toEqual([
      'Favor revisar a cota do duto.',
      null,
    ]);
    expect(
      (await light(w.groupMember, { comments: true }, { visibilities: ['group'] })).comments.map(
        (c) => c.message,
      ),
    ).toEqual(['Só o grupo']);
    expect((await light(w.groupMember, { comments: true }, { includeDeleted: false })).comments).toHaveLength(
      2,
    );
    expect(
      await codeOf(t, w.groupMember, LIGHT, {
        p: w.projectId,
        images: false,
        comments: true,
        commentsImages: false,
        history: false,
        commentsFilter: { visibilities: ['all'] },
      }),
    ).toBe('BAD_USER_INPUT');
  });
});

describe('files.cleanup', () => {
  it('removes expired pending uploads and unused confirmed files with their objects, and keeps used ones', async () => {
    const root = path.join(t.dataDir, 'files');
    const unused = await uploadImage(t, w.creator, w.projectId);
    await call(
      t,
      w.creator,
      'mutation($p: Int!, $f: String!) { confirmProjectIssueFileUpload(projectId: $p, fileId: $f) { fileId } }',
      { p: w.projectId, f: unused },
    );
    const pending = await uploadImage(t, w.creator, w.projectId);
    const keys = (guid: string) => fileKeys(t, guid);
    const unusedKeys = await keys(unused);
    const pendingKeys = await keys(pending);
    expect(fs.existsSync(path.join(root, unusedKeys?.thumb_key ?? 'missing'))).toBe(true);
    // Nothing is old enough yet.
    expect(await cleanupIssueFiles(t.server.services)).toBe(0);
    const later = new Date(Date.now() + 25 * 3_600_000);
    expect(await cleanupIssueFiles(t.server.services, later)).toBe(2);
    expect(await keys(unused)).toBeUndefined();
    expect(await keys(pending)).toBeUndefined();
    for (const key of [unusedKeys?.storage_key, unusedKeys?.thumb_key, pendingKeys?.storage_key])
      expect(fs.existsSync(path.join(root, key ?? 'missing'))).toBe(false);
    // Files of images stay.
    expect(await imageTitles(w.creator)).toHaveLength(3);
    const schedules = await t.server.services.jobs.boss.getSchedules();
    expect(schedules.map((s) => s.name)).toContain('files.cleanup');
  });
});

interface ImageChange {
  issueId: number;
  issue?: { images: ImageData[] } | null;
  comment?: { id: number; images: ImageData[] };
}

describe('images in subscriptions', () => {
  it('pushes images only to subscribers who see the issue or comment', async () => {
    const issueQuery = `subscription($projectId: Int!) { projectIssueChanged(projectId: $projectId) { issueId issue { images { ${IMAGE_FIELDS} } } } }`;
    const commentQuery = `subscription($projectId: Int!) { projectIssueCommentChanged(projectId: $projectId) { issueId comment { id images { ${IMAGE_FIELDS} } } } }`;
    const member = await subscribeAs<ImageChange>(
      t,
      w.groupMember,
      issueQuery,
      { projectId: w.projectId },
      'projectIssueChanged',
    );
    const other = await subscribeAs<ImageChange>(
      t,
      w.collaboratorOther,
      issueQuery,
      { projectId: w.projectId },
      'projectIssueChanged',
    );
    const memberComments = await subscribeAs<ImageChange>(
      t,
      w.groupMember,
      commentQuery,
      { projectId: w.projectId },
      'projectIssueCommentChanged',
    );
    const otherComments = await subscribeAs<ImageChange>(
      t,
      w.collaboratorOther,
      commentQuery,
      { projectId: w.projectId },
      'projectIssueCommentChanged',
    );
    try {
      await untilLive([member, other], async () => {
        await call(
          t,
          w.creator,
          'mutation($p: Int!, $i: Int!) { setProjectIssuesUnread(projectId: $p, issuesId: [$i]) }',
          { p: w.projectId, i: publicIssue },
        );
        await createWithImage('public', 'Aquecimento');
      });
      await untilLive([memberComments, otherComments], async () => {
        await commentAs(t, w.creator, w, publicIssue, { message: 'aquecimento' });
      });
      const secret = await createWithImage('group', 'Só do grupo ao vivo', { groupId: w.groupId });
      const pushed = await member.waitFor((e) => e.issueId === secret);
      expect(pushed.issue?.images.map((i) => i.title)).toEqual(['Só do grupo ao vivo']);
      expect((await fetchBytes(pushed.issue?.images[0]?.markedUpThumb ?? '')).status).toBe(200);
      const groupFile = await uploadImage(t, w.groupMember, w.projectId);
      const hidden = await commentAs(t, w.groupMember, w, publicIssue, {
        visibility: 'group',
        groupId: w.groupId,
        images: [{ title: 'Ao vivo', original: groupFile }],
      });
      const live = await memberComments.waitFor((e) => e.comment?.id === hidden.id);
      expect(live.comment?.images.map((i) => i.title)).toEqual(['Ao vivo']);
      // A later public issue reaches the other subscriber: by then the hidden ones would have arrived too.
      const later = await createWithImage('public', 'Depois');
      await other.waitFor((e) => e.issueId === later);
      await commentAs(t, w.creator, w, publicIssue, { message: 'depois' });
      await otherComments.waitFor((e) => e.comment !== undefined && e.comment.id > hidden.id);
      expect(other.events.some((e) => e.issueId === secret)).toBe(false);
      expect(otherComments.events.some((e) => e.comment?.id === hidden.id)).toBe(false);
    } finally {
      await Promise.all([member, other, memberComments, otherComments].map((s) => s.close()));
    }
  });
});
