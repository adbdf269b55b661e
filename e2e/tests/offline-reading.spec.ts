import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import {
  buildIssueWorld,
  createIssueByApi,
  drawingPng,
  signedInPage,
  uploadPicture,
} from './issue-view-helpers.ts';
import { createIssues, openIssueList, shownTitles } from './issues-list-helpers.ts';
import { gql } from './project-helpers.ts';
import { inkWidthAt, preparedState, sheetPdf, uploadDriveFile } from './viewer-helpers.ts';

// Issue 34, offline reading and the session offline (docs/offline.md): a project made available offline opens,
// lists, searches and shows its issues, comments and thumbnails after a reload without a network.

async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.getRegistration('/');
    if (!registration?.active || !navigator.serviceWorker.controller) return false;
    return (await caches.keys()).some((name) => name.startsWith('workbox-precache'));
  });
}

test('a project made available offline opens after a reload without a network: list, search, issue, thumbnail', async ({
  browser,
  baseURL,
  request,
  obra,
}) => {
  const world = await buildIssueWorld(request, obra);
  const fileId = await uploadPicture(request, world.owner.token, world.projectId, 'laje.png', drawingPng());
  const withPhoto = await createIssueByApi(request, world, {
    t: 'Infiltração na laje do térreo',
    images: [{ original: fileId, title: 'Laje' }],
  });
  const [fissure] = await createIssues(request, world, [
    { title: 'Fissura no pilar P7' },
    { title: 'Porta corta-fogo sem mola' },
  ]);
  await gql(
    request,
    world.collaborator.token,
    'mutation($p: Int!, $i: Int!, $m: String!) { createProjectIssueComment(projectId: $p, issueId: $i, message: $m, visibility: "public") { id } }',
    { p: world.projectId, i: fissure, m: 'Medida no local: 3 mm' },
  );

  const page = await signedInPage(browser, baseURL, world.owner);
  await waitForServiceWorker(page);
  await openIssueList(page, world.projectId);
  // Marked available offline: the project's answers and thumbnails are stored for this user.
  const toggle = page.getByTestId('offline-project-toggle');
  await toggle.click();
  await expect(toggle).toHaveAttribute('data-state', 'available');
  // Keeping the project also kept the code of the screens it opens offline (the issue view, the create form),
  // though the user never opened them online.

  await page.context().setOffline(true);
  await page.reload();
  // The session goes on from the offline copy: the project's list, not the sign-in page, and no endless spinner.
  await expect(page.getByTestId('issue-list-complete')).toBeAttached();
  await expect(page.getByTestId('offline-status')).toContainText('Offline — last synced at');
  // The create form's code was kept with the project: its button comes, and the page does not reload for it.
  await expect(page.getByTestId('create-issue')).toBeVisible();
  expect((await shownTitles(page)).sort()).toEqual([
    'Fissura no pilar P7',
    'Infiltração na laje do térreo',
    'Porta corta-fogo sem mola',
  ]);
  // The thumbnail comes from the user's kept copy.
  const thumb = page
    .getByTestId('issue-row')
    .filter({ hasText: 'Infiltração na laje' })
    .getByTestId('issue-thumbnail');
  await expect(thumb).toBeVisible();
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // Search and filters work on the local copy.
  await page.getByRole('textbox', { name: 'Search issues' }).fill('pilar');
  await expect.poll(() => shownTitles(page)).toEqual(['Fissura no pilar P7']);
  await page.getByTestId('issue-row').filter({ hasText: 'Fissura no pilar P7' }).click();
  await expect(page.getByTestId('issue-view')).toBeVisible();
  await expect(page.getByTestId('comment').filter({ hasText: 'Medida no local: 3 mm' })).toBeVisible();
  // An issue the copy has opens too, though never opened online.
  await page.goto(`/workspace/project/${world.projectId}/issues/${withPhoto}`);
  await expect(page.getByTestId('issue-view')).toContainText('Infiltração na laje do térreo');

  // The profile lists the project kept, with its size.
  // Back online, the session without a token refreshes it (the refresh token rotates: the page waits for it).
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/auth/refresh'));
  await page.context().setOffline(false);
  expect((await refreshed).ok()).toBe(true);
  await page.goto('/workspace/user/profile');
  const kept = page.getByTestId('offline-project');
  await expect(kept).toHaveCount(1);
  await expect(kept).toContainText(/\d+(\.\d)? (kB|MB)/);
  await kept.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByTestId('offline-projects')).toContainText('No project is kept on this device yet');
  await page.context().close();
});

