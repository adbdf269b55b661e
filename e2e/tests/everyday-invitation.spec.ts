import { expect, test } from '../fixtures.ts';
import { createUser, enterCode, readCode, signInWithForm, STRONG_PASSWORD } from './identity-helpers.ts';
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
      /https?:\/\/[^\s"<]+\/onboarding\/company\?inviteId=\d+&email=[^\s"<&]+&token=[\w-]+/.exec(mail)?.[0] ??
      '';
    expect(link).toContain(`email=${encodeURIComponent(invitee)}`);
    expect(mail).toMatch(/<a href="https?:\/\/[^"]+\/onboarding\/company\?inviteId=\d+&#38;email=/);

    // The link lands on the sign-in: the invitation is said, the address is filled in; so on the sign-up.
    const guest = await browser.newContext({ baseURL, locale: 'en-US' });
    const page = await guest.newPage();
    await page.goto(link);
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await expect(page.getByTestId('invitation-notice')).toContainText(invitee);
    // The signed link names the inviting company, the inviter and the role before anyone signs in.
    await expect(page.getByTestId('invitation-named')).toContainText(
      `invites you to join ${company} as Collaborator`,
    );
    await expect(page.getByLabel('E-mail')).toHaveValue(invitee);
    await page.getByRole('link', { name: 'Sign up' }).click();
    await expect(page.getByTestId('invitation-notice')).toContainText(`${company} invites you`);
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

  test("a project invitation's link lands on the home page with that invitation singled out, accepted from the keyboard", async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    test.setTimeout(180_000);
    const owner = await createUser(request, obra, { onboarded: true, tag: 'proj-owner' });
    const guestAdmin = await createUser(request, obra, { onboarded: true, tag: 'proj-guest' });
    const ownerToken = await tokenOf(request, owner.email);
    const guestToken = await tokenOf(request, guestAdmin.email);
    const projectName = `Ponte Estaiada ${Math.floor(Math.random() * 1e5)}`;
    const created = await gql<{ createProject: { id: number } }>(
      request,
      ownerToken,
      'mutation($n: String!) { createProject(name: $n) { id } }',
      { n: projectName },
    );
    const guestCompany = await gql<{ loggedUserData: { companyId: number } }>(
      request,
      guestToken,
      '{ loggedUserData { companyId } }',
    );
    const roles = await gql<{ systemRoles: { id: number; type: string; name: string }[] }>(
      request,
      ownerToken,
      '{ systemRoles { id type name } }',
    );
    const coordinator = roles.systemRoles.find((r) => r.type === 'project' && r.name === 'coordinator');
    const sent = await gql<{ createProjectCompanyInvite: { id: number } }>(
      request,
      ownerToken,
      `mutation($p: Int!, $c: Int!, $r: Int!) {
        createProjectCompanyInvite(projectId: $p, companyId: $c, projectRoleId: $r, allDisciplines: true, disciplinesId: []) { id } }`,
      { p: created.createProject.id, c: guestCompany.loggedUserData.companyId, r: coordinator?.id ?? 0 },
    );
    const inviteId = sent.createProjectCompanyInvite.id;

    // The e-mail to the invited company's administrator links to this invitation.
    let mail = '';
    await expect
      .poll(() => {
        mail = newestMail(
          obra
            .outbox()
            .filter(
              (m) =>
                m.raw.toLowerCase().includes(guestAdmin.email.toLowerCase()) && m.raw.includes(projectName),
            )
            .map((m) => m.raw),
        );
        return mail;
      })
      .toContain(`/workspace/home?projectInvite=${inviteId}`);
    const link = /https?:\/\/[^\s"<]+\/workspace\/home\?projectInvite=\d+/.exec(mail)?.[0] ?? '';

    // Signed out, the link goes through the sign-in and comes back to the home page, the invitation singled out.
    const context = await browser.newContext({ baseURL, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(link);
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await signInWithForm(page, guestAdmin.email, STRONG_PASSWORD);
    await expect(page).toHaveURL(new RegExp(`/workspace/home\\?projectInvite=${inviteId}`));
    const card = page.locator('[data-testid="project-invite"][data-linked="true"]');
    await expect(card).toContainText(projectName);
    // The accept button has the focus: Enter answers it, without the mouse.
    await expect(card.getByRole('button', { name: 'Accept' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText(`Your company now takes part in ${projectName}.`)).toBeVisible();
    await expect(page.getByTestId('projects-active')).toContainText(projectName);
    // The same link, opened again, says the invitation is no longer pending.
    await page.goto(link);
    await expect(page.getByTestId('project-invite-gone')).toBeVisible();
    await context.close();
  });
});
