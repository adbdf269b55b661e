import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { buildIssueWorld, signedInPage } from './issue-view-helpers.ts';
import { createIssues, openIssueList, shownTitles } from './issues-list-helpers.ts';
import { gql } from './project-helpers.ts';

// Issue 34's journey on site (docs/offline.md): a project made available offline, the network gone, a reload
// that opens the app, search, a star, an issue opened, comments on two issues and discipline statuses changed offline;
// back online everything reaches the server once and in order, and a change someone else made meanwhile to the
// same field is reported field by field.

async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.getRegistration('/');
    if (!registration?.active || !navigator.serviceWorker.controller) return false;
    return (await caches.keys()).some((name) => name.startsWith('workbox-precache'));
  });
}

async function choose(page: Page, select: Locator, option: string) {
  await select.click();
  await page.getByRole('option', { name: option }).first().click();
}

async function comment(page: Page, message: string) {
  const composer = page.getByTestId('comment-composer');
  await composer.getByTestId('comment-input').fill(message);
  await composer.getByRole('button', { name: 'Send' }).click();
  await expect(page.locator('[data-outbox="queued"]').filter({ hasText: message })).toBeVisible();
}

interface IssueNow {
  issue: {
    disciplines: { disciplineId: number; status: string }[];
    comments: { id: number; message: string; createdAt: string }[];
    history: { entityType: string; fields: unknown; dataTime: string }[];
  };
}

