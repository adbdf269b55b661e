import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { startTestS3, type TestS3 } from '../support/s3-test-server.ts';
import { buildCompanyWithAdmin, type TestUser } from '../support/factories.ts';
import { call } from '../projects/project-test-kit.ts';
import { PHOTO_JPG, put } from '../issues/image-test-kit.ts';
import {
  askUpload,
  confirmCode,
  confirmUpload,
  UPDATE_COMPANY_LOGO,
  uploadRow,
} from './profile-image-test-kit.ts';

let s3: TestS3;
let t: TestServer;
let admin: TestUser;

beforeAll(async () => {
  s3 = await startTestS3();
  t = await startTestServer(s3.env);
  admin = (await buildCompanyWithAdmin(t)).admin;
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

describe('profile images on S3 (s3rver)', () => {
  it('uploads to the bucket, re-encodes into it and serves the image through Obra without a redirect', async () => {
    expect(t.server.services.files.store.kind).toBe('s3');
    const upload = await askUpload(t, admin, 'COMPANY_LOGO', 'logo.jpg');
    expect(new URL(upload.url).origin).toBe(s3.env['S3_ENDPOINT']);
    expect((await put(upload.url, PHOTO_JPG, 'image/jpeg')).status).toBe(200);
    const logo = await confirmUpload(t, admin, upload.fileId);
    expect([logo.width, logo.height]).toEqual([800, 200]);
    const row = await uploadRow(t, upload.fileId);
    expect(await t.server.services.files.store.stat(row?.upload_key ?? '')).toBeUndefined();
    await call(t, admin, UPDATE_COMPANY_LOGO, { name: 'Logo no balde', logo: logo.url });
    const served = await fetch(`${t.url}${logo.url}`, { redirect: 'manual' });
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/webp']);
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 800, 200]);
  });

  it('finds a body over 5 MB at confirmation (a presigned PUT has no limit) and removes it from the bucket', async () => {
    const upload = await askUpload(t, admin, 'USER_PHOTO');
    expect((await put(upload.url, Buffer.alloc(5 * 1024 * 1024 + 1, 0xff))).status).toBe(200);
    const key = (await uploadRow(t, upload.fileId))?.upload_key ?? '';
    expect(await confirmCode(t, admin, upload.fileId)).toBe('FILE_SIZE_LIMIT_EXCEEDED');
    expect(await t.server.services.files.store.stat(key)).toBeUndefined();
  });
});
