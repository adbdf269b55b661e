import { expect, test } from '../fixtures.ts';
import { buildIssueWorld, signedInPage } from './issue-view-helpers.ts';
import { createIssues, openIssueList, shownTitles, tabCount } from './issues-list-helpers.ts';
import { gql } from './project-helpers.ts';

test.describe('issue list', () => {
  test('bulk edit of 50 issues applies to 49 and shows the one refused with its reason', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    test.setTimeout(240_000);
    const world = await buildIssueWorld(request, obra);
    // 49 issues whose disciplines are done (created resolved) and one still pending (active).
    const resolved = await createIssues(
      request,
      world,
      Array.from({ length: 49 }, (_, i) => ({
        title: `Revisão de prumada ${String(i + 1).padStart(2, '0')}`,
        disciplineStatus: 'done',
      })),
    );
    const [pending] = await createIssues(request, world, [
      { title: 'Shaft sem detalhe de vedação', disciplineStatus: 'todo' },
    ]);
    const page = await signedInPage(browser, baseURL, world.owner);
    await openIssueList(page, world.projectId);
    await expect(page.getByTestId('issue-count')).toHaveText('50 issues');

    await page.getByTestId('issue-row').first().getByTestId('issue-row-select').check();
    await expect(page.getByTestId('bulk-count')).toHaveText('1 selected');
    await page.getByTestId('bulk-select-shown').click();
    await expect(page.getByTestId('bulk-count')).toHaveText('50 selected');
    await page.getByTestId('bulk-edit').click();
    const dialog = page.getByRole('dialog', { name: 'Edit 50 issues' });
    await dialog.getByRole('textbox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Reproved' }).click();
    await dialog.getByRole('button', { name: 'Apply to 50 issues' }).click();

    await expect(dialog.getByTestId('bulk-updated-count')).toHaveText('49 issues updated.');
    const refused = dialog.getByTestId('bulk-rejected-issue');
    await expect(refused).toHaveCount(1);
    await expect(refused).toHaveAttribute('data-issue-id', String(pending));
    await expect(refused).toContainText('Shaft sem detalhe de vedação');
    // The reason in the user's language, from the errors catalogue (not the bare code).
    await expect(refused.getByTestId('bulk-rejected-reason')).not.toHaveText(/^[A-Z_]+$/);
    await expect(refused).toHaveAttribute('data-code', 'DISCIPLINE_STATUS_MUST_KEEP_ISSUE_ACTIVE');
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The list shows the new statuses at once, and the server agrees.
    await page.getByRole('textbox', { name: 'Search issues' }).fill('prumada 07');
    await expect(page.getByTestId('issue-row')).toHaveCount(1);
    await expect(page.getByTestId('issue-row').getByTestId('issue-status')).toHaveAttribute(
      'data-value',
      'reproved',
    );
    const check = await gql<{ issue: { status: string } }>(
      request,
      world.owner.token,
      'query($p: Int!, $i: Int!) { issue(projectId: $p, issueId: $i) { status } }',
      { p: world.projectId, i: resolved[6] },
    );
    expect(check.issue.status).toBe('reproved');
    const untouched = await gql<{ issue: { status: string } }>(
      request,
      world.owner.token,
      'query($p: Int!, $i: Int!) { issue(projectId: $p, issueId: $i) { status } }',
      { p: world.projectId, i: pending },
    );
    expect(untouched.issue.status).toBe('active');
  });

  test('search ignores accents and case, and a quoted phrase must appear as written', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    test.setTimeout(180_000);
    const world = await buildIssueWorld(request, obra);
    await createIssues(request, world, [
      { title: 'Infiltração na laje do térreo', description: 'Mancha de umidade junto ao pilar P4.' },
      { title: 'Laje com fissura na garagem', description: 'Fissura diagonal; verificar infiltração.' },
      { title: 'INFILTRACAO proxima ao reservatorio' },
      { title: 'Porta corta-fogo sem mola' },
    ]);
    const page = await signedInPage(browser, baseURL, world.owner);
    await openIssueList(page, world.projectId);
    await expect(page.getByTestId('issue-count')).toHaveText('4 issues');
    const search = page.getByRole('textbox', { name: 'Search issues' });

    // "/" focuses the search box.
    await page.getByTestId('issue-list').focus();
    await page.keyboard.press('/');
    await expect(search).toBeFocused();

    // One character does not filter yet (at least 2).
    await page.keyboard.type('i');
    await expect(page.getByText('Type at least 2 characters')).toBeVisible();
    await expect(page.getByTestId('issue-row')).toHaveCount(4);

    // Without accents, any case: the title, a description, and the upper-case title without accents.
    await search.fill('infiltracao');
    await expect(page.getByTestId('issue-count')).toHaveText('3 of 4 issues');
    expect((await shownTitles(page)).sort()).toEqual(
      [
        'INFILTRACAO proxima ao reservatorio',
        'Infiltração na laje do térreo',
        'Laje com fissura na garagem',
      ].sort(),
    );

    // A quoted phrase must appear as written (accents still ignored); loose words may be anywhere.
    await search.fill('"laje do terreo"');
    await expect(page.getByTestId('issue-count')).toHaveText('1 of 4 issues');
    expect(await shownTitles(page)).toEqual(['Infiltração na laje do térreo']);
    await search.fill('"terreo laje"');
    await expect(page.getByTestId('issue-list-no-match')).toBeVisible();
    await search.fill('laje "na garagem"');
    await expect(page.getByTestId('issue-count')).toHaveText('1 of 4 issues');
    expect(await shownTitles(page)).toEqual(['Laje com fissura na garagem']);

    // The search is in the address; the tab counts follow it.
    await expect(page).toHaveURL(/q=laje/);
    await expect(tabCount(page, 'all')).toHaveText('1');

    // Keyboard: arrows move, Enter opens the current issue.
    await search.fill('infiltracao');
    await expect(page.getByTestId('issue-row')).toHaveCount(3);
    await page.getByTestId('issue-list').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId('issue-row').nth(1)).toHaveAttribute('data-active', 'true');
    await page.keyboard.press('x');
    await expect(page.getByTestId('bulk-count')).toHaveText('1 selected');
    const secondId = await page.getByTestId('issue-row').nth(1).getAttribute('data-issue-id');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/issues/${secondId}$`));
  });

  test('a user mentioned in a comment sees the new mentions count, also live', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    test.setTimeout(180_000);
    const world = await buildIssueWorld(request, obra);
    const [first, second] = await createIssues(request, world, [
      { title: 'Viga V12 interfere com duto' },
      { title: 'Pilar P7 fora de prumo' },
      { title: 'Escada sem guarda-corpo' },
    ]);
    const mention = (issueId: number | undefined) =>
      gql(
        request,
        world.owner.token,
        `mutation($p: Int!, $i: Int!, $u: [Int!]) {
          createProjectIssueComment(projectId: $p, issueId: $i, message: "Pode verificar?", visibility: "public", mentionedUsers: $u) { id } }`,
        { p: world.projectId, i: issueId, u: [world.collaborator.id] },
      );
    await mention(first);

    const page = await signedInPage(browser, baseURL, world.collaborator);
    await openIssueList(page, world.projectId);
    await expect(tabCount(page, 'newMentions')).toHaveText('1');
    await page.getByTestId('filter-tab-newMentions').click();
    await expect(page).toHaveURL(/filter=newMentions/);
    await expect(page.getByTestId('issue-row')).toHaveCount(1);
    const row = page.getByTestId('issue-row').first();
    await expect(row.getByTestId('issue-title')).toHaveText('Viga V12 interfere com duto');
    await expect(row.getByTestId('issue-mentions')).toHaveText('1');
    await expect(row).toHaveAttribute('data-unread', 'true');

    // Someone mentions them again elsewhere: the count and the list change without a reload.
    await mention(second);
    await expect(tabCount(page, 'newMentions')).toHaveText('2');
    await expect(page.getByTestId('issue-row')).toHaveCount(2);

    // A new issue by someone else appears live in "All".
    await page.getByTestId('filter-tab-all').click();
    await expect(tabCount(page, 'all')).toHaveText('3');
    await createIssues(request, world, [{ title: 'Fachada com infiltração no 3º pavimento' }]);
    await expect(tabCount(page, 'all')).toHaveText('4');
    await expect(page.getByText('Fachada com infiltração no 3º pavimento')).toBeVisible();

    // Marking the mentioned issues read clears the count.
    await page.getByTestId('filter-tab-newMentions').click();
    await page.getByTestId('issue-row').first().getByTestId('issue-row-select').check();
    await expect(page.getByTestId('bulk-count')).toHaveText('1 selected');
    await page.getByTestId('bulk-select-shown').click();
    await page.getByTestId('bulk-mark-read').click();
    await expect(tabCount(page, 'newMentions')).toHaveText('0');
  });

  test('copies selected issues into another project, table view, and copies a link', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    test.setTimeout(180_000);
    const world = await buildIssueWorld(request, obra);
    const ids = await createIssues(request, world, [
      { title: 'Viga V3 sem armadura negativa' },
      { title: 'Shaft do 2º pavimento sem vedação' },
      { title: 'Escada E1 sem corrimão' },
    ]);
    // A second project of the same company with disciplines of the same abbreviations.
    const target = await gql<{ createProject: { id: number; name: string } }>(
      request,
      world.owner.token,
      'mutation($n: String!) { createProject(name: $n) { id name } }',
      { n: `Anexo Aurora ${Math.floor(Math.random() * 1e5)}` },
    );
    await gql(
      request,
      world.owner.token,
      'mutation($p: Int!, $d: [ProjectDisciplineInput!]!) { setProjectDisciplines(projectId: $p, disciplines: $d) { id } }',
      {
        p: target.createProject.id,
        d: [
          { name: 'Estrutura', abbreviation: 'EST' },
          { name: 'Hidráulica', abbreviation: 'HID' },
        ],
      },
    );
    const page = await signedInPage(browser, baseURL, world.owner);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await openIssueList(page, world.projectId);

    // The table view, remembered after a reload, with client-side pagination hidden on a single page.
    await page.getByTestId('view-mode-table').click();
    await expect(page.getByTestId('issue-table').getByTestId('issue-row')).toHaveCount(3);
    await expect(page.getByTestId('issue-table-pagination')).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('issue-table')).toBeVisible();

    // Copy a link to one issue.
    const row = page.getByTestId('issue-row').filter({ hasText: 'Escada E1 sem corrimão' });
    await row.getByTestId('issue-row-copy-link').click();
    await expect(page.getByText(/Link to issue \d+ copied/)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
      new RegExp(`/workspace/project/${world.projectId}/issues/${ids[2]}$`),
    );

    // Copy two issues into the other project as drafts. The bar of the selection appears above the table with the
    // first one and moves the rows down: each check waits for the count, as a person would see it.
    for (const [index, title] of [
      'Viga V3 sem armadura negativa',
      'Shaft do 2º pavimento sem vedação',
    ].entries()) {
      await page.getByTestId('issue-row').filter({ hasText: title }).getByTestId('issue-row-select').check();
      await expect(page.getByTestId('bulk-count')).toHaveText(`${index + 1} selected`);
    }
    await page.getByTestId('bulk-copy').click();
    const dialog = page.getByRole('dialog', { name: 'Copy 2 issues to another project' });
    await dialog.getByTestId('project-selector').click();
    await page.getByRole('option', { name: target.createProject.name }).click();
    await dialog.getByRole('button', { name: 'Copy 2 issues' }).click();
    await expect(page.getByText(`2 issues copied to ${target.createProject.name}.`)).toBeVisible();
    const copied = await gql<{ getIssues: { issues: { title: string; visibility: string }[] } }>(
      request,
      world.owner.token,
      'query($p: Int!) { getIssues(projectId: $p) { issues { title visibility } } }',
      { p: target.createProject.id },
    );
    expect(copied.getIssues.issues.map((i) => i.title).sort()).toEqual([
      'Shaft do 2º pavimento sem vedação',
      'Viga V3 sem armadura negativa',
    ]);
    expect(copied.getIssues.issues.every((i) => i.visibility === 'creator')).toBe(true);
  });
});
