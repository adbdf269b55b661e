import { expect, test } from '../fixtures.ts';
import { buildIssueWorld, signedInPage } from './issue-view-helpers.ts';
import { createIssues, openIssueList } from './issues-list-helpers.ts';

// The everyday work (issue 21): the list's shortcuts work as soon as the list shows, without the mouse.

test.describe('everyday work with the keyboard', () => {
  test('open the list, move with the arrows, open with Enter, select with x, search with /, no mouse', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    test.setTimeout(180_000);
    const world = await buildIssueWorld(request, obra);
    await createIssues(request, world, [
      { title: 'Viga V1 sem armadura' },
      { title: 'Duto cruza viga V2' },
      { title: 'Shaft sem vedação' },
    ]);
    const page = await signedInPage(browser, baseURL, world.owner);
    await openIssueList(page, world.projectId);
    const list = page.getByTestId('issue-list');
    const rows = list.getByTestId('issue-row');
    await expect(rows).toHaveCount(3);
    const ids = await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-issue-id')));

    // No tabbing first: the arrows take the list as soon as it shows, with a visible focus on it and its row.
    await page.keyboard.press('ArrowDown');
    await expect(list).toBeFocused();
    await expect(list).toHaveAttribute('aria-activedescendant', `issue-row-${ids[0]}`);
    await page.keyboard.press('ArrowDown');
    await expect(list).toHaveAttribute('aria-activedescendant', `issue-row-${ids[1]}`);
    const active = list.locator(`[data-issue-id="${ids[1]}"]`);
    await expect(active).toHaveAttribute('data-active', 'true');
    expect(await list.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
    expect(await active.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');

    // Enter opens the current issue.
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/issues/${ids[1]}$`));
    await expect(page.getByTestId('issue-view')).toBeVisible();
    await page.goBack();
    await expect(list.getByTestId('issue-row')).toHaveCount(3);

    // x selects the current row: the selection bar shows.
    await page.keyboard.press('ArrowDown');
    await expect(list).toHaveAttribute('aria-activedescendant', `issue-row-${ids[0]}`);
    await page.keyboard.press('x');
    await expect(page.getByTestId('bulk-count')).toHaveText('1 selected');
    await expect(list.locator(`[data-issue-id="${ids[0]}"]`)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('x');
    await expect(page.getByTestId('bulk-count')).toHaveText('2 selected');

    // / goes to the search; Escape leaves it and the arrows move in the list again.
    await page.keyboard.press('/');
    const search = page.getByRole('textbox', { name: /Search/ });
    await expect(search).toBeFocused();
    await page.keyboard.type('Shaft');
    await expect(list.getByTestId('issue-row')).toHaveCount(1);
    await expect(list.getByTestId('issue-title')).toHaveText('Shaft sem vedação');
    await page.keyboard.press('Escape');
    await expect(search).not.toBeFocused();
    await expect(list.getByTestId('issue-row')).toHaveCount(3);
    // ? lists the shortcuts; Escape closes the list and the keyboard is back on the issues.
    await page.keyboard.press('Shift+?');
    // The modal's root has no box of its own: its rows are what shows.
    const shortcuts = page.getByRole('dialog').getByTestId('shortcut');
    await expect(shortcuts.first()).toBeVisible();
    expect(await shortcuts.count()).toBeGreaterThanOrEqual(5);
    await page.keyboard.press('Escape');
    await expect(shortcuts).toHaveCount(0);
    await page.keyboard.press('End');
    await expect(list).toBeFocused();
    await expect(list).toHaveAttribute('aria-activedescendant', `issue-row-${ids[2]}`);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/issues/${ids[2]}$`));
  });
});
