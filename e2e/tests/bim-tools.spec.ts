import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { WEBGL_LAUNCH_OPTIONS } from './bim-helpers.ts';
import { buildIssueWorld, signedInPage } from './issue-view-helpers.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const HOUSE = path.resolve(HERE, '../../fixtures/ifc/web-ifc/IfcOpenHouse_IFC4.ifc');
const SCREENSHOTS = path.resolve(HERE, '../../docs/screenshots');

// WebGL2 through SwiftShader (bim-helpers.ts).
test.use({
  // Wide enough for the tree, the view and the properties side by side (the screenshots in docs/).
  viewport: { width: 1600, height: 900 },
  launchOptions: WEBGL_LAUNCH_OPTIONS,
});

/** The share of the canvas's pixels that are not the viewer's background (#eef1f5): how much model is drawn. */
async function coverage(page: Page): Promise<number> {
  return page.evaluate(() => {
    const source = document.querySelector<HTMLCanvasElement>('[data-testid="bim-canvas"]');
    if (!source) return -1;
    const copy = document.createElement('canvas');
    copy.width = source.width;
    copy.height = source.height;
    const context = copy.getContext('2d');
    if (!context) return -1;
    context.drawImage(source, 0, 0);
    const data = context.getImageData(0, 0, copy.width, copy.height).data;
    let drawn = 0;
    for (let i = 0; i < data.length; i += 4) {
      const d =
        Math.abs((data[i] ?? 0) - 0xee) +
        Math.abs((data[i + 1] ?? 0) - 0xf1) +
        Math.abs((data[i + 2] ?? 0) - 0xf5);
      if (d > 24) drawn += 1;
    }
    return drawn / (copy.width * copy.height);
  });
}

/** Every third pixel of the canvas (RGB), to compare two frames. */
async function frame(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const source = document.querySelector<HTMLCanvasElement>('[data-testid="bim-canvas"]');
    if (!source) return [];
    const copy = document.createElement('canvas');
    copy.width = source.width;
    copy.height = source.height;
    const context = copy.getContext('2d');
    if (!context) return [];
    context.drawImage(source, 0, 0);
    const data = context.getImageData(0, 0, copy.width, copy.height).data;
    const out: number[] = [];
    for (let i = 0; i < data.length; i += 12) out.push(data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0);
    return out;
  });
}

/** The share of the model's pixels (not background in either frame) whose colour changed between two frames. */
function changed(a: number[], b: number[]): number {
  const background = (p: number[], i: number) =>
    Math.abs((p[i] ?? 0) - 0xee) + Math.abs((p[i + 1] ?? 0) - 0xf1) + Math.abs((p[i + 2] ?? 0) - 0xf5) <= 24;
  let model = 0;
  let moved = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i += 3) {
    if (background(a, i) && background(b, i)) continue;
    model += 1;
    const d =
      Math.abs((a[i] ?? 0) - (b[i] ?? 0)) +
      Math.abs((a[i + 1] ?? 0) - (b[i + 1] ?? 0)) +
      Math.abs((a[i + 2] ?? 0) - (b[i + 2] ?? 0));
    if (d > 40) moved += 1;
  }
  return model === 0 ? 0 : moved / model;
}

/** A frame of the canvas once the drawing has settled: three frames taken 300 ms apart are alike. */
async function settledFrame(page: Page): Promise<number[]> {
  let last = await frame(page);
  let alikeInARow = 0;
  await expect
    .poll(
      async () => {
        await page.waitForTimeout(300);
        const next = await frame(page);
        alikeInARow = changed(last, next) < 0.005 ? alikeInARow + 1 : 0;
        last = next;
        return alikeInARow >= 2;
      },
      { timeout: 30_000, intervals: [0] },
    )
    .toBe(true);
  return last;
}

async function center(canvas: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no canvas');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2, width: box.width, height: box.height };
}

