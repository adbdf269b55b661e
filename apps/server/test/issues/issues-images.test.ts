import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { call, codeOf, createProject } from '../projects/project-test-kit.ts';
import { buildIssueWorld, createIssueAs, draft, GET_ISSUES, type IssueWorld } from './issue-test-kit.ts';
import { COMMENT_HISTORY, commentAs } from './comment-test-kit.ts';
import {
  CONFIRM,
  CREATE_WITH_IMAGES,
  fetchBytes,
  fileKeys,
  ISSUE_IMAGES,
  PHOTO_JPG,
  put,
  RENDER_PNG,
  signedUpload,
  UPDATE_IMAGES,
  uploadImage,
  type ImageData,
} from './image-test-kit.ts';

let t: TestServer;
let w: IssueWorld;

beforeAll(async () => {
  t = await startTestServer();
  w = await buildIssueWorld(t);
});
afterAll(async () => {
  await t.close();
});

interface Detail {
  id: number;
  cover: string | null;
  images: ImageData[];
  comments: { id: number; images: ImageData[] }[];
  history: { fields: Record<string, { old: unknown; new: unknown }> }[];
}

async function detail(issueId: number, user = w.creator): Promise<Detail> {
  return (await call<{ issue: Detail }>(t, user, ISSUE_IMAGES, { projectId: w.projectId, issueId })).issue;
}

async function createWithImages(
  images: Record<string, unknown>[],
  overrides: Record<string, unknown> = {},
  user = w.creator,
): Promise<number> {
  const data = await call<{ createIssue: { id: number } }>(
    t,
    user,
    CREATE_WITH_IMAGES,
    draft(w, { images, ...overrides }),
  );
  return data.createIssue.id;
}

const DELETE_COMMENT =
  'mutation($p: Int!, $c: Int!) { deleteProjectIssueComment(projectId: $p, commentId: $c) }';