test('a drawing kept offline opens in the viewer without a network; one not kept says so', async ({
  browser,
  baseURL,
  request,
  obra,
}) => {
  const world = await buildIssueWorld(request, obra);
  const upload = async (name: string, pages: number) => {
    const file = await uploadDriveFile(
      request,
      world.owner.token,
      world.projectId,
      `${name}-R00.pdf`,
      await sheetPdf(pages, { x: 80, y: 80, size: 80 }),
      { documentName: name, revisionName: 'R00', visibility: 'public' },
    );
    expect(await preparedState(request, world.owner.token, world.projectId, file.id)).toBe('success');
    return file.documentId;
  };
  const kept = await upload('ARQ-PLANTA-01', 2);
  const notKept = await upload('ARQ-CORTE-02', 1);
  const viewer = (documentId: number) =>
    `/workspace/project/${world.projectId}/drive/documents/${documentId}`;

  const page = await signedInPage(browser, baseURL, world.owner);
  await waitForServiceWorker(page);
  await page.goto(viewer(kept));
  await expect(page.getByTestId('viewer-document-name')).toHaveText('ARQ-PLANTA-01');
  // Keeping the drawing keeps its project too (the viewer needs the project's data offline).
  const toggle = page.getByTestId('offline-drawing-toggle');
  await toggle.click();
  await expect(toggle).toHaveAttribute('data-state', 'kept');
  await expect(toggle).toHaveText('Kept offline (R00)');
  await expect(page.getByTestId('offline-project-toggle')).toHaveAttribute('data-state', 'available');

  await page.context().setOffline(true);
  await page.reload();
  // Opened from the device: the stored previews, the revision and when it was synced; no spinner.
  await expect(page.getByTestId('viewer-offline-copy')).toContainText(
    'Offline copy of revision R00, synced at',
  );
  await expect(page.getByTestId('viewer-document-name')).toHaveText('ARQ-PLANTA-01');
  await expect(page.getByTestId('page-indicator')).toHaveText('Page 1 of 2');
  await expect(page.getByTestId('document-viewer')).toHaveAttribute('data-page-source', 'offline');
  // The first page's picture is drawn: the square of page 1 is ink.
  await expect.poll(() => inkWidthAt(page, { x: 120, y: 120 }, 10)).toBeGreaterThan(0);
  // A drawing not kept says so.
  await page.goto(viewer(notKept));
  await expect(page.getByTestId('viewer-not-kept')).toContainText('this drawing is not kept on this device');

  // Back online, the profile lists the drawing with its size, under the project's budget.
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/auth/refresh'));
  await page.context().setOffline(false);
  expect((await refreshed).ok()).toBe(true);
  await page.goto('/workspace/user/profile');
  const row = page.getByTestId('offline-drawing-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('ARQ-PLANTA-01 — revision R00');
  await expect(row).toContainText(/\d+(\.\d)? (kB|MB)/);
  await row.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByTestId('offline-drawing-row')).toHaveCount(0);
  await page.context().close();
});

test('a user removed from a project loses its offline copy at the next sync', async ({
  browser,
  baseURL,
  request,
  obra,
}) => {
  const world = await buildIssueWorld(request, obra);
  await createIssues(request, world, [{ title: 'Fissura no pilar P7' }]);
  const page = await signedInPage(browser, baseURL, world.collaborator);
  await openIssueList(page, world.projectId);
  const toggle = page.getByTestId('offline-project-toggle');
  await toggle.click();
  await expect(toggle).toHaveAttribute('data-state', 'available');
  await page.goto('/workspace/user/profile');
  await expect(page.getByTestId('offline-project')).toHaveCount(1);

  // The owner takes the collaborator's company out of the project.
  const company = await gql<{ loggedUserData: { companyId: number } }>(
    request,
    world.collaborator.token,
    '{ loggedUserData { companyId } }',
  );
  await gql(
    request,
    world.owner.token,
    'mutation($p: Int!, $c: Int!) { deleteProjectCompany(projectId: $p, companyId: $c) }',
    {
      p: world.projectId,
      c: company.loggedUserData.companyId,
    },
  );

  // The next sync: the server refuses the project, and its copy leaves the device.
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByTestId('offline-projects')).toContainText('No project is kept on this device yet');
  const stored = await page.evaluate(async (userId) => {
    const open = indexedDB.open(`obra-offline-${userId}`);
    const db = await new Promise<IDBDatabase>((resolve) => (open.onsuccess = () => resolve(open.result)));
    const all = db.transaction('queries').objectStore('queries').getAll();
    const rows = await new Promise<{ projectId: number | null }[]>(
      (resolve) => (all.onsuccess = () => resolve(all.result)),
    );
    db.close();
    return rows.filter((row) => row.projectId !== null).length;
  }, world.collaborator.id);
  expect(stored).toBe(0);
  await page.context().close();
});
