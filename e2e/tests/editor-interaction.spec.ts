import { expect, test } from '../fixtures.ts';
import { chooseTool, dragMouse, eventLog, openShowroom, save, stage, toWindow } from './editor-helpers.ts';

test.describe('markup editor: select, pins, zoom and pan', () => {
  test('moves a shape in select mode, deletes it, and undoes/redoes from the keyboard', async ({ page }) => {
    await openShowroom(page);
    const { viewpoint } = await save(page);
    const at = (x: number, y: number) => toWindow(page, viewpoint, x, y);
    await chooseTool(page, 'Circle');
    await dragMouse(page, await at(600, 500), await at(650, 500));
    await chooseTool(page, 'Select');
    await dragMouse(page, await at(600, 450), await at(800, 350));
    let { markUp } = await save(page);
    expect(markUp.circles[0]?.x).toBeCloseTo(800, -1);
    expect(markUp.circles[0]?.y).toBeCloseTo(400, -1);

    await page.keyboard.press('Delete');
    ({ markUp } = await save(page));
    expect(markUp.circles).toHaveLength(0);
    await page.keyboard.press('Control+z');
    ({ markUp } = await save(page));
    expect(markUp.circles).toHaveLength(1);
    await page.keyboard.press('Control+y');
    ({ markUp } = await save(page));
    expect(markUp.circles).toHaveLength(0);
    await page.keyboard.press('Control+Shift+z');
    await page.keyboard.press('Control+z');
    ({ markUp } = await save(page));
    expect(markUp.circles).toHaveLength(1);
  });

  test('switches tools with their keys and sets the cursor per tool', async ({ page }) => {
    await openShowroom(page);
    const cursor = () =>
      stage(page)
        .locator('..')
        .evaluate((element) => getComputedStyle(element).cursor);
    await page.keyboard.press('h');
    await expect.poll(cursor).toBe('move');
    await page.keyboard.press('r');
    await expect.poll(cursor).toBe('crosshair');
    await expect(page.getByRole('button', { name: 'Rectangle', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.keyboard.press('v');
    await expect.poll(cursor).toBe('default');
  });

  test('places a pin, drags it in select mode, and reports clicks on other pins', async ({ page }) => {
    await openShowroom(page);
    const { viewpoint } = await save(page);
    const at = (x: number, y: number) => toWindow(page, viewpoint, x, y);
    await chooseTool(page, 'Pin');
    const spot = await at(800, 500);
    await page.mouse.click(spot.x, spot.y);
    await expect(eventLog(page)).toContainText('pinCreated {"id":"new","x":800');
    await expect(eventLog(page)).toContainText('"color":"red"');
    let output = await save(page);
    expect(output.pin).toEqual({ x: expect.closeTo(800, 0), y: expect.closeTo(500, 0), color: 'red' });

    await chooseTool(page, 'Select');
    // The marker's head is drawn above its tip.
    await dragMouse(page, { x: spot.x, y: spot.y - 20 }, { x: spot.x + 100, y: spot.y - 70 });
    output = await save(page);
    expect(output.pin?.x).toBeGreaterThan(800 + 80 / viewpoint.scale - 10);

    const other = await at(420, 300);
    await page.mouse.click(other.x, other.y - 20);
    await expect(eventLog(page)).toContainText('pinClicked {"id":"12"');

    await page.getByRole('switch', { name: 'Show pins' }).click({ force: true });
    await page.mouse.click(other.x, other.y - 20);
    expect(((await eventLog(page).textContent()) ?? '').match(/pinClicked/g)).toHaveLength(1);
  });

  test('zooms with the wheel around the pointer, with the slider, and back to fit', async ({ page }) => {
    await openShowroom(page);
    const fit = (await save(page)).viewpoint;
    const centre = await toWindow(page, fit, 800, 500);
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.wheel(0, -120);
    await expect(eventLog(page)).toContainText('userChangedViewpoint');
    const zoomed = (await save(page)).viewpoint;
    expect(zoomed.scale / fit.scale).toBeCloseTo(1.1 ** 3, 1);
    // The page point under the pointer stays under it.
    expect(fit.x + 800 * fit.scale).toBeCloseTo(zoomed.x + 800 * zoomed.scale, 0);

    const slider = page.getByRole('slider');
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    const stepped = (await save(page)).viewpoint;
    expect(stepped.scale / zoomed.scale).toBeGreaterThan(1.02);
    await slider.focus();
    await page.keyboard.press('End');
    expect((await save(page)).viewpoint.scale).toBeCloseTo(1.1 ** 50, -1);

    await page.getByRole('button', { name: 'Zoom to fit' }).click();
    expect((await save(page)).viewpoint).toEqual(fit);
  });

  test('pans with the middle button in a drawing tool and gives the tool back', async ({ page }) => {
    await openShowroom(page);
    const before = (await save(page)).viewpoint;
    await chooseTool(page, 'Rectangle');
    const from = await toWindow(page, before, 800, 500);
    await dragMouse(page, from, { x: from.x + 120, y: from.y + 60 }, 'middle');
    const { viewpoint, markUp } = await save(page);
    expect(viewpoint.x - before.x).toBeCloseTo(120, 0);
    expect(viewpoint.y - before.y).toBeCloseTo(60, 0);
    expect(markUp.rects).toHaveLength(0);
    await expect(page.getByRole('button', { name: 'Rectangle', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  test('shows only pan without the editing flag', async ({ page }) => {
    await openShowroom(page, '?editing=0');
    await expect(page.getByRole('toolbar', { name: 'Markup tools' })).toHaveCount(0);
    const before = (await save(page)).viewpoint;
    const from = await toWindow(page, before, 800, 500);
    await dragMouse(page, from, { x: from.x - 50, y: from.y });
    expect((await save(page)).viewpoint.x).toBeCloseTo(before.x - 50, 0);
  });
});