describe('uploads', () => {
  it('uploads through the signed URL, confirms by content and makes a thumbnail that fits 320 px', async () => {
    const upload = await signedUpload(t, w.collaboratorSame, w.projectId, 'fachada.png');
    expect(upload).toMatchObject({ method: 'PUT', maxSize: 5 * 1024 * 1024 });
    expect(upload.url.startsWith(`${t.url}/files/`)).toBe(true);
    expect((await put(upload.url, RENDER_PNG, 'image/png')).status).toBe(200);
    const { confirmProjectIssueFileUpload: file } = await call<{
      confirmProjectIssueFileUpload: Record<string, unknown> & { url: string; thumbnailUrl: string };
    }>(t, w.collaboratorSame, CONFIRM, { projectId: w.projectId, fileId: upload.fileId });
    expect(file).toMatchObject({
      fileId: upload.fileId,
      fileName: 'fachada.png',
      contentType: 'image/png',
      size: RENDER_PNG.length,
      width: 1308,
      height: 736,
    });
    const original = await fetchBytes(file.url);
    expect(original.status).toBe(200);
    expect(original.type).toBe('image/png');
    expect(original.bytes.equals(RENDER_PNG)).toBe(true);
    const thumb = await fetchBytes(file.thumbnailUrl);
    expect(thumb.type).toBe('image/webp');
    const meta = await sharp(thumb.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 180]);
  });

  it('refuses names that are not images, empty names, and confirming what never arrived', async () => {
    const ask = (filename: string) =>
      `mutation($p: Int!) { createProjectIssueFileUploadSignedUrl(projectId: $p, filename: "${filename}") { fileId } }`;
    expect(await codeOf(t, w.creator, ask('planilha.exe'), { p: w.projectId })).toBe(
      'FILE_EXTENSION_NOT_ALLOWED',
    );
    expect(await codeOf(t, w.creator, ask('  '), { p: w.projectId })).toBe('SELECT_FILE');
    expect(await codeOf(t, w.outsider, ask('a.png'), { p: w.projectId })).toBe('PROJECT_NOT_FOUND');
    const upload = await signedUpload(t, w.creator, w.projectId);
    expect(await codeOf(t, w.creator, CONFIRM, { projectId: w.projectId, fileId: upload.fileId })).toBe(
      'USER_UPLOAD_ERROR',
    );
    // Someone else's upload is not theirs to confirm.
    expect(await codeOf(t, w.coordinator, CONFIRM, { projectId: w.projectId, fileId: upload.fileId })).toBe(
      'NOT_FOUND',
    );
  });

  it('refuses a file over 5 MB on the way in (FILE_SIZE_LIMIT_EXCEEDED) and keeps nothing of it', async () => {
    const upload = await signedUpload(t, w.creator, w.projectId);
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0xff);
    const response = await put(upload.url, big);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { code: string }).code).toBe('FILE_SIZE_LIMIT_EXCEEDED');
    expect(await codeOf(t, w.creator, CONFIRM, { projectId: w.projectId, fileId: upload.fileId })).toBe(
      'USER_UPLOAD_ERROR',
    );
  });

  it('checks the type by content: a .png name with text is FILE_EXTENSION_NOT_ALLOWED and the upload is dropped', async () => {
    const upload = await signedUpload(t, w.creator, w.projectId, 'planta.png');
    expect((await put(upload.url, Buffer.from('isto não é uma imagem, é texto'))).status).toBe(200);
    expect(await codeOf(t, w.creator, CONFIRM, { projectId: w.projectId, fileId: upload.fileId })).toBe(
      'FILE_EXTENSION_NOT_ALLOWED',
    );
    expect(await codeOf(t, w.creator, CONFIRM, { projectId: w.projectId, fileId: upload.fileId })).toBe(
      'NOT_FOUND',
    );
    // A PNG signature followed by garbage is not an image either.
    const fake = await uploadImage(
      t,
      w.creator,
      w.projectId,
      Buffer.concat([RENDER_PNG.subarray(0, 16), Buffer.alloc(64)]),
      'x.png',
    );
    expect(await codeOf(t, w.creator, CONFIRM, { projectId: w.projectId, fileId: fake })).toBe(
      'FILE_EXTENSION_NOT_ALLOWED',
    );
    expect(await fileKeys(t, upload.fileId)).toBeUndefined();
    expect(await fileKeys(t, fake)).toBeUndefined();
  });

  it('refuses forged, altered and expired signatures, and unsigned requests', async () => {
    const fileId = await uploadImage(t, w.creator, w.projectId);
    const file = (
      await call<{ confirmProjectIssueFileUpload: { url: string } }>(t, w.creator, CONFIRM, {
        projectId: w.projectId,
        fileId,
      })
    ).confirmProjectIssueFileUpload;
    const url = new URL(file.url);
    // The spec's anonymous-request marker (any extra parameter) does not disturb the signature.
    expect((await fetchBytes(`${file.url}&anonymous=true`)).status).toBe(200);
    const forged = new URL(url);
    forged.searchParams.set('signature', `${url.searchParams.get('signature')?.slice(0, -2)}AA`);
    const retyped = new URL(url);
    retyped.searchParams.set('type', 'text/html');
    const unsigned = `${url.origin}${url.pathname}`;
    const key = url.pathname.replace(/^\/files\//, '');
    const expired = `${url.origin}${t.server.services.files.signer.signedPath('GET', key, Math.floor(Date.now() / 1000) - 1, 'image/jpeg')}`;
    const otherKey = `${url.origin}/files/${key}.thumb.webp${url.search}`;
    for (const bad of [forged.toString(), retyped.toString(), unsigned, expired, otherKey]) {
      // A bearer token does not stand in for the signature.
      const answer = await fetch(bad, { headers: { authorization: `Bearer ${w.creator.token}` } });
      expect([bad, answer.status]).toEqual([bad, 403]);
    }
    // A download signature does not allow an upload, nor does an expired upload signature.
    expect((await put(file.url, PHOTO_JPG)).status).toBe(403);
    const stale = `${url.origin}${t.server.services.files.signer.signedPath('PUT', 'issues/1/x', Math.floor(Date.now() / 1000) - 1, '100')}`;
    expect((await put(stale, PHOTO_JPG)).status).toBe(403);
  });
});

