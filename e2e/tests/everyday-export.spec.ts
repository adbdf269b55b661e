import { readFile } from 'node:fs/promises';
import { expect, test } from '../fixtures.ts';
import { buildIssueWorld, signedInPage } from './issue-view-helpers.ts';
import { createIssues, openIssueList } from './issues-list-helpers.ts';

// The everyday work (issue 21): "export the selection" from the selection bar.

test.describe('everyday work: export the selection', () => {
  test('the selection bar exports exactly the selected issues to CSV', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    test.setTimeout(180_000);
    const world = await buildIssueWorld(request, obra);
    await createIssues(request, world, [
      { title: 'Fissura na laje do térreo' },
      { title: 'Duto cruza a viga V12' },
      { title: 'Shaft sem vedação' },
    ]);
    const page = await signedInPage(browser, baseURL, world.owner);
    await openIssueList(page, world.projectId);
    const row = (title: string) => page.getByTestId('issue-row').filter({ hasText: title });
    await row('Fissura na laje do térreo').getByTestId('issue-row-select').check();
    await row('Shaft sem vedação').getByTestId('issue-row-select').check();
    await expect(page.getByTestId('bulk-count')).toHaveText('2 selected');
    const exportButton = page.getByTestId('bulk-bar').getByTestId('bulk-export');
    await expect(exportButton).toHaveAccessibleName('Export the 2 selected issues');
    await exportButton.click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-csv').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = await readFile((await download.path()) ?? '', 'utf8');
    expect(csv).toContain('Fissura na laje do térreo');
    expect(csv).toContain('Shaft sem vedação');
    expect(csv).not.toContain('Duto cruza a viga V12');
  });
});
