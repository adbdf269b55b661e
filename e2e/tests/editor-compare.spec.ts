import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { dragMouse, stage } from './editor-helpers.ts';

const DIVIDER_BLUE = [34, 139, 230];

/** Screen x of the divider lines, read from the top Konva canvas along one row. */
async function dividerColumns(page: Page, row: number): Promise<number[]> {
  return stage(page).evaluate(
    (element, { y, blue }) => {
      const canvases = element.querySelectorAll('canvas');
      const top = canvases[canvases.length - 1];
      const context = top?.getContext('2d');
      if (!top || !context) return [];
      const ratio = top.width / top.getBoundingClientRect().width;
      const data = context.getImageData(0, Math.round(y * ratio), top.width, 1).data;
      const hits: number[] = [];
      for (let x = 0; x < top.width; x += 1) {
        const [r, g, b] = [data[x * 4] ?? 0, data[x * 4 + 1] ?? 0, data[x * 4 + 2] ?? 0];
        if (
          Math.abs(r - (blue[0] ?? 0)) < 30 &&
          Math.abs(g - (blue[1] ?? 0)) < 30 &&
          Math.abs(b - (blue[2] ?? 0)) < 30
        )
          hits.push(x / ratio);
      }
      // One column per line: the centre of each run of hits.
      const lines: number[][] = [];
      for (const x of hits) {
        const last = lines[lines.length - 1];
        if (last && x - (last[last.length - 1] ?? 0) <= 2) last.push(x);
        else lines.push([x]);
      }
      return lines.map((run) => run.reduce((sum, x) => sum + x, 0) / run.length);
    },
    { y: row, blue: DIVIDER_BLUE },
  );
}

/** RGB of the background canvas at a screen point of the stage. */
async function backgroundPixel(page: Page, x: number, y: number): Promise<number[]> {
  return stage(page).evaluate(
    (element, point) => {
      const canvas = element.querySelector('canvas');
      const context = canvas?.getContext('2d');
      if (!canvas || !context) return [];
      const ratio = canvas.width / canvas.getBoundingClientRect().width;
      return Array.from(
        context.getImageData(Math.round(point.x * ratio), Math.round(point.y * ratio), 1, 1).data,
      );
    },
    { x, y },
  );
}

