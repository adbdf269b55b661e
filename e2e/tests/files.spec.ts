import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../fixtures.ts';
import { buildIssueWorld, signedInPage } from './issue-view-helpers.ts';
import { zipEntries } from './zip-helpers.ts';

/** The 3-page PDF made with pdfkit (fixtures/documents/SOURCE.md "generated/"). */
const SHEETS = path.resolve(import.meta.dirname, '../../fixtures/documents/generated/three-sheets.pdf');

test.describe('Project files', () => {
  test('upload, a new version by the same name, the versions drawer, PDF preparation, search, delete, phone', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    const world = await buildIssueWorld(request, obra);
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'obra-files-'));
    const notes = path.join(folder, 'Ata de reunião.txt');
    fs.writeFileSync(notes, 'Site meeting: the slab of the ground floor is poured on Monday.\n');
    const sheets = path.join(folder, 'Levantamento da obra.pdf');
    fs.copyFileSync(SHEETS, sheets);

    const page = await signedInPage(browser, baseURL, world.owner);
    await page.goto(`/workspace/project/${world.projectId}/drive`);
    // The project menu leads to the files.
    await page.getByRole('link', { name: 'Files' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/workspace/project/${world.projectId}/files$`));
    await expect(page.getByTestId('files-empty')).toContainText('No files yet');

    // Any name (the drive's naming rule does not apply), each with its progress.
    await page.getByTestId('files-file-input').setInputFiles([notes, sheets]);
    await expect(page.getByTestId('files-upload-item')).toHaveCount(2);
    await page.getByTestId('files-upload-send').click();
    await expect(page.getByTestId('files-upload-item').filter({ hasText: 'Uploaded' })).toHaveCount(2);
    await expect(page.getByTestId('files-row')).toHaveCount(2);
    await expect(page.getByTestId('files-count')).toHaveText('2 files');

    // The PDF is prepared by a job: its chip leaves the waiting states and its thumbnail shows.
    const pdfRow = page.getByTestId('files-row').filter({ hasText: 'Levantamento da obra.pdf' });
    await expect(pdfRow.getByTestId('files-thumb')).toBeVisible({ timeout: 30_000 });
    await expect(pdfRow.getByTestId('pdf-processing')).toHaveCount(0);

    // The same name again: version 2, with version 1 one click away.
    fs.writeFileSync(notes, 'Site meeting: the slab is poured on Tuesday (corrected).\n');
    await page.getByTestId('files-file-input').setInputFiles(notes);
    await expect(page.getByTestId('files-upload-item').filter({ hasText: 'new version' })).toHaveCount(1);
    await page.getByTestId('files-upload-send').click();
    const notesRow = page.getByTestId('files-row').filter({ hasText: 'Ata de reunião.txt' });
    await expect(notesRow.getByTestId('files-row-version')).toHaveText('v2');
    await expect(page.getByTestId('files-row')).toHaveCount(2);
    await notesRow.getByTestId('files-row-name').click();
    await expect(page.getByTestId('files-version')).toHaveCount(2);
    await expect(page.getByTestId('files-version').first()).toContainText('Version 2');
    await expect(page.getByTestId('files-version').last()).toContainText('Version 1');
    // Deleting version 1 asks first; version 2 stays.
    await page.getByTestId('files-version').last().getByTestId('files-version-delete').click();
    await expect(page.getByRole('dialog', { name: /Delete version 1/ })).toBeVisible();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByTestId('files-version')).toHaveCount(1);
    await page.keyboard.press('Escape');

    // The search reads the PDF's text (a word only on its second page), kept in the address.
    await page.getByTestId('files-search').fill('skylight');
    await page.getByTestId('files-search').press('Enter');
    await expect(page).toHaveURL(/search=skylight/);
    await expect(page.getByTestId('files-row-name')).toHaveText(['Levantamento da obra.pdf']);
    await page.getByTestId('files-search').fill('basement');
    await page.getByTestId('files-search').press('Enter');
    await expect(page.getByTestId('files-empty')).toContainText('No file matches this search.');
    await page.getByRole('button', { name: 'Clear the search' }).click();
    await expect(page.getByTestId('files-row')).toHaveCount(2);

    // Both files as a zip, prepared by the server: one entry per file, the newest version of each.
    await page.getByTestId('files-select-all').check();
    await page.getByTestId('files-bulk-zip').click();
    const link = page.getByTestId('files-bulk-download-link');
    await expect(link).toBeVisible();
    const zip = await request.get((await link.getAttribute('href')) ?? '');
    expect(zip.status()).toBe(200);
    expect(zipEntries(await zip.body()).sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'Ata de reunião.txt', size: fs.statSync(notes).size },
      { name: 'Levantamento da obra.pdf', size: fs.statSync(sheets).size },
    ]);
    await page.getByRole('button', { name: 'Clear selection' }).click();

    // The collaborator's company sees the files too (no visibility), but may not delete the owner's.
    const partner = await signedInPage(browser, baseURL, world.collaborator);
    await partner.goto(`/workspace/project/${world.projectId}/files`);
    await expect(partner.getByTestId('files-row')).toHaveCount(2);
    await expect(partner.getByTestId('files-row-delete')).toHaveCount(0);
    await partner.context().close();

    // Deleting a file asks first: cancelling keeps it, confirming removes it with every version.
    await pdfRow.getByTestId('files-row-delete').click();
    const dialog = page.getByRole('dialog', { name: /Delete “Levantamento da obra.pdf”/ });
    await expect(dialog).toContainText('its only version');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('files-row')).toHaveCount(2);
    await pdfRow.getByTestId('files-row-delete').click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByTestId('files-row')).toHaveCount(1);

    // The drive does not list working files.
    await page.goto(`/workspace/project/${world.projectId}/drive`);
    await expect(page.getByTestId('drive-empty')).toBeVisible();

    // On a phone nothing runs off the side of the screen and the versions take the whole width.
    await page.goto(`/workspace/project/${world.projectId}/files`);
    await page.setViewportSize({ width: 375, height: 740 });
    await expect(page.getByTestId('files-row')).toHaveCount(1);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByTestId('files-row-name').click();
    await expect(page.getByTestId('files-version')).toHaveCount(1);
    const drawer = await page.getByTestId('files-versions').boundingBox();
    expect(drawer?.width ?? 0).toBeLessThanOrEqual(375);
    await page.context().close();
  });
});
