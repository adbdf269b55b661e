import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { startTestS3, type TestS3 } from '../support/s3-test-server.ts';
import { buildDriveWorld, bulkZip, rest, uploadFile, zipEntries, type DriveWorld } from './drive-test-kit.ts';

let s3: TestS3;
let t: TestServer;
let w: DriveWorld;

beforeAll(async () => {
  s3 = await startTestS3();
  t = await startTestServer(s3.env);
  w = await buildDriveWorld(t, 'Torre S3');
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

/** A PDF of `size` bytes (a PDF header, then noise that does not compress). */
function bigPdf(size: number): Buffer {
  return Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size - 9)]);
}

describe('drive on S3 (s3rver)', () => {
  it('uploads straight to the bucket, confirms by content, downloads through a signed redirect', async () => {
    expect(t.server.services.files.store.kind).toBe('s3');
    const bytes = bigPdf(200_000);
    const created = await rest<{ upload: { url: string } }>(t, w.owner, 'POST', `${w.base}/files`, {
      fileName: 'TRN-ARQ-ED-0001-R00.pdf',
      fileSize: bytes.length,
    });
    expect(new URL(created.body.upload.url).origin).toBe(s3.env['S3_ENDPOINT']);
    const file = await uploadFile(t, w, w.owner, 'TRN-ARQ-ED-0002-R00.pdf', {}, bytes);
    expect(file['contentType']).toBe('application/pdf');
    const url = await rest<{ url: string }>(t, w.owner, 'GET', `${w.base}/files/${file.id}/download-url`);
    const redirect = await fetch(url.body.url, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const downloaded = Buffer.from(await (await fetch(url.body.url)).arrayBuffer());
    expect(downloaded.equals(bytes)).toBe(true);
  });

  it('streams a bulk zip into the bucket with a multipart upload', async () => {
    // Two files of 6 MB: the archive is larger than one 8 MB part, so it goes up in several parts.
    const a = await uploadFile(t, w, w.owner, 'TRN-EST-ED-0001-R00.pdf', {}, bigPdf(6 * 1024 * 1024));
    const b = await uploadFile(t, w, w.owner, 'TRN-EST-ED-0002-R00.pdf', {}, bigPdf(6 * 1024 * 1024));
    const zip = await bulkZip(t, w, w.owner, [a.id, b.id]);
    expect(zip.body.status).toBe('completed');
    const archive = Buffer.from(await (await fetch(zip.body.url ?? '')).arrayBuffer());
    expect(archive.length).toBeGreaterThan(12 * 1024 * 1024);
    expect(zipEntries(archive)).toEqual([
      { name: 'TRN-EST-ED-0001-R00.pdf', size: 6 * 1024 * 1024 },
      { name: 'TRN-EST-ED-0002-R00.pdf', size: 6 * 1024 * 1024 },
    ]);
  });

  it('once confirmed, a PUT to the upload address cannot change the file (the bytes were moved to their final key)', async () => {
    const bytes = bigPdf(50_000);
    const created = await rest<{
      file: { id: number };
      upload: { url: string; headers: Record<string, string> };
    }>(t, w.owner, 'POST', `${w.base}/files`, {
      fileName: 'TRN-ARQ-ED-0090-R00.pdf',
      fileSize: bytes.length,
    });
    const send = (body: Buffer) =>
      fetch(created.body.upload.url, {
        method: 'PUT',
        body: new Uint8Array(body),
        headers: created.body.upload.headers,
      });
    expect((await send(bytes)).status).toBe(200);
    const confirmed = await rest(
      t,
      w.owner,
      'PATCH',
      `${w.base}/files/${created.body.file.id}/confirm-upload`,
    );
    expect(confirmed.status).toBe(200);
    // S3 takes the PUT (a presigned URL cannot be withdrawn), but under the upload key, which Obra never reads.
    const other = bigPdf(50_000);
    await send(other);
    const url = await rest<{ url: string }>(
      t,
      w.owner,
      'GET',
      `${w.base}/files/${created.body.file.id}/download-url`,
    );
    const downloaded = Buffer.from(await (await fetch(url.body.url)).arrayBuffer());
    expect(downloaded.equals(bytes)).toBe(true);
    expect(
      (await rest(t, w.owner, 'PATCH', `${w.base}/files/${created.body.file.id}/confirm-upload`)).status,
    ).toBe(200);
    expect(Buffer.from(await (await fetch(url.body.url)).arrayBuffer()).equals(bytes)).toBe(true);
  });
});
