import { expect, test } from '../fixtures.ts';
import { buildIssueWorld, createIssueByApi, openIssue, signedInPage } from './issue-view-helpers.ts';
import { gql } from './project-helpers.ts';

// The everyday work (issue 21): the comment composer stays reachable in long threads.

test.describe('everyday work: long conversations', () => {
  test('in a 60-comment thread, "Write a comment" brings the composer with the cursor in it, on a desktop and a phone', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    test.setTimeout(240_000);
    const world = await buildIssueWorld(request, obra);
    const issueId = await createIssueByApi(request, world, { t: 'Compatibilização do shaft 3' });
    for (let i = 1; i <= 60; i += 1) {
      await gql(
        request,
        i % 2 ? world.owner.token : world.collaborator.token,
        'mutation($p: Int!, $i: Int!, $m: String!) { createProjectIssueComment(projectId: $p, issueId: $i, message: $m, visibility: "public") { id } }',
        { p: world.projectId, i: issueId, m: `Comentário ${i}: conferir a cota do furo no pavimento ${i}.` },
      );
    }

    const page = await signedInPage(browser, baseURL, world.owner);
    await page.setViewportSize({ width: 1280, height: 800 });
    await openIssue(page, world.projectId, issueId);
    const thread = page.getByTestId('comment-thread');
    await expect(thread.getByTestId('comment')).toHaveCount(60);
    const input = page.getByTestId('comment-composer').getByTestId('comment-input');
    // Reading the middle of the thread: the composer is far below, the jump sticks to the screen's bottom.
    await thread.getByTestId('comment').nth(20).scrollIntoViewIfNeeded();
    await expect(input).not.toBeInViewport();
    const jump = page.getByTestId('comment-jump');
    await expect(jump).toBeInViewport();
    await expect(jump).toHaveAccessibleName('Write a comment');
    await jump.click();
    await expect(input).toBeFocused();
    await expect(input).toBeInViewport();
    await expect(jump).toBeHidden();
    await page.keyboard.type('Cota conferida, pode fechar.');
    await page.keyboard.press('Control+Enter');
    await expect(thread.getByTestId('comment')).toHaveCount(61);
    await expect(thread.getByTestId('comment').last()).toContainText('Cota conferida, pode fechar.');

    // On a phone, the same: the jump is within the screen and leads to the composer.
    await page.setViewportSize({ width: 390, height: 844 });
    await thread.getByTestId('comment').nth(10).scrollIntoViewIfNeeded();
    await expect(jump).toBeInViewport();
    const box = await jump.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await jump.click();
    await expect(input).toBeFocused();
    await expect(input).toBeInViewport();
  });
});