test('the viewer tools: section plane, class filter, distance and area, plan view, first person, markup, by keyboard too', async ({
  browser,
  baseURL,
  request,
  obra,
}) => {
  // One long journey through every tool (each step waits on the software renderer of a shared machine).
  test.setTimeout(360_000);
  const world = await buildIssueWorld(request, obra);
  const headers = { authorization: `Bearer ${world.owner.token}` };
  const bytes = fs.readFileSync(HOUSE);
  const created = await request.post(`/project-drive/projects/${world.projectId}/files`, {
    headers,
    data: { fileName: 'IfcOpenHouse_IFC4.ifc', fileSize: bytes.length },
  });
  expect(created.status()).toBe(201);
  const body = (await created.json()) as {
    file: { id: number };
    upload: { url: string; headers: Record<string, string> };
  };
  expect((await request.put(body.upload.url, { data: bytes, headers: body.upload.headers })).status()).toBe(
    200,
  );
  expect(
    (
      await request.patch(`/project-drive/projects/${world.projectId}/files/${body.file.id}/confirm-upload`, {
        headers,
      })
    ).status(),
  ).toBe(200);

  const page = await signedInPage(browser, baseURL, world.owner);
  await page.goto(`/workspace/project/${world.projectId}/bim-files/models`);
  const row = page.getByTestId('bim-models').getByRole('row').filter({ hasText: 'IfcOpenHouse_IFC4.ifc' });
  await expect(row).toContainText('Ready', { timeout: 90_000 });
  await row.getByRole('link', { name: 'IfcOpenHouse_IFC4.ifc' }).click();
  const canvas = page.getByTestId('bim-canvas');
  await expect(canvas).toHaveAttribute('data-loaded', 'true', { timeout: 60_000 });
  await page.getByTestId('bim-fit').click();
  await expect.poll(() => coverage(page)).toBeGreaterThan(0.05);
  const full = await coverage(page);

  // Keyboard: the tools are a toolbar (arrows move between its buttons, Enter presses one).
  const toolbar = page.getByRole('toolbar', { name: 'Model tools' });
  await page.getByTestId('bim-tool-section').focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('bim-tool-classes')).toBeFocused();
  await page.keyboard.press('End');
  await expect(toolbar.getByRole('button').last()).toBeFocused();
  await page.keyboard.press('Home');
  await expect(page.getByTestId('bim-tool-section')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('bim-tool-section')).toHaveAttribute('aria-pressed', 'true');

  // A section plane on the clicked face; flipped, it cuts away everything behind that face.
  const mid = await center(canvas);
  await page.getByTestId('bim-section-add').click();
  await page.mouse.click(mid.x, mid.y);
  await expect(page.getByTestId('bim-section-plane')).toHaveCount(1);
  await page.getByTestId('bim-section-flip').click();
  await expect.poll(() => coverage(page)).toBeLessThan(full * 0.6);
  // Moved with the keyboard on its slider (away from the camera: more stays in front of it).
  const cut = await coverage(page);
  await page.getByRole('slider', { name: 'Move plane 1' }).focus();
  await page.keyboard.press('Home');
  await expect.poll(() => coverage(page)).toBeGreaterThan(cut);
  await page.getByTestId('bim-section-delete').click();
  await expect(page.getByTestId('bim-section-plane')).toHaveCount(0);
  await expect.poll(() => coverage(page)).toBeGreaterThan(full * 0.9);

  // A section box around the model keeps it whole; removed, nothing is cut.
  await page.getByTestId('bim-section-box-model').click();
  await expect.poll(() => coverage(page)).toBeGreaterThan(full * 0.9);
  await page.getByTestId('bim-section-box-remove').click();

  // A plane goes into an issue's BCF viewpoint and comes back with it.
  await page.getByTestId('bim-section-add').click();
  await page.mouse.click(mid.x, mid.y);
  await expect(page.getByTestId('bim-section-plane')).toHaveCount(1);
  await page.getByTestId('bim-tool-section').click();
  await page.mouse.click(mid.x - mid.width * 0.05, mid.y + mid.height * 0.05);
  await expect(page.getByTestId('bim-new-issue')).toBeEnabled();
  await page.getByTestId('bim-new-issue').click();
  await page.getByTestId('bim-issue-title').fill('Corte na fachada');
  await page.getByTestId('bim-issue-save').click();
  await expect(page.getByTestId('bim-issue-created')).toBeVisible();
  await page.getByTestId('bim-tool-section').click();
  await page.getByTestId('bim-section-delete').click();
  await expect(page.getByTestId('bim-section-plane')).toHaveCount(0);
  await page.getByTestId('bim-issue-open-viewpoint').click();
  await expect(page.getByTestId('bim-issue-viewpoint')).toContainText('Corte na fachada');
  await expect(page.getByTestId('bim-section-plane')).toHaveCount(1);
  // Moved by steps of 5 cm with the arrow keys (1.5 m up from where it was placed, for the picture).
  const restored = await coverage(page);
  await page.getByRole('slider', { name: 'Move plane 1' }).focus();
  for (let i = 0; i < 30; i += 1) await page.keyboard.press('ArrowLeft');
  await expect.poll(() => coverage(page)).not.toBe(restored);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'bim-tools-section.png') });
  await page.getByTestId('bim-section-delete').click();
  await page.getByTestId('bim-fit').click();
  await expect.poll(() => coverage(page)).toBeGreaterThan(full * 0.8);

  // Class filter: the walls (IfcWallStandardCase with its count) hidden, then shown again. The terrain fills most
  // of the view: a section box around the storey's elements (the house) first.
  await page.getByTestId('bim-tree').getByText('IfcBuildingStorey', { exact: true }).click();
  await page.getByTestId('bim-section-box-selection').click();
  await expect(page.getByTestId('bim-section-box-remove')).toBeVisible();
  await expect.poll(() => coverage(page)).toBeLessThan(full * 0.6);
  // The house stays inside the box.
  await expect.poll(() => coverage(page)).toBeGreaterThan(0.01);
  // Nothing selected (a click on the empty corner of the view), so that the house shows its own colours.
  const corner = await canvas.boundingBox();
  if (!corner) throw new Error('no canvas');
  await page.mouse.click(corner.x + corner.width - 10, corner.y + 10);
  await expect(page.getByTestId('bim-prop-guid')).toHaveCount(0);
  await page.getByTestId('bim-tool-classes').click();
  const walls = page
    .getByTestId('bim-classes')
    .getByRole('checkbox', { name: /^IfcWallStandardCase \(\d+\)$/ });
  await expect(walls).toBeChecked();
  // The storey's highlight is removed by the fragments worker some time after the click: the reference frame is
  // taken once the drawing has settled.
  const withWalls = await settledFrame(page);
  await walls.click();
  await expect(walls).not.toBeChecked();
  // The walls' pixels now show what was behind them, or nothing.
  await expect.poll(async () => changed(withWalls, await frame(page))).toBeGreaterThan(0.15);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'bim-tools-classes.png') });
  await page.getByRole('button', { name: 'Show every class' }).click();
  await expect(walls).toBeChecked();
  await expect.poll(async () => changed(withWalls, await frame(page))).toBeLessThan(0.02);
  await page.getByTestId('bim-tool-section').click();
  await page.getByTestId('bim-section-box-remove').click();
  await expect.poll(() => coverage(page)).toBeGreaterThan(full * 0.8);

  // Distance between two picked points: a plausible length for a house (metres).
  await page.getByTestId('bim-tool-measure').click();
  await page.getByTestId('bim-measure-distance').click();
  const view = await center(canvas);
  await page.mouse.click(view.x - view.width * 0.1, view.y + view.height * 0.05);
  await page.mouse.click(view.x + view.width * 0.1, view.y + view.height * 0.05);
  const distance = page.getByTestId('bim-measure-value-distance');
  await expect(distance).toHaveText(/^1\. Distance: [\d,.]+ (m|mm)$/);
  const [, amount, unit] = /([\d,.]+) (m|mm)$/.exec((await distance.textContent()) ?? '') ?? [];
  const metres = Number((amount ?? '').replace(/,/g, '')) / (unit === 'mm' ? 1000 : 1);
  expect(metres).toBeGreaterThan(0.1);
  expect(metres).toBeLessThan(100);
  // An area of three corners.
  await page.getByTestId('bim-measure-area').click();
  await page.mouse.click(view.x - view.width * 0.05, view.y);
  await page.mouse.click(view.x + view.width * 0.05, view.y);
  await page.mouse.click(view.x, view.y + view.height * 0.08);
  await page.getByTestId('bim-measure-finish').click();
  await expect(page.getByTestId('bim-measure-value-area')).toHaveText(/Area: [\d,.]+ m²$/);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'bim-tools-measure.png') });

  // A plan view of a storey: an orthographic camera looking straight down.
  await page.getByTestId('bim-tool-plan').click();
  await page.getByTestId('bim-plan-storey').first().click();
  const overlay = page.getByTestId('bim-tools-overlay');
  await expect
    .poll(
      async () => JSON.parse((await overlay.getAttribute('data-view')) ?? '{}') as Record<string, unknown>,
    )
    .toMatchObject({ kind: 'orthographic' });
  const plan = JSON.parse((await overlay.getAttribute('data-view')) ?? '{}') as { direction: number[] };
  expect(plan.direction[1]).toBeLessThan(-0.999);
  await expect.poll(() => coverage(page)).toBeGreaterThan(0.05);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'bim-tools-plan.png') });
  await page.getByTestId('bim-plan-back').click();
  await expect
    .poll(
      async () => JSON.parse((await overlay.getAttribute('data-view')) ?? '{}') as Record<string, unknown>,
    )
    .toMatchObject({ kind: 'perspective' });

  // First person from the keyboard: Enter on the toggle, W walks ahead, Escape leaves.
  const walk = page.getByTestId('bim-tool-walk');
  await walk.focus();
  await page.keyboard.press('Enter');
  await expect(walk).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('bim-walk-hint')).toBeVisible();
  const before = await canvas.getAttribute('data-camera');
  await page.keyboard.down('KeyW');
  await expect.poll(() => canvas.getAttribute('data-camera')).not.toBe(before);
  await page.keyboard.up('KeyW');
  await page.keyboard.press('Escape');
  await expect(walk).toHaveAttribute('aria-pressed', 'false');

  // Markup over the frozen view: the editor opens on the picture of the model.
  await page.getByTestId('bim-tool-markup').click();
  await expect(page.getByTestId('bim-markup')).toBeVisible();
  await expect(page.getByTestId('bim-markup').locator('canvas').first()).toBeVisible();
  await page.getByTestId('bim-markup-done').click();
  await expect(page.getByTestId('bim-markup')).toHaveCount(0);
  await page.context().close();
});
