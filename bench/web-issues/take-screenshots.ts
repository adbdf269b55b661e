// Screenshots of the issue list for docs/screenshots, from a real server with a generated project: the list in
// the light and dark themes, the table view, the custom filter, the bulk edit with a refused issue, and a phone.
// Run after building the web app: npm run build && node --import tsx bench/web-issues/take-screenshots.ts
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { createPasswordHasher } from '../../apps/server/src/auth/password-hasher.ts';
import { setUpBenchProject } from '../issues/issues-bench-world.ts';

const shots = path.resolve(import.meta.dirname, '../../docs/screenshots');
const PASSWORD = 'Shots-issues-2026!';

async function signedIn(
  browser: Browser,
  url: string,
  email: string,
  options: { colorScheme: 'light' | 'dark'; viewport: { width: number; height: number }; mobile?: boolean },
): Promise<Page> {
  const context = await browser.newContext({
    viewport: options.viewport,
    colorScheme: options.colorScheme,
    locale: 'en-US',
    ...(options.mobile ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
  });
  const page = await context.newPage();
  await page.goto(`${url}/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByTestId('workspace-home').waitFor({ timeout: 60_000 });
  return page;
}

async function openList(page: Page, url: string, projectId: number, query = ''): Promise<void> {
  await page.goto(`${url}/workspace/project/${projectId}/issues${query}`);
  await page.getByTestId('issue-list-complete').waitFor({ state: 'attached', timeout: 60_000 });
  await page.getByTestId('issue-row').first().waitFor();
  await page.waitForTimeout(400);
}

const b = await setUpBenchProject(400, 7);
const { t, w } = b;
const hasher = await createPasswordHasher();
await t.server.services.database.executor.executeSql('update users set password_hash = $2 where id = $1', [
  w.creator.id,
  await hasher.hash(PASSWORD),
]);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  const desktop = { width: 1440, height: 900 };
  for (const scheme of ['light', 'dark'] as const) {
    const page = await signedIn(browser, t.url, w.creator.email, { colorScheme: scheme, viewport: desktop });
    await openList(page, t.url, w.projectId);
    await page.getByTestId('issue-row').nth(2).getByTestId('issue-row-select').check();
    await page.getByTestId('issue-row').nth(4).getByTestId('issue-row-select').check();
    await page.screenshot({ path: path.join(shots, `issues-list-${scheme}.png`) });
    if (scheme === 'light') {
      await page.getByTestId('bulk-bar').getByLabel('Clear the selection').click();
      await page.getByTestId('custom-filter-button').click();
      await page.getByTestId('filter-priority').getByTestId('multi-select-toggle').click();
      await page.getByRole('checkbox', { name: 'High' }).click();
      await page.getByTestId('filter-discipline').getByTestId('multi-select-toggle').click();
      for (const box of (await page.getByTestId('filter-discipline').getByRole('checkbox').all()).slice(0, 3))
        await box.click();
      await page.waitForTimeout(400);
      await page.screenshot({ path: path.join(shots, 'issues-list-custom-filter.png') });
      await page.keyboard.press('Escape');
      await page.getByTestId('view-mode-table').click();
      await page.getByTestId('issue-table').waitFor();
      await page.getByTestId('filter-tab-all').click();
      await page.waitForTimeout(400);
      await page.screenshot({ path: path.join(shots, 'issues-table-light.png') });
      await page.getByTestId('view-mode-list').click();
      // Bulk edit: statuses set to "active" on resolved issues without pending disciplines are refused.
      await page.getByTestId('filter-tab-all').click();
      await page.getByTestId('issue-row').first().getByTestId('issue-row-select').check();
      await page.getByTestId('bulk-select-shown').click();
      await page.getByTestId('bulk-edit').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'Active', exact: true }).click();
      await dialog.getByTestId('bulk-edit-apply').click();
      await dialog.getByTestId('bulk-rejected').waitFor({ timeout: 60_000 });
      await page.screenshot({ path: path.join(shots, 'issues-bulk-edit-rejected.png') });
    }
    await page.context().close();
  }
  const phone = await signedIn(browser, t.url, w.creator.email, {
    colorScheme: 'light',
    viewport: { width: 390, height: 844 },
    mobile: true,
  });
  await openList(phone, t.url, w.projectId);
  await phone.screenshot({ path: path.join(shots, 'issues-list-mobile.png') });
  await phone.context().close();
} finally {
  await browser.close();
  await t.close();
}
