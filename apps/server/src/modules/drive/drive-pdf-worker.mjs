// The preparation of a PDF for the drive, run in a child process by drive-pdf-prepare.ts (docs/drive.md "PDF
// preparation"; lib/child-work.ts watches its CPU time and memory and ends it with its parent). Plain JavaScript
// for the same reason as bim-convert-worker.mjs (no TypeScript loader in the children); running apart lets the
// caller stop a document that never finishes or inflates past any sane size, without touching the server's heap.
//
// In: one IPC message { bytes: Uint8Array, fontsDir: string, thumbnailSize: number, maxTextChars: number,
//   previewSize: number, previewMaxPages: number, previewBudgetMs: number }.
// Out: one IPC message, either { ok: true, pageCount, pages: [{ width, height, text, preview }], thumbnail: Uint8Array
// (PNG) } — preview { data: Uint8Array (WebP), width, height } or null past previewMaxPages or the time budget —
// or { ok: false, reason, message }.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { createCanvas } from '@napi-rs/canvas';

/** Draws a page at `scale` on a white canvas. */
async function drawPage(page, scale) {
  const viewport = page.getViewport({ scale });
  const canvas = createCanvas(
    Math.max(1, Math.ceil(viewport.width)),
    Math.max(1, Math.ceil(viewport.height)),
  );
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvasContext: context, viewport, canvas }).promise;
  return canvas;
}

async function prepare(input) {
  const { bytes, fontsDir, thumbnailSize, maxTextChars, previewSize, previewMaxPages, previewBudgetMs } =
    input;
  const previewDeadline = Date.now() + previewBudgetMs;
  let doc;
  try {
    doc = await getDocument({
      data: bytes,
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      standardFontDataUrl: fontsDir,
      verbosity: 0,
    }).promise;
  } catch (error) {
    const reason = error && error.name === 'PasswordException' ? 'encrypted' : 'unreadable';
    return { ok: false, reason, message: String(error && error.message) };
  }
  const pages = [];
  let thumbnail = null;
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const viewport = page.getViewport({ scale: 1 });
    let text = '';
    try {
      const content = await page.getTextContent();
      text = content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : ''))
        .join('')
        .replaceAll('\u0000', '')
        .replace(/[ \t]+/g, ' ')
        .trim()
        .slice(0, maxTextChars);
    } catch {
      text = '';
    }
    // The first view of the page in the viewer, readable at fit-to-screen (the viewer refines with tiles).
    let preview = null;
    if (n <= previewMaxPages && Date.now() < previewDeadline) {
      try {
        const canvas = await drawPage(page, previewSize / Math.max(viewport.width, viewport.height));
        preview = {
          data: new Uint8Array(await canvas.encode('webp', 80)),
          width: canvas.width,
          height: canvas.height,
        };
      } catch {
        preview = null;
      }
    }
    pages.push({ width: viewport.width, height: viewport.height, text, preview });
    if (n === 1) {
      const canvas = await drawPage(page, thumbnailSize / Math.max(viewport.width, viewport.height));
      thumbnail = new Uint8Array(await canvas.encode('png'));
    }
    page.cleanup();
  }
  const pageCount = doc.numPages;
  await doc.destroy();
  if (pageCount === 0 || !thumbnail) return { ok: false, reason: 'unreadable', message: 'no page' };
  return { ok: true, pageCount, pages, thumbnail };
}

process.once('message', (input) => {
  const answer = (result) => process.send(result, () => process.exit(0));
  prepare(input).then(answer, (error) =>
    answer({ ok: false, reason: 'preparationFailed', message: String(error && error.message) }),
  );
});
