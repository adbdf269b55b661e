import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { openShowroom, save, stage, type SavedOutput } from './editor-helpers.ts';

// Shapes around the middle of the 1600 × 1000 sample drawing, apart from each other, with a text whose bitmap
// has to be rendered again when the zoom crosses a doubling.
const MARKUP = {
  rects: [{ id: 'r1', x: 600, y: 400, width: 150, height: 80, stroke: 'blue' }],
  circles: [{ id: 'c1', x: 980, y: 460, radius: 60, stroke: 'green' }],
  arrows: [{ id: 'a1', x: 800, y: 360, points: [0, 0, 120, 50], stroke: 'orange' }],
  texts: [{ id: 't1', x: 640, y: 560, text: 'zoom note', fill: 'red', fontSize: 30 }],
};

/** The stage once it has stopped redrawing (text bitmaps left for later frames are done). */
async function settledStage(page: Page): Promise<Buffer> {
  let previous = await stage(page).screenshot();
  for (let attempt = 0; attempt < 40; attempt += 1) {
    await page.waitForTimeout(250);
    const next = await stage(page).screenshot();
    if (next.equals(previous)) return next;
    previous = next;
  }
  throw new Error('the editor kept redrawing');
}

/**
 * Hiding and showing the markup redraws the same view from scratch, outside any gesture: it must look exactly as
 * the stage did when the gesture ended.
 */
async function expectFullRedrawOf(
  page: Page,
  viewpoint: SavedOutput['viewpoint'],
  afterGesture: Buffer,
): Promise<void> {
  const markupSwitch = page.getByRole('switch', { name: 'Show markup' });
  await markupSwitch.click({ force: true });
  await expect(markupSwitch).not.toBeChecked();
  await markupSwitch.click({ force: true });
  await expect(markupSwitch).toBeChecked();
  expect((await save(page)).viewpoint).toEqual(viewpoint);
  expect(await settledStage(page)).toEqual(afterGesture);
}

function sliderValue(scale: number): number {
  return Math.round(50 + Math.log(scale) / Math.log(1.1));
}

test.describe('markup editor: continuous zoom', () => {
  test('ends a fast wheel zoom drawn exactly as a full redraw of that view', async ({ page }) => {
    await openShowroom(page, `?markup=${encodeURIComponent(JSON.stringify(MARKUP))}`);
    const fit = (await save(page)).viewpoint.scale;
    const box = await stage(page).boundingBox();
    if (!box) throw new Error('no stage');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    // One gesture: steps closer together than the settle time are drawn from a snapshot while they last.
    for (let step = 0; step < 12; step += 1) {
      await page.mouse.wheel(0, -40);
      await page.waitForTimeout(10);
    }
    const afterGesture = await settledStage(page);
    const { viewpoint } = await save(page);
    // The zoom crossed a doubling: the text's bitmap had to be rendered again, after the gesture.
    expect(viewpoint.scale / fit).toBeGreaterThan(2);

    await expectFullRedrawOf(page, viewpoint, afterGesture);
  });

  test('ends a fast pan longer than the snapshot margin drawn exactly as a full redraw of that view', async ({
    page,
  }) => {
    await openShowroom(page, `?markup=${encodeURIComponent(JSON.stringify(MARKUP))}`);
    const before = (await save(page)).viewpoint;
    const box = await stage(page).boundingBox();
    if (!box) throw new Error('no stage');
    await page.keyboard.press('h');
    // One gesture: moves closer together than the settle time are drawn from a snapshot with half a view of
    // margin; going down most of the view's height passes the margin, so the snapshot is taken again on the way.
    const x = box.x + box.width / 2;
    await page.mouse.move(x, box.y + 20);
    await page.mouse.down();
    const steps = 30;
    for (let step = 1; step <= steps; step += 1) {
      await page.mouse.move(x - step * 4, box.y + 20 + ((box.height - 40) * step) / steps);
      await page.waitForTimeout(10);
    }
    await page.mouse.up();
    const afterGesture = await settledStage(page);
    const { viewpoint } = await save(page);
    expect(viewpoint.scale).toBe(before.scale);
    expect(viewpoint.x - before.x).toBeCloseTo(-steps * 4, 0);
    expect(viewpoint.y - before.y).toBeCloseTo(box.height - 40, 0);

    await expectFullRedrawOf(page, viewpoint, afterGesture);
  });

  test('counts every step of the zoom slider pressed in quick succession', async ({ page }) => {
    await openShowroom(page);
    const before = (await save(page)).viewpoint.scale;
    const slider = page.getByRole('slider');
    await slider.focus();
    for (let step = 0; step < 5; step += 1) await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveAttribute('aria-valuenow', String(sliderValue(before) + 5));
    expect((await save(page)).viewpoint.scale).toBeCloseTo(1.1 ** (sliderValue(before) + 5 - 50), 6);
  });
});
