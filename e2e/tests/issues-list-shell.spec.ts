import { expect, test } from '../fixtures.ts';
import { buildIssueWorld, signedInPage } from './issue-view-helpers.ts';
import { createIssues, openIssueList } from './issues-list-helpers.ts';

test.describe('issue list frame', () => {
  test('keeps the last view per project, and a collaborator with pending items lands on them', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    const world = await buildIssueWorld(request, obra);
    await createIssues(request, world, [
      { title: 'Fissura na viga V12', priority: 'low' },
      { title: 'Vazamento no shaft', priority: 'high', disciplineStatus: 'done' },
    ]);
    // The collaborator answers for EST, pending on the first issue: the first visit opens "My pending items".
    const collaborator = await signedInPage(browser, baseURL, world.collaborator);
    await openIssueList(collaborator, world.projectId);
    await expect(collaborator.getByTestId('filter-tab-pendencies')).toHaveAttribute('aria-selected', 'true');
    await expect(collaborator).toHaveURL(/filter=pendencies/);

    // The owner (a manager) lands on "All"; their filter and sort survive a trip through the side menu.
    const owner = await signedInPage(browser, baseURL, world.owner);
    await openIssueList(owner, world.projectId);
    await expect(owner.getByTestId('filter-tab-all')).toHaveAttribute('aria-selected', 'true');
    await owner.getByTestId('filter-tab-actives').click();
    await owner.getByTestId('sort-button').click();
    await owner.getByTestId('sort-priority').click();
    await expect(owner).toHaveURL(/filter=actives.*sort=priority/);
    await owner.getByTestId('side-menu-setup').click();
    await expect(owner.getByTestId('setup-menu')).toBeVisible();
    await owner.getByTestId('side-menu-issues').click();
    await expect(owner).toHaveURL(/filter=actives.*sort=priority/);
    await expect(owner.getByTestId('filter-tab-actives')).toHaveAttribute('aria-selected', 'true');
    // Back to plain "All": the plain view is remembered too.
    await owner.getByTestId('filter-tab-all').click();
    await owner.getByTestId('side-menu-setup').click();
    await owner.getByTestId('side-menu-issues').click();
    await expect(owner.getByTestId('filter-tab-all')).toHaveAttribute('aria-selected', 'true');
    await expect(owner).toHaveURL(/filter=all|\/issues(\?sort=priority\.\w+)?$/);
    await collaborator.context().close();
    await owner.context().close();
  });

  for (const width of [1280, 390]) {
    test(`at ${width} px: long titles stay in the table, the tabs scroll to the chosen one, selecting moves nothing`, async ({
      browser,
      baseURL,
      request,
      obra,
    }) => {
      const world = await buildIssueWorld(request, obra);
      const long = `Infiltracao${'_sem_espacos'.repeat(15)}`;
      await createIssues(request, world, [{ title: long }, { title: 'Curto' }]);
      const page = await signedInPage(browser, baseURL, world.owner);
      await page.setViewportSize({ width, height: 800 });
      await openIssueList(page, world.projectId);
      await page.getByTestId('view-mode-table').click();
      // The table's columns button loads lazily and sets the toolbar's final height: measure after it.
      await expect(page.getByTestId('columns-button')).toBeVisible();
      const table = page.getByTestId('issue-table');
      await expect(table.getByTestId('issue-row')).toHaveCount(2);
      // A long word wraps inside its cell instead of widening the title column and pushing the others away.
      const longRow = table.getByTestId('issue-row').filter({ hasText: 'Infiltracao' });
      const sizes = await longRow.getByTestId('issue-title').evaluate((cell) => ({
        scroll: cell.scrollWidth,
        client: cell.clientWidth,
        table: (cell.closest('table') as HTMLElement).clientWidth,
      }));
      expect(sizes.scroll).toBeLessThanOrEqual(sizes.client + 1);
      expect(sizes.client).toBeLessThan(sizes.table / 2);
      if (width === 1280) await expect(longRow.getByTestId('issue-row-copy-link')).toBeInViewport();

      // The chosen tab is in view, with an arrow where tabs are hidden.
      const tabs = page.getByTestId('filter-tabs');
      const all = page.getByTestId('filter-tab-all');
      await expect(all).toHaveAttribute('aria-selected', 'true');
      await expect(all).toBeInViewport({ ratio: 1 });
      if (width === 390) {
        await expect(
          page.getByTestId('filter-tabs-start').or(page.getByTestId('filter-tabs-end')).first(),
        ).toBeVisible();
        await page.getByTestId('filter-tab-pendencies').scrollIntoViewIfNeeded();
        await page.getByTestId('filter-tab-pendencies').click();
        await expect(page.getByTestId('filter-tab-pendencies')).toBeInViewport({ ratio: 1 });
        await expect(page.getByTestId('filter-tabs-end')).toBeVisible();
        await page.getByTestId('filter-tabs-end').click();
        await expect(page.getByTestId('filter-tabs-start')).toBeVisible();
        await page.getByTestId('filter-tab-all').click();
        await expect(page.getByTestId('filter-tab-all')).toBeInViewport({ ratio: 1 });
      }

      // Selecting a row shows the selection bar in the tabs' place: the rows stay where they were.
      const firstRow = table.getByTestId('issue-row').first();
      // Measured once the list has settled (the issues just created arrive as live updates too).
      let settled = (await firstRow.boundingBox())?.y;
      await expect
        .poll(async () => {
          const y = (await firstRow.boundingBox())?.y;
          const same = y === settled;
          settled = y;
          return same;
        })
        .toBe(true);
      const before = await firstRow.boundingBox();
      const tabsBox = await tabs.boundingBox();
      await firstRow.getByTestId('issue-row-select').click();
      await expect(page.getByTestId('bulk-bar')).toBeVisible();
      const after = await firstRow.boundingBox();
      expect(after?.y).toBe(before?.y);
      const bar = await page.getByTestId('bulk-bar').boundingBox();
      expect(bar?.y).toBe(tabsBox?.y);
      expect(bar?.height).toBeLessThanOrEqual(tabsBox?.height ?? 0);
      await expect(page.getByTestId('bulk-edit')).toBeAttached();
      await page.context().close();
    });
  }
});
