// The sheets the document viewer's bench and profile open (issue 15): A0 vector pages made with pdfkit (a grid,
// thousands of stroked paths and text runs), uploaded to the drive and prepared by its job (page previews).
import type { Page } from '@playwright/test';
import { uploadDriveFile, type BenchSession } from './bench-session.ts';
import { pdfOf, seededRandom as random } from '../../e2e/tests/pdf-of.ts';

export const A0 = { width: 3370, height: 2384 };

/** Draws one sheet page: a grid, walls (polylines), `paths` strokes and `texts` text runs; `shift` moves some. */
function drawSheet(doc: PDFKit.PDFDocument, paths: number, texts: number, seed: number, shift = 0): void {
  const rand = random(seed);
  doc
    .lineWidth(6)
    .rect(40, 40, A0.width - 80, A0.height - 80)
    .stroke('#000000');
  doc.lineWidth(0.3);
  for (let x = 100; x < A0.width - 100; x += 100) doc.moveTo(x, 80).lineTo(x, A0.height - 80);
  for (let y = 100; y < A0.height - 100; y += 100) doc.moveTo(80, y).lineTo(A0.width - 80, y);
  doc.stroke('#999999');
  for (let i = 0; i < paths; i += 1) {
    const x = 100 + rand() * (A0.width - 300) + (i % 10 === 0 ? shift : 0);
    const y = 100 + rand() * (A0.height - 300);
    doc.lineWidth(0.25 + rand() * 1.5).moveTo(x, y);
    for (let k = 0; k < 4; k += 1) doc.lineTo(x + rand() * 120 - 60, y + rand() * 120 - 60);
    doc.stroke('#000000');
  }
  doc.font('Helvetica').fontSize(7).fillColor('#000000');
  for (let i = 0; i < texts; i += 1)
    doc.text(
      `P-${i} Ø${Math.floor(rand() * 400)}`,
      100 + rand() * (A0.width - 300),
      100 + rand() * (A0.height - 300),
      {
        lineBreak: false,
      },
    );
}

/** A PDF of `pages` A0 sheets. */
export function sheetPdf(pages: number, paths: number, texts: number, shift: number): Promise<Buffer> {
  return pdfOf({ size: [A0.width, A0.height], margin: 0, autoFirstPage: false }, (doc) => {
    for (let n = 1; n <= pages; n += 1) {
      doc.addPage();
      drawSheet(doc, paths, texts, n, shift);
    }
  });
}

/** Waits for the drive's preparation of a file (page sizes, text, previews) and tells how it ended. */
async function waitPrepared(
  api: string,
  authorization: string,
  fileId: number,
  name: string,
): Promise<string> {
  const start = Date.now();
  for (;;) {
    const answer = await fetch(`${api}/files/${fileId}`, { headers: { authorization } });
    const { processingState } = (await answer.json()) as { processingState: string };
    if (!['queued', 'processing'].includes(processingState))
      return `${name}: ${processingState} in ${Math.round((Date.now() - start) / 1000)} s`;
    if (Date.now() - start > 10 * 60 * 1000) throw new Error(`${name} still being prepared`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * Uploads a PDF revision of a drive document: answers the document's id at once, and pushes the wait for its
 * preparation into `prepared` (awaited before the browser opens, so that the first view is the prepared one).
 */
export async function uploadSheet(
  bench: BenchSession,
  prepared: Promise<string>[],
  name: string,
  revision: string,
  bytes: Buffer,
): Promise<number> {
  const { fileId, documentId } = await uploadDriveFile(bench, {
    fileName: `${name}-${revision}.pdf`,
    documentName: name,
    revisionName: revision,
    bytes,
  });
  prepared.push(
    waitPrepared(
      `${bench.url}/project-drive/projects/${bench.projectId}`,
      `Bearer ${bench.token}`,
      fileId,
      name,
    ),
  );
  return documentId;
}

/** The first frame with the page drawn on the sheet's canvas (ms since the navigation began). */
export const DRAWN = `new Promise((resolve) => {
  const check = () => {
    const canvas = document.querySelector('[data-testid="sheet-bitmap"]');
    const ctx = canvas && canvas.width > 0 ? canvas.getContext('2d', { willReadFrequently: true }) : null;
    if (ctx) {
      const d = ctx.getImageData(Math.floor(canvas.width / 2), Math.floor(canvas.height / 2), 1, 1).data;
      if (d[3] > 0) { resolve(performance.now()); return; }
    }
    requestAnimationFrame(check);
  };
  check();
})`;

async function sheetCentre(page: Page): Promise<{ x: number; y: number }> {
  const box = await page.getByTestId('sheet-canvas').boundingBox();
  if (!box) throw new Error('no sheet');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Drags the sheet around its centre, `moves` pointer moves 8 ms apart. */
export async function panFor(page: Page, moves: number): Promise<void> {
  const c = await sheetCentre(page);
  await page.mouse.move(c.x, c.y);
  await page.mouse.down();
  for (let i = 0; i < moves; i += 1) {
    await page.mouse.move(c.x + Math.sin(i / 10) * 250, c.y + Math.cos(i / 10) * 150);
    await page.waitForTimeout(8);
  }
  await page.mouse.up();
}

/** Wheel zoom at the sheet's centre: in for half of `steps` wheel events (30 px each, 8 ms apart), then out. */
export async function wheelFor(page: Page, steps: number): Promise<void> {
  const c = await sheetCentre(page);
  await page.mouse.move(c.x, c.y);
  for (let i = 0; i < steps; i += 1) {
    await page.mouse.wheel(0, i < steps / 2 ? -30 : 30);
    await page.waitForTimeout(8);
  }
}
