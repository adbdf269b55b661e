import { expect, test } from '../fixtures.ts';
import { buildIssueWorld, signedInPage } from './issue-view-helpers.ts';
import { createIssues, openIssueList, shownTitles } from './issues-list-helpers.ts';
import { gql } from './project-helpers.ts';

// The everyday work (issue 21): saved views, bulk add/remove, setup by paste.

test.describe('everyday work', () => {
  test('a coordinator sorts, reverses, saves and shares a view; the list reopens on it; a collaborator finds it', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    test.setTimeout(180_000);
    const world = await buildIssueWorld(request, obra);
    await createIssues(request, world, [
      { title: 'Viga V1 sem armadura', priority: 'low' },
      { title: 'Duto cruza viga V2', priority: 'high' },
      { title: 'Shaft sem vedação', priority: 'medium' },
    ]);
    const page = await signedInPage(browser, baseURL, world.owner);
    await openIssueList(page, world.projectId);

    // The sort shows its direction and can be reversed.
    await page.getByTestId('sort-button').click();
    await page.getByTestId('sort-priority').click();
    await expect(page).toHaveURL(/sort=priority\./);
    const byPriority = ['Duto cruza viga V2', 'Shaft sem vedação', 'Viga V1 sem armadura'];
    await expect
      .poll(async () => {
        const titles = await shownTitles(page);
        return titles.join() === byPriority.join() || titles.join() === [...byPriority].reverse().join();
      })
      .toBe(true);
    const first = await shownTitles(page);
    await page.getByTestId('sort-reverse').click();
    await expect.poll(() => shownTitles(page)).toEqual([...first].reverse());

    // Save it as a view shared with the project.
    await page.getByTestId('saved-views-button').click();
    await page.getByTestId('saved-view-create').click();
    const dialog = page.getByRole('dialog', { name: 'Save the list as a view' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Priority, reversed');
    await dialog.getByRole('checkbox', { name: /Share with the project/ }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('saved-views-button')).toHaveAccessibleName(
      'Saved views (now: Priority, reversed)',
    );

    // Another filter, then back to the view from the menu.
    await page.getByTestId('sort-button').click();
    await page.getByTestId('sort-deadline').click();
    await expect(page.getByTestId('saved-views-button')).toHaveAccessibleName(
      'Saved views (now: Priority, reversed (changed))',
    );
    await page.getByTestId('saved-views-button').click();
    await page.getByTestId('saved-view-item').filter({ hasText: 'Priority, reversed' }).click();
    await expect.poll(() => shownTitles(page)).toEqual([...first].reverse());

    // The side menu's plain link opens the list as it was left.
    await page.goto(`/workspace/project/${world.projectId}/issues`);
    await expect(page).toHaveURL(/sort=priority\./);
    await expect(page.getByTestId('saved-views-button')).toHaveAccessibleName(
      'Saved views (now: Priority, reversed)',
    );

    // The collaborator finds the shared view, and cannot rename or delete it.
    const other = await signedInPage(browser, baseURL, world.collaborator);
    await openIssueList(other, world.projectId);
    await other.getByTestId('saved-views-button').click();
    await expect(other.getByText('Shared with the project')).toBeVisible();
    await other.getByTestId('saved-view-item').filter({ hasText: 'Priority, reversed' }).click();
    await expect(other).toHaveURL(/sort=priority\./);
    await other.getByTestId('saved-views-button').click();
    await expect(other.getByTestId('saved-view-delete')).toHaveCount(0);
  });

  test('bulk edit adds a location to every selected issue, keeping what else each has', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    test.setTimeout(180_000);
    const world = await buildIssueWorld(request, obra);
    const locals = await gql<{ setProjectLocals: { id: number; name: string }[] }>(
      request,
      world.owner.token,
      'mutation($p: Int!) { setProjectLocals(projectId: $p, locals: [{ name: "Torre A", abbreviation: "TA" }, { name: "Torre B", abbreviation: "TB" }]) { id name } }',
      { p: world.projectId },
    );
    const torreB = locals.setProjectLocals.find((l) => l.name === 'Torre B')?.id;
    const ids = await createIssues(request, world, [
      { title: 'Prumada de esgoto' },
      { title: 'Laje com furo não previsto' },
    ]);
    const page = await signedInPage(browser, baseURL, world.owner);
    await openIssueList(page, world.projectId);
    await page.getByTestId('issue-row').first().getByTestId('issue-row-select').check();
    await page.getByTestId('bulk-select-shown').click();
    await page.getByTestId('bulk-edit').click();
    const dialog = page.getByRole('dialog', { name: 'Edit 2 issues' });
    await dialog.getByRole('textbox', { name: 'Add Locations' }).click();
    await page.getByRole('option', { name: 'TB · Torre B' }).click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Apply to 2 issues' }).click();
    await expect(dialog).toBeHidden();
    for (const id of ids) {
      const issue = await gql<{ issue: { locals: { localId: number }[] } }>(
        request,
        world.owner.token,
        'query($p: Int!, $i: Int!) { issue(projectId: $p, issueId: $i) { locals { localId } } }',
        { p: world.projectId, i: id },
      );
      expect(issue.issue.locals.map((l) => l.localId)).toEqual([torreB]);
    }
  });

  test('setup by paste: an indented list becomes the locations tree, and the focus lands on a new row', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    test.setTimeout(120_000);
    const world = await buildIssueWorld(request, obra);
    const page = await signedInPage(browser, baseURL, world.owner);
    await page.goto(`/workspace/project/${world.projectId}/setup/locals`);
    await page.getByTestId('tree-import-button').click();
    const dialog = page.getByRole('dialog', { name: 'Paste a list or import a CSV' });
    await dialog.getByTestId('outline-import-text').fill('Torre A\n  Térreo\n  Pavimento 1\nTorre B');
    await expect(dialog.getByTestId('outline-import-row')).toHaveCount(4);
    await dialog.getByTestId('outline-import-add').click();
    await expect(page.getByTestId('tree-row')).toHaveCount(4);
    await expect(page.getByRole('textbox', { name: 'Name' }).first()).toBeFocused();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(async () => {
        const data = await gql<{ projectData: { locals: { abbreviationTree: string }[] } }>(
          request,
          world.owner.token,
          'query($p: Int!) { projectData(projectId: $p) { locals { abbreviationTree } } }',
          { p: world.projectId },
        );
        return data.projectData.locals.map((l) => l.abbreviationTree).sort();
      })
      .toEqual(['TA', 'TA.P1', 'TA.TER', 'TB']);
  });
});
