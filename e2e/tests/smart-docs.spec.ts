import PDFDocument from 'pdfkit';
import { expect, test } from '../fixtures.ts';
import { buildIssueWorld, createIssueByApi, openIssue, signedInPage } from './issue-view-helpers.ts';
import { gql } from './project-helpers.ts';
import { preparedState, uploadDriveFile } from './viewer-helpers.ts';

// Smart Docs and the text helper (issue 31 items 4 and 5) on the scripted model of e2e/openai-sink.ts: over two
// PDFs of the drive, a question's answer cites the passage's page and opens the viewer there; an issue's
// description is improved and saved. A project file is a source too: its passage names its version and page and
// opens the viewer there, whose way back is the project's files.

/** A PDF made here (pdfkit): one text a page. */
function textPdf(pages: readonly string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 60, autoFirstPage: false });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (const text of pages) {
      doc.addPage();
      doc.fontSize(14).fillColor('#000000').text(text);
    }
    doc.end();
  });
}

test.describe('Smart Docs', () => {
  test('over two PDFs cites the page and opens the viewer there; improves an issue description', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    test.setTimeout(240_000);
    const world = await buildIssueWorld(request, obra);
    const token = world.owner.token;
    await gql(
      request,
      token,
      'mutation($u: Int!) { setCompanyMemberAiAssistant(userId: $u, enabled: true) { id } }',
      { u: world.owner.id },
    );
    await gql(request, token, 'mutation { acceptAiDisclaimer { id } }');
    const upload = async (name: string, pages: string[]) =>
      uploadDriveFile(request, token, world.projectId, `${name}-R00.pdf`, await textPdf(pages), {
        documentName: name,
        revisionName: 'R00',
        visibility: 'public',
      });
    const specs = await upload('ESP-ARQ-01', [
      'Specifications. General conditions of the works.',
      'Stair doors shall have a fire rating of 90 minutes and close by themselves.',
      'Finishes of the lobby: polished granite.',
    ]);
    const memo = await upload('MEMO-EST-02', ['Structural memo: the slab of level 3 is 20 cm thick.']);
    for (const file of [specs, memo])
      expect(await preparedState(request, token, world.projectId, file.id)).toBe('success');
    await expect
      .poll(
        async () =>
          (
            await gql<{ smartDocsSources: { state: string }[] }>(
              request,
              token,
              'query($p: Int!) { smartDocsSources(projectId: $p) { state } }',
              { p: world.projectId },
            )
          ).smartDocsSources.map((s) => s.state),
        { message: 'Smart Docs indexing', timeout: 60_000 },
      )
      .toEqual(['indexed', 'indexed']);

    const page = await signedInPage(browser, baseURL, world.owner);
    await page.getByTestId('side-menu-smartDocs').click();
    await expect(page).toHaveURL(/\/smart-docs$/);
    await page.getByLabel('ESP-ARQ-01 (R00)').check();
    await page.getByLabel('MEMO-EST-02 (R00)').check();
    await page.getByTestId('smart-docs-question').fill('What fire rating do the stair doors need?');
    await page.getByTestId('smart-docs-ask').click();
    const first = page.getByTestId('smart-docs-passage').first();
    await expect(first).toContainText('90 minutes');
    const cite = first.getByRole('link', { name: 'ESP-ARQ-01, revision R00, page 2' });
    await expect(cite).toBeVisible();
    await expect(page.getByTestId('smart-docs-answer')).toContainText('fire rating of 90 minutes [1]');
    await cite.click();
    await expect(page).toHaveURL(new RegExp(`/drive/documents/${specs.documentId}\\?revision=R00&page=2$`));
    await expect(page.getByTestId('page-indicator')).toHaveText('Page 2 of 3');

    // Improve an issue's description: the proposal is shown as a change, accepted, and saved with the form.
    const issueId = await createIssueByApi(request, world, { description: 'porta escada sem selo' });
    await openIssue(page, world.projectId, issueId);
    await page.getByTestId('edit-issue').click();
    const form = page.getByRole('dialog');
    await form.getByTestId('improve-text').click();
    const proposal = form.getByTestId('improve-text-proposal');
    await expect(proposal).toContainText('porta escada sem selo');
    await expect(proposal).toContainText('40% more likely to be read and resolved');
    await expect(form.getByTestId('improve-text-value')).toHaveValue(/What: the stair door/);
    await form.getByTestId('improve-text-accept').click();
    await expect(form.getByLabel('Description')).toHaveValue(/What: the stair door/);
    await form.getByTestId('issue-form-submit').click();
    await expect(form).toBeHidden();
    await expect(page.getByTestId('issue-description')).toContainText('What: the stair door');
  });

  test('a project file is a source: its passage names the version and page and opens the viewer there', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    test.setTimeout(180_000);
    const world = await buildIssueWorld(request, obra);
    const token = world.owner.token;
    await gql(
      request,
      token,
      'mutation($u: Int!) { setCompanyMemberAiAssistant(userId: $u, enabled: true) { id } }',
      { u: world.owner.id },
    );
    await gql(request, token, 'mutation { acceptAiDisclaimer { id } }');
    // A working file of the project (the files page's upload path: create, send the bytes, confirm).
    const bytes = await textPdf([
      'Minutes of the site meeting of week 12.',
      'The tower crane leaves the site on Friday at seven.',
    ]);
    const base = `/project-files/projects/${world.projectId}`;
    const headers = { authorization: `Bearer ${token}` };
    const created = await request.post(`${base}/files`, {
      headers,
      data: { fileName: 'Ata de obra 12.pdf', fileSize: bytes.length },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { file, upload } = (await created.json()) as {
      file: { id: number };
      upload: { url: string; headers: Record<string, string> };
    };
    expect((await request.put(upload.url, { data: bytes, headers: upload.headers })).ok()).toBe(true);
    const confirmed = await request.patch(`${base}/files/${file.id}/confirm-upload`, { headers });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    const { documentId } = (await confirmed.json()) as { documentId: number };
    await expect
      .poll(
        async () =>
          (
            await gql<{ smartDocsSources: { area: string; state: string }[] }>(
              request,
              token,
              'query($p: Int!) { smartDocsSources(projectId: $p) { area state } }',
              { p: world.projectId },
            )
          ).smartDocsSources,
        { message: 'Smart Docs indexing of the project file', timeout: 60_000 },
      )
      .toEqual([{ area: 'files', state: 'indexed' }]);

    const page = await signedInPage(browser, baseURL, world.owner);
    await page.getByTestId('side-menu-smartDocs').click();
    const files = page.getByTestId('smart-docs-project-files');
    await expect(files).toContainText('Project files');
    await files.getByLabel('Ata de obra 12.pdf (version 1)').check();
    await page.getByTestId('smart-docs-question').fill('When does the tower crane leave?');
    await page.getByTestId('smart-docs-ask').click();
    const first = page.getByTestId('smart-docs-passage').first();
    await expect(first).toContainText('Friday at seven');
    const cite = first.getByRole('link', { name: 'Ata de obra 12.pdf, version 1, page 2' });
    await cite.click();
    await expect(page).toHaveURL(new RegExp(`/drive/documents/${documentId}\\?revision=1&page=2$`));
    await expect(page.getByTestId('page-indicator')).toHaveText('Page 2 of 2');
    const back = page.getByTestId('viewer-back');
    await expect(back).toHaveText('Project files');
    await back.click();
    await expect(page).toHaveURL(new RegExp(`/workspace/project/${world.projectId}/files$`));
  });
});
