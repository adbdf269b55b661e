import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { documentContentType } from '@obra/domain';
import { createLocalFileStore } from '../../src/storage/local-file-store.ts';
import { FileUrlSigner } from '../../src/storage/url-signer.ts';
import { inspectUpload, type UploadRule } from '../../src/storage/signed-upload.ts';
import { sniffImageType } from '../../src/storage/image-content.ts';

// One signed-upload mechanism for documents, issue and comment images and profile images (issue 29,
// docs/architecture.md "How is an upload confirmed?"): every signed upload address comes from
// storage/signed-upload.ts, and every confirmation inspects the stored bytes through its inspectUpload.

const SRC = path.resolve(import.meta.dirname, '../../src');
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'obra-signed-upload-'));
const store = createLocalFileStore(root, new FileUrlSigner(Buffer.alloc(32, 7)));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(full) : entry.name.endsWith('.ts') ? [full] : [];
  });
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
const PDF = Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n');
const imageRule: UploadRule = { maxBytes: 64, read: 'whole', contentType: (head) => sniffImageType(head) };
const documentRule = (size: number): UploadRule => ({
  maxBytes: size,
  exactBytes: size,
  read: { head: 16 },
  contentType: (head) => documentContentType('pdf', head),
});

describe('the one signed-upload mechanism', () => {
  it('is where every upload address is signed: no module outside the stores asks one itself', () => {
    const callers = sourceFiles(SRC)
      .filter((file) => fs.readFileSync(file, 'utf8').includes('.uploadUrl('))
      .map((file) => path.relative(SRC, file));
    expect(callers).toEqual(['storage/signed-upload.ts']);
    const users = sourceFiles(path.join(SRC, 'modules'))
      .filter((file) => fs.readFileSync(file, 'utf8').includes("storage/signed-upload.ts'"))
      .map((file) => path.relative(SRC, file))
      .sort();
    expect(users).toEqual([
      'modules/drive/drive-upload-service.ts',
      'modules/issues/images/issue-file-service.ts',
      'modules/profile-images/profile-image-service.ts',
    ]);
  });

  it('finds an image missing, refused by size, emptiness or content, or stored with its type and bytes', async () => {
    expect(await inspectUpload(store, ['img/none'], imageRule)).toEqual({ state: 'missing', received: 0 });
    await store.write('img/empty', Buffer.alloc(0), 'application/octet-stream');
    expect(await inspectUpload(store, ['img/empty'], imageRule)).toEqual({
      state: 'refused',
      code: 'SELECT_FILE',
    });
    await store.write('img/big', Buffer.alloc(65, 1), 'application/octet-stream');
    expect(await inspectUpload(store, ['img/big'], imageRule)).toMatchObject({
      code: 'FILE_SIZE_LIMIT_EXCEEDED',
    });
    await store.write('img/text', Buffer.from('not an image at all'), 'text/plain');
    expect(await inspectUpload(store, ['img/text'], imageRule)).toMatchObject({
      code: 'FILE_EXTENSION_NOT_ALLOWED',
    });
    await store.write('img/png', PNG, 'image/png');
    const stored = await inspectUpload(store, ['img/png'], imageRule);
    expect(stored).toMatchObject({
      state: 'stored',
      key: 'img/png',
      size: PNG.length,
      contentType: 'image/png',
    });
    expect(stored.state === 'stored' && stored.bytes?.equals(PNG)).toBe(true);
  });

  it('waits for all of a declared size, refuses more, reads only the head, and finds promoted bytes', async () => {
    await store.write('uploads/doc/a', PDF.subarray(0, 10), 'application/pdf');
    expect(await inspectUpload(store, ['uploads/doc/a', 'doc/a'], documentRule(PDF.length))).toEqual({
      state: 'missing',
      received: 10,
    });
    await store.write('uploads/doc/b', Buffer.concat([PDF, Buffer.from('x')]), 'application/pdf');
    expect(await inspectUpload(store, ['uploads/doc/b'], documentRule(PDF.length))).toMatchObject({
      code: 'FILE_SIZE_LIMIT_EXCEEDED',
    });
    await store.write('doc/c', PDF, 'application/pdf');
    const promoted = await inspectUpload(store, ['uploads/doc/c', 'doc/c'], documentRule(PDF.length));
    expect(promoted).toEqual({
      state: 'stored',
      key: 'doc/c',
      size: PDF.length,
      contentType: 'application/pdf',
    });
    await store.write(
      'uploads/doc/d',
      Buffer.concat([Buffer.from('MZ'), PDF.subarray(2)]),
      'application/pdf',
    );
    expect(await inspectUpload(store, ['uploads/doc/d'], documentRule(PDF.length))).toMatchObject({
      code: 'FILE_EXTENSION_NOT_ALLOWED',
    });
  });
});
