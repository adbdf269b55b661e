import path from 'node:path';
import { createRequire } from 'node:module';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { expect, test } from '../fixtures.ts';
import {
  buildIssueWorld,
  createIssueByApi,
  drawingPng,
  signedInPage,
  uploadPicture,
} from './issue-view-helpers.ts';
import { createIssues, openIssueList } from './issues-list-helpers.ts';
import { gql } from './project-helpers.ts';

// With OBRA_SCREENSHOTS=1 the journey also refreshes docs/screenshots/issues-report-page.png.
const SHOTS = process.env.OBRA_SCREENSHOTS === '1';
const shotsDir = path.resolve(import.meta.dirname, '../../docs/screenshots');
const STANDARD_FONTS = `${path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;

/** Each page's text and size (points) of a PDF. */
async function readPdf(bytes: Uint8Array): Promise<{ text: string; width: number; height: number }[]> {
  const pdf = await getDocument({ data: bytes, standardFontDataUrl: STANDARD_FONTS, isEvalSupported: false })
    .promise;
  const pages: { text: string; width: number; height: number }[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const content = await page.getTextContent();
    const [, , width = 0, height = 0] = page.view;
    pages.push({
      text: content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
      width,
      height,
    });
  }
  await pdf.destroy();
  return pages;
}

test.describe('issues report (print)', () => {
  test('the printable report of the filtered list: same filter and visibility, images, print CSS, a PDF with the codes', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    test.setTimeout(180_000);
    const world = await buildIssueWorld(request, obra);
    const fileId = await uploadPicture(
      request,
      world.owner.token,
      world.projectId,
      'planta-01.png',
      drawingPng(960, 640),
    );
    await createIssueByApi(request, world, {
      t: 'Fissura na laje do térreo',
      description: 'Fissura de 2 mm junto ao pilar P1.',
      images: [{ original: fileId, title: 'Planta nível 01' }],
      pin: { x: 420, y: 260, color: 'red', image: { index: 0, title: 'Planta nível 01' } },
    });
    await createIssues(request, world, [
      { title: 'Fissura no pilar P3' },
      { title: 'Duto cruza a viga V12' },
      { title: 'Fissura só da coordenação', visibility: 'project_management' },
    ]);
    const all = await gql<{ getIssues: { issues: { code: string; title: string }[] } }>(
      request,
      world.owner.token,
      'query($p: Int!) { getIssues(projectId: $p) { issues { code title } } }',
      { p: world.projectId },
    );
    const codeOf = (title: string) => all.getIssues.issues.find((i) => i.title === title)?.code ?? '?';
    const shown = ['Fissura na laje do térreo', 'Fissura no pilar P3'];
    const hidden = ['Duto cruza a viga V12', 'Fissura só da coordenação'];

    // The collaborator's filtered list: a search; the management-only issue is not theirs to see.
    const page = await signedInPage(browser, baseURL, world.collaborator);
    await openIssueList(page, world.projectId);
    await page.getByTestId('issue-search').fill('fissura');
    await expect(page.getByTestId('issue-row')).toHaveCount(2);
    await page.getByTestId('export-menu').click();
    const [report] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByTestId('export-print').click(),
    ]);
    await expect(report).toHaveURL(/\/issues-report\?projectId=\d+&filter=/);
    await expect(report.getByTestId('issues-report')).toBeVisible();

    // The same issues as the list, with the cover's filter and totals.
    const cover = report.getByTestId('issues-report-cover');
    await expect(cover.getByRole('heading', { level: 1 })).toHaveText('Issues report');
    await expect(cover).toContainText('Search: “fissura”');
    await expect(report.getByTestId('issues-report-total')).toHaveText('Issues: 2');
    const issues = report.getByTestId('issues-report-issue');
    await expect(issues).toHaveCount(2);
    for (const title of shown)
      await expect(report.getByText(`${codeOf(title)}`, { exact: true })).toBeVisible();
    for (const title of hidden) await expect(report.getByText(title)).toHaveCount(0);
    const laje = issues.filter({ hasText: 'Fissura na laje do térreo' });
    await expect(laje).toContainText('Fissura de 2 mm junto ao pilar P1.');
    await expect(laje.getByRole('table')).toContainText('EST');
    // The image, loaded (a signed link, no credentials needed).
    const image = laje.getByTestId('issues-report-image');
    await expect(image).toHaveAttribute('alt', 'Planta nível 01');
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    if (SHOTS)
      await report.screenshot({ path: path.join(shotsDir, 'issues-report-page.png'), fullPage: true });

    // Print CSS: no toolbar, one issue per page.
    await expect(report.getByTestId('issues-report-print')).toBeVisible();
    await report.emulateMedia({ media: 'print' });
    await expect(report.getByTestId('issues-report-print')).toBeHidden();
    expect(await issues.first().evaluate((el) => getComputedStyle(el).breakBefore)).toBe('page');

    // Printed to PDF by the browser: A4, a cover then a page per issue, the codes in the text.
    const pdf = await readPdf(
      new Uint8Array(await report.pdf({ preferCSSPageSize: true, printBackground: true })),
    );
    expect(pdf.length).toBeGreaterThanOrEqual(3);
    for (const p of pdf) {
      expect(Math.round(p.width)).toBe(595);
      expect(Math.round(p.height)).toBe(842);
    }
    const text = pdf.map((p) => p.text).join('\n');
    expect(pdf[0]?.text).toContain('Issues report');
    for (const title of shown) expect(text).toContain(codeOf(title));
    for (const title of hidden) expect(text).not.toContain(codeOf(title));
    // The running header and page numbers of the print CSS.
    expect(pdf[1]?.text).toContain('Issues report');
    expect(pdf[1]?.text).toMatch(/2 \/ \d+/);

    // Localized: the same report in Portuguese.
    await report.emulateMedia({ media: 'screen' });
    await report.goto(`${report.url()}&locale=pt-BR`);
    await expect(report.getByTestId('issues-report-cover').getByRole('heading', { level: 1 })).toHaveText(
      'Relatório de apontamentos',
    );
    await expect(report.getByTestId('issues-report-total')).toHaveText('Apontamentos: 2');
    await page.context().close();
  });
});
