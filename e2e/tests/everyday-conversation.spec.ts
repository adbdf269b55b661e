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

  test("a long comment folds with Show more, and the issue view puts the reader's own discipline first", async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    test.setTimeout(180_000);
    const world = await buildIssueWorld(request, obra);
    const [est, hid] = world.disciplineIds;
    const issueId = await createIssueByApi(request, world, {
      t: 'Passagem de tubulação na viga V12',
      d: [
        { disciplineId: est, status: 'todo' },
        { disciplineId: hid, status: 'todo' },
      ],
    });
    // The collaborator's company now answers for HID only, the issue's second discipline.
    const company = await gql<{ loggedUserData: { companyId: number } }>(
      request,
      world.collaborator.token,
      '{ loggedUserData { companyId } }',
    );
    const roles = await gql<{ systemRoles: { id: number; type: string; name: string }[] }>(
      request,
      world.owner.token,
      '{ systemRoles { id type name } }',
    );
    const collaboratorRole = roles.systemRoles.find((r) => r.type === 'project' && r.name === 'collaborator');
    await gql(
      request,
      world.owner.token,
      `mutation($p: Int!, $c: Int!, $r: Int!, $d: [Int!]!) {
        setProjectCompanyRoleAndDisciplines(projectId: $p, companyId: $c, projectRoleId: $r, allDisciplines: false, disciplinesId: $d) { id } }`,
      { p: world.projectId, c: company.loggedUserData.companyId, r: collaboratorRole?.id ?? 0, d: [hid] },
    );
    const lines = Array.from({ length: 30 }, (_, i) => `Item ${i + 1}: verificar o furo ${i + 1} da viga.`);
    await gql(
      request,
      world.owner.token,
      'mutation($p: Int!, $i: Int!, $m: String!) { createProjectIssueComment(projectId: $p, issueId: $i, message: $m, visibility: "public") { id } }',
      { p: world.projectId, i: issueId, m: lines.join('\n') },
    );

    const page = await signedInPage(browser, baseURL, world.collaborator);
    await openIssue(page, world.projectId, issueId);
    // The reader's own discipline (HID) comes first, the other after.
    const rows = page.getByTestId('issue-disciplines').getByTestId('issue-discipline-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('HID');
    await expect(rows.nth(1)).toContainText('EST');

    // The long comment shows its first lines and a Show more; the last line is hidden until it is opened.
    const comment = page.getByTestId('comment-thread').getByTestId('comment').first();
    const fold = comment.getByTestId('comment-fold');
    await expect(fold).toHaveAttribute('data-folded', 'true');
    const folded = (await fold.boundingBox())?.height ?? 0;
    const toggle = comment.getByTestId('comment-fold-toggle');
    await expect(toggle).toHaveText('Show more');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(fold).toHaveAttribute('data-folded', 'false');
    await expect(toggle).toHaveText('Show less');
    const open = (await fold.boundingBox())?.height ?? 0;
    expect(open).toBeGreaterThan(folded * 1.5);
    await expect(fold).toContainText('Item 30: verificar o furo 30 da viga.');

    // The manager answers for every discipline and sees the issue's own order.
    const manager = await signedInPage(browser, baseURL, world.owner);
    await openIssue(manager, world.projectId, issueId);
    const managerRows = manager.getByTestId('issue-disciplines').getByTestId('issue-discipline-row');
    await expect(managerRows.first()).toContainText('EST');
    await expect(managerRows.nth(1)).toContainText('HID');
  });
});
