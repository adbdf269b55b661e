import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { call, codeOf } from '../projects/project-test-kit.ts';
import { fetchBytes, PHOTO_JPG, put, RENDER_PNG } from '../issues/image-test-kit.ts';
import { cleanupProfileImages } from '../../src/modules/profile-images/profile-image-claims.ts';
import {
  ageUpload,
  askUpload,
  buildImageWorld,
  confirmCode,
  confirmUpload,
  CREATE_UPLOAD,
  sendUpload,
  UPDATE_PHOTO,
  uploadProfileImage,
  uploadRow,
  type ImageWorld,
} from './profile-image-test-kit.ts';

let t: TestServer;
let w: ImageWorld;

beforeAll(async () => {
  t = await startTestServer();
  w = await buildImageWorld(t);
});
afterAll(async () => {
  await t.close();
});

const exists = async (key: string | null | undefined) =>
  key != null && (await t.server.services.files.store.stat(key)) !== undefined;

describe('profile image uploads (editor §5.1, §5.3)', () => {
  it('re-encodes an avatar to exactly 200×200 WebP and serves it to anyone holding the address, cached for good', async () => {
    const upload = await askUpload(t, w.owner, 'PROJECT_IMAGE', 'fachada.png');
    expect(upload).toMatchObject({ method: 'PUT', maxSize: 5 * 1024 * 1024 });
    expect(upload.url.startsWith(`${t.url}/files/`)).toBe(true);
    expect((await put(upload.url, RENDER_PNG, 'image/png')).status).toBe(200);
    const image = await confirmUpload(t, w.owner, upload.fileId);
    expect(image).toMatchObject({ fileId: upload.fileId, kind: 'PROJECT_IMAGE', width: 200, height: 200 });
    expect(image.url).toBe(`/profile-images/${upload.fileId}.webp`);
    // A plain GET without any credentials, as an <img> does.
    const served = await fetch(`${t.url}${image.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.length).toBe(image.size);
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 200, 200]);
    // The raw upload is gone; only the re-encoded image is kept. Confirming again answers the same image.
    const row = await uploadRow(t, upload.fileId);
    expect(row?.status).toBe('ready');
    expect(await exists(row?.upload_key)).toBe(false);
    expect(await confirmUpload(t, w.owner, upload.fileId)).toEqual(image);
  });

  it('makes a company logo 800×200 (aspect 4) whatever the shape sent, and a user photo 200×200', async () => {
    const logo = await uploadProfileImage(t, w.owner, 'COMPANY_LOGO', PHOTO_JPG);
    expect([logo.kind, logo.width, logo.height]).toEqual(['COMPANY_LOGO', 800, 200]);
    const logoMeta = await sharp((await fetchBytes(`${t.url}${logo.url}`)).bytes).metadata();
    expect([logoMeta.width, logoMeta.height]).toEqual([800, 200]);
    const tiny = await sharp({
      create: { width: 31, height: 17, channels: 4, background: { r: 0, g: 90, b: 200, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const photo = await uploadProfileImage(t, w.collaborator, 'USER_PHOTO', tiny);
    expect([photo.width, photo.height]).toEqual([200, 200]);
    const photoMeta = await sharp((await fetchBytes(`${t.url}${photo.url}`)).bytes).metadata();
    expect([photoMeta.width, photoMeta.height, photoMeta.hasAlpha]).toEqual([200, 200, true]);
  });

  it('keeps nothing but pixels: EXIF and trailing bytes are dropped, the orientation applied', async () => {
    const portrait = await sharp({ create: { width: 400, height: 100, channels: 3, background: '#c04020' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'segredo-do-cliente', Orientation: '6' } })
      .toBuffer();
    const sent = Buffer.concat([portrait, Buffer.from('<script>alert(1)</script>')]);
    expect((await sharp(sent).metadata()).exif).toBeDefined();
    const image = await uploadProfileImage(t, w.owner, 'USER_PHOTO', sent);
    const stored = (await fetchBytes(`${t.url}${image.url}`)).bytes;
    const meta = await sharp(stored).metadata();
    expect([meta.exif, meta.orientation, meta.width, meta.height]).toEqual([undefined, undefined, 200, 200]);
    expect(stored.includes('segredo-do-cliente')).toBe(false);
    expect(stored.includes('<script>')).toBe(false);
  });

  it('refuses what is not an image by content (FILE_EXTENSION_NOT_ALLOWED) and keeps nothing of it', async () => {
    const text = await sendUpload(
      t,
      w.owner,
      'USER_PHOTO',
      Buffer.from('isto não é uma imagem'),
      'retrato.png',
    );
    const textKey = (await uploadRow(t, text))?.upload_key;
    expect(await confirmCode(t, w.owner, text)).toBe('FILE_EXTENSION_NOT_ALLOWED');
    expect(await uploadRow(t, text)).toBeUndefined();
    expect(await exists(textKey)).toBe(false);
    expect(await confirmCode(t, w.owner, text)).toBe('NOT_FOUND');
    // A PNG signature followed by garbage is not an image either, nor is an SVG.
    const fake = await sendUpload(
      t,
      w.owner,
      'USER_PHOTO',
      Buffer.concat([RENDER_PNG.subarray(0, 16), Buffer.alloc(64)]),
      'x.png',
    );
    expect(await confirmCode(t, w.owner, fake)).toBe('FILE_EXTENSION_NOT_ALLOWED');
    const svg = await sendUpload(
      t,
      w.owner,
      'USER_PHOTO',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'x.png',
    );
    expect(await confirmCode(t, w.owner, svg)).toBe('FILE_EXTENSION_NOT_ALLOWED');
    // Names screen early; an empty file and a missing upload are told apart.
    const ask = (filename: string) => codeOf(t, w.owner, CREATE_UPLOAD, { kind: 'USER_PHOTO', filename });
    expect(await ask('logo.svg')).toBe('FILE_EXTENSION_NOT_ALLOWED');
    expect(await ask('planilha.exe')).toBe('FILE_EXTENSION_NOT_ALLOWED');
    expect(await ask('   ')).toBe('SELECT_FILE');
    expect(await confirmCode(t, w.owner, await sendUpload(t, w.owner, 'USER_PHOTO', Buffer.alloc(0)))).toBe(
      'SELECT_FILE',
    );
    const never = await askUpload(t, w.owner, 'USER_PHOTO');
    expect(await confirmCode(t, w.owner, never.fileId)).toBe('USER_UPLOAD_ERROR');
    // Someone else's upload is not theirs to confirm; ids that are not uploads are NOT_FOUND.
    expect(await confirmCode(t, w.collaborator, never.fileId)).toBe('NOT_FOUND');
    expect(await confirmCode(t, w.owner, 'not-an-id')).toBe('NOT_FOUND');
  });

  it('refuses more than 5 MB (FILE_SIZE_LIMIT_EXCEEDED) on the way in and again when confirming', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0xff);
    const upload = await askUpload(t, w.owner, 'USER_PHOTO');
    const response = await put(upload.url, big);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { code: string }).code).toBe('FILE_SIZE_LIMIT_EXCEEDED');
    expect(await confirmCode(t, w.owner, upload.fileId)).toBe('USER_UPLOAD_ERROR');
    // A store that does not cut the body off (S3) only tells at confirmation.
    const other = await askUpload(t, w.owner, 'USER_PHOTO');
    const key = (await uploadRow(t, other.fileId))?.upload_key ?? '';
    await t.server.services.files.store.write(key, Buffer.concat([PHOTO_JPG, big]), 'image/jpeg');
    expect(await confirmCode(t, w.owner, other.fileId)).toBe('FILE_SIZE_LIMIT_EXCEEDED');
    expect(await exists(key)).toBe(false);
  });

  it('answers NOT_FOUND for unknown or malformed addresses and never serves raw uploads', async () => {
    const upload = await askUpload(t, w.owner, 'USER_PHOTO');
    await put(upload.url, PHOTO_JPG);
    for (const path of [
      `/profile-images/${upload.fileId}.webp`,
      `/profile-images/${upload.fileId}`,
      '/profile-images/..%2Ffiles-signing.key',
      '/profile-images/00000000-0000-0000-0000-000000000000.webp',
    ]) {
      const answer = await fetch(`${t.url}${path}`);
      expect([path, answer.status]).toEqual([path, 404]);
      expect(((await answer.json()) as { code: string }).code).toBe('NOT_FOUND');
    }
  });

  it('is for signed-in users; a company logo needs a company or platform administrator', async () => {
    expect(await codeOf(t, undefined, CREATE_UPLOAD, { kind: 'USER_PHOTO', filename: 'a.png' })).toBe(
      'UNAUTHENTICATED',
    );
    expect(
      await codeOf(t, w.ownerCollaborator, CREATE_UPLOAD, { kind: 'COMPANY_LOGO', filename: 'a.png' }),
    ).toBe('FORBIDDEN');
    expect(await codeOf(t, w.owner, CREATE_UPLOAD, { kind: 'BANNER', filename: 'a.png' })).toBe(
      'BAD_USER_INPUT',
    );
    expect((await askUpload(t, w.platformAdmin, 'COMPANY_LOGO')).fileId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await askUpload(t, w.ownerCollaborator, 'USER_PHOTO')).fileId).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('uploads that never count', () => {
  it('removes expired pending uploads and unused images past two hours; keeps used and recent ones', async () => {
    const pending = await sendUpload(t, w.outsider, 'USER_PHOTO');
    const unusedOld = await uploadProfileImage(t, w.outsider, 'USER_PHOTO');
    const unusedNew = await uploadProfileImage(t, w.outsider, 'USER_PHOTO');
    const used = await uploadProfileImage(t, w.outsider, 'USER_PHOTO');
    await call(t, w.outsider, UPDATE_PHOTO, { photo: used.url });
    const keys = await Promise.all(
      [pending, unusedOld.fileId, unusedNew.fileId, used.fileId].map(async (id) => uploadRow(t, id)),
    );
    await ageUpload(t, pending, 1);
    await ageUpload(t, unusedOld.fileId, 3);
    await ageUpload(t, used.fileId, 3);
    expect(await cleanupProfileImages(t.server.services)).toBeGreaterThanOrEqual(2);
    expect(await uploadRow(t, pending)).toBeUndefined();
    expect(await exists(keys[0]?.upload_key)).toBe(false);
    expect(await uploadRow(t, unusedOld.fileId)).toBeUndefined();
    expect(await exists(keys[1]?.storage_key)).toBe(false);
    expect((await fetch(`${t.url}${unusedOld.url}`)).status).toBe(404);
    expect((await uploadRow(t, unusedNew.fileId))?.status).toBe('ready');
    expect((await uploadRow(t, used.fileId))?.status).toBe('ready');
    expect((await fetch(`${t.url}${used.url}`)).status).toBe(200);
  });
});
