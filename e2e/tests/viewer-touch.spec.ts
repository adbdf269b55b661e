import type { CDPSession, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { signInWithForm } from './identity-helpers.ts';
import { buildIssueWorld } from './issue-view-helpers.ts';
import { screenOf, sheetPdf, uploadDriveFile } from './viewer-helpers.ts';

test.use({ locale: 'en-US', viewport: { width: 1280, height: 860 }, hasTouch: true });

type Point = { x: number; y: number };

async function touch(session: CDPSession, type: 'touchStart' | 'touchMove' | 'touchEnd', points: Point[]) {
  await session.send('Input.dispatchTouchEvent', {
    type,
    touchPoints: points.map((point, id) => ({ x: point.x, y: point.y, id })),
  });
}

async function viewOf(page: Page): Promise<{ scale: number; x: number; y: number }> {
  return JSON.parse((await page.getByTestId('sheet-canvas').getAttribute('data-view')) ?? '{}') as {
    scale: number;
    x: number;
    y: number;
  };
}

test.describe('document viewer: touch', () => {
  test('two fingers zoom around their midpoint and pan, one finger pans after its delay, a tap places a pin', async ({
    page,
    request,
    obra,
  }) => {
    const world = await buildIssueWorld(request, obra);
    const sheet = await uploadDriveFile(
      request,
      world.owner.token,
      world.projectId,
      'ARQ-TOQUE-R00.pdf',
      await sheetPdf(1, { x: 280, y: 180, size: 40 }),
      { documentName: 'ARQ-TOQUE', revisionName: 'R00', visibility: 'public' },
    );
    await page.goto('/workspace');
    await signInWithForm(page, world.owner.email, world.owner.password);
    await expect(page.getByTestId('workspace-home')).toBeVisible();
    await page.goto(`/workspace/project/${world.projectId}/drive/documents/${sheet.documentId}`);
    await expect(page.getByTestId('page-indicator')).toHaveText('Page 1 of 1');
    const before = await viewOf(page);
    const session = await page.context().newCDPSession(page);

    // Pinch out around the square's centre (300, 200).
    const centre = await screenOf(page, { x: 300, y: 200 });
    const a = { x: centre.x - 60, y: centre.y };
    const b = { x: centre.x + 60, y: centre.y };
    await touch(session, 'touchStart', [a, b]);
    for (let step = 1; step <= 8; step += 1) {
      await touch(session, 'touchMove', [
        { x: a.x - step * 8, y: a.y },
        { x: b.x + step * 8, y: b.y },
      ]);
      await page.waitForTimeout(20);
    }
    await touch(session, 'touchEnd', []);
    const pinched = await viewOf(page);
    expect(pinched.scale).toBeGreaterThan(before.scale * 1.5);
    // The page point under the fingers' midpoint stayed there (within the pan threshold).
    const after = await screenOf(page, { x: 300, y: 200 });
    expect(Math.abs(after.x - centre.x)).toBeLessThan(6);
    expect(Math.abs(after.y - centre.y)).toBeLessThan(6);

    // After the pinch's end delay, one finger held past its delay pans, at the same scale.
    await page.waitForTimeout(250);
    await touch(session, 'touchStart', [{ x: centre.x, y: centre.y }]);
    await page.waitForTimeout(250);
    await touch(session, 'touchMove', [{ x: centre.x + 50, y: centre.y + 30 }]);
    await touch(session, 'touchMove', [{ x: centre.x + 100, y: centre.y + 60 }]);
    await touch(session, 'touchEnd', []);
    const panned = await viewOf(page);
    expect(panned.scale).toBe(pinched.scale);
    expect(panned.x - pinched.x).toBeCloseTo(100, 0);
    expect(panned.y - pinched.y).toBeCloseTo(60, 0);

    // A tap places the pin where the finger was.
    await page.getByTestId('place-pin').tap();
    const spot = await screenOf(page, { x: 300, y: 200 });
    await page.waitForTimeout(250);
    await touch(session, 'touchStart', [spot]);
    await touch(session, 'touchEnd', []);
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.getByRole('dialog').getByTestId('form-pin')).toBeVisible();
  });
});