describe('images of issues and comments', () => {
  it('attaches uploads to a new issue with title, index, markup and viewpoint, and serves them signed', async () => {
    const original = await uploadImage(t, w.creator, w.projectId, PHOTO_JPG, 'sótão.jpg');
    const markedUp = await uploadImage(t, w.creator, w.projectId, RENDER_PNG, 'sótão-marcado.png');
    const second = await uploadImage(t, w.creator, w.projectId, RENDER_PNG, 'b.png');
    const markUp = { rects: [{ id: 'r1', x: 10, y: 20, width: 100, height: 50 }], pin: null };
    const issueId = await createWithImages([
      {
        title: ' Forro quebrado no sótão ',
        original,
        markedUp,
        markUp,
        viewpoint: { x: 1, y: 2, scale: 1.5 },
      },
      { title: 'Vista geral', original: second, index: 5 },
    ]);
    const issue = await detail(issueId);
    expect(issue.images.map((i) => [i.title, i.index, i.issueId, i.issueCommentId])).toEqual([
      ['Forro quebrado no sótão', 0, issueId, null],
      ['Vista geral', 5, issueId, null],
    ]);
    const [first] = issue.images;
    expect(first?.markUp).toEqual(markUp);
    expect(first?.viewpoint).toEqual({ x: 1, y: 2, scale: 1.5 });
    expect((await fetchBytes(first?.original ?? '')).bytes.equals(PHOTO_JPG)).toBe(true);
    expect((await fetchBytes(first?.markedUp ?? '')).bytes.equals(RENDER_PNG)).toBe(true);
    expect((await fetchBytes(first?.markedUpThumb ?? '')).type).toBe('image/webp');
    expect(issue.cover).toBe(first?.markedUpThumb);
    // Without markup, markedUp is the original.
    expect(issue.images[1]?.markedUp).toBe(issue.images[1]?.original);
    expect(issue.history[0]?.fields['images']).toBeDefined();
    // Image titles are searched (spec core §5).
    const found = await call<{ getIssues: { issues: { id: number }[] } }>(t, w.creator, GET_ISSUES, {
      projectId: w.projectId,
      filter: { search: 'forro SOTAO' },
    });
    expect(found.getIssues.issues.map((i) => i.id)).toEqual([issueId]);
  });

  it('updates images: keeps by id (new title, new markup), adds, removes, and records the change', async () => {
    const a = await uploadImage(t, w.creator, w.projectId);
    const b = await uploadImage(t, w.creator, w.projectId);
    const issueId = await createWithImages([
      { title: 'A', original: a },
      { title: 'B', original: b },
    ]);
    const [imageA, imageB] = (await detail(issueId)).images;
    const c = await uploadImage(t, w.creator, w.projectId, RENDER_PNG, 'c.png');
    const marked = await uploadImage(t, w.creator, w.projectId, RENDER_PNG, 'm.png');
    await call(t, w.creator, UPDATE_IMAGES, {
      projectId: w.projectId,
      issueId,
      images: [
        { id: imageB?.id, title: 'B revisada', index: 0, markedUp: marked, markUp: { texts: [] } },
        { title: 'C', original: c, index: 1 },
      ],
    });
    const after = await detail(issueId);
    expect(after.images.map((i) => [i.id === imageB?.id, i.title, i.index])).toEqual([
      [true, 'B revisada', 0],
      [false, 'C', 1],
    ]);
    expect(after.images.some((i) => i.id === imageA?.id)).toBe(false);
    expect((await fetchBytes(after.images[0]?.markedUp ?? '')).bytes.equals(RENDER_PNG)).toBe(true);
    expect(after.history.at(-1)?.fields['images']).toMatchObject({
      old: [{ title: 'A' }, { title: 'B' }],
      new: [{ title: 'B revisada' }, { title: 'C' }],
    });
    // Sending the same list again changes nothing and writes no history.
    const current = after.images.map((i) => ({
      id: i.id,
      title: i.title,
      index: i.index,
      markUp: i.markUp,
      viewpoint: i.viewpoint,
    }));
    await call(t, w.creator, UPDATE_IMAGES, { projectId: w.projectId, issueId, images: current });
    expect((await detail(issueId)).history).toHaveLength(after.history.length);
    // A collaborator outside the issue's scope may not change its images.
    expect(
      await codeOf(t, w.collaboratorSame, UPDATE_IMAGES, { projectId: w.projectId, issueId, images: [] }),
    ).toBe('FORBIDDEN');
  });

  it('refuses files that are not the caller’s uploads in this project, or already used, or an unknown image id', async () => {
    const otherProject = await createProject(t, w.creator, 'Outra obra');
    const foreign = await uploadImage(t, w.creator, otherProject);
    const someoneElses = await uploadImage(t, w.coordinator, w.projectId);
    const used = await uploadImage(t, w.creator, w.projectId);
    await createWithImages([{ original: used }]);
    const cases: Record<string, unknown>[][] = [
      [{ original: foreign }],
      [{ original: someoneElses }],
      [{ original: used }],
      [{ original: '00000000-0000-0000-0000-000000000000' }],
      [{ title: 'sem arquivo' }],
      [{ id: 999_999, title: 'não é desta issue' }],
    ];
    for (const images of cases)
      expect([images, await codeOf(t, w.creator, CREATE_WITH_IMAGES, draft(w, { images }))]).toEqual([
        images,
        'BAD_USER_INPUT',
      ]);
  });

  it('confirms a referenced upload itself, with the same checks', async () => {
    const good = await uploadImage(t, w.creator, w.projectId);
    const issueId = await createWithImages([{ original: good }]);
    expect((await detail(issueId)).images).toHaveLength(1);
    const text = await uploadImage(t, w.creator, w.projectId, Buffer.from('GIF? no.'), 'a.gif');
    expect(await codeOf(t, w.creator, CREATE_WITH_IMAGES, draft(w, { images: [{ original: text }] }))).toBe(
      'FILE_EXTENSION_NOT_ALLOWED',
    );
  });

  it('attaches images to comments, by the comment’s visibility, and withholds them once deleted', async () => {
    const issueId = await createIssueAs(t, w.creator, draft(w));
    const fileId = await uploadImage(t, w.groupMember, w.projectId);
    const comment = await commentAs(t, w.groupMember, w, issueId, {
      visibility: 'group',
      groupId: w.groupId,
      images: [{ title: 'Detalhe', original: fileId }],
    });
    const seen = await detail(issueId, w.groupMember);
    const images = seen.comments.find((c) => c.id === comment.id)?.images ?? [];
    expect(images.map((i) => [i.title, i.issueId, i.issueCommentId])).toEqual([
      ['Detalhe', issueId, comment.id],
    ]);
    expect((await fetchBytes(images[0]?.original ?? '')).status).toBe(200);
    // The issue's own images do not include comment images.
    expect(seen.images).toEqual([]);
    // Outside the group the comment, and so its images, are not served.
    expect((await detail(issueId, w.collaboratorOther)).comments.some((c) => c.id === comment.id)).toBe(
      false,
    );
    // A deleted comment keeps its images for its author only, like its message.
    const publicFile = await uploadImage(t, w.groupMember, w.projectId);
    const open = await commentAs(t, w.groupMember, w, issueId, {
      images: [{ title: 'Pública', original: publicFile }],
    });
    expect((await detail(issueId, w.creator)).comments.find((c) => c.id === open.id)?.images).toHaveLength(1);
    await call(t, w.groupMember, DELETE_COMMENT, { p: w.projectId, c: open.id });
    expect(
      (await detail(issueId, w.groupMember)).comments.find((c) => c.id === open.id)?.images,
    ).toHaveLength(1);
    expect((await detail(issueId, w.creator)).comments.find((c) => c.id === open.id)?.images).toEqual([]);
  });
  it('withholds a deleted comment’s image titles in its history from everyone but its author', async () => {
    const issueId = await createIssueAs(t, w.creator, draft(w));
    const fileId = await uploadImage(t, w.groupMember, w.projectId);
    const comment = await commentAs(t, w.groupMember, w, issueId, {
      images: [{ title: 'Fissura na laje', original: fileId }],
    });
    const history = async (user: typeof w.creator) =>
      JSON.stringify(
        (
          await call<{ getProjectIssueCommentHistory: { fields: unknown }[] }>(t, user, COMMENT_HISTORY, {
            projectId: w.projectId,
            commentId: comment.id,
          })
        ).getProjectIssueCommentHistory,
      );
    expect(await history(w.creator)).toContain('Fissura na laje');
    await call(t, w.groupMember, DELETE_COMMENT, { p: w.projectId, c: comment.id });
    expect(await history(w.creator)).not.toContain('Fissura na laje');
    expect(await history(w.groupMember)).toContain('Fissura na laje');
  });
});
