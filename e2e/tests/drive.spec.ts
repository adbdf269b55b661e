import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { buildIssueWorld, signedInPage } from './issue-view-helpers.ts';
import { gql } from './project-helpers.ts';
import { zipEntries } from './zip-helpers.ts';

/** A small valid PDF (the server checks the type by the first bytes). */
function pdf(label: string): Buffer {
  return Buffer.from(
    `%PDF-1.4\n% ${label}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
}

/** The file names of the rows the drive list shows. */
async function rowNames(page: Page): Promise<string[]> {
  return (await page.getByTestId('drive-row-name').allTextContents()).sort();
}

function row(page: Page, fileName: string) {
  return page.getByTestId('drive-row').filter({ hasText: fileName });
}

const RULE = ['discipline', 'documentType', 'sequence', 'revision'];
const DRAWINGS = ['EST-PL-0001-A.pdf', 'EST-PL-0002-A.pdf', 'HID-PL-0001-A.pdf'];
const BROKEN = 'XYZ-PL-0003-A.pdf';

test.describe('Project drive', () => {
  test('a folder of drawings by the naming rule, a revision, bulk status, a restricted document and a zip', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    // A folder upload, revisions, bulk status, a partner's view and a zip: close to the default limit on 2 cores.
    test.setTimeout(240_000);
    const world = await buildIssueWorld(request, obra);
    await gql(
      request,
      world.owner.token,
      `mutation($p: Int!, $r: [String!]!, $s: String!) {
        setProjectDocumentsNamingRule(projectId: $p, documentsNamingRule: $r, documentsNamingRuleSeparator: $s) { id } }`,
      { p: world.projectId, r: RULE, s: '-' },
    );
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'obra-drawings-'));
    for (const name of [...DRAWINGS, BROKEN]) fs.writeFileSync(path.join(folder, name), pdf(name));

    const page = await signedInPage(browser, baseURL, world.owner);
    await page.goto(`/workspace/project/${world.projectId}/drive`);
    await expect(page.getByTestId('drive-empty')).toContainText('No documents yet');
    // The drive is a 30-day trial from the company's first upload (editor §9).
    await expect(page.getByTestId('drive-plan')).toHaveText(
      "Your company's first upload starts its 30-day drive trial.",
    );

    // A folder: each name is read by the rule before anything is sent; the broken one says which field is wrong.
    await page.getByTestId('drive-folder-input').setInputFiles(folder);
    const items = page.getByTestId('drive-upload-item');
    await expect(items).toHaveCount(4);
    const item = (name: string) => items.filter({ hasText: name });
    await expect(item('EST-PL-0001-A.pdf').getByTestId('drive-upload-fields')).toHaveText(
      'EST-PL-0001 · Revision A · EST',
    );
    await expect(item('HID-PL-0001-A.pdf').getByTestId('drive-upload-fields')).toHaveText(
      'HID-PL-0001 · Revision A · HID',
    );
    await expect(item(BROKEN)).toContainText('Refused');
    await expect(item(BROKEN).getByTestId('drive-upload-fields')).toHaveText('Invalid discipline: “XYZ”.');
    await page.getByTestId('drive-upload-send').click();
    for (const name of DRAWINGS) await expect(item(name)).toContainText('Uploaded');
    await expect.poll(() => rowNames(page)).toEqual(DRAWINGS);
    await expect(page.getByText('3 documents')).toBeVisible();
    await expect(page.getByTestId('drive-plan')).toContainText('Drive trial: 30 days left');

    // A new revision of a drawing: the list shows the newest, the earlier one is one click away.
    await page
      .getByTestId('drive-file-input')
      .setInputFiles({ name: 'EST-PL-0001-B.pdf', mimeType: 'application/pdf', buffer: pdf('rev B') });
    await expect(item('EST-PL-0001-B.pdf').getByTestId('drive-upload-fields')).toHaveText(
      'EST-PL-0001 · Revision B · EST',
    );
    await page.getByTestId('drive-upload-send').click();
    await expect(item('EST-PL-0001-B.pdf')).toContainText('Uploaded');
    const current = ['EST-PL-0001-B.pdf', 'EST-PL-0002-A.pdf', 'HID-PL-0001-A.pdf'];
    await expect.poll(() => rowNames(page)).toEqual(current);
    await row(page, 'EST-PL-0001-B.pdf').getByTestId('drive-row-revisions').click();
    const revisions = page.getByTestId('drive-revision');
    await expect(revisions).toHaveCount(2);
    await expect(revisions.nth(0)).toContainText('Revision B');
    await expect(revisions.nth(1)).toContainText('Revision A');
    await page.keyboard.press('Escape');
    await expect(revisions).toHaveCount(0);

    // Statuses in bulk.
    await page.getByTestId('drive-select-all').check();
    await expect(page.getByTestId('drive-bulk-bar')).toContainText('3 selected');
    await page.getByTestId('drive-bulk-status').click();
    await page.getByRole('menuitem', { name: 'Approved', exact: true }).click();
    await expect(page.getByTestId('drive-bulk-bar')).toBeHidden();
    await expect(page.getByTestId('drive-status')).toHaveText(['Approved', 'Approved', 'Approved']);

    // The hydraulics sheet becomes the owner company's own: the partner (EST collaborator) no longer sees it.
    await row(page, 'HID-PL-0001-A.pdf').getByRole('checkbox').check();
    await page.getByTestId('drive-bulk-visibility').click();
    await page.getByRole('menuitem', { name: 'My company', exact: true }).click();
    await expect(row(page, 'HID-PL-0001-A.pdf').getByTestId('drive-visibility')).toHaveText('My company');

    const partner = await signedInPage(browser, baseURL, world.collaborator);
    await partner.goto(`/workspace/project/${world.projectId}/drive`);
    await expect.poll(() => rowNames(partner)).toEqual(['EST-PL-0001-B.pdf', 'EST-PL-0002-A.pdf']);
    await expect(partner.getByText('HID-PL-0001-A.pdf')).toHaveCount(0);
    const listed = await request.get(`/project-drive/projects/${world.projectId}/files?search=HID`, {
      headers: { authorization: `Bearer ${world.collaborator.token}` },
    });
    expect(((await listed.json()) as { total: number }).total).toBe(0);
    await partner.context().close();

    // A zip of the selection, prepared by the server: its entries are the chosen files, byte for byte in size.
    await page.getByTestId('drive-select-all').check();
    await page.getByTestId('drive-bulk-zip').click();
    const link = page.getByTestId('drive-bulk-download-link');
    await expect(link).toBeVisible();
    const zip = await request.get((await link.getAttribute('href')) ?? '');
    expect(zip.status()).toBe(200);
    const entries = zipEntries(await zip.body()).sort((a, b) => a.name.localeCompare(b.name));
    expect(entries).toEqual([
      { name: 'EST-PL-0001-B.pdf', size: pdf('rev B').length },
      { name: 'EST-PL-0002-A.pdf', size: pdf('EST-PL-0002-A.pdf').length },
      { name: 'HID-PL-0001-A.pdf', size: pdf('HID-PL-0001-A.pdf').length },
    ]);
    await page.context().close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  test('keyboard selection, a confirmed delete and the phone layout', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    // Many steps (keyboard, delete, filters, bulk fields, phone): on 2 cores it runs close to the default limit.
    test.setTimeout(240_000);
    const world = await buildIssueWorld(request, obra);
    const base = `/project-drive/projects/${world.projectId}`;
    const auth = { authorization: `Bearer ${world.owner.token}` };
    // Without a naming rule any name is a document; two are uploaded through the API.
    for (const name of ['Fachada norte.pdf', 'Planta térreo.pdf']) {
      const bytes = pdf(name);
      const created = await request.post(`${base}/files`, {
        headers: auth,
        data: { fileName: name, fileSize: bytes.length },
      });
      expect(created.status()).toBe(201);
      const { file, upload } = (await created.json()) as {
        file: { id: number };
        upload: { url: string; headers: Record<string, string> };
      };
      expect((await request.put(upload.url, { headers: upload.headers, data: bytes })).status()).toBe(200);
      expect((await request.patch(`${base}/files/${file.id}/confirm-upload`, { headers: auth })).ok()).toBe(
        true,
      );
    }

    const page = await signedInPage(browser, baseURL, world.owner);
    await page.goto(`/workspace/project/${world.projectId}/drive?sort=fileName&order=asc`);
    await expect.poll(() => rowNames(page)).toEqual(['Fachada norte.pdf', 'Planta térreo.pdf']);

    // ↓ moves between rows, Space selects, Escape clears.
    await row(page, 'Fachada norte.pdf').getByRole('checkbox').focus();
    await page.keyboard.press('ArrowDown');
    await expect(row(page, 'Planta térreo.pdf').getByRole('checkbox')).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page.getByTestId('drive-bulk-bar')).toContainText('1 selected');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('drive-bulk-bar')).toBeHidden();
    // Enter opens the document's revisions.
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('drive-revision')).toHaveCount(1);
    await page.keyboard.press('Escape');

    // Deleting asks first; cancelling keeps the document.
    await row(page, 'Planta térreo.pdf').getByRole('checkbox').check();
    await page.getByTestId('drive-bulk-delete').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Delete 1 document?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect(await rowNames(page)).toEqual(['Fachada norte.pdf', 'Planta térreo.pdf']);
    await page.getByTestId('drive-bulk-delete').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => rowNames(page)).toEqual(['Fachada norte.pdf']);

    // The filters live in the address; a filter that matches nothing says so and offers to clear.
    await page.goto(`/workspace/project/${world.projectId}/drive?status=REPROVED`);
    await expect(page.getByTestId('drive-empty')).toContainText('No document matches these filters.');
    await page.getByRole('button', { name: 'Clear the filters' }).click();
    await expect.poll(() => rowNames(page)).toEqual(['Fachada norte.pdf']);

    // Without a rule the discipline is not in the name: it is edited in bulk.
    await row(page, 'Fachada norte.pdf').getByRole('checkbox').check();
    await page.getByTestId('drive-bulk-fields').click();
    const fields = page.getByTestId('drive-fields-dialog');
    await fields.getByLabel('Discipline').click();
    await page.getByRole('option', { name: 'HID · Hidráulica' }).click();
    await fields.getByTestId('drive-fields-apply').click();
    await expect(fields).toBeHidden();
    await expect(row(page, 'Fachada norte.pdf')).toContainText('HID');

    // On a phone nothing runs off the side of the screen.
    await page.setViewportSize({ width: 375, height: 740 });
    await expect(page.getByTestId('drive-row')).toHaveCount(1);
    // Polled: right after the resize the shell's navigation slides out of the way (a transition), and for those
    // frames the page is wider than the screen; what counts is the layout once it has settled.
    await expect
      .poll(() =>
        page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      )
      .toBeLessThanOrEqual(0);
    await page.getByTestId('drive-row-name').click();
    await expect(page.getByTestId('drive-revision')).toHaveCount(1);
    const drawer = await page.getByTestId('drive-revisions').boundingBox();
    expect(drawer?.width ?? 0).toBeLessThanOrEqual(375);
    await page.context().close();
  });

  test('an upload whose connection drops is sent again, and a failed one is retried into the same record', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    const world = await buildIssueWorld(request, obra);
    const page = await signedInPage(browser, baseURL, world.owner);
    await page.goto(`/workspace/project/${world.projectId}/drive`);
    await expect(page.getByTestId('drive-empty')).toBeVisible();
    // The network drops the PUTs of the bytes while `dropping` says so.
    let dropping = 1;
    let puts = 0;
    await page.route(
      // The bytes go to the upload key (`uploads/<key>`), promoted to the file's key at confirmation.
      (url) => /^\/files\/(uploads\/)?drive\//.test(url.pathname),
      async (route) => {
        if (route.request().method() !== 'PUT') return route.continue();
        puts += 1;
        if (dropping > 0) {
          dropping -= 1;
          return route.abort('connectionreset');
        }
        return route.continue();
      },
    );
    const items = page.getByTestId('drive-upload-item');
    const item = (name: string) => items.filter({ hasText: name });

    // One dropped PUT: sent again after a pause, then uploaded.
    await page
      .getByTestId('drive-file-input')
      .setInputFiles({ name: 'Corte AA.pdf', mimeType: 'application/pdf', buffer: pdf('corte') });
    await page.getByTestId('drive-upload-send').click();
    await expect(item('Corte AA.pdf')).toContainText('Connection lost: sending again (attempt 2 of 4)');
    await expect(item('Corte AA.pdf')).toContainText('Uploaded');
    expect(puts).toBe(2);
    await expect.poll(() => rowNames(page)).toEqual(['Corte AA.pdf']);

    // Every attempt dropped: the file is reported; "Retry" sends it into the same pending record.
    dropping = 4;
    puts = 0;
    await page
      .getByTestId('drive-file-input')
      .setInputFiles({ name: 'Corte BB.pdf', mimeType: 'application/pdf', buffer: pdf('corte bb') });
    await page.getByTestId('drive-upload-send').click();
    await expect(item('Corte BB.pdf')).toContainText('Failed', { timeout: 20_000 });
    expect(puts).toBe(4);
    await page.getByTestId('drive-upload-send').click();
    await expect(item('Corte BB.pdf')).toContainText('Uploaded');
    expect(puts).toBe(5);
    await expect.poll(() => rowNames(page)).toEqual(['Corte AA.pdf', 'Corte BB.pdf']);
    await page.context().close();
  });
});
