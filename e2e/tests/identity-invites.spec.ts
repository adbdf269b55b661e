import type { ObraServer } from '../fixtures.ts';
import { expect, test } from '../fixtures.ts';
import { createUser, enterCode, readCode, signInWithForm, STRONG_PASSWORD } from './identity-helpers.ts';

test.use({ locale: 'en-US' });

/** The invitation link of the newest invitation e-mail to `email`. */
async function inviteLink(obra: ObraServer, email: string): Promise<string> {
  let link = '';
  await expect
    .poll(() => {
      const mail = obra
        .outbox()
        .filter((m) => m.raw.toLowerCase().includes(email.toLowerCase()))
        .at(-1);
      const body = (mail?.raw ?? '').replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
      link = /\/onboarding\/company\?inviteId=\d+/.exec(body)?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  return link;
}

test.describe('company invitations', () => {
  test('an administrator invites someone outside the domain; the invitee signs up from the link and joins', async ({
    page,
    browser,
    baseURL,
    request,
    obra,
  }) => {
    const admin = await createUser(request, obra, { onboarded: true, tag: 'inviter' });
    await page.goto('/workspace');
    await signInWithForm(page, admin.email, admin.password);
    const company = (await page.getByTestId('workspace-company').textContent()) ?? '';
    expect(company).not.toBe('');

    await page.getByTestId('side-menu-companyMembers').click();
    await expect(page.getByTestId('company-invites-empty')).toBeVisible();
    const invitee = `guest-${Date.now()}@elsewhere.example`;
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('E-mail').fill(invitee);
    await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
    await expect(dialog.getByTestId('invite-domain-confirmation')).toContainText(
      'Does this collaborator really belong to your company?',
    );
    await dialog.getByRole('button', { name: 'Yes, invite' }).click();
    await expect(page.getByTestId('company-invites-table')).toContainText(invitee);
    await expect(page.getByTestId('company-invites-table')).toContainText('Pending');

    const link = await inviteLink(obra, invitee);
    const guest = await browser.newContext({ baseURL, locale: 'en-US' });
    const guestPage = await guest.newPage();
    await guestPage.goto(link);
    await expect(guestPage).toHaveURL(/\/login\?redirect=%2Fonboarding%2Fcompany%3FinviteId%3D\d+$/);
    await guestPage.getByRole('link', { name: 'Sign up' }).click();
    await guestPage.getByLabel('First name').fill('Gil');
    await guestPage.getByLabel('Last name').fill('Convidado');
    await guestPage.getByLabel('E-mail').fill(invitee);
    await guestPage.getByRole('textbox', { name: 'Password', exact: true }).fill(STRONG_PASSWORD);
    await guestPage.getByLabel('Confirm the password').fill(STRONG_PASSWORD);
    await guestPage.getByRole('button', { name: 'Create account' }).click();
    await enterCode(guestPage, await readCode(obra, invitee));
    await guestPage.getByRole('button', { name: 'Confirm' }).click();

    await guestPage.getByLabel(/I have read and accept/).check();
    await guestPage.getByRole('button', { name: 'Accept and continue' }).click();
    await expect(guestPage).toHaveURL(/\/onboarding\/(userprofile|company)/);
    if (guestPage.url().includes('userprofile'))
      await guestPage.getByRole('button', { name: 'Continue' }).click();
    await expect(guestPage).toHaveURL(/\/onboarding\/company\?inviteId=\d+$/);
    const invites = guestPage.getByTestId('company-invites');
    await expect(invites).toContainText(company);
    await invites.getByRole('button', { name: 'Accept' }).first().click();
    const confirm = guestPage.getByRole('dialog');
    await expect(confirm).toContainText('Does this collaborator really belong to your company?');
    await confirm.getByRole('button', { name: 'Yes, join' }).click();
    await expect(guestPage).toHaveURL(/\/workspace\/home$/);
    await expect(guestPage.getByTestId('workspace-company')).toHaveText(company);
    await guest.close();

    await page.reload();
    await expect(page.getByTestId('company-invites-table')).toContainText('Accepted');
  });
});
