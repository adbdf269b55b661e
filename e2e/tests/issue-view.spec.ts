import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { gql } from './project-helpers.ts';
import {
  buildIssueWorld,
  createIssueByApi,
  drawingPng,
  openIssue,
  signedInPage,
  uploadPicture,
} from './issue-view-helpers.ts';

test.use({ locale: 'en-US' });

// With OBRA_SCREENSHOTS=1 the theme test also refreshes docs/screenshots/issue-view-*.png.
const SHOTS = process.env.OBRA_SCREENSHOTS === '1';
const shotsDir = path.resolve(import.meta.dirname, '../../docs/screenshots');

async function comment(page: Page, text: string) {
  await page.getByTestId('comment-composer').getByTestId('comment-input').fill(text);
  await page.keyboard.press('Control+Enter');
}

test.describe('issue view', () => {
  test('a mention notifies the mentioned user, comments arrive live, and a draft is hidden from others', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    const world = await buildIssueWorld(request, obra);
    const issueId = await createIssueByApi(request, world);
    const owner = await signedInPage(browser, baseURL, world.owner);
    await openIssue(owner, world.projectId, issueId);
    await expect(owner.getByTestId('issue-title')).toHaveText('Infiltração na laje do térreo');
    await expect(owner.getByTestId('comments-empty')).toBeVisible();

    // A comment mentioning the collaborator, completed from the @ list and sent with Ctrl+Enter.
    const input = owner.getByTestId('comment-composer').getByTestId('comment-input');
    await input.click();
    await input.pressSequentially('Please check the slab, @Cai');
    await owner.getByRole('option', { name: /Caio Colaborador/ }).click();
    await input.pressSequentially('thanks');
    await owner.keyboard.press('Control+Enter');
    const first = owner.getByTestId('comment').first();
    await expect(first.getByTestId('comment-mention')).toHaveText('@Caio Colaborador');
    await expect(input).toHaveValue('');

    // The mentioned user sees the mention on the project card, then the comment marked new on the issue.
    const collaborator = await signedInPage(browser, baseURL, world.collaborator);
    await expect(collaborator.getByTestId('count-mentions')).toHaveText('1');
    await openIssue(collaborator, world.projectId, issueId);
    const seen = collaborator.getByTestId('comment').first();
    await expect(seen.getByTestId('comment-mention')).toHaveText('@Caio Colaborador');
    await expect(seen.getByTestId('comment-unread')).toBeVisible();
    await expect(collaborator.getByTestId('discipline-pending')).toHaveCount(1);
    // Opening the issue marked it read.
    await expect
      .poll(async () => {
        const data = await gql<{ issue: { notificationsSummary: { count: number } } }>(
          request,
          world.collaborator.token,
          'query($p: Int!, $i: Int!) { issue(projectId: $p, issueId: $i) { notificationsSummary { count } } }',
          { p: world.projectId, i: issueId },
        );
        return data.issue.notificationsSummary.count;
      })
      .toBe(0);

    // A new comment by the owner appears on the collaborator's open page without a reload.
    await comment(owner, 'Second note from coordination');
    await expect(collaborator.getByTestId('comment')).toHaveCount(2);
    await expect(collaborator.getByTestId('comment').nth(1)).toContainText('Second note from coordination');

    // The owner makes the issue a draft, after the confirmation that says who will see it.
    await owner.getByTestId('field-visibility').getByRole('button', { name: 'Change' }).click();
    const dialog = owner.getByRole('dialog');
    await dialog.getByTestId('visibility-option-semi_public').click();
    await expect(dialog.getByTestId('semi-public-message')).toContainText('project coordinators');
    await dialog.getByTestId('visibility-option-creator').click();
    await expect(dialog.getByTestId('visibility-consequence')).toContainText('Draft (only me)');
    await dialog.getByRole('button', { name: 'Change visibility' }).click();
    await expect(owner.getByRole('dialog')).toHaveCount(0);
    await expect(owner.getByTestId('issue-visibility').first()).toHaveAttribute('data-value', 'creator');

    // The collaborator no longer sees it.
    await collaborator.reload();
    await expect(collaborator.getByTestId('issue-view-error')).toContainText(/not found/i);
    const response = await request.post('/graphql', {
      headers: { authorization: `Bearer ${world.collaborator.token}` },
      data: {
        query: 'query($p: Int!, $i: Int!) { issue(projectId: $p, issueId: $i) { id } }',
        variables: { p: world.projectId, i: issueId },
      },
    });
    const json = (await response.json()) as { errors?: { extensions?: { code?: string } }[] };
    expect(json.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  test('comments can be edited, re-scoped, marked unread and deleted after confirmation', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    const world = await buildIssueWorld(request, obra);
    const issueId = await createIssueByApi(request, world);
    const owner = await signedInPage(browser, baseURL, world.owner);
    await openIssue(owner, world.projectId, issueId);
    // A comment with a picture: uploaded through a signed address and shown in the comment's carousel.
    await owner
      .getByTestId('comment-composer')
      .locator('input[type=file]')
      .setInputFiles({
        name: 'ceiling.png',
        mimeType: 'image/png',
        buffer: drawingPng(200, 120),
      });
    await expect(owner.getByTestId('comment-file')).toHaveText('ceiling.png');
    await comment(owner, 'Draft note');
    const item = owner.getByTestId('comment').first();
    await expect(item).toHaveAttribute('data-visibility', 'public');
    await expect(item.getByTestId('comment-images').getByTestId('attachment-title')).toHaveText('ceiling');

    await item.getByRole('button', { name: 'Comment actions' }).click();
    await owner.getByRole('menuitem', { name: 'Edit' }).click();
    const editor = owner.getByTestId('comment-editor');
    await editor.getByTestId('comment-input').fill('Draft note, corrected');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(item).toContainText('Draft note, corrected');
    await expect(item).toContainText('edited');

    await item.getByRole('button', { name: 'Comment actions' }).click();
    await owner.getByRole('menuitem', { name: 'Coordination' }).click();
    await expect(item).toHaveAttribute('data-visibility', 'project_management');

    // The visibility filter hides what is not checked (all four by default).
    await owner.getByTestId('comment-filter-project_management').click();
    await expect(owner.getByTestId('comment')).toHaveCount(0);
    await owner.getByTestId('comment-filter-project_management').click();
    await expect(owner.getByTestId('comment')).toHaveCount(1);

    await item.getByRole('button', { name: 'Comment actions' }).click();
    await owner.getByRole('menuitem', { name: 'Mark as unread' }).click();
    await expect(item.getByTestId('comment-unread')).toBeVisible();

    await item.getByRole('button', { name: 'Comment actions' }).click();
    await owner.getByRole('menuitem', { name: 'Delete' }).click();
    await expect(owner.getByRole('dialog')).toContainText('Delete this comment?');
    await owner.getByTestId('confirm-delete-comment').click();
    await expect(owner.getByTestId('comment-deleted')).toBeVisible();

    // The history tab lists the creation.
    await owner.getByRole('tab', { name: 'History' }).click();
    await expect(owner.getByTestId('history-entry').last()).toContainText('Created issue');
  });

  test('previous and next follow the list the user came from, with its filter', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    const world = await buildIssueWorld(request, obra);
    for (const title of ['Crack in column P3', 'Crack in wall of stair 2', 'Leak in shaft 4']) {
      await createIssueByApi(request, world, { t: title });
    }
    const owner = await signedInPage(browser, baseURL, world.owner);
    await owner.goto(`/workspace/project/${world.projectId}/issues?q=Crack`);
    const rows = owner.getByTestId('issue-row');
    await expect(rows).toHaveCount(2);
    const firstId = await rows.first().getAttribute('data-issue-id');
    const secondId = await rows.nth(1).getAttribute('data-issue-id');
    await rows.first().click();
    await expect(owner.getByTestId('issue-view')).toHaveAttribute('data-issue-id', firstId ?? '');
    await expect(owner.getByTestId('issue-position')).toHaveText('1 of 2');
    await owner.getByRole('button', { name: 'Next issue' }).click();
    await expect(owner.getByTestId('issue-view')).toHaveAttribute('data-issue-id', secondId ?? '');
    await expect(owner.getByTestId('issue-position')).toHaveText('2 of 2');
    await expect(owner.getByRole('button', { name: 'Next issue' })).toBeDisabled();
    await owner.getByRole('button', { name: 'Previous issue' }).click();
    await expect(owner.getByTestId('issue-view')).toHaveAttribute('data-issue-id', firstId ?? '');
    // Escape closes the view back to the same filtered list.
    await owner.keyboard.press('Escape');
    await expect(owner).toHaveURL(/\/issues\?.*q=Crack/);
    await expect(owner.getByTestId('issue-row')).toHaveCount(2);
  });

  test('deleting an issue from its view asks first', async ({ browser, baseURL, request, obra }) => {
    const world = await buildIssueWorld(request, obra);
    await createIssueByApi(request, world, { t: 'Crack that stays' });
    const issueId = await createIssueByApi(request, world, { t: 'Crack to delete' });
    const owner = await signedInPage(browser, baseURL, world.owner);
    await openIssue(owner, world.projectId, issueId);
    // Cancel keeps the issue.
    await owner.getByTestId('issue-delete').click();
    const dialog = owner.getByRole('dialog', { name: 'Delete this issue?' });
    await expect(dialog).toContainText('“Crack to delete” will be deleted for everyone');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(owner.getByTestId('issue-title')).toHaveText('Crack to delete');
    // Confirmed, it is gone and the list shows the other one.
    await owner.getByTestId('issue-delete').click();
    await dialog.getByRole('button', { name: 'Delete issue' }).click();
    await expect(owner).toHaveURL(new RegExp(`/workspace/project/${world.projectId}/issues`));
    await expect(owner.getByTestId('issue-row')).toHaveCount(1);
    await expect(owner.getByTestId('issue-row')).toContainText('Crack that stays');
  });

  test('the view in light and dark themes and on a phone', async ({ browser, baseURL, request, obra }) => {
    const world = await buildIssueWorld(request, obra);
    const fileId = await uploadPicture(
      request,
      world.owner.token,
      world.projectId,
      'level-01.png',
      drawingPng(960, 640),
    );
    const issueId = await createIssueByApi(request, world, {
      description: 'Water stains below the bathroom of unit 101; the slab waterproofing must be checked.',
      images: [{ original: fileId, title: 'Level 01' }],
      pin: { x: 420, y: 260, color: 'red', image: { index: 0, title: 'Level 01' } },
    });
    await gql(
      request,
      world.owner.token,
      'mutation($p: Int!, $i: Int!, $m: String!) { createProjectIssueComment(projectId: $p, issueId: $i, message: $m, visibility: "public") { id } }',
      {
        p: world.projectId,
        i: issueId,
        m: 'Photos of the ceiling are coming this afternoon.',
      },
    );
    for (const scheme of ['light', 'dark'] as const) {
      const page = await signedInPage(browser, baseURL, world.owner, scheme);
      await page.setViewportSize({ width: 1366, height: 900 });
      await openIssue(page, world.projectId, issueId);
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      await expect(page.getByTestId('attachment-image')).toBeVisible();
      await expect(page.getByTestId('issue-location').locator('canvas').first()).toBeVisible();
      await expect(page.getByTestId('issue-discipline-row')).toHaveCount(2);
      if (SHOTS)
        await page.screenshot({ path: path.join(shotsDir, `issue-view-${scheme}.png`), fullPage: true });
      if (scheme === 'light') {
        await page.setViewportSize({ width: 390, height: 844 });
        // On a phone the pin is drawn over the picture without the editor, and the fields come before the thread.
        await expect(page.getByTestId('pin-overlay').locator('svg')).toBeVisible();
        const fields = await page.getByTestId('issue-fields').boundingBox();
        const thread = await page.getByTestId('comment-thread').boundingBox();
        expect(fields && thread && fields.y < thread.y).toBe(true);
        if (SHOTS)
          await page.screenshot({ path: path.join(shotsDir, 'issue-view-mobile.png'), fullPage: true });
      }
      await page.context().close();
    }
  });
});
