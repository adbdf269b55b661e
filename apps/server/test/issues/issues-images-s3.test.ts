import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { startTestS3, type TestS3 } from '../support/s3-test-server.ts';
import { call, codeOf } from '../projects/project-test-kit.ts';
import { buildIssueWorld, draft, type IssueWorld } from './issue-test-kit.ts';
import {
  CONFIRM,
  CREATE_WITH_IMAGES,
  fetchBytes,
  fileKeys,
  ISSUE_IMAGES,
  PHOTO_JPG,
  put,
  signedUpload,
  uploadImage,
  type ImageData,
} from './image-test-kit.ts';
import { cleanupIssueFiles } from '../../src/modules/issues/images/issue-file-cleanup.ts';
import { ConfigError, loadConfig } from '../../src/config.ts';

let s3: TestS3;
let t: TestServer;
let w: IssueWorld;

beforeAll(async () => {
  s3 = await startTestS3();
  t = await startTestServer(s3.env);
  w = await buildIssueWorld(t);
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

describe('files on S3 (s3rver)', () => {
  it('round trip: presigned PUT to the bucket, confirm, attach, signed download through Obra', async () => {
    expect(t.server.services.files.store.kind).toBe('s3');
    const upload = await signedUpload(t, w.creator, w.projectId, 'foto.jpg');
    expect(new URL(upload.url).origin).toBe(s3.env['S3_ENDPOINT']);
    expect((await put(upload.url, PHOTO_JPG, 'image/jpeg')).status).toBe(200);
    const file = (
      await call<{
        confirmProjectIssueFileUpload: {
          contentType: string;
          width: number;
          url: string;
          thumbnailUrl: string;
        };
      }>(t, w.creator, CONFIRM, { projectId: w.projectId, fileId: upload.fileId })
    ).confirmProjectIssueFileUpload;
    expect([file.contentType, file.width]).toEqual(['image/jpeg', 1280]);
    // Obra's signed URL checks the signature and sends the browser to a short-lived URL of the bucket.
    expect(file.url.startsWith(`${t.url}/files/`)).toBe(true);
    const redirect = await fetch(file.url, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(new URL(redirect.headers.get('location') ?? '').origin).toBe(s3.env['S3_ENDPOINT']);
    const original = await fetchBytes(file.url);
    expect(original.bytes.equals(PHOTO_JPG)).toBe(true);
    expect(original.type).toBe('image/jpeg');
    const thumb = await fetchBytes(file.thumbnailUrl);
    const meta = await sharp(thumb.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 320]);
    const created = await call<{ createIssue: { id: number } }>(
      t,
      w.creator,
      CREATE_WITH_IMAGES,
      draft(w, { images: [{ title: 'No balde', original: upload.fileId }] }),
    );
    const issue = (
      await call<{ issue: { images: ImageData[] } }>(t, w.creator, ISSUE_IMAGES, {
        projectId: w.projectId,
        issueId: created.createIssue.id,
      })
    ).issue;
    expect(issue.images.map((i) => i.title)).toEqual(['No balde']);
    expect((await fetchBytes(issue.images[0]?.markedUp ?? '')).bytes.equals(PHOTO_JPG)).toBe(true);
    // The page may talk to the bucket.
    const page = await fetch(`${t.url}/healthz`);
    expect(page.headers.get('content-security-policy')).toContain(
      `connect-src 'self' ${s3.env['S3_ENDPOINT']}`,
    );
  });

  it('checks size and content after the upload, removing what it refuses from the bucket', async () => {
    const { store } = t.server.services.files;
    const keyOf = async (guid: string) => (await fileKeys(t, guid))?.storage_key;
    const big = await signedUpload(t, w.creator, w.projectId);
    expect((await put(big.url, Buffer.alloc(5 * 1024 * 1024 + 1, 0xff))).status).toBe(200);
    const bigKey = await keyOf(big.fileId);
    expect(await codeOf(t, w.creator, CONFIRM, { projectId: w.projectId, fileId: big.fileId })).toBe(
      'FILE_SIZE_LIMIT_EXCEEDED',
    );
    expect(await store.stat(bigKey ?? 'missing')).toBeUndefined();
    const text = await uploadImage(t, w.creator, w.projectId, Buffer.from('texto simples'), 'x.png');
    const textKey = await keyOf(text);
    expect(await codeOf(t, w.creator, CONFIRM, { projectId: w.projectId, fileId: text })).toBe(
      'FILE_EXTENSION_NOT_ALLOWED',
    );
    expect(await store.stat(textKey ?? 'missing')).toBeUndefined();
  });

  it('cleans unused files out of the bucket', async () => {
    const { store } = t.server.services.files;
    const fileId = await uploadImage(t, w.creator, w.projectId);
    await call(t, w.creator, CONFIRM, { projectId: w.projectId, fileId });
    const keys = await fileKeys(t, fileId);
    expect(await store.stat(keys?.thumb_key ?? 'missing')).toBeDefined();
    expect(
      await cleanupIssueFiles(t.server.services, new Date(Date.now() + 25 * 3_600_000)),
    ).toBeGreaterThanOrEqual(1);
    expect(await store.stat(keys?.storage_key ?? 'missing')).toBeUndefined();
    expect(await store.stat(keys?.thumb_key ?? 'missing')).toBeUndefined();
  });
});

describe('S3 configuration', () => {
  it('uses S3 only with a bucket, and refuses half a configuration', () => {
    expect(loadConfig({}).files.s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: 'obra', S3_FORCE_PATH_STYLE: 'true' }).files.s3).toEqual({
      endpoint: undefined,
      bucket: 'obra',
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: true,
    });
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(ConfigError);
    expect(() => loadConfig({ S3_BUCKET: 'obra', S3_ACCESS_KEY_ID: 'key' })).toThrow(ConfigError);
    expect(() => loadConfig({ FILES_SIGNING_SECRET: 'short' })).toThrow(ConfigError);
  });
});
