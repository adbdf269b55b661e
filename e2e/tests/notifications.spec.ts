import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { buildIssueWorld, signedInPage } from './issue-view-helpers.ts';
import { createIssues } from './issues-list-helpers.ts';
import { gql } from './project-helpers.ts';
import { waitForMail } from './mail-helpers.ts';

const SCREENSHOTS = 'docs/screenshots';

/** Picks an option of a Mantine select by its label. */
async function choose(page: Page, testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByTestId(testId)).toHaveValue(option);
}

test.describe('notifications', () => {
  test('settings → a mention → the bell → the digest from the mailbox (only what the reader may see) → its link → unsubscribe', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    test.setTimeout(240_000);
    const world = await buildIssueWorld(request, obra);
    const reader = world.collaborator;
    const [issueId] = await createIssues(request, world, [{ title: 'Viga V12 interfere com o duto' }]);

    // The reader chooses a digest every 15 minutes and no immediate e-mail for mentions.
    const page = await signedInPage(browser, baseURL, reader);
    await page.getByTestId('notification-bell').click();
    await page.getByRole('link', { name: 'Notification settings' }).click();
    await expect(page).toHaveURL(/\/workspace\/user\/notifications$/);
    await expect(page.getByTestId('notifications-issue-emails')).toHaveValue('Hourly');
    await choose(page, 'notifications-issue-emails', 'Every 15 minutes');
    await expect(page.getByText('Notification settings saved.').first()).toBeVisible();
    const mentionSwitch = page.getByRole('switch', { name: 'When someone mentions me' });
    await expect(mentionSwitch).toBeChecked();
    await mentionSwitch.click({ force: true });
    await expect(mentionSwitch).not.toBeChecked();
    // Saved on the server: a fresh load shows the choices.
    await page.reload();
    await expect(page.getByTestId('notifications-issue-emails')).toHaveValue('Every 15 minutes');
    await expect(mentionSwitch).not.toBeChecked();
    await page.screenshot({ path: `${SCREENSHOTS}/notifications-settings.png`, fullPage: true });

    // The coordinator mentions the reader, and writes a public comment that is then restricted to project
    // management: the reader lost access to it before the digest is sent.
    const comment = (message: string, mentioned: number[]) =>
      gql<{ createProjectIssueComment: { id: number } }>(
        request,
        world.owner.token,
        `mutation($p: Int!, $i: Int!, $m: String!, $u: [Int!]) {
          createProjectIssueComment(projectId: $p, issueId: $i, message: $m, visibility: "public", mentionedUsers: $u) { id } }`,
        { p: world.projectId, i: issueId, m: message, u: mentioned },
      );
    const mention = (await comment('Pode verificar a viga V12, por favor?', [reader.id]))
      .createProjectIssueComment.id;
    const secret = (await comment('Custo extra de 12 mil', [])).createProjectIssueComment.id;
    await gql(
      request,
      world.owner.token,
      `mutation($p: Int!, $c: Int!) {
        updateProjectIssueComment(projectId: $p, commentId: $c, message: "Custo extra de 12 mil", visibility: "project_management") { id } }`,
      { p: world.projectId, c: secret },
    );

    // The bell: the mention first-class, nothing of the restricted comment.
    await page.goto('/workspace/home');
    await page.getByTestId('notification-bell').click();
    const items = page.getByTestId('notification-centre-item');
    await expect(items.filter({ hasText: 'Mention' })).toHaveCount(1);
    await expect(items.filter({ hasText: 'Pode verificar a viga V12' })).toHaveCount(1);
    await expect(items.filter({ hasText: 'Viga V12 interfere com o duto' }).first()).toBeVisible();
    await expect(items.filter({ hasText: 'Custo extra' })).toHaveCount(0);
    await expect(page.getByTestId('notification-bell')).toHaveAccessibleName(/Notifications: \d+ unread/);
    await page.screenshot({ path: `${SCREENSHOTS}/notifications-bell.png` });
    await page.keyboard.press('Escape');

    // The digest of the 15-minute period (the schedules are off under test: the test route runs the real job).
    const run = await request.post('/test/jobs/notifications/digest', {
      data: { kind: 'issues', frequency: 'fifteenMinutes' },
    });
    expect(run.ok()).toBe(true);
    const mail = await waitForMail(obra, reader.email, /^Obra: \d+ new updates?$/);
    expect(mail.text).toContain('In the last 15 minutes');
    expect(mail.text).toContain('Viga V12 interfere com o duto');
    expect(mail.text).toContain('mentioned you');
    expect(mail.text).toContain('Pode verificar a viga V12, por favor?');
    expect(mail.text).not.toContain('Custo extra');
    expect(mail.html).not.toContain('Custo extra');
    // Mentions come first.
    expect(mail.text.indexOf('mentioned you')).toBeLessThan(mail.text.indexOf('created the issue'));
    const link = `${baseURL}/workspace/project/${world.projectId}/issues/${issueId}?comment=${mention}#comment-${mention}`;
    expect(mail.text).toContain(link);
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const unsubscribe = /^<([^>]+)>$/.exec(mail.headers.get('list-unsubscribe') ?? '')?.[1] ?? '';
    expect(unsubscribe).toContain(`${baseURL}/notifications/unsubscribe?token=`);
    // A second run of the same period sends nothing more.
    const again = await request.post('/test/jobs/notifications/digest', {
      data: { kind: 'issues', frequency: 'fifteenMinutes' },
    });
    expect(((await again.json()) as { sent: number }).sent).toBe(0);

    // The e-mail as a mail client shows it, and its link into the issue's comment.
    const mailPage = await page.context().newPage();
    await mailPage.setViewportSize({ width: 720, height: 900 });
    await mailPage.setContent(mail.html);
    await expect(mailPage.getByText('Pode verificar a viga V12, por favor?')).toBeVisible();
    await mailPage.screenshot({ path: `${SCREENSHOTS}/notifications-digest-email.png`, fullPage: true });
    await mailPage.locator(`a[href="${link}"]`).first().click();
    await expect(mailPage).toHaveURL(link);
    await expect(mailPage.getByTestId('issue-view')).toBeVisible();
    await expect(mailPage.getByText('Pode verificar a viga V12, por favor?').first()).toBeVisible();
    await mailPage.close();

    // One-click unsubscribe, without signing in: it turns off the issue e-mails, and nothing else.
    const stranger = await browser.newContext({ baseURL, locale: 'en-US' });
    const unsubscribePage = await stranger.newPage();
    await unsubscribePage.goto(unsubscribe);
    await expect(unsubscribePage.getByText(reader.email)).toBeVisible();
    await unsubscribePage.getByRole('button').click();
    await expect(unsubscribePage.getByRole('status')).toBeVisible();
    await stranger.close();
    await page.goto('/workspace/user/notifications');
    await expect(page.getByTestId('notifications-issue-emails')).toHaveValue('Off');
    await expect(page.getByTestId('notifications-pending-summary')).toHaveValue('Weekly');
    await expect(
      page.getByRole('switch', { name: 'When an issue is newly assigned to my discipline' }),
    ).toBeChecked();

    // Reading from the bell: the issue opens and its notifications are read.
    await page.getByTestId('notification-bell').click();
    await page.getByTestId('notification-centre-item').first().click();
    await expect(page).toHaveURL(new RegExp(`/issues/${issueId}$`));
    await expect(page.getByTestId('notification-bell')).toHaveAccessibleName('Notifications: 0 unread');
    await page.context().close();
  });
});
