import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import ExcelJS from 'exceljs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { expect, test } from '../fixtures.ts';
import { buildIssueWorld, signedInPage } from './issue-view-helpers.ts';
import { createIssues, openIssueList } from './issues-list-helpers.ts';

const STANDARD_FONTS = `${path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;

async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocument({ data: bytes, standardFontDataUrl: STANDARD_FONTS, isEvalSupported: false })
    .promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  return pages;
}

test.describe('exports', () => {
  test('downloads the filtered list as Excel and the selected issue as a report PDF', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    test.setTimeout(180_000);
    const world = await buildIssueWorld(request, obra);
    await createIssues(request, world, [
      { title: 'Fissura na laje do térreo', priority: 'high' },
      { title: 'Duto cruza a viga V12', priority: 'low' },
      { title: 'Fissura no pilar P3', priority: 'medium' },
    ]);
    const page = await signedInPage(browser, baseURL, world.owner);
    await openIssueList(page, world.projectId);
    await expect(page.getByTestId('issue-row')).toHaveCount(3);

    // The filtered list (a search) to Excel, read back.
    await page.getByTestId('issue-search').fill('fissura');
    await expect(page.getByTestId('issue-row')).toHaveCount(2);
    await page.getByTestId('export-menu').click();
    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-xlsx').click(),
    ]);
    expect(xlsx.suggestedFilename()).toMatch(/-issues-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await xlsx.path()) ?? '');
    const sheet = workbook.getWorksheet('Issues');
    const titles: unknown[] = [];
    sheet?.eachRow((row, n) => {
      if (n > 1) titles.push(row.getCell(2).value);
    });
    expect(new Set(titles)).toEqual(new Set(['Fissura na laje do térreo', 'Fissura no pilar P3']));
    expect(workbook.getWorksheet('Disciplines')?.rowCount).toBeGreaterThan(2);

    // One selected issue as the report PDF: a cover and its page.
    await page.getByTestId('issue-row').first().getByTestId('issue-row-select').check();
    await page.getByTestId('export-menu').click();
    await expect(page.getByText('The selected issue')).toBeVisible();
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-pdf').click()]);
    expect(pdf.suggestedFilename()).toMatch(/-issues-report-\d{4}-\d{2}-\d{2}\.pdf$/);
    const pages = await pdfText(new Uint8Array(await readFile((await pdf.path()) ?? '')));
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Issues report');
    expect(pages[0]).toContain('Selected issues: 1');
    expect(pages[1]).toMatch(/Fissura n[ao] (laje do térreo|pilar P3)/);
  });

  test('a report prepared in the background is announced when ready, listed in Downloads and downloads', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    test.setTimeout(180_000);
    const world = await buildIssueWorld(request, obra);
    await createIssues(request, world, [
      { title: 'Fissura na laje do térreo', priority: 'high' },
      { title: 'Duto cruza a viga V12', priority: 'low' },
    ]);
    const page = await signedInPage(browser, baseURL, world.owner);
    await openIssueList(page, world.projectId);
    await expect(page.getByTestId('issue-row')).toHaveCount(2);
    await page.getByTestId('export-menu').click();
    await page.getByTestId('export-background-report').click();
    await expect(page.getByTestId('export-background-started')).toBeVisible();
    // The job runs while the person stays on the list; the open tab is told when the file is ready.
    const notice = page.getByTestId('download-ready-notice');
    await expect(notice).toHaveAttribute('data-status', 'completed');
    await expect(notice).toContainText('-issues-report-');
    await notice.getByRole('link', { name: 'Open Downloads' }).click();
    await expect(page).toHaveURL(/\/workspace\/downloads$/);
    const row = page.getByTestId('download-row').filter({ hasText: 'Report' });
    await expect(row.getByTestId('download-status')).toHaveText('Completed');
    await expect(row.getByTestId('download-title')).toHaveText(/-issues-report-\d{4}-\d{2}-\d{2}\.pdf$/);
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      row.getByTestId('download-button').click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(/-issues-report-\d{4}-\d{2}-\d{2}\.pdf$/);
    const pages = await pdfText(new Uint8Array(await readFile((await pdf.path()) ?? '')));
    expect(pages[0]).toContain('Issues report');
    expect(pages.join('\n')).toContain('Duto cruza a viga V12');
    await page.context().close();
  });
});
