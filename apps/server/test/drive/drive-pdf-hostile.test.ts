// Issue 30 #4: one 787 KB PDF whose page inflates to about 540 MB stalled the PDF queue for minutes (later PDFs sat
// queued behind it) and grew the server process by about 1 GB: the preparation ran in a worker thread of the serving
// process, whose array buffers escape its heap limit. Now each preparation runs in a child process with limits in
// memory and CPU time in proportion to the file, several at once: the hostile file is reported unreadable, the
// others are prepared meanwhile, and the server's own memory does not grow with it. The hostile PDF is made here.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { preparePdf } from '../../src/modules/drive/drive-pdf-prepare.ts';
import { buildDriveWorld, rest, uploadFile, type DriveWorld } from './drive-test-kit.ts';
import { inflatingPdf } from './hostile-pdf.ts';

const SHEETS = readFileSync(
  new URL('../../../../fixtures/documents/generated/three-sheets.pdf', import.meta.url),
);

let t: TestServer;
let w: DriveWorld;
let hostile: Buffer;

beforeAll(async () => {
  hostile = await inflatingPdf(540);
  t = await startTestServer();
  w = await buildDriveWorld(t, 'Torre PDF hostil');
});
afterAll(async () => {
  await t.close();
});

type Listed = { id: number; processingState: string; processingError: string | null };

async function settled(fileId: number): Promise<Listed> {
  for (let i = 0; i < 3000; i++) {
    const answer = await rest<Listed>(t, w.owner, 'GET', `${w.base}/files/${fileId}`);
    if (!['queued', 'processing'].includes(answer.body.processingState)) return answer.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('PDF still being prepared');
}

describe('a PDF that inflates to hundreds of MB', () => {
  it('is reported unreadable by a child process, without the server growing by it', async () => {
    expect(hostile.length).toBeLessThan(2 * 1024 * 1024);
    const before = process.memoryUsage().rss;
    const result = await preparePdf(new Uint8Array(hostile));
    const grown = process.memoryUsage().rss - before;
    expect(result.ok).toBe(false);
    if (!result.ok) expect(['tooLarge', 'timeout', 'unreadable']).toContain(result.reason);
    // The inflated page lived in the child: the server process grew by far less than the page.
    expect(grown).toBeLessThan(200 * 1024 * 1024);
  });

  it('does not hold the PDFs queued after it: they are prepared, and it is failed', async () => {
    const bad = await uploadFile(t, w, w.owner, 'TRN-ARQ-ED-0601-R00.pdf', {}, hostile);
    const good = await Promise.all(
      [0, 1].map((i) => uploadFile(t, w, w.owner, `TRN-ARQ-ED-061${i}-R00.pdf`, {}, SHEETS)),
    );
    const done = await Promise.all(good.map((f) => settled(f.id)));
    for (const d of done) expect(d).toMatchObject({ processingState: 'success', processingError: null });
    const failed = await settled(bad.id);
    expect(failed.processingState).toBe('failed');
    expect(['tooLarge', 'timeout', 'unreadable']).toContain(failed.processingError);
  });
});
