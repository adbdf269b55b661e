import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '../fixtures.ts';
import { encodeGreyPng } from './png.ts';
import { pdfOf } from './pdf-of.ts';

/** A sheet PDF made here (pdfkit): every page framed, with its number; `box` draws a filled square on page 1. */
export function sheetPdf(pages: number, box: { x: number; y: number; size: number } | null): Promise<Buffer> {
  return pdfOf({ size: [600, 400], margin: 0, autoFirstPage: false }, (doc) => {
    for (let n = 1; n <= pages; n += 1) {
      doc.addPage();
      doc.lineWidth(4).rect(20, 20, 560, 360).stroke('#000000');
      doc.moveTo(20, 300).lineTo(580, 300).stroke('#000000');
      for (let i = 0; i < n; i += 1) doc.rect(40 + i * 30, 330, 20, 40).fill('#000000');
      doc.fontSize(28).fillColor('#000000').text(`PAGE ${n}`, 240, 320);
      if (n === 1 && box) doc.rect(box.x, box.y, box.size, box.size).fill('#000000');
    }
  });
}

/** The A0 page size in points (landscape). */
export const A0 = { width: 3370, height: 2384 } as const;

/** An A0 sheet with a frame and one hairline (0.1 pt) vertical line at x = 1500 from y 400 to 2000. */
export function a0HairlinePdf(): Promise<Buffer> {
  return pdfOf({ size: [A0.width, A0.height], margin: 0 }, (doc) => {
    doc
      .lineWidth(8)
      .rect(40, 40, A0.width - 80, A0.height - 80)
      .stroke('#000000');
    doc.lineWidth(0.1).moveTo(1500, 400).lineTo(1500, 2000).stroke('#000000');
    doc.fontSize(60).fillColor('#000000').text('A0 HAIRLINE', 200, 200);
  });
}

/** How many device pixels of the sheet's canvas are ink (luminance under 180) in a row across a page point. */
export async function inkWidthAt(page: Page, point: { x: number; y: number }, span = 40): Promise<number> {
  const v = await viewOf(page);
  const cssX = v.x + point.x * v.scale;
  const cssY = v.y + point.y * v.scale;
  return page.getByTestId('sheet-bitmap').evaluate(
    (canvas, at) => {
      const c = canvas as HTMLCanvasElement;
      const dpr = window.devicePixelRatio || 1;
      const ctx = c.getContext('2d', { willReadFrequently: true });
      if (!ctx) return -1;
      const left = Math.round(at.x * dpr) - at.span;
      const d = ctx.getImageData(left, Math.round(at.y * dpr), at.span * 2, 1).data;
      let ink = 0;
      for (let i = 0; i < at.span * 2; i += 1) {
        const lum = 0.299 * (d[i * 4] ?? 0) + 0.587 * (d[i * 4 + 1] ?? 0) + 0.114 * (d[i * 4 + 2] ?? 0);
        if (lum < 180) ink += 1;
      }
      return ink;
    },
    { x: cssX, y: cssY, span },
  );
}

/** A white PNG with one black square (for the align journey). */
export function squarePng(
  width: number,
  height: number,
  square: { x: number; y: number; size: number },
): Buffer {
  return encodeGreyPng(width, height, (x, y) =>
    x >= square.x && x < square.x + square.size && y >= square.y && y < square.y + square.size ? 0 : null,
  );
}

