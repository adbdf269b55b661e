import { expect, test } from '../fixtures.ts';
import {
  chooseTool,
  dragMouse,
  markedUpPixel,
  markedUpSize,
  openShowroom,
  save,
  toWindow,
} from './editor-helpers.ts';

test.describe('markup editor: drawing', () => {
  test('draws each shape with its defaults and saves them in page coordinates', async ({ page }) => {
    await openShowroom(page);
    const { viewpoint } = await save(page);
    const at = (x: number, y: number) => toWindow(page, viewpoint, x, y);

    await chooseTool(page, 'Rectangle');
    await dragMouse(page, await at(200, 150), await at(500, 350));
    await chooseTool(page, 'Circle');
    await dragMouse(page, await at(900, 300), await at(980, 300));
    await chooseTool(page, 'Highlight');
    await dragMouse(page, await at(1000, 600), await at(1300, 660));
    await chooseTool(page, 'Line');
    await dragMouse(page, await at(200, 700), await at(600, 800));
    await chooseTool(page, 'Arrow');
    await dragMouse(page, await at(700, 800), await at(900, 650));

    const { markUp } = await save(page);
    expect(markUp.version).toBe(2);
    const rect = markUp.rects.find((item) => !item.highlight);
    expect(rect?.x).toBeCloseTo(200, -1);
    expect(rect?.y).toBeCloseTo(150, -1);
    expect(rect?.width).toBeCloseTo(300, -1);
    expect(rect?.height).toBeCloseTo(200, -1);
    expect(rect?.style).toMatchObject({ stroke: 'red', fill: null, opacity: 1 });
    expect(markUp.circles[0]?.radius).toBeCloseTo(80, -1);
    const highlight = markUp.rects.find((item) => item.highlight);
    expect(highlight?.style).toMatchObject({ opacity: 0.5, fill: 'red' });
    expect(markUp.lines[0]?.points[2]).toBeCloseTo(400, -1);
    expect(markUp.arrows[0]?.points[3]).toBeCloseTo(-150, -1);
  });

  test('renders the markup into markedUpDataUrl (pixel check)', async ({ page }) => {
    await openShowroom(page);
    const { viewpoint } = await save(page);
    await chooseTool(page, 'Rectangle');
    await dragMouse(
      page,
      await toWindow(page, viewpoint, 300, 450),
      await toWindow(page, viewpoint, 700, 520),
    );
    await save(page);
    const size = await markedUpSize(page);
    expect(size).toEqual({ width: 1600, height: 1000 });
    // The rectangle's top edge (stroke width 5, red) at page y 450; inside stays the drawing's white.
    const edge = await markedUpPixel(page, 500, 450);
    expect(edge[0]).toBeGreaterThan(200);
    expect(edge[1]).toBeLessThan(60);
    expect(edge[2]).toBeLessThan(60);
    const inside = await markedUpPixel(page, 500, 485);
    expect(inside.slice(0, 3)).toEqual([255, 255, 255]);
  });

  test('does not start a shape on a draggable element: the new shape’s transformer resizes instead', async ({
    page,
  }) => {
    await openShowroom(page);
    const { viewpoint } = await save(page);
    await chooseTool(page, 'Rectangle');
    await dragMouse(
      page,
      await toWindow(page, viewpoint, 200, 200),
      await toWindow(page, viewpoint, 400, 400),
    );
    // Bottom-right anchor of the transformer sits on the shape's corner.
    await dragMouse(
      page,
      await toWindow(page, viewpoint, 400, 400),
      await toWindow(page, viewpoint, 500, 450),
    );
    const { markUp } = await save(page);
    expect(markUp.rects).toHaveLength(1);
    expect(markUp.rects[0]?.scaleX).toBeGreaterThan(1.3);
  });
});
