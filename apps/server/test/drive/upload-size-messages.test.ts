// Issue 30 #10: a too-large PUT to a signed upload address answered "The file must be under 5 MB", a limit that was
// neither the declared size nor the drive's. The answer now states the limit that applies, in the caller's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { buildDriveWorld, pdfBytes, rest, type Created, type DriveWorld } from './drive-test-kit.ts';
import { signedUpload } from '../issues/image-test-kit.ts';

let t: TestServer;
let w: DriveWorld;

beforeAll(async () => {
  t = await startTestServer();
  w = await buildDriveWorld(t, 'Torre Limites');
});
afterAll(async () => {
  await t.close();
});

async function putAnswer(
  url: string,
  bytes: Buffer,
  language: string,
): Promise<{ status: number; body: { code?: string; message?: string; details?: { max?: number } } }> {
  const response = await fetch(url, {
    method: 'PUT',
    body: new Uint8Array(bytes),
    headers: { 'content-type': 'application/octet-stream', 'accept-language': language },
  });
  return { status: response.status, body: (await response.json()) as never };
}

describe('the limit named by a refused size', () => {
  it('a PUT past the declared size of a drive upload names the declared size', async () => {
    const declared = 256 * 1024;
    const created = await rest<Created>(t, w.owner, 'POST', `${w.base}/files`, {
      fileName: 'TRN-ARQ-ED-0901-R00.pdf',
      fileSize: declared,
    });
    expect(created.status).toBe(201);
    const tooMuch = Buffer.concat([pdfBytes('grande'), Buffer.alloc(declared, 1)]);
    const en = await putAnswer(created.body.upload.url, tooMuch, 'en');
    expect(en.status).toBe(413);
    expect(en.body).toMatchObject({
      code: 'FILE_SIZE_LIMIT_EXCEEDED',
      message: 'The file must be at most 256 KB.',
      details: { max: declared },
    });
    const pt = await putAnswer(created.body.upload.url, tooMuch, 'pt-BR');
    expect(pt.body.message).toBe('O arquivo deve ter no máximo 256 KB.');
    const es = await putAnswer(created.body.upload.url, tooMuch, 'es');
    expect(es.body.message).toBe('El archivo debe tener como máximo 256 KB.');
  });

  it("a file declared past the drive's limit names the drive's 2 GB", async () => {
    const huge = await rest(
      t,
      w.owner,
      'POST',
      `${w.base}/files`,
      { fileName: 'TRN-ARQ-ED-0902-R00.pdf', fileSize: 3 * 1024 ** 3 },
      { 'accept-language': 'en' },
    );
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({
      code: 'FILE_SIZE_LIMIT_EXCEEDED',
      message: 'The file must be at most 2 GB.',
    });
  });

  it("an image past an issue image's address names its 5 MB", async () => {
    const upload = await signedUpload(t, w.owner, w.projectId);
    const answer = await putAnswer(upload.url, Buffer.alloc(upload.maxSize + 1024, 1), 'en');
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe('The file must be at most 5 MB.');
    expect(upload.maxSize).toBe(5 * 1024 * 1024);
  });
});
