import { expect, test } from '../fixtures.ts';
import { buildIssueWorld, signedInPage } from './issue-view-helpers.ts';
import { gql } from './project-helpers.ts';

// Smart flow (issue 31 item 6; docs/smart-flow.md) on the scripted model of e2e/openai-sink.ts: a coordinator
// describes a recurring job in words, checks the drafted rule in plain words, saves it, runs it now and finds its
// e-mail in the outbox with the open issue; then pauses and deletes it (with a confirmation).

test.describe('Smart flow', () => {
  test('a rule drafted from words, confirmed, run now: its e-mail reaches the outbox', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    test.setTimeout(120_000);
    const world = await buildIssueWorld(request, obra);
    const created = await gql<{ createIssue: { id: number } }>(
      request,
      world.owner.token,
      `mutation($p: Int!, $d: [IssueDisciplineInput!]) {
        createIssue(projectId: $p, title: "Escada sem guarda-corpo", status: "active", priority: "high",
          visibility: "public", disciplines: $d, pin: { x: 10, y: 10 }) { id } }`,
      { p: world.projectId, d: [{ disciplineId: world.disciplineIds[0], status: 'todo' }] },
    );
    const { issue } = await gql<{ issue: { code: string } }>(
      request,
      world.owner.token,
      'query($p: Int!, $i: Int!) { issue(projectId: $p, issueId: $i) { code } }',
      { p: world.projectId, i: created.createIssue.id },
    );
    await gql(
      request,
      world.owner.token,
      'mutation($u: Int!) { setCompanyMemberAiAssistant(userId: $u, enabled: true) { id } }',
      {
        u: world.owner.id,
      },
    );
    await gql(request, world.owner.token, 'mutation { acceptAiDisclaimer { id } }');

    const page = await signedInPage(browser, baseURL, world.owner);
    await page.getByTestId('side-menu-smartFlow').click();
    await expect(page).toHaveURL(/\/workspace\/smart-flow$/);
    await expect(page.getByTestId('smart-flow-empty')).toBeVisible();

    await page.getByLabel('Describe a rule in words').fill('Every Monday at 8, e-mail me the open issues');
    await page.getByRole('button', { name: 'Draft the rule' }).click();
    const form = page.getByTestId('smart-flow-form');
    await expect(form.getByText('Check the rule before saving')).toBeVisible();
    await expect(form.getByTestId('smart-flow-sentence')).toContainText(
      /^Every Monday at 8:00 AM \(.+\): e-mail me open issues in Edifício Aurora/,
    );
    await form.getByRole('button', { name: 'Save rule' }).click();

    const rule = page.getByTestId('smart-flow-rule');
    await expect(rule).toHaveCount(1);
    await expect(rule).toContainText('Monday open issues');
    await expect(rule).toContainText('Active');
    await expect(rule).toContainText(/Next run/);
    await expect(rule).toContainText('“Every Monday at 8, e-mail me the open issues”');

    await rule.getByRole('button', { name: 'Run now' }).click();
    await expect(rule.getByRole('status')).toHaveText('Run finished: 1 issue(s).');
    await expect(rule.getByTestId('smart-flow-run').first()).toContainText('1 issue(s) · run now');
    await expect
      .poll(() => obra.outbox().filter((m) => m.raw.includes('Monday open issues')).length, {
        timeout: 20_000,
      })
      .toBe(1);
    const mail = obra.outbox().find((m) => m.raw.includes('Monday open issues'))?.raw ?? '';
    expect(mail).toContain(`To: ${world.owner.email}`);
    expect(mail).toContain(issue.code);

    await rule.getByRole('button', { name: 'Pause' }).click();
    await expect(rule).toHaveAttribute('data-paused', 'true');
    await expect(rule).not.toContainText(/Next run/);
    await rule.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete rule' }).click();
    await expect(page.getByTestId('smart-flow-empty')).toBeVisible();
    await page.context().close();
  });
});
