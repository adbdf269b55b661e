import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { buildIssueWorld, createIssueByApi, openIssue, signedInPage } from './issue-view-helpers.ts';
import { gql } from './project-helpers.ts';

// The everyday work (issue 21): a deadline in the past asks for confirmation.

/** A calendar date some days before today, in the browser's time zone (YYYY-MM-DD). */
function daysAgo(page: Page, days: number): Promise<string> {
  return page.evaluate((n) => {
    const d = new Date();
    d.setDate(d.getDate() - n);
    const pad = (v: number) => String(v).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  }, days);
}

interface Stored {
  issue: { deadline: string | null; disciplines: { disciplineId: number; deadline: string | null }[] };
}

test.describe('everyday work: deadlines', () => {
  test('a past deadline, on a discipline or in the edit form, is saved only after a confirmation', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    test.setTimeout(180_000);
    const world = await buildIssueWorld(request, obra);
    const issueId = await createIssueByApi(request, world, { t: 'Prazo da armadura da laje' });
    const stored = async () =>
      (
        await gql<Stored>(
          request,
          world.owner.token,
          'query($p: Int!, $i: Int!) { issue(projectId: $p, issueId: $i) { deadline disciplines { disciplineId deadline } } }',
          { p: world.projectId, i: issueId },
        )
      ).issue;
    const page = await signedInPage(browser, baseURL, world.owner);
    await openIssue(page, world.projectId, issueId);
    const lastWeek = await daysAgo(page, 7);
    const yesterday = await daysAgo(page, 1);

    // The discipline's deadline on the issue view: going back leaves it as it was.
    const input = page.getByLabel(/^Deadline of .*Estrutura|^Deadline of EST/).first();
    await input.fill(lastWeek);
    await input.blur();
    const ask = page.getByRole('dialog', { name: 'A deadline in the past' });
    await expect(ask).toBeVisible();
    await ask.getByTestId('past-deadline-back').click();
    await expect(ask).toBeHidden();
    await expect(input).toHaveValue('');
    expect((await stored()).disciplines.every((d) => d.deadline === null)).toBe(true);
    await input.fill(lastWeek);
    await input.blur();
    await ask.getByTestId('past-deadline-save').click();
    await expect
      .poll(
        async () =>
          (await stored()).disciplines.find((d) => d.disciplineId === world.disciplineIds[0])?.deadline,
      )
      .toBe(lastWeek);

    // The edit form: the new past deadline is named; the discipline's one, already there, asks nothing.
    await page.getByTestId('edit-issue').click();
    const form = page.getByRole('dialog');
    await form.getByLabel('Deadline', { exact: true }).fill(yesterday);
    await form.getByTestId('issue-form-submit').click();
    const confirm = form.getByTestId('past-deadline-confirm');
    await expect(confirm).toContainText('This deadline is in the past');
    await expect(confirm).toContainText('has already gone by');
    await confirm.getByTestId('past-deadline-back').click();
    await expect(confirm).toBeHidden();
    await expect(form.getByTestId('issue-form-submit')).toBeVisible();
    expect((await stored()).deadline).toBeNull();
    await form.getByTestId('issue-form-submit').click();
    await form.getByTestId('past-deadline-save').click();
    await expect(form).toBeHidden();
    await expect.poll(async () => (await stored()).deadline).toBe(yesterday);
  });
});