/** Uploads a drive file through the REST API (create, PUT, confirm); returns its record. */
export async function uploadDriveFile(
  request: APIRequestContext,
  token: string,
  projectId: number,
  fileName: string,
  bytes: Buffer,
  fields: Record<string, unknown>,
): Promise<{ id: number; documentId: number }> {
  const base = `/project-drive/projects/${projectId}`;
  const headers = { authorization: `Bearer ${token}` };
  const created = await request.post(`${base}/files`, {
    headers,
    data: { fileName, fileSize: bytes.length, ...fields },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { file, upload } = (await created.json()) as {
    file: { id: number };
    upload: { url: string; headers: Record<string, string> };
  };
  const put = await request.put(upload.url, { data: bytes, headers: upload.headers });
  expect(put.ok()).toBe(true);
  const confirmed = await request.patch(`${base}/files/${file.id}/confirm-upload`, { headers });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return (await confirmed.json()) as { id: number; documentId: number };
}

/** Waits for the drive's preparation of a PDF revision (page sizes, text, previews) to end; returns its state. */
export async function preparedState(
  request: APIRequestContext,
  token: string,
  projectId: number,
  fileId: number,
): Promise<string> {
  let state = '';
  await expect
    .poll(
      async () => {
        const answer = await request.get(`/project-drive/projects/${projectId}/files/${fileId}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        state = ((await answer.json()) as { processingState: string }).processingState;
        return ['queued', 'processing'].includes(state);
      },
      { message: 'PDF preparation', timeout: 60_000 },
    )
    .toBe(false);
  return state;
}

/** The view transform of the sheet (data-view: screen = page × scale + offset) and the canvas's place. */
async function viewOf(
  page: Page,
): Promise<{ scale: number; x: number; y: number; left: number; top: number }> {
  const sheet = page.getByTestId('sheet-canvas');
  const view = JSON.parse((await sheet.getAttribute('data-view')) ?? '{}') as {
    scale: number;
    x: number;
    y: number;
  };
  const box = await sheet.boundingBox();
  if (!box) throw new Error('no sheet');
  return { ...view, left: box.x, top: box.y };
}

/** Where a page point is on the screen. */
export async function screenOf(
  page: Page,
  point: { x: number; y: number },
): Promise<{ x: number; y: number }> {
  const v = await viewOf(page);
  return { x: v.left + v.x + point.x * v.scale, y: v.top + v.y + point.y * v.scale };
}

/** Clicks a point of the sheet given in page units. */
export async function clickSheet(page: Page, point: { x: number; y: number }): Promise<void> {
  const at = await screenOf(page, point);
  await page.mouse.click(at.x, at.y);
}

/** The colour drawn at a page point of the sheet (read from the canvas). */
export async function colourAt(
  page: Page,
  point: { x: number; y: number },
): Promise<[number, number, number, number]> {
  const v = await viewOf(page);
  const cssX = v.x + point.x * v.scale;
  const cssY = v.y + point.y * v.scale;
  return page.getByTestId('sheet-bitmap').evaluate(
    (canvas, at) => {
      const c = canvas as HTMLCanvasElement;
      const dpr = window.devicePixelRatio || 1;
      const ctx = c.getContext('2d', { willReadFrequently: true });
      if (!ctx) return [0, 0, 0, 0] as [number, number, number, number];
      const d = ctx.getImageData(Math.round(at.x * dpr), Math.round(at.y * dpr), 1, 1).data;
      return [d[0] ?? 0, d[1] ?? 0, d[2] ?? 0, d[3] ?? 0] as [number, number, number, number];
    },
    { x: cssX, y: cssY },
  );
}

/** The kind of colour the overlay uses. */
export function colourKind([r, g, b]: readonly number[]): 'red' | 'cyan' | 'dark' | 'white' | 'other' {
  const [R, G, B] = [r ?? 0, g ?? 0, b ?? 0];
  if (R > 180 && G < 90 && B < 90) return 'red';
  if (R < 80 && G > 120 && B > 160) return 'cyan';
  if (R < 90 && G < 90 && B < 90) return 'dark';
  if (R > 230 && G > 230 && B > 230) return 'white';
  return 'other';
}

/** How many pixels of the drawn sheet are markup red (the editor's default stroke; the test sheets have none). */
export function redPixels(page: Page): Promise<number> {
  return page.getByTestId('sheet-bitmap').evaluate((canvas) => {
    const c = canvas as HTMLCanvasElement;
    const ctx = c.getContext('2d', { willReadFrequently: true });
    if (!ctx || c.width === 0 || c.height === 0) return 0;
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    let count = 0;
    for (let i = 0; i < d.length; i += 4)
      if ((d[i] ?? 0) > 180 && (d[i + 1] ?? 0) < 90 && (d[i + 2] ?? 0) < 90) count += 1;
    return count;
  });
}