test('on site without a network: read, comment on two issues, change statuses; back online all arrives once, in order', async ({
  browser,
  baseURL,
  request,
  obra,
}) => {
  const world = await buildIssueWorld(request, obra);
  const [pillar, door] = await createIssues(request, world, [
    { title: 'Fissura no pilar P7' },
    { title: 'Porta corta-fogo sem mola' },
    { title: 'Guarda-corpo solto na escada' },
  ]);
  if (pillar === undefined || door === undefined) throw new Error('issues missing');
  const [est, hid] = world.disciplineIds;

  const page = await signedInPage(browser, baseURL, world.owner);
  await waitForServiceWorker(page);
  await openIssueList(page, world.projectId);
  const toggle = page.getByTestId('offline-project-toggle');
  await toggle.click();
  await expect(toggle).toHaveAttribute('data-state', 'available');
  // The issue view's code is fetched once online (a screen never opened online does not open offline).
  await page.getByTestId('issue-row').filter({ hasText: 'Guarda-corpo' }).click();
  await expect(page.getByTestId('issue-view')).toBeVisible();
  await page.waitForLoadState('networkidle');

  // On site: no network, and the app is reloaded.
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByTestId('issue-view')).toContainText('Guarda-corpo solto na escada');
  await page.getByTestId('back-to-list').click();
  await expect(page.getByTestId('issue-list-complete')).toBeAttached();
  await expect(page.getByTestId('offline-status')).toContainText('Offline — last synced at');
  await page.getByRole('textbox', { name: 'Search issues' }).fill('pilar');
  await expect.poll(() => shownTitles(page)).toEqual(['Fissura no pilar P7']);
  // Starred from the list, offline: kept starred at once.
  const star = page
    .getByTestId('issue-row')
    .filter({ hasText: 'Fissura no pilar P7' })
    .getByTestId('issue-row-star');
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('issue-row').filter({ hasText: 'Fissura no pilar P7' }).click();
  await expect(page.getByTestId('issue-view')).toContainText('Fissura no pilar P7');

  // First issue: a comment and EST done.
  await comment(page, 'Fissura medida: 3 mm');
  await choose(page, page.getByRole('textbox', { name: 'Status of Estrutura (EST)' }), 'Done');
  const estRow = page.locator('[data-testid=issue-discipline-row][data-discipline=EST]');
  await expect(estRow.getByRole('textbox', { name: 'Status of Estrutura (EST)' })).toHaveValue('Done');
  await expect(page.getByTestId('offline-edits-waiting')).toContainText('2 changes to this issue');

  // Second issue: a comment, then HID done.
  await page.getByTestId('back-to-list').click();
  await page.getByRole('textbox', { name: 'Search issues' }).fill('porta');
  await page.getByTestId('issue-row').filter({ hasText: 'Porta corta-fogo' }).click();
  await expect(page.getByTestId('issue-view')).toContainText('Porta corta-fogo sem mola');
  await comment(page, 'Mola ausente, pedir troca');
  await choose(page, page.getByRole('textbox', { name: 'Status of Hidráulica (HID)' }), 'Done');
  const hidRow = page.locator('[data-testid=issue-discipline-row][data-discipline=HID]');
  await expect(hidRow.getByRole('textbox', { name: 'Status of Hidráulica (HID)' })).toHaveValue('Done');
  await expect(page.getByTestId('offline-status')).toContainText('5 changes waiting to be sent');

  // Meanwhile, on the server, the collaborator of EST moves EST of the first issue.
  await gql(
    request,
    world.collaborator.token,
    'mutation($p: Int!, $i: Int!, $d: [IssueDisciplineInput!]) { updateIssue(projectId: $p, issueId: $i, disciplines: $d) { id } }',
    {
      p: world.projectId,
      i: pillar,
      d: [
        { disciplineId: est, status: 'doing' },
        { disciplineId: hid, status: 'todo' },
      ],
    },
  );

  // The network returns: the four writes are sent in order; the view follows.
  await page.context().setOffline(false);
  await expect(page.getByTestId('offline-status')).toBeHidden();
  await expect(page.locator('[data-outbox]')).toHaveCount(0);
  await expect(page.getByTestId('comment').filter({ hasText: 'Mola ausente, pedir troca' })).toHaveCount(1);

  // Seen by another user through the API: each write once, in the order made.
  const read = (issueId: number) =>
    gql<IssueNow>(
      request,
      world.collaborator.token,
      `query($p: Int!, $i: Int!) { issue(projectId: $p, issueId: $i) {
        disciplines { disciplineId status } comments { id message createdAt } history { entityType fields dataTime } } }`,
      { p: world.projectId, i: issueId },
    );
  const first = await read(pillar);
  const second = await read(door);
  expect(first.issue.comments.map((c) => c.message)).toEqual(['Fissura medida: 3 mm']);
  expect(second.issue.comments.map((c) => c.message)).toEqual(['Mola ausente, pedir troca']);
  expect(first.issue.comments[0]!.id).toBeLessThan(second.issue.comments[0]!.id);
  expect(second.issue.disciplines.find((d) => d.disciplineId === hid)?.status).toBe('done');
  const statusChange = second.issue.history.filter((h) => JSON.stringify(h.fields).includes('done'));
  expect(statusChange).toHaveLength(1);
  expect(Date.parse(statusChange[0]!.dataTime)).toBeGreaterThanOrEqual(
    Date.parse(second.issue.comments[0]!.createdAt),
  );
  const mine = await gql<{ issue: { userPersonalData: { starred: boolean } } }>(
    request,
    world.owner.token,
    'query($p: Int!, $i: Int!) { issue(projectId: $p, issueId: $i) { userPersonalData { starred } } }',
    { p: world.projectId, i: pillar },
  );
  expect(mine.issue.userPersonalData.starred).toBe(true);
  // EST of the first issue: the collaborator's newer change was kept, and the owner is told, field by field.
  expect(first.issue.disciplines.find((d) => d.disciplineId === est)?.status).toBe('doing');
  await page.goto(`/workspace/project/${world.projectId}/issues/${pillar}`);
  const conflict = page.getByTestId('offline-conflict');
  await expect(conflict).toBeVisible();
  await expect(conflict.getByTestId('offline-conflict-field')).toHaveText(
    'Estrutura (EST): yours “Done”, kept “Doing”',
  );
  await conflict.getByRole('button', { name: 'Dismiss' }).click();
  await expect(conflict).toHaveCount(0);
  await page.context().close();
});
