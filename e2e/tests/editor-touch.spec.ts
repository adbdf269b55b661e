import type { CDPSession, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { chooseTool, openShowroom, save, stage } from './editor-helpers.ts';

test.use({ hasTouch: true });

type Point = { x: number; y: number };

async function touch(session: CDPSession, type: 'touchStart' | 'touchMove' | 'touchEnd', points: Point[]) {
  await session.send('Input.dispatchTouchEvent', {
    type,
    touchPoints: points.map((point, id) => ({ x: point.x, y: point.y, id })),
  });
}

async function stageOrigin(page: Page): Promise<Point> {
  const box = await stage(page).boundingBox();
  if (!box) throw new Error('no stage');
  return { x: box.x, y: box.y };
}

test.describe('markup editor: touch', () => {
  test('two fingers zoom and pan without drawing; one finger draws after its delay', async ({ page }) => {
    await openShowroom(page);
    const before = (await save(page)).viewpoint;
    await chooseTool(page, 'Rectangle');
    const session = await page.context().newCDPSession(page);
    const o = await stageOrigin(page);
    const a = { x: o.x + 300, y: o.y + 300 };
    const b = { x: o.x + 500, y: o.y + 300 };
    await touch(session, 'touchStart', [a, b]);
    for (let step = 1; step <= 10; step += 1) {
      await touch(session, 'touchMove', [
        { x: a.x - step * 10 + step * 3, y: a.y + step * 3 },
        { x: b.x + step * 10 + step * 3, y: b.y + step * 3 },
      ]);
      await page.waitForTimeout(20);
    }
    await touch(session, 'touchEnd', []);
    const pinched = await save(page);
    expect(pinched.viewpoint.scale).toBeGreaterThan(before.scale * 1.5);
    expect(pinched.markUp.rects).toHaveLength(0);
    await expect(page.getByRole('button', { name: 'Rectangle', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // After the pinch's end delay, one finger draws.
    await page.waitForTimeout(250);
    await touch(session, 'touchStart', [{ x: o.x + 100, y: o.y + 100 }]);
    await page.waitForTimeout(250);
    await touch(session, 'touchMove', [{ x: o.x + 200, y: o.y + 180 }]);
    await touch(session, 'touchEnd', []);
    const drawn = await save(page);
    expect(drawn.markUp.rects).toHaveLength(1);
    expect(drawn.markUp.rects[0]?.width).toBeCloseTo(100 / drawn.viewpoint.scale, 0);
  });
});