async function openCompare(page: Page): Promise<void> {
  await page.goto('/showroom/editor');
  await page.getByRole('link', { name: 'Open the compare tool with two sample revisions' }).click();
  await expect(page).toHaveURL(/\/tools\/compare-documents\?documents=/);
  await expect(page.getByRole('heading', { name: 'Level 01 – rev A vs. Level 01 – rev B' })).toBeVisible();
  await expect(stage(page)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Compare' })).toBeVisible();
}

test.describe('compare documents', () => {
  test('splits at one and two thirds; dragging a divider pushes the other to keep a gap of 100', async ({
    page,
  }) => {
    await openCompare(page);
    const box = await stage(page).boundingBox();
    if (!box) throw new Error('no stage');
    const row = 80;
    await expect.poll(() => dividerColumns(page, row).then((xs) => xs.length)).toBe(2);
    const [first = 0, second = 0] = await dividerColumns(page, row);
    // Page is 1600 wide: dividers at 533⅓ and 1066⅔, so their distance gives the scale.
    const scale = (second - first) / (1600 / 3);
    const pageX = (screenX: number) => (screenX - first) / scale + 1600 / 3;
    expect(pageX(first)).toBeCloseTo(533.3, 0);

    await dragMouse(
      page,
      { x: box.x + first, y: box.y + row },
      { x: box.x + second + 40 * scale, y: box.y + row },
    );
    const positions = () => dividerColumns(page, row).then((xs) => xs.map(pageX));
    // Screen pixels are about 1.7 page units here, so positions are compared within a few units.
    const near = (a: number, b: number) => Math.abs(a - b) < 4;
    await expect.poll(async () => (await positions()).length).toBe(2);
    await expect.poll(async () => near((await positions())[0] ?? 0, 1600 * (2 / 3) + 40)).toBe(true);
    const [one = 0, two = 0] = await positions();
    expect(Math.abs(two - one - 100)).toBeLessThan(4);

    // Pushed against the right edge, the pair stops with the gap intact.
    const [, pushed = 0] = await dividerColumns(page, row);
    const [dragged = 0] = await dividerColumns(page, row);
    await dragMouse(
      page,
      { x: box.x + dragged, y: box.y + row },
      { x: box.x + pushed + 600 * scale, y: box.y + row },
    );
    await expect.poll(async () => near((await positions())[1] ?? 0, 1600)).toBe(true);
    const [left = 0, right = 0] = await positions();
    expect(Math.abs(left - 1500)).toBeLessThan(4);
    expect(Math.abs(right - left - 100)).toBeLessThan(4);
  });

  test('overlays the revisions with the ink lifted to red and blue and the white made transparent', async ({
    page,
  }) => {
    await openCompare(page);
    await page.getByText('Overlay', { exact: true }).click();
    await page.getByRole('switch', { name: 'Colour the lines (red / blue)' }).click({ force: true });
    const box = await stage(page).boundingBox();
    if (!box) throw new Error('no stage');
    // The wall on grid line C only exists in revision A; revision B has it 90 units to the right.
    // Find the scale from the stage: the page is fitted, 1600 × 1000.
    const scale = Math.min(box.width / 1600, box.height / 1000);
    const left = (box.width - 1600 * scale) / 2;
    const top = (box.height - 1000 * scale) / 2;
    const at = (x: number, y: number) => ({ x: left + x * scale, y: top + y * scale });
    const wallA = at(800, 200);
    const wallB = at(890, 200);
    await expect
      .poll(async () => (await backgroundPixel(page, wallA.x, wallA.y)).slice(0, 3))
      .toEqual([224, 49, 49]);
    await expect
      .poll(async () => (await backgroundPixel(page, wallB.x, wallB.y)).slice(0, 3))
      .toEqual([28, 126, 214]);
  });

  test('aligns the second image with the align tool', async ({ page }) => {
    await openCompare(page);
    await page.getByText('Overlay', { exact: true }).click();
    await page.getByRole('switch', { name: 'Colour the lines (red / blue)' }).click({ force: true });
    await page.getByRole('button', { name: 'Align background image', exact: true }).click();
    const box = await stage(page).boundingBox();
    if (!box) throw new Error('no stage');
    const scale = Math.min(box.width / 1600, box.height / 1000);
    const left = (box.width - 1600 * scale) / 2;
    const top = (box.height - 1000 * scale) / 2;
    const wallA = { x: left + 800 * scale, y: top + 200 * scale };
    await expect
      .poll(async () => (await backgroundPixel(page, wallA.x, wallA.y)).slice(0, 3))
      .toEqual([224, 49, 49]);
    // Move revision B 90 units left: its shifted wall now lies on revision A's, drawn on top in blue.
    await dragMouse(
      page,
      { x: box.x + 400, y: box.y + 300 },
      { x: box.x + 400 - 90 * scale, y: box.y + 300 },
    );
    await expect
      .poll(async () => (await backgroundPixel(page, wallA.x, wallA.y)).slice(0, 3))
      .toEqual([28, 126, 214]);
  });

  test('draws inline (data:) images of a compare link, which the page may fetch', async ({ page }) => {
    // Two wide PNGs of one colour each (they fill the stage's width), written inline as the editor exports them.
    const png = async (rgb: [number, number, number]) =>
      page.evaluate(async ([r, g, b]) => {
        const canvas = new OffscreenCanvas(64, 16);
        const context = canvas.getContext('2d')!;
        context.fillStyle = `rgb(${r}, ${g}, ${b})`;
        context.fillRect(0, 0, 64, 16);
        const blob = await canvas.convertToBlob({ type: 'image/png' });
        const bytes = new Uint8Array(await blob.arrayBuffer());
        return `data:image/png;base64,${btoa(String.fromCharCode(...bytes))}`;
      }, rgb);
    await page.goto('/showroom/editor');
    const list = Buffer.from(
      JSON.stringify([
        { url: await png([200, 30, 30]), title: 'Inline A' },
        { url: await png([30, 30, 200]), title: 'Inline B' },
      ]),
    ).toString('base64');
    await page.goto(`/tools/compare-documents?documents=${encodeURIComponent(list)}`);
    await expect(page.getByRole('heading', { name: 'Inline A vs. Inline B' })).toBeVisible();
    await expect(stage(page)).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    const box = await stage(page).boundingBox();
    if (!box) throw new Error('no stage');
    // The left part shows the first picture, the right part the second.
    await expect
      .poll(async () => (await backgroundPixel(page, 20, box.height / 2)).slice(0, 3))
      .toEqual([200, 30, 30]);
    await expect
      .poll(async () => (await backgroundPixel(page, box.width - 20, box.height / 2)).slice(0, 3))
      .toEqual([30, 30, 200]);
  });

  test('explains a bad documents parameter and an image that cannot load', async ({ page }) => {
    await page.goto('/tools/compare-documents?documents=not-base64!');
    await expect(page.getByRole('alert')).toHaveText(
      'The documents to compare could not be read from this link.',
    );
    await page.goto('/tools/compare-documents');
    await expect(page.getByRole('alert')).toHaveText('Choose two documents to compare.');
    const missing = Buffer.from(
      JSON.stringify([
        { url: '/missing-a.png', title: 'A' },
        { url: '/missing-b.png', title: 'B' },
      ]),
    ).toString('base64');
    await page.goto(`/tools/compare-documents?documents=${encodeURIComponent(missing)}`);
    await expect(page.getByRole('alert')).toHaveText('Error loading image');
  });
});
