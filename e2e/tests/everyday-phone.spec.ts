import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { signInWithForm } from './identity-helpers.ts';
import {
  buildIssueWorld,
  createIssueByApi,
  drawingPng,
  signedInPage,
  uploadPicture,
  type Person,
} from './issue-view-helpers.ts';
import { createIssues, openIssueList } from './issues-list-helpers.ts';
import { gql } from './project-helpers.ts';

// The everyday work (issue 21): a list that shows enough, on a phone too.
// With OBRA_SCREENSHOTS=1 the journey also refreshes docs/screenshots/everyday-list-*.png.
const SHOTS = process.env.OBRA_SCREENSHOTS === '1';
const shotsDir = path.resolve(import.meta.dirname, '../../docs/screenshots');
const PHONE = { width: 390, height: 844 };

async function phonePage(browser: Browser, baseURL: string | undefined, who: Person): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    locale: 'en-US',
    viewport: PHONE,
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  await page.goto('/workspace');
  await signInWithForm(page, who.email, who.password);
  await expect(page.getByTestId('workspace-home')).toBeVisible();
  return page;
}

/** How far the page scrolls sideways (0 when nothing overflows the viewport). */
function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

test.describe('everyday work on a phone', () => {
  test('each row shows its location and first image; at 390×844 the title gets the width, and the issue opens', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    test.setTimeout(180_000);
    const world = await buildIssueWorld(request, obra);
    const locals = await gql<{ setProjectLocals: { id: number; name: string }[] }>(
      request,
      world.owner.token,
      'mutation($p: Int!) { setProjectLocals(projectId: $p, locals: [{ name: "Torre A", abbreviation: "TA" }]) { id name } }',
      { p: world.projectId },
    );
    const torreA = locals.setProjectLocals.find((l) => l.name === 'Torre A')?.id ?? 0;
    const fileId = await uploadPicture(request, world.owner.token, world.projectId, 'laje.png', drawingPng());
    const withImage = await createIssueByApi(request, world, {
      t: 'Infiltração na laje do térreo junto ao shaft da hidráulica',
      description: 'A água escorre pela parede do shaft após a chuva.',
      images: [{ original: fileId, title: 'Laje' }],
    });
    await gql(
      request,
      world.owner.token,
      'mutation($p: Int!, $i: Int!, $l: [Int!]) { updateIssue(projectId: $p, issueId: $i, locals: $l) { id } }',
      { p: world.projectId, i: withImage, l: [torreA] },
    );
    await createIssues(request, world, [{ title: 'Duto cruza viga V2' }, { title: 'Shaft sem vedação' }]);

    // Desktop: the location and a lazily loaded thumbnail on the row.
    const desktop = await signedInPage(browser, baseURL, world.owner);
    await desktop.setViewportSize({ width: 1280, height: 800 });
    await openIssueList(desktop, world.projectId);
    const row = desktop.locator(`[data-testid="issue-row"][data-issue-id="${withImage}"]`);
    await expect(row.getByTestId('issue-location')).toHaveText('TA');
    await expect(row.getByTestId('issue-location')).toHaveAccessibleName('Location: TA · Torre A');
    const thumb = row.getByTestId('issue-thumbnail');
    await expect(thumb).toHaveAttribute('loading', 'lazy');
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(
      desktop.getByTestId('issue-row').filter({ hasText: 'Duto' }).getByTestId('issue-thumbnail'),
    ).toHaveCount(0);
    await expect(row.getByTestId('issue-row-star')).toBeVisible();
    if (SHOTS) await desktop.screenshot({ path: path.join(shotsDir, 'everyday-list-desktop.png') });

    // Phone: the title takes the first line alone, the row's buttons collapse, nothing scrolls sideways.
    const phone = await phonePage(browser, baseURL, world.owner);
    await openIssueList(phone, world.projectId);
    const phoneRow = phone.locator(`[data-testid="issue-row"][data-issue-id="${withImage}"]`);
    await expect(phoneRow.getByTestId('issue-thumbnail')).toBeVisible();
    await expect(phoneRow.getByTestId('issue-location')).toBeVisible();
    await expect(phoneRow.getByTestId('issue-row-star')).toBeHidden();
    await expect(phoneRow.getByTestId('issue-row-copy-link')).toBeHidden();
    await expect(phoneRow.getByTestId('issue-row-select')).toBeHidden();
    const title = await phoneRow.getByTestId('issue-title').boundingBox();
    const code = await phoneRow.getByTestId('issue-code').boundingBox();
    const rowBox = await phoneRow.boundingBox();
    expect(title && code && rowBox).toBeTruthy();
    if (!title || !code || !rowBox) return;
    expect(title.width).toBeGreaterThan(PHONE.width * 0.6);
    expect(title.x + title.width).toBeLessThanOrEqual(PHONE.width);
    // The code (with the status and counters) wraps under the title instead of sharing its line.
    expect(code.y).toBeGreaterThanOrEqual(title.y + title.height - 1);
    expect(rowBox.x + rowBox.width).toBeLessThanOrEqual(PHONE.width);
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    if (SHOTS) await phone.screenshot({ path: path.join(shotsDir, 'everyday-list-phone.png') });

    // The issue view on the phone: it opens from the row and fits the screen.
    await phoneRow.getByTestId('issue-title').click();
    await expect(phone.getByTestId('issue-view')).toBeVisible();
    await expect(phone.getByTestId('issue-view').getByTestId('issue-title')).toBeVisible();
    await expect.poll(() => horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    const heading = await phone.getByTestId('issue-view').getByTestId('issue-title').boundingBox();
    expect(heading && heading.x + heading.width <= PHONE.width).toBe(true);
    // The audit lines (created, edited, published…) come last: below the description, the disciplines and the
    // conversation.
    const view = phone.getByTestId('issue-view');
    await expect(view.getByTestId('issue-stamps')).toBeAttached();
    const audit = await view.getByTestId('issue-audit').boundingBox();
    const description = await view.getByTestId('issue-description').boundingBox();
    const disciplines = await view.getByTestId('issue-fields').boundingBox();
    expect(audit && description && disciplines).toBeTruthy();
    if (audit && description && disciplines) {
      expect(audit.y).toBeGreaterThan(description.y + description.height);
      expect(audit.y).toBeGreaterThan(disciplines.y + disciplines.height);
    }
    if (SHOTS) await phone.screenshot({ path: path.join(shotsDir, 'everyday-issue-phone.png') });
  });
});
