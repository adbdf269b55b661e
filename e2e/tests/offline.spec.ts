import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { signInWithForm } from './identity-helpers.ts';
import {
  addPhotoWithPin,
  buildIssueWorld,
  drawingPng,
  openIssue,
  signedInPage,
} from './issue-view-helpers.ts';
import { createIssues } from './issues-list-helpers.ts';
import { gql } from './project-helpers.ts';

// Issue 34 (docs/offline.md): the installable app, its one service worker and the offline app shell.

/** Waits until Obra's service worker controls the page and has its precache (the app shell) in place. */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.getRegistration('/');
    if (!registration?.active || !navigator.serviceWorker.controller) return false;
    const names = await caches.keys();
    return names.some((name) => name.startsWith('workbox-precache'));
  });
}

/** A JPEG's pixel size, from its start-of-frame segment. */
function jpegSize(data: Buffer): { width: number; height: number } | null {
  let at = 2;
  while (at + 9 < data.length) {
    if (data[at] !== 0xff) return null;
    const marker = data[at + 1] ?? 0;
    const length = data.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { height: data.readUInt16BE(at + 5), width: data.readUInt16BE(at + 7) };
    at += 2 + length;
  }
  return null;
}

test.describe('offline field capture', () => {
  test('Chromium reports the app installable, with one service worker that also carries Web Push', async ({
    playwright,
    baseURL,
    request,
    obra,
  }) => {
    const world = await buildIssueWorld(request, obra);
    // A profile on disk: Chromium never offers to install from an incognito context (a new context's kind).
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'obra-offline-profile-'));
    const context = await playwright.chromium.launchPersistentContext(profile, {
      ...test.info().project.use.launchOptions,
      baseURL,
      locale: 'en-US',
    });
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/workspace');
    await signInWithForm(page, world.owner.email, world.owner.password);
    await expect(page.getByTestId('workspace-home')).toBeVisible();
    await waitForServiceWorker(page);
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    expect(manifest.url).toContain('/manifest.webmanifest');
    // One worker for the whole origin: the app's, at /sw.js, the same one device notifications subscribe with.
    const scripts = await page.evaluate(async () =>
      (await navigator.serviceWorker.getRegistrations()).map((r) => r.active?.scriptURL ?? ''),
    );
    expect(scripts).toEqual([`${baseURL}/sw.js`]);
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  });

  test('offline, a reload opens the app shell from the service worker', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    const world = await buildIssueWorld(request, obra);
    const page = await signedInPage(browser, baseURL, world.owner);
    await waitForServiceWorker(page);
    await page.goto(`/workspace/project/${world.projectId}/issues`);
    // The last project opened is kept on the device anyway, once its answers are in.
    await expect(page.getByTestId('issue-list-complete')).toBeAttached();
    await page.context().setOffline(true);
    await page.reload();
    // Without a network the document, the shell's code and styles come from the worker's caches.
    await expect(page.locator('#root')).not.toBeEmpty();
    await expect(page).toHaveTitle('Obra');
    // The session goes on from the offline copy (docs/offline.md "The session offline"): the last project opens.
    await expect(page.getByTestId('issues-page')).toBeVisible();
    await expect(page.getByLabel('E-mail')).toBeHidden();
    await page.context().setOffline(false);
    await page.context().close();
  });

  test('a comment written offline waits in the outbox, then reaches the server once when the network returns', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    const world = await buildIssueWorld(request, obra);
    const [issueId] = await createIssues(request, world, [{ title: 'Fissura no pilar P7' }]);
    if (issueId === undefined) throw new Error('issue missing');
    const page = await signedInPage(browser, baseURL, world.owner);
    await waitForServiceWorker(page);
    await openIssue(page, world.projectId, issueId);
    await expect(page.getByTestId('comments-empty')).toBeVisible();

    await page.context().setOffline(true);
    const status = page.getByTestId('offline-status');
    await expect(status).toContainText('Offline — last synced at');
    await page.getByTestId('comment-composer').getByTestId('comment-input').fill('Medido no local: 3 mm');
    await page.getByTestId('comment-composer').getByRole('button', { name: 'Send' }).click();
    const queued = page.locator('[data-outbox="queued"]');
    await expect(queued).toContainText('Medido no local: 3 mm');
    await expect(queued).toContainText('waiting for the network');
    await expect(status).toContainText('1 change waiting to be sent');

    await page.context().setOffline(false);
    await expect(page.locator('[data-outbox]')).toHaveCount(0);
    await expect(page.getByTestId('comment').filter({ hasText: 'Medido no local: 3 mm' })).toHaveCount(1);
    await expect(status).toBeHidden();
    const saved = await gql<{ issue: { comments: { message: string }[] } }>(
      request,
      world.owner.token,
      'query($p: Int!, $i: Int!) { issue(projectId: $p, issueId: $i) { comments { message } } }',
      { p: world.projectId, i: issueId },
    );
    expect(saved.issue.comments.map((c) => c.message)).toEqual(['Medido no local: 3 mm']);
    await page.context().close();
  });

  test("an issue created offline waits in the list, then becomes the server's issue, once, when the network returns", async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    const world = await buildIssueWorld(request, obra);
    const page = await signedInPage(browser, baseURL, world.owner);
    await waitForServiceWorker(page);
    await page.goto(`/workspace/project/${world.projectId}/issues`);
    await page.getByTestId('create-issue').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Title')).toBeVisible();
    // The form's code (its pin editor too) came while online; then the network goes, before anything is typed.
    await page.waitForLoadState('networkidle');
    await page.context().setOffline(true);
    await dialog.getByLabel('Title').fill('Infiltração no subsolo');
    await dialog.getByRole('textbox', { name: 'Discipline 1', exact: true }).click();
    await page.getByRole('option', { name: 'Hidráulica (HID)' }).first().click();
    // A large photo taken offline is made smaller (longest side 2,000 px, JPEG) before the pin goes on it.
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'subsolo.png', mimeType: 'image/png', buffer: drawingPng(2400, 1600) });
    const editor = dialog.getByTestId('pin-editor');
    await editor.scrollIntoViewIfNeeded();
    await expect(editor.locator('canvas').first()).toBeVisible();
    const box = await editor.locator('.konvajs-content').boundingBox();
    if (!box) throw new Error('no editor canvas');
    await page.mouse.click(box.x + box.width / 2, box.y + Math.min(box.height / 2, 120));
    await expect(dialog.getByTestId('form-pin')).toContainText('subsolo');

    // Saved without a network: the issue is kept on the device and shown pending at the top of the list.
    await dialog.getByTestId('issue-form-submit').click();
    await expect(dialog).toBeHidden();
    const pending = page.getByTestId('pending-issue');
    await expect(pending).toHaveCount(1);
    await expect(pending).toHaveAttribute('data-outbox', 'queued');
    await expect(pending.getByTestId('pending-issue-title')).toHaveText('Infiltração no subsolo');
    await expect(pending.getByTestId('pending-issue-badge')).toHaveText('Waiting to sync');
    await expect(page.getByTestId('offline-status')).toContainText('1 change waiting to be sent');

    // The network returns: the photo is uploaded, the issue created, and the list shows it with its code.
    await page.context().setOffline(false);
    await expect(pending).toHaveCount(0);
    const row = page.getByTestId('issue-row').filter({ hasText: 'Infiltração no subsolo' });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('issue-code')).toHaveText(/\S/);
    const saved = await gql<{
      getIssues: { issues: { code: string; title: string; images: { title: string; original: string }[] }[] };
    }>(
      request,
      world.owner.token,
      'query($p: Int!) { getIssues(projectId: $p, includeImages: true) { issues { code title images { title original } } } }',
      { p: world.projectId },
    );
    const made = saved.getIssues.issues.filter((i) => i.title === 'Infiltração no subsolo');
    expect(made).toHaveLength(1);
    expect(made[0]?.images.map((i) => i.title)).toEqual(['subsolo']);
    const photo = await request.get(made[0]?.images[0]?.original ?? '', {
      headers: { authorization: `Bearer ${world.owner.token}` },
    });
    expect(photo.headers()['content-type']).toBe('image/jpeg');
    expect(jpegSize(await photo.body())).toEqual({ width: 2000, height: 1333 });
    await expect(row.getByTestId('issue-code')).toHaveText(made[0]?.code ?? 'missing');
    await page.context().close();
  });

  test("a queued issue the server refuses stays, with the catalogue's message, and is edited and resent once", async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    const world = await buildIssueWorld(request, obra);
    const setStatus = (status: number) =>
      gql(
        request,
        world.owner.token,
        'mutation($p: Int!, $s: Int!) { updateProject(projectId: $p, status: $s) { id } }',
        {
          p: world.projectId,
          s: status,
        },
      );
    const page = await signedInPage(browser, baseURL, world.owner);
    await waitForServiceWorker(page);
    await page.goto(`/workspace/project/${world.projectId}/issues`);
    await page.getByTestId('create-issue').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Title').fill('Armadura exposta');
    await dialog.getByRole('textbox', { name: 'Discipline 1', exact: true }).click();
    await page.getByRole('option', { name: 'Estrutura (EST)' }).first().click();
    await addPhotoWithPin(page, dialog, 'viga');
    await page.context().setOffline(true);
    await dialog.getByTestId('issue-form-submit').click();
    await expect(dialog).toBeHidden();
    const pending = page.getByTestId('pending-issue');
    await expect(pending).toHaveAttribute('data-outbox', 'queued');

    // Meanwhile the project is made inactive: the server refuses the queued issue, which stays, with the reason.
    await setStatus(0);
    await page.context().setOffline(false);
    await expect(pending).toHaveAttribute('data-outbox', 'refused');
    await expect(pending.getByTestId('pending-issue-error')).toHaveText(
      'Not sent: This project is inactive and cannot be changed.',
    );
    await expect(pending.getByTestId('pending-issue-title')).toHaveText('Armadura exposta');

    // Active again: the user edits it (photo and pin kept) and resends it; it is created once.
    await setStatus(1);
    await pending.getByRole('button', { name: 'Edit and resend' }).click();
    const edit = page.getByRole('dialog');
    await expect(edit.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Armadura exposta');
    await expect(edit.getByTestId('form-pin')).toContainText('viga');
    await edit.getByRole('textbox', { name: 'Title', exact: true }).fill('Armadura exposta na viga V3');
    await edit.getByTestId('issue-form-submit').click();
    await expect(pending).toHaveCount(0);
    await expect(
      page.getByTestId('issue-row').filter({ hasText: 'Armadura exposta na viga V3' }),
    ).toHaveCount(1);
    const saved = await gql<{ getIssues: { issues: { title: string }[] } }>(
      request,
      world.owner.token,
      'query($p: Int!) { getIssues(projectId: $p) { issues { title } } }',
      { p: world.projectId },
    );
    expect(saved.getIssues.issues.map((i) => i.title)).toEqual(['Armadura exposta na viga V3']);
    await page.context().close();
  });
});
