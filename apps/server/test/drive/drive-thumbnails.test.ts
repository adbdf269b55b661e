import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { buildDriveWorld, rest, uploadFile, type DriveWorld } from './drive-test-kit.ts';

/** Preview thumbnails of drive images, made by the drive.thumbnail job after the upload is confirmed. */

let t: TestServer;
let w: DriveWorld;

beforeAll(async () => {
  t = await startTestServer();
  w = await buildDriveWorld(t, 'Torre Miniaturas');
});
afterAll(async () => {
  await t.close();
});

type Listed = { id: number; processingState: string; thumbnailUrl: string | null };

/** Polls the file until its preview is no longer being made (the job runs in the test server). */
async function settled(fileId: number): Promise<Listed> {
  for (let i = 0; i < 300; i++) {
    const answer = await rest<Listed>(t, w.owner, 'GET', `${w.base}/files/${fileId}`);
    if (answer.body.processingState !== 'pending') return answer.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('thumbnail still pending');
}

describe('drive thumbnails', () => {
  it('an image gets a 320 px WebP thumbnail, served by a signed address in the list and the file', async () => {
    const png = await sharp({
      create: { width: 1200, height: 800, channels: 3, background: { r: 240, g: 240, b: 230 } },
    })
      .png()
      .toBuffer();
    const file = await uploadFile(t, w, w.owner, 'TRN-ARQ-ED-0001-R00.png', {}, png);
    // Queued at confirmation (the job may already have run).
    expect(['pending', 'done']).toContain(file['processingState']);
    const done = await settled(file.id);
    expect(done.processingState).toBe('done');
    const thumb = await fetch(done.thumbnailUrl ?? '');
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 213]);
    const list = await rest<{ files: Listed[] }>(t, w.owner, 'GET', `${w.base}/files?search=0001`);
    expect(list.body.files[0]?.thumbnailUrl).toMatch(/^http/);
    // Deleting the revision removes its thumbnail too.
    expect((await rest(t, w.owner, 'DELETE', `${w.base}/files/${file.id}`)).status).toBe(204);
    expect((await fetch(done.thumbnailUrl ?? '')).status).toBe(404);
  });

  it('a file of another type has no preview; an image that does not decode is marked failed', async () => {
    // PDFs are prepared by drive.pdfPrepare (drive-pdf-preparation.test.ts); a CSV has no preview at all.
    const csv = await uploadFile(t, w, w.owner, 'TRN-ARQ-ED-0002-R00.csv', {}, Buffer.from('a;b\n1;2\n'));
    expect(csv['processingState']).toBe('none');
    expect((await rest<Listed>(t, w.owner, 'GET', `${w.base}/files/${csv.id}`)).body.thumbnailUrl).toBeNull();
    // PNG magic bytes, then garbage: accepted by the content check (it reads the first bytes), refused by the decoder.
    const broken = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(64, 7),
    ]);
    const file = await uploadFile(t, w, w.owner, 'TRN-ARQ-ED-0003-R00.png', {}, broken);
    const settledFile = await settled(file.id);
    expect([settledFile.processingState, settledFile.thumbnailUrl]).toEqual(['failed', null]);
  });
});
