import { expect, test } from '../fixtures.ts';
import { gql } from './project-helpers.ts';
import { addPhotoWithPin, buildIssueWorld, signedInPage } from './issue-view-helpers.ts';

test.use({ locale: 'en-US' });

test.describe('issue form markup', () => {
  test('markup drawn in the New-issue form is saved with the image, its picture and thumbnail', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    const world = await buildIssueWorld(request, obra);
    const owner = await signedInPage(browser, baseURL, world.owner);
    await owner.goto(`/workspace/project/${world.projectId}/issues`);
    await owner.getByTestId('create-issue').click();
    const dialog = owner.getByRole('dialog');
    await dialog.getByLabel('Title').fill('Crack marked on the plan');
    await dialog.getByRole('textbox', { name: 'Discipline 1', exact: true }).click();
    await owner.getByRole('option', { name: 'Estrutura (EST)' }).first().click();
    // The pin first (its tool is chosen for the user), then a rectangle with the rectangle tool.
    const box = await addPhotoWithPin(owner, dialog, 'level-02');
    const editor = dialog.getByTestId('pin-editor');
    await editor.getByRole('button', { name: 'Rectangle', exact: true }).click();
    const from = { x: box.x + box.width * 0.2, y: box.y + box.height * 0.2 };
    const to = { x: box.x + box.width * 0.4, y: box.y + box.height * 0.35 };
    await owner.mouse.move(from.x, from.y);
    await owner.mouse.down();
    await owner.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
    await owner.mouse.move(to.x, to.y, { steps: 4 });
    await owner.mouse.up();
    await dialog.getByTestId('issue-form-submit').click();

    await expect(owner.getByTestId('issue-view')).toBeVisible();
    const issueId = Number(await owner.getByTestId('issue-view').getAttribute('data-issue-id'));
    const stored = await gql<{
      issue: {
        images: {
          original: string;
          markedUp: string;
          markedUpThumb: string;
          markUp: { rects: unknown[] } | null;
        }[];
      };
    }>(
      request,
      world.owner.token,
      'query($p: Int!, $i: Int!) { issue(projectId: $p, issueId: $i) { images { original markedUp markedUpThumb markUp } } }',
      { p: world.projectId, i: issueId },
    );
    const [image] = stored.issue.images;
    expect(image?.markUp?.rects).toHaveLength(1);
    const path = (url: string | undefined) => new URL(url ?? '', baseURL).pathname;
    expect(path(image?.markedUp)).not.toBe(path(image?.original));
    expect(image?.markedUpThumb).toBeTruthy();
    const picture = await request.get(image?.markedUp ?? '');
    expect(picture.ok()).toBe(true);
    expect(picture.headers()['content-type']).toContain('image/png');
  });
});
