import { expect, test } from '../fixtures.ts';
import { buildIssueWorld, signedInPage } from './issue-view-helpers.ts';
import { createIssues, shownTitles } from './issues-list-helpers.ts';

test.describe('dashboards', () => {
  test('the five dashboards count the issues, follow a filter, and drill down to the matching list', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    test.setTimeout(240_000);
    const world = await buildIssueWorld(request, obra);
    await createIssues(request, world, [
      { title: 'Viga V12 cruza o duto', priority: 'high' },
      { title: 'Viga V14 sem armadura de suspensão', priority: 'high' },
      { title: 'Shaft sem vedação corta-fogo', priority: 'high' },
      { title: 'Viga V20 interfere com forro', priority: 'medium' },
      { title: 'Ralo fora do caimento', priority: 'low' },
      { title: 'Prumada revisada', priority: 'low', disciplineStatus: 'done' },
    ]);
    const page = await signedInPage(browser, baseURL, world.owner);
    // From the project's menu: the dashboards open on the status chart.
    await page.goto(`/workspace/project/${world.projectId}/issues`);
    await page.getByRole('link', { name: 'Dashboards' }).click();
    await expect(page).toHaveURL(/\/dashboards\/status$/);
    await expect(page.getByText('Now: 6 issues')).toBeVisible();
    await expect(page.getByTestId('dashboard-chart-now')).toBeVisible();

    await page.getByTestId('dashboard-tab-disciplines-priorities').click();
    await expect(page).toHaveURL(/\/dashboards\/disciplines-priorities$/);
    await expect(page.getByTestId('dashboard-total')).toHaveText('5');
    const [est] = world.disciplineIds;
    await expect(page.getByTestId(`cell-${est}-high`)).toHaveText('3');

    await page.getByTestId('dashboard-tab-locals-priorities').click();
    await expect(page.getByTestId('dashboard-row-none')).toContainText('Without location');
    await expect(page.getByTestId('dashboard-total')).toHaveText('5');

    await page.getByTestId('dashboard-tab-locals-disciplines').click();
    await expect(page.getByTestId(`cell-none-${est}`)).toHaveText('5');

    await page.getByTestId('dashboard-tab-earned-value').click();
    await expect(page.getByTestId('earned-backlog')).toContainText('5');
    await expect(page.getByTestId('dashboard-chart')).toBeVisible();

    // A search narrows every dashboard, and stays in the address from one dashboard to the next.
    await page.getByRole('textbox', { name: /search/i }).fill('viga');
    await expect(page).toHaveURL(/q=viga/);
    await expect(page.getByTestId('earned-backlog')).toContainText('3');
    await page.getByTestId('dashboard-tab-disciplines-priorities').click();
    await expect(page).toHaveURL(/disciplines-priorities\?q=viga/);
    await expect(page.getByTestId('dashboard-total')).toHaveText('3');

    // A cell opens the list on exactly its issues.
    await page.getByTestId(`cell-${est}-high`).click();
    await expect(page).toHaveURL(/\/issues\?/);
    await expect(page.getByTestId('issue-list-complete')).toBeAttached();
    await expect
      .poll(async () => (await shownTitles(page)).sort())
      .toEqual(['Viga V12 cruza o duto', 'Viga V14 sem armadura de suspensão']);
    await page.context().close();
  });

  test('reads on a phone in the dark theme', async ({ browser, baseURL, request, obra }) => {
    const world = await buildIssueWorld(request, obra);
    await createIssues(request, world, [{ title: 'Fissura na laje L3', priority: 'high' }]);
    const page = await signedInPage(browser, baseURL, world.owner, 'dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/workspace/project/${world.projectId}/dashboards/disciplines-priorities`);
    await expect(page.getByTestId('dashboard-total')).toHaveText('1');
    // Nothing but the chart and the table scroll sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});
