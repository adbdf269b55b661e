import type { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures.ts';

/** The viewpoint and markup a save reports (the data URL is read separately from the preview image). */
export interface SavedOutput {
  markUp: {
    version: number;
    rects: Array<{
      id: string;
      x: number;
      y: number;
      width: number;
      height: number;
      scaleX: number;
      highlight: boolean;
      style: { opacity: number; fill: string | null; stroke: string };
    }>;
    circles: Array<{ x: number; y: number; radius: number }>;
    lines: Array<{ x: number; y: number; points: number[] }>;
    arrows: Array<{ x: number; y: number; points: number[] }>;
    texts: Array<{ x: number; y: number; text: string; scaleX: number }>;
  };
  pin: { x: number; y: number; color: string } | null;
  viewpoint: { x: number; y: number; scale: number; width: number; height: number };
}

export async function openShowroom(page: Page, query = ''): Promise<void> {
  await page.goto(`/showroom/editor${query}`);
  await expect(stage(page)).toBeVisible();
  // The first view is measured after a resize debounce; wait for the panel, which appears with the editor.
  await expect(page.getByRole('button', { name: 'Zoom to fit' })).toBeVisible();
}

export function stage(page: Page): Locator {
  return page.getByTestId('markup-editor').locator('.konvajs-content');
}

/** Screen position of a page point, in page (document) coordinates of the browser window. */
export async function toWindow(page: Page, viewpoint: SavedOutput['viewpoint'], x: number, y: number) {
  const box = await stage(page).boundingBox();
  if (!box) throw new Error('the editor stage is not visible');
  return { x: box.x + viewpoint.x + x * viewpoint.scale, y: box.y + viewpoint.y + y * viewpoint.scale };
}

export async function chooseTool(page: Page, name: string): Promise<void> {
  await page
    .getByRole('toolbar', { name: 'Markup tools' })
    .getByRole('button', { name, exact: true })
    .click();
}

export async function save(page: Page): Promise<SavedOutput> {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const output = page.getByTestId('editor-output');
  await expect(output).toContainText('markUp');
  return JSON.parse((await output.textContent()) ?? '{}') as SavedOutput;
}

/** Drags with the primary (or another) mouse button in small steps, as a hand would. */
export async function dragMouse(
  page: Page,
  from: { x: number; y: number },
  to: { x: number; y: number },
  button: 'left' | 'middle' = 'left',
): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down({ button });
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up({ button });
}

/** RGBA of a pixel of the saved marked-up image, decoded in the page. */
export async function markedUpPixel(page: Page, x: number, y: number): Promise<number[]> {
  const src = await page.getByTestId('editor-output-image').getAttribute('src');
  expect(src).toMatch(/^data:image\/png;base64,/);
  return page.evaluate(
    async ({ url, px, py }) => {
      const image = new Image();
      image.src = url;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context = canvas.getContext('2d');
      if (!context) return [];
      context.drawImage(image, 0, 0);
      return Array.from(context.getImageData(px, py, 1, 1).data);
    },
    { url: src ?? '', px: x, py: y },
  );
}

export async function markedUpSize(page: Page): Promise<{ width: number; height: number }> {
  return page.getByTestId('editor-output-image').evaluate(async (element) => {
    const image = element as HTMLImageElement;
    await image.decode();
    return { width: image.naturalWidth, height: image.naturalHeight };
  });
}

export function eventLog(page: Page): Locator {
  return page.getByTestId('editor-events');
}
