import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { signInWithForm } from './identity-helpers.ts';
import { buildIssueWorld, signedInPage } from './issue-view-helpers.ts';

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
    await page.context().setOffline(true);
    await page.reload();
    // Without a network the document, the shell's code and styles come from the worker's caches.
    await expect(page.locator('#root')).not.toBeEmpty();
    await expect(page).toHaveTitle('Obra');
    await page.context().setOffline(false);
    await page.context().close();
  });
});
