import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { buildDriveWorld, pdfBytes, put, rest, type Created, type DriveWorld } from './drive-test-kit.ts';

let t: TestServer;
let w: DriveWorld;

beforeAll(async () => {
  t = await startTestServer();
  w = await buildDriveWorld(t, 'Torre Retry');
});
afterAll(async () => {
  await t.close();
});

/** A PDF of exactly `size` bytes whose content says `label`. */
function pdfOfSize(label: string, size: number): Buffer {
  const head = pdfBytes(label);
  return Buffer.concat([head, Buffer.alloc(size - head.length, label.charCodeAt(0))]);
}

/**
 * Starts a PUT of `total` bytes (as its content-length says), sends only `sent` of them and then drops the
 * connection, as a browser does when the network goes away mid-upload. Resolves once the socket is closed.
 */
function droppedPut(url: string, body: Buffer, sent: number): Promise<void> {
  return new Promise((resolve) => {
    const request = http.request(url, {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream', 'content-length': String(body.length) },
    });
    request.on('error', () => undefined);
    request.on('close', resolve);
    request.write(body.subarray(0, sent), () => setTimeout(() => request.destroy(), 50));
  });
}

/**
 * Files of the project's drive upload folder in the local store (uploaded objects and temporary `.part` files; a
 * confirmed upload moves to its final key, outside it).
 */
function storedFiles(): string[] {
  const dir = path.join(t.dataDir, 'files', 'uploads', 'drive', String(w.projectId));
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

/** Waits until the server has dealt with the dropped request: no temporary file is left. */
async function untilNoPartFile(): Promise<void> {
  for (let i = 0; i < 200 && storedFiles().some((f) => f.endsWith('.part')); i++)
    await new Promise((r) => setTimeout(r, 25));
}

async function create(fileName: string, size: number): Promise<Created> {
  const created = await rest<Created>(t, w.owner, 'POST', `${w.base}/files`, { fileName, fileSize: size });
  expect(created.status).toBe(201);
  return created.body;
}

async function downloaded(fileId: number): Promise<Buffer> {
  const url = await rest<{ url: string }>(t, w.owner, 'GET', `${w.base}/files/${fileId}/download-url`);
  expect(url.status).toBe(200);
  return Buffer.from(await (await fetch(url.body.url)).arrayBuffer());
}

describe('an upload sent again to the same address before it is confirmed', () => {
  it('a PUT cut off mid-body leaves nothing; the retried PUT to the same URL completes and is confirmed', async () => {
    const bytes = pdfOfSize('retried', 256 * 1024);
    const created = await create('TRN-ARQ-ED-0501-R00.pdf', bytes.length);

    await droppedPut(created.upload.url, bytes, 100 * 1024);
    await untilNoPartFile();
    // No half file took the object's place, so nothing looks complete.
    expect(storedFiles()).toEqual([]);
    const early = await rest(t, w.owner, 'PATCH', `${w.base}/files/${created.file.id}/confirm-upload`);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'DOCUMENT_UPLOAD_INCOMPLETE' });
    // The record is still pending: the same address takes the whole file again.
    expect(await put(created.upload.url, bytes, created.upload.headers)).toBe(200);
    const confirmed = await rest(t, w.owner, 'PATCH', `${w.base}/files/${created.file.id}/confirm-upload`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ uploadState: 'confirmed', fileSize: bytes.length });
    expect((await downloaded(created.file.id)).equals(bytes)).toBe(true);
  });

  it('a second complete PUT before confirming replaces the first (idempotent overwrite)', async () => {
    const first = pdfOfSize('aaaa', 64 * 1024);
    const second = pdfOfSize('bbbb', 64 * 1024);
    const created = await create('TRN-ARQ-ED-0502-R00.pdf', first.length);
    expect(await put(created.upload.url, first, created.upload.headers)).toBe(200);
    expect(await put(created.upload.url, second, created.upload.headers)).toBe(200);
    expect(await put(created.upload.url, second, created.upload.headers)).toBe(200);
    const confirmed = await rest(t, w.owner, 'PATCH', `${w.base}/files/${created.file.id}/confirm-upload`);
    expect(confirmed.status).toBe(200);
    expect((await downloaded(created.file.id)).equals(second)).toBe(true);
    // One object for the revision, no temporary file left behind.
    expect(storedFiles().filter((f) => f.endsWith('.part'))).toEqual([]);
  });

  it('a retried PUT cut off after a complete one keeps the complete bytes', async () => {
    const bytes = pdfOfSize('kept', 128 * 1024);
    const created = await create('TRN-ARQ-ED-0503-R00.pdf', bytes.length);
    expect(await put(created.upload.url, bytes, created.upload.headers)).toBe(200);
    await droppedPut(created.upload.url, pdfOfSize('zzzz', bytes.length), 10 * 1024);
    await untilNoPartFile();
    const confirmed = await rest(t, w.owner, 'PATCH', `${w.base}/files/${created.file.id}/confirm-upload`);
    expect(confirmed.status).toBe(200);
    expect((await downloaded(created.file.id)).equals(bytes)).toBe(true);
  });

  it('the upload address no longer works once the file is confirmed (local store)', async () => {
    const bytes = pdfOfSize('confirmed', 4000);
    const created = await create('TRN-ARQ-ED-0090-R00.pdf', bytes.length);
    expect(await put(created.upload.url, bytes, created.upload.headers)).toBe(200);
    const confirmed = await rest(t, w.owner, 'PATCH', `${w.base}/files/${created.file.id}/confirm-upload`);
    expect(confirmed.status).toBe(200);
    // The same address, still within its hour: refused, and the confirmed bytes stay as they were.
    const other = pdfOfSize('replaced', 4000);
    expect(await put(created.upload.url, other, created.upload.headers)).toBe(403);
    expect((await downloaded(created.file.id)).equals(bytes)).toBe(true);
    // Nothing is left under the upload key (neither the promoted object nor the refused body).
    await untilNoPartFile();
    expect(storedFiles()).toEqual([]);
    // Confirming again answers the file.
    expect(
      (await rest(t, w.owner, 'PATCH', `${w.base}/files/${created.file.id}/confirm-upload`)).status,
    ).toBe(200);
  });
});
