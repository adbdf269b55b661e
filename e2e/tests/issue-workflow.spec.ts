import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { gql } from './project-helpers.ts';
import { buildIssueWorld, drawingPng, openIssue, signedInPage } from './issue-view-helpers.ts';

test.use({ locale: 'en-US' });

async function choose(page: Page, select: Locator, option: string | RegExp) {
  await select.click();
  await page.getByRole('option', { name: option }).first().click();
}

test.describe('issue workflow', () => {
  test('an issue with two disciplines and a pin resolves itself once no discipline is pending', async ({
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
    await expect(dialog.getByText('New issue')).toBeVisible();

    // Errors are shown in place: title, disciplines and the pin are checked before sending.
    await dialog.getByTestId('issue-form-submit').click();
    await expect(dialog.getByText('Fill in the required fields.').first()).toBeVisible();
    await expect(dialog.getByText('Place a location pin.')).toBeVisible();

    await dialog.getByLabel('Title').fill('Pipe crosses the beam V12');
    await dialog.getByLabel('Description').fill('The drain of unit 101 goes through the beam.');
    await choose(owner, dialog.getByRole('textbox', { name: 'Priority' }), 'High');
    await choose(owner, dialog.getByRole('textbox', { name: 'Creation phase' }), /Executive design/);
    await choose(
      owner,
      dialog.getByRole('textbox', { name: 'Discipline 1', exact: true }),
      'Estrutura (EST)',
    );
    await dialog.getByRole('button', { name: 'Add a discipline' }).click();
    await choose(
      owner,
      dialog.getByRole('textbox', { name: 'Discipline 2', exact: true }),
      'Estrutura (EST)',
    );
    await dialog.getByTestId('issue-form-submit').click();
    await expect(dialog.getByText('A discipline appears more than once.').first()).toBeVisible();
    await choose(
      owner,
      dialog.getByRole('textbox', { name: 'Discipline 2', exact: true }),
      'Hidráulica (HID)',
    );

    // An image, and the pin placed on it with the markup editor's pin tool.
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'level-01.png', mimeType: 'image/png', buffer: drawingPng() });
    await expect(dialog.getByTestId('form-image')).toHaveCount(1);
    const editor = dialog.getByTestId('pin-editor');
    await editor.scrollIntoViewIfNeeded();
    await expect(editor.locator('canvas').first()).toBeVisible();
    // The pin tool is chosen for the user.
    await expect(editor.getByRole('button', { name: 'Pin', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const box = await editor.locator('.konvajs-content').boundingBox();
    if (!box) throw new Error('no editor canvas');
    await owner.mouse.click(box.x + box.width / 2, box.y + Math.min(box.height / 2, 120));
    await expect(dialog.getByTestId('form-pin')).toContainText('Pin on “level-01”');

    // The server's rules come back translated next to the field: a resolved issue cannot have pending work.
    await choose(owner, dialog.getByRole('textbox', { name: 'Status', exact: true }), 'Resolved');
    await dialog.getByTestId('issue-form-submit').click();
    await expect(dialog.getByText('With pending disciplines the issue must stay active.')).toBeVisible();
    await choose(owner, dialog.getByRole('textbox', { name: 'Status', exact: true }), 'Active');
    await dialog.getByTestId('issue-form-submit').click();

    // The new issue opens, with both disciplines, the image and the pin over it.
    await expect(owner.getByTestId('issue-view')).toBeVisible();
    await expect(owner.getByTestId('issue-title')).toHaveText('Pipe crosses the beam V12');
    await expect(owner.getByTestId('issue-discipline-row')).toHaveCount(2);
    await expect(owner.getByTestId('attachment-image')).toBeVisible();
    await expect(owner.getByTestId('issue-pin')).toContainText('level-01');
    const issueId = Number(await owner.getByTestId('issue-view').getAttribute('data-issue-id'));
    const stored = await gql<{
      issue: { pin: { x: number; y: number; image: { index: number } }; images: { title: string }[] };
    }>(
      request,
      world.owner.token,
      'query($p: Int!, $i: Int!) { issue(projectId: $p, issueId: $i) { pin images { title } } }',
      { p: world.projectId, i: issueId },
    );
    expect(stored.issue.images.map((i) => i.title)).toEqual(['level-01']);
    expect(stored.issue.pin.image.index).toBe(0);
    expect(stored.issue.pin.x).toBeGreaterThan(0);

    // The collaborator of EST sees it pending for them, and may change only their own discipline.
    const collaborator = await signedInPage(browser, baseURL, world.collaborator);
    await openIssue(collaborator, world.projectId, issueId);
    await expect(collaborator.getByTestId('issue-pending')).toBeVisible();
    const estRow = collaborator.locator('[data-testid=issue-discipline-row][data-discipline=EST]');
    const hidRow = collaborator.locator('[data-testid=issue-discipline-row][data-discipline=HID]');
    await expect(estRow.getByTestId('discipline-pending')).toBeVisible();
    await expect(hidRow.getByTestId('discipline-status')).toHaveText('To do');
    await expect(collaborator.getByTestId('edit-issue')).toHaveCount(0);

    // The coordinator finishes HID: EST is still pending, so the issue stays active.
    await choose(owner, owner.getByRole('textbox', { name: 'Status of Hidráulica (HID)' }), 'Done');
    await expect(owner.getByTestId('issue-status').first()).toHaveAttribute('data-value', 'active');
    // The collaborator's open page follows live.
    await expect(hidRow.getByTestId('discipline-status')).toHaveText('Done');

    // The collaborator finishes EST: no discipline is pending, the issue resolves itself.
    await choose(
      collaborator,
      collaborator.getByRole('textbox', { name: 'Status of Estrutura (EST)' }),
      'Done',
    );
    await expect(collaborator.getByTestId('issue-status').first()).toHaveAttribute('data-value', 'resolved');
    await expect(collaborator.getByTestId('issue-pending')).toHaveCount(0);
    await expect(owner.getByTestId('issue-status').first()).toHaveAttribute('data-value', 'resolved');
    await owner.getByRole('tab', { name: 'History' }).click();
    await expect(owner.getByTestId('issue-history')).toContainText('EST: To do → Done');
  });
});
