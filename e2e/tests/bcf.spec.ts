import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../fixtures.ts';
import { buildIssueWorld, signedInPage } from './issue-view-helpers.ts';
import { openIssueList, shownTitles } from './issues-list-helpers.ts';

const CASE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../fixtures/bcf/cases/2.1/Markup/MaximumInformation/MaximumInformation.bcf',
);

test.describe('BCF', () => {
  test('import an official case, see its topics in the list, export it and import the export again', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    const world = await buildIssueWorld(request, obra);
    const page = await signedInPage(browser, baseURL, world.owner);
    await openIssueList(page, world.projectId);

    await page.getByTestId('bcf-menu').click();
    await page.getByTestId('bcf-import').click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('bcf-file').click();
    await (await chooser).setFiles(CASE);
    await expect(page.getByTestId('bcf-preview-counts')).toContainText('2');
    await page.getByTestId('bcf-run').click();
    // The import is a job: the dialog follows it to its report.
    await expect(page.getByTestId('bcf-report')).toBeVisible();
    await expect(page.getByTestId('bcf-report')).toContainText('2 created, 0 updated, 0 not imported');
    await page.getByTestId('bcf-close').click();
    // The topics arrive live in the list.
    await expect
      .poll(() => shownTitles(page))
      .toEqual(expect.arrayContaining(['Maximum Content', 'Referenced topic']));

    await page.getByTestId('bcf-menu').click();
    const download = page.waitForEvent('download');
    await page.getByTestId('bcf-export-3.0').click();
    // The export is a job too: its dialog tells when the package is ready, and the download starts.
    const file = await (await download).path();
    expect(fs.statSync(file).size).toBeGreaterThan(1000);
    await expect(page.getByTestId('bcf-export-ready')).toContainText(/\d+ topics/);
    await page.getByTestId('bcf-export-close').click();

    // Importing the export updates the same issues instead of duplicating them.
    await page.getByTestId('bcf-menu').click();
    await page.getByTestId('bcf-import').click();
    const again = page.waitForEvent('filechooser');
    await page.getByTestId('bcf-file').click();
    await (
      await again
    ).setFiles({ name: 'exported.bcf', mimeType: 'application/zip', buffer: fs.readFileSync(file) });
    await expect(page.getByTestId('bcf-preview-counts')).toContainText(/0 to create, \d+ to update/);
    await page.getByTestId('bcf-run').click();
    await expect(page.getByTestId('bcf-report')).toBeVisible();
    await page.getByTestId('bcf-close').click();
    const titles = await shownTitles(page);
    expect(titles.filter((t) => t === 'Maximum Content')).toHaveLength(1);
    await page.context().close();
  });
});
