import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../fixtures.ts';
import { signInWithForm } from './identity-helpers.ts';

// The everyday work (issue 21): demo mode says it is read only and disables what it would refuse.

interface DemoUser {
  role: string;
  email: string;
  password: string;
}

test.describe('everyday work: demo mode', () => {
  test('a demo account sees "Demo — read only" and disabled controls, and can still star an issue', async ({
    page,
    obra,
  }) => {
    test.setTimeout(120_000);
    const users = JSON.parse(
      fs.readFileSync(path.join(obra.dataDir, 'demo-users.json'), 'utf8'),
    ) as DemoUser[];
    const demo = users.find((u) => u.role === 'demo');
    if (!demo) throw new Error('no demo user');
    await page.goto('/workspace');
    await signInWithForm(page, demo.email, demo.password);
    await expect(page.getByTestId('workspace-home')).toBeVisible();
    const banner = page.getByTestId('demo-banner');
    await expect(banner).toContainText('Demo — read only');

    await page.getByRole('link', { name: 'Edifício Aurora (demo)' }).first().click();
    await expect(page).toHaveURL(/\/workspace\/project\/\d+/);
    const projectId = /\/workspace\/project\/(\d+)/.exec(page.url())?.[1];
    await page.goto(`/workspace/project/${projectId}/issues?filter=all`);
    await expect(page.getByTestId('issues-page')).toBeVisible();
    await expect(banner).toBeVisible();
    const create = page.getByTestId('create-issue');
    await expect(create).toBeDisabled();
    await expect(create).toHaveAttribute('title', 'Not available in the demo (read only)');

    // Bulk edit is off; marking read stays (the demo's allow-list).
    await page.getByTestId('issue-row').first().getByTestId('issue-row-select').check();
    await expect(page.getByTestId('bulk-edit')).toBeDisabled();
    await expect(page.getByTestId('bulk-mark-read')).toBeEnabled();
    await page.getByTestId('issue-row').first().getByTestId('issue-row-select').uncheck();

    await page.getByTestId('issue-row').first().getByTestId('issue-title').click();
    await expect(page.getByTestId('issue-view')).toBeVisible();
    await expect(banner).toBeVisible();
    await expect(page.getByTestId('comment-composer').getByTestId('comment-input')).toBeDisabled();
    await expect(page.getByTestId('comment-send')).toBeDisabled();
    await expect(page.getByTestId('issue-status-select')).toBeDisabled();
    for (const control of await page.getByTestId('discipline-status-select').all())
      await expect(control).toBeDisabled();

    // Starring is the reader's own: it works in the demo.
    const star = page.getByTestId('issue-star');
    const before = await star.getAttribute('aria-pressed');
    await star.click();
    await expect(star).not.toHaveAttribute('aria-pressed', before ?? '');
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', before ?? '');
  });
});
