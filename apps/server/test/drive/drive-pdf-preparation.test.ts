import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { preparePdf } from '../../src/modules/drive/drive-pdf-prepare.ts';
import { buildDriveWorld, rest, uploadFile, type DriveWorld } from './drive-test-kit.ts';

/**
 * The drive.pdfPrepare job (issue 15 "the first view of a large PDF can be prepared by a job"): page count, page
 * sizes, per-page text for the search and a thumbnail, with the processing states queued → processing →
 * success | failed shown on the file. Fixture: fixtures/documents/generated/three-sheets.pdf (3 pages made with
 * pdfkit, see fixtures/documents/SOURCE.md).
 */

const SHEETS = readFileSync(
  new URL('../../../../fixtures/documents/generated/three-sheets.pdf', import.meta.url),
);

let t: TestServer;
let w: DriveWorld;

beforeAll(async () => {
  t = await startTestServer();
  w = await buildDriveWorld(t, 'Torre PDF');
});
afterAll(async () => {
  await t.close();
});

type Listed = {
  id: number;
  processingState: string;
  processingError: string | null;
  thumbnailUrl: string | null;
};

async function settled(base: string, fileId: number): Promise<Listed> {
  for (let i = 0; i < 600; i++) {
    const answer = await rest<Listed>(t, w.owner, 'GET', `${base}/files/${fileId}`);
    if (!['queued', 'processing'].includes(answer.body.processingState)) return answer.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('PDF still being prepared');
}

describe('PDF preparation', () => {
  it('reads pages, sizes and text, and renders page 1 (in a child process)', async () => {
    const result = await preparePdf(new Uint8Array(SHEETS));
    if (!result.ok) throw new Error(`${result.reason}: ${result.message}`);
    expect(result.pageCount).toBe(3);
    // A3 landscape, A4 portrait, A3 landscape, in PDF points.
    expect(result.pages.map((p) => [Math.round(p.width), Math.round(p.height)])).toEqual([
      [1191, 842],
      [595, 842],
      [1191, 842],
    ]);
    expect(result.pages[1]?.text).toContain('Skylight');
    expect(result.pages[0]?.text).not.toContain('Skylight');
    const meta = await sharp(Buffer.from(result.thumbnail)).metadata();
    expect([meta.format, meta.width]).toEqual(['png', 320]);
    // The page is drawn, not blank: its blue grid lines (#3366aa) leave bluish pixels on white.
    const { data, info } = await sharp(Buffer.from(result.thumbnail))
      .raw()
      .toBuffer({ resolveWithObject: true });
    let blue = 0;
    for (let i = 0; i < data.length; i += info.channels) {
      if ((data[i + 2] ?? 0) > (data[i] ?? 0) + 40) blue += 1;
    }
    expect(blue).toBeGreaterThan(500);
    // Each page's preview for the viewer's first view: WebP, 2048 px on its longest side.
    const previews = await Promise.all(
      result.pages.map((p) => (p.preview ? sharp(Buffer.from(p.preview.data)).metadata() : null)),
    );
    expect(previews.map((m) => [m?.format, m?.width, m?.height])).toEqual([
      ['webp', 2048, 1449],
      ['webp', 1449, 2048],
      ['webp', 2048, 1449],
    ]);
    expect(result.pages[0]?.preview).toMatchObject({ width: 2048, height: 1449 });
  });

  it('answers why for a file pdf.js cannot read, and stops at the time limit', async () => {
    const broken = await preparePdf(new Uint8Array(Buffer.from('%PDF-1.7\nthis is not a PDF body at all')));
    expect(broken).toMatchObject({ ok: false, reason: 'unreadable' });
    const stopped = await preparePdf(new Uint8Array(SHEETS), { timeLimitMs: 1 });
    expect(stopped).toMatchObject({ ok: false, reason: 'timeout' });
  });

  it('a drive PDF goes queued → success with a WebP thumbnail, and its text is found by the search', async () => {
    const file = await uploadFile(t, w, w.owner, 'TRN-ARQ-ED-0100-R00.pdf', {}, SHEETS);
    expect(['queued', 'processing', 'success']).toContain(file['processingState']);
    const done = await settled(w.base, file.id);
    expect(done).toMatchObject({ processingState: 'success', processingError: null });
    const thumb = await fetch(done.thumbnailUrl ?? '');
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect([meta.format, meta.width]).toEqual(['webp', 320]);
    const rows = await t.server.services.database.db.execute(
      sql`select page_number, round(width)::int as width, round(height)::int as height from drive_pdf_pages
        where file_id = ${file.id} order by page_number`,
    );
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([
      { page_number: 1, width: 1191, height: 842 },
      { page_number: 2, width: 595, height: 842 },
      { page_number: 3, width: 1191, height: 842 },
    ]);
    // "stairwell" is only on page 3's drawing; accents and case are ignored as for names.
    const found = await rest<{ files: { id: number }[] }>(
      t,
      w.owner,
      'GET',
      `${w.base}/files?search=STAIRWELL`,
    );
    expect(found.body.files.map((f) => f.id)).toEqual([file.id]);
    const missing = await rest<{ files: unknown[] }>(t, w.owner, 'GET', `${w.base}/files?search=basement`);
    expect(missing.body.files).toEqual([]);
    // The list carries the state too.
    const list = await rest<{ files: Listed[] }>(t, w.owner, 'GET', `${w.base}/files?search=0100`);
    expect(list.body.files[0]).toMatchObject({ processingState: 'success', processingError: null });
    // The viewer gets the page sizes and each page's preview, signed like the file.
    const opened = await rest<{
      documents: {
        revisions: { pages: { width: number; preview: { url: string; width: number } | null }[] }[];
      }[];
    }>(t, w.owner, 'POST', `${w.base}/viewer/documents`, { documentIds: [file.documentId] });
    const pages = opened.body.documents[0]?.revisions[0]?.pages ?? [];
    expect(pages.map((p) => [Math.round(p.width), p.preview?.width])).toEqual([
      [1191, 2048],
      [595, 1449],
      [1191, 2048],
    ]);
    const preview = await fetch(pages[1]?.preview?.url ?? '');
    expect(preview.status).toBe(200);
    const previewMeta = await sharp(Buffer.from(await preview.arrayBuffer())).metadata();
    expect([previewMeta.format, previewMeta.height]).toEqual(['webp', 2048]);
    // Deleting the revision removes its previews with it.
    const removed = await rest(t, w.owner, 'DELETE', `${w.base}/files/${file.id}`);
    expect(removed.status).toBe(204);
    expect((await fetch(pages[1]?.preview?.url ?? '')).status).toBe(404);
  });

  it('a PDF that does not parse is failed with the reason; a hidden document is not found by its text', async () => {
    const broken = Buffer.from('%PDF-1.7\nnot really a PDF, only its first bytes\n');
    const file = await uploadFile(t, w, w.owner, 'TRN-ARQ-ED-0101-R00.pdf', {}, broken);
    const done = await settled(w.base, file.id);
    expect(done).toMatchObject({
      processingState: 'failed',
      processingError: 'unreadable',
      thumbnailUrl: null,
    });

    const restricted = await uploadFile(
      t,
      w,
      w.owner,
      'TRN-ARQ-ED-0102-R00.pdf',
      { visibility: 'company' },
      SHEETS,
    );
    await settled(w.base, restricted.id);
    const asPartner = await rest<{ files: { id: number }[] }>(
      t,
      w.collabEst,
      'GET',
      `${w.base}/files?search=skylight`,
    );
    expect(asPartner.body.files.map((f) => f.id)).not.toContain(restricted.id);
  });

  it('project files get the same preparation, and their text search stays in their area', async () => {
    const filesBase = `/project-files/projects/${w.projectId}`;
    const file = await uploadFile(
      t,
      { ...w, base: filesBase },
      w.collabArq,
      'scan of the sheets.pdf',
      {},
      SHEETS,
    );
    const done = await settled(filesBase, file.id);
    expect(done.processingState).toBe('success');
    const inFiles = await rest<{ files: { id: number }[] }>(
      t,
      w.owner,
      'GET',
      `${filesBase}/files?search=foundation`,
    );
    expect(inFiles.body.files.map((f) => f.id)).toEqual([file.id]);
    const inDrive = await rest<{ files: { id: number }[] }>(
      t,
      w.owner,
      'GET',
      `${w.base}/files?search=foundation`,
    );
    expect(inDrive.body.files.map((f) => f.id)).not.toContain(file.id);
  });
});
