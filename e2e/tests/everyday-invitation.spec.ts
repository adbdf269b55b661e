import { expect, test } from '../fixtures.ts';
import { createUser, enterCode, readCode, STRONG_PASSWORD } from './identity-helpers.ts';
import { gql, tokenOf } from './project-helpers.ts';

// The everyday work (issue 21): the invitation e-mail's link is a real link; it lands on the sign-in with the
// invitation said and the address filled in, and the invitation opens, named, right after.

/** The newest e-mail to `email`, quoted-printable undone. */
function newestMail(raw: string[]): string {
  return (raw.at(-1) ?? '').replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
}

test.describe('everyday work: invitations', () => {
  test('the link of the invitation e-mail opens a sign-up with the address filled in, then the named invitation', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    test.setTimeout(180_000);
    const admin = await createUser(request, obra, { onboarded: true, tag: 'inviter' });
    const token = await tokenOf(request, admin.email);
    const me = await gql<{ loggedUserData: { company: { name: string } } }>(
      request,
      token,
      '{ loggedUserData { company { name } } }',
    );
    const company = me.loggedUserData.company.name;
    const invitee = `guest-${Date.now()}@elsewhere.example`;
    await gql(
      request,
      token,
      'mutation($e: String!) { inviteCompanyMember(email: $e, role: "collaborator") { id } }',
      {
        e: invitee,
      },
    );

    // The e-mail: its HTML part holds the link as an anchor; the link carries the invitee's address.
    let mail = '';
    await expect
      .poll(() => {
        mail = newestMail(
          obra
            .outbox()
            .filter((m) => m.raw.toLowerCase().includes(invitee))
            .map((m) => m.raw),
        );
        return mail;
      })
      .toContain('/onboarding/company?inviteId=');
    const link =
      /https?:\/\/[^\s"<]+\/onboarding\/company\?inviteId=\d+&email=[^\s"<&]+/.exec(mail)?.[0] ?? '';
    expect(link).toContain(`email=${encodeURIComponent(invitee)}`);
    expect(mail).toMatch(/<a href="https?:\/\/[^"]+\/onboarding\/company\?inviteId=\d+&#38;email=/);

    // The link lands on the sign-in: the invitation is said, the address is filled in; so on the sign-up.
    const guest = await browser.newContext({ baseURL, locale: 'en-US' });
    const page = await guest.newPage();
    await page.goto(link);
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await expect(page.getByTestId('invitation-notice')).toContainText(invitee);
    await expect(page.getByLabel('E-mail')).toHaveValue(invitee);
    await page.getByRole('link', { name: 'Sign up' }).click();
    await expect(page.getByTestId('invitation-notice')).toContainText('You have an invitation');
    await expect(page.getByLabel('E-mail')).toHaveValue(invitee);
    await page.getByLabel('First name').fill('Gil');
    await page.getByLabel('Last name').fill('Convidado');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(STRONG_PASSWORD);
    await page.getByLabel('Confirm the password').fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await enterCode(page, await readCode(obra, invitee));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByLabel(/I have read and accept/).check();
    await page.getByRole('button', { name: 'Accept and continue' }).click();
    await expect(page).toHaveURL(/\/onboarding\/(userprofile|company)/);
    if (page.url().includes('userprofile')) await page.getByRole('button', { name: 'Continue' }).click();

    // The invitation, named: the company that invites.
    await expect(page).toHaveURL(/\/onboarding\/company\?inviteId=\d+/);
    await expect(page.getByTestId('company-invites')).toContainText(company);
    await guest.close();
  });
});
