import { expect, test } from '../fixtures.ts';
import { buildIssueWorld, signedInPage } from './issue-view-helpers.ts';
import { createIssues } from './issues-list-helpers.ts';
import { gql } from './project-helpers.ts';

// The everyday work (issue 21): the home's counters lead to the list's tabs; projects have distinct colours.

test.describe('everyday work: home', () => {
  test('a counter is a labelled link to its tab of the list, and projects without an image differ in colour', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    test.setTimeout(180_000);
    const world = await buildIssueWorld(request, obra);
    await createIssues(request, world, [{ title: 'Prumada de esgoto' }, { title: 'Shaft sem vedação' }]);
    const page = await signedInPage(browser, baseURL, world.collaborator);
    await page.goto('/workspace/home');
    const card = page.locator(`[data-testid="project-card"][data-project-id="${world.projectId}"]`);
    const pending = card.getByRole('link', {
      name: /^Pending items in .*: 2\. Open them in the issue list$/,
    });
    await expect(pending).toBeVisible();
    await expect(card.getByTestId('count-late')).toHaveAttribute(
      'href',
      `/workspace/project/${world.projectId}/issues?filter=latePendencies`,
    );
    await pending.click();
    await expect(page).toHaveURL(
      new RegExp(`/workspace/project/${world.projectId}/issues\\?filter=pendencies$`),
    );
    await expect(page.getByTestId('filter-tab-pendencies')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('issue-row')).toHaveCount(2);

    // Two projects of the owner without an image: two colours. The colour follows the id over a palette of 12, so
    // the second project is one whose id is not a multiple of 12 away (other journeys create projects meanwhile).
    let secondId = 0;
    for (
      let attempt = 0;
      attempt < 3 && (secondId === 0 || (secondId - world.projectId) % 12 === 0);
      attempt += 1
    ) {
      const created = await gql<{ createProject: { id: number } }>(
        request,
        world.owner.token,
        'mutation($n: String!) { createProject(name: $n) { id } }',
        { n: `Edifício Aurora B${attempt}` },
      );
      secondId = created.createProject.id;
    }
    const second = { createProject: { id: secondId } };
    const owner = await signedInPage(browser, baseURL, world.owner);
    await owner.goto('/workspace/home');
    const avatar = (id: number) =>
      owner
        .locator(`[data-testid="project-card"][data-project-id="${id}"]`)
        .getByTestId('project-card-avatar');
    await expect(avatar(second.createProject.id)).toBeVisible();
    const colours = await Promise.all(
      [world.projectId, second.createProject.id].map((id) =>
        avatar(id).evaluate((el) => getComputedStyle(el.querySelector('[class*="placeholder"]') ?? el).color),
      ),
    );
    expect(colours[0]).not.toBe(colours[1]);
    await expect(avatar(world.projectId)).not.toHaveAttribute(
      'data-colour',
      (await avatar(second.createProject.id).getAttribute('data-colour')) ?? '',
    );
  });
});
