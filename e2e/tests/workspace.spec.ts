import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../fixtures.ts';
import { createUser, signInWithForm } from './identity-helpers.ts';
import { buildIssueWorld, signedInPage } from './issue-view-helpers.ts';
import { zipEntries } from './zip-helpers.ts';

// The rest of the workspace (issue 33): Downloads, Support and the 2024 retrospective.

interface DemoUser {
  role: string;
  email: string;
  password: string;
}

test.describe('workspace: the 2024 retrospective', () => {
  test('the demo account sees its year on the home and on its page, and shares it as an image', async ({
    page,
    obra,
  }) => {
    test.setTimeout(120_000);
    const users = JSON.parse(
      fs.readFileSync(path.join(obra.dataDir, 'demo-users.json'), 'utf8'),
    ) as DemoUser[];
    const demo = users.find((u) => u.role === 'demo');
    if (!demo) throw new Error('no demo user');
    await page.goto('/workspace');
    await signInWithForm(page, demo.email, demo.password);
    const card = page.getByTestId('retrospective-card');
    // The first reading queues the year's computation; the card asks again until it is ready.
    await expect(card.getByTestId('retrospective-interactions')).toHaveText('16interactions', {
      timeout: 30_000,
    });
    await card.getByRole('link', { name: 'See your year' }).click();
    await expect(page).toHaveURL(/\/workspace\/retrospective\/2024$/);
    const retro = page.getByTestId('retrospective-page');
    await expect(retro.getByRole('heading', { name: 'Your 2024 in Obra' })).toBeVisible();
    await expect(retro.getByTestId('retrospective-issuesCreated')).toHaveText('8issues created');
    await expect(retro.getByTestId('retrospective-issuesResolved')).toHaveText('8issues resolved');
    await expect(retro.getByTestId('retrospective-projects')).toHaveText('1project');
    await expect(retro.getByTestId('retrospective-ranks')).toContainText(/Top \d+% of Obra Demo/);
    await expect(retro.getByTestId('retrospective-ranks')).toContainText(/Top \d+% of everyone in Obra/);
    await expect(retro.getByTestId('retrospective-ranking')).toContainText(
      'Edifício Aurora (demo)16 interactions',
    );

    const download = page.waitForEvent('download');
    await retro.getByTestId('retrospective-share').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('obra-2024.png');
    const bytes = fs.readFileSync(await file.path());
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  test('a new user sees the no-data message', async ({ page, request, obra }) => {
    const { email, password } = await createUser(request, obra, { onboarded: true, tag: 'retro-new' });
    await page.goto('/workspace');
    await signInWithForm(page, email, password);
    await expect(page.getByTestId('retrospective-card').getByTestId('retrospective-no-data')).toContainText(
      'Not enough activity in 2024 for a retrospective',
      { timeout: 30_000 },
    );
    await page.goto('/workspace/retrospective');
    await expect(page).toHaveURL(/\/workspace\/retrospective\/2024$/);
    await expect(page.getByTestId('retrospective-no-data')).toContainText('you had 0');
  });
});

/** A small valid PDF (the server checks the type by the first bytes). */
function pdf(label: string): Buffer {
  return Buffer.from(
    `%PDF-1.4\n% ${label}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
}

test.describe('workspace: Downloads', () => {
  test('a zip started from the drive appears in Downloads, completes and downloads', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    test.setTimeout(120_000);
    const world = await buildIssueWorld(request, obra);
    const page = await signedInPage(browser, baseURL, world.owner);
    await page.goto(`/workspace/project/${world.projectId}/drive`);
    await expect(page.getByTestId('drive-empty')).toBeVisible();
    const names = ['Planta-01.pdf', 'Planta-02.pdf'];
    await page
      .getByTestId('drive-file-input')
      .setInputFiles(names.map((name) => ({ name, mimeType: 'application/pdf', buffer: pdf(name) })));
    await page.getByTestId('drive-upload-send').click();
    await expect(page.getByTestId('drive-row')).toHaveCount(2);
    await page.getByTestId('drive-select-all').check();
    await page.getByTestId('drive-bulk-zip').click();
    await expect(page.getByTestId('drive-bulk-download-link')).toBeVisible();

    // The menu leads to Downloads, where the zip is listed with its size and expiry.
    await page.goto('/workspace/home');
    await page.getByRole('link', { name: 'Downloads' }).first().click();
    await expect(page).toHaveURL(/\/workspace\/downloads$/);
    const row = page.getByTestId('download-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('download-title')).toHaveText('2 drive documents (zip)');
    await expect(row.getByTestId('download-status')).toHaveText('Completed');
    await expect(row.getByTestId('download-details')).toContainText('available until');
    const download = page.waitForEvent('download');
    await row.getByTestId('download-button').click();
    const file = await download;
    const entries = zipEntries(fs.readFileSync(await file.path())).map((e) => e.name);
    expect(entries.sort()).toEqual(names);
    await page.context().close();
  });
});

test.describe('workspace: Support', () => {
  test('the menu leads to the manual, shortcuts, what’s new and status, and the contact form e-mails the operator', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    test.setTimeout(90_000);
    const { email, password } = await createUser(request, obra, { onboarded: true, tag: 'support' });
    const context = await browser.newContext({ baseURL, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/workspace');
    await signInWithForm(page, email, password);
    await expect(page.getByTestId('workspace-home')).toBeVisible();
    await page.getByTestId('support-button').click();
    await page.getByRole('menuitem', { name: 'Help and support' }).click();
    await expect(page).toHaveURL(/\/workspace\/support$/);

    // The manual: searched, then a page opened.
    await page.getByTestId('manual-search').fill('bulk zip');
    await expect(page.getByTestId('manual-result').first()).toBeVisible();
    await page.getByTestId('manual-result').first().click();
    await expect(page.getByTestId('manual-page')).toContainText(/zip/i);

    await page.getByRole('tab', { name: 'Keyboard shortcuts' }).click();
    await expect(page.getByTestId('shortcuts')).toContainText('Go to the search box');
    await page.getByRole('tab', { name: "What's new" }).click();
    await expect(page.getByTestId('whats-new')).toContainText('Drive trial (editor §9');
    await page.getByRole('tab', { name: 'System status' }).click();
    await expect(page.getByTestId('system-status-badge')).toHaveText('Working');

    await page.getByRole('tab', { name: 'Contact us' }).click();
    await page.getByRole('textbox', { name: 'Subject' }).fill('Question about the drive');
    await page.getByRole('textbox', { name: 'Message' }).fill('How long does a zip stay available?');
    await page.getByRole('checkbox', { name: /Send a diagnostic bundle/ }).check();
    await expect(page.getByTestId('contact-diagnostics')).toContainText('agent:');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByTestId('contact-sent')).toBeVisible();
    await expect
      .poll(() => obra.outbox().filter((m) => m.raw.includes('Question about the drive')).length)
      .toBe(1);
    const mail = obra.outbox().find((m) => m.raw.includes('Question about the drive'))?.raw ?? '';
    expect(mail).toMatch(/^To: support@operator\.example/im);
    expect(mail).toContain(`Reply-To: ${email}`);
    await context.close();
  });
});
