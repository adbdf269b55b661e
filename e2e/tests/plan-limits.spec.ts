import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type ObraServer } from '../fixtures.ts';
import { createUser, signInWithForm } from './identity-helpers.ts';
import { companyNameOf, gql, tokenOf } from './project-helpers.ts';

test.use({ locale: 'en-US' });

function platformAdmin(obra: ObraServer): { email: string; password: string } {
  const users = JSON.parse(fs.readFileSync(path.join(obra.dataDir, 'demo-users.json'), 'utf8')) as {
    email: string;
    password: string;
    role: string;
  }[];
  const admin = users.find((u) => u.role === 'platformAdmin');
  if (!admin) throw new Error('no platform admin in the demo');
  return admin;
}

test.describe('plan limits (issue 33 item 5)', () => {
  test('a company at its active-project limit sees the upgrade prompt instead of a new project', async ({
    page,
    request,
    obra,
  }) => {
    const owner = await createUser(request, obra, { onboarded: true, tag: 'limit' });
    const companyName = await companyNameOf(request, owner.email);
    // The owner's first project, through the API.
    const ownerToken = await tokenOf(request, owner.email);
    await gql(request, ownerToken, 'mutation($n: String!) { createProject(name: $n) { id } }', {
      n: `Primeiro ${Date.now()}`,
    });

    // The platform administrator sets the company's plan to one active project.
    const admin = platformAdmin(obra);
    const signIn = await request.post('/auth/sign-in', {
      data: { email: admin.email, password: admin.password },
    });
    expect(signIn.ok()).toBe(true);
    const adminToken = ((await signIn.json()) as { accessToken: string }).accessToken;
    const { adminCompanies } = await gql<{ adminCompanies: { id: number; name: string }[] }>(
      request,
      adminToken,
      '{ adminCompanies { id name } }',
    );
    const company = adminCompanies.find((c) => c.name === companyName);
    expect(company).toBeDefined();
    await gql(
      request,
      adminToken,
      'mutation($id: Int!, $input: AdminCompanyInput!) { adminUpdateCompany(companyId: $id, input: $input) { id } }',
      { id: company?.id, input: { name: companyName, isActive: true, maxActiveProjects: 1 } },
    );

    await page.goto('/workspace');
    await signInWithForm(page, owner.email, owner.password);
    await page.getByRole('button', { name: 'New project' }).click();
    await page.getByLabel('Project name').fill(`Segundo ${Date.now()}`);
    await page.getByRole('button', { name: 'Create and configure now' }).click();
    const prompt = page.getByTestId('project-limit');
    await expect(prompt).toContainText('Active project limit reached');
    await expect(prompt).toContainText('Upgrade the plan');
    // Nothing was created: still one project on the home.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByTestId('project-card')).toHaveCount(1);
  });
});

test.describe('the drive trial (issue 33 item 5, editor §9)', () => {
  test('the platform administrator ends a company’s trial: its drive stays readable and shows the upgrade prompt', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    test.setTimeout(120_000);
    const owner = await createUser(request, obra, { onboarded: true, tag: 'trial' });
    const companyName = await companyNameOf(request, owner.email);
    const ownerToken = await tokenOf(request, owner.email);
    const created = await gql<{ createProject: { id: number } }>(
      request,
      ownerToken,
      'mutation($n: String!) { createProject(name: $n) { id } }',
      { n: `Torre ${Date.now()}` },
    );

    // Before: the drive invites the first upload.
    const ownerContext = await browser.newContext({ baseURL, locale: 'en-US' });
    const ownerPage = await ownerContext.newPage();
    await ownerPage.goto('/workspace');
    await signInWithForm(ownerPage, owner.email, owner.password);
    // Signed in before going on (a navigation racing the sign-in would land on the sign-in page).
    await expect(ownerPage.getByTestId('workspace-home')).toBeVisible();
    await ownerPage.goto(`/workspace/project/${created.createProject.id}/drive`);
    await expect(ownerPage.getByTestId('drive-plan')).toHaveAttribute('data-state', 'notStarted');
    await expect(ownerPage.getByTestId('drive-upload-send')).toHaveCount(0);
    await expect(ownerPage.getByText(/Drop files or folders here/).first()).toBeVisible();

    // The platform administrator ends the trial from the company's profile, after a confirmation.
    const admin = platformAdmin(obra);
    const adminContext = await browser.newContext({ baseURL, locale: 'en-US' });
    const adminPage = await adminContext.newPage();
    await adminPage.goto('/admin');
    await signInWithForm(adminPage, admin.email, admin.password);
    await expect(adminPage).toHaveURL(/\/admin\/companies$/);
    await adminPage.getByRole('link', { name: companyName }).click();
    const drive = adminPage.getByTestId('admin-company-drive');
    await expect(drive.getByTestId('admin-company-drive-state')).toHaveText(
      'Trial not started (starts at the first upload)',
    );
    await drive.getByRole('button', { name: 'End the trial now' }).click();
    await adminPage.getByRole('dialog').getByRole('button', { name: 'End the trial' }).click();
    await expect(drive.getByTestId('admin-company-drive-state')).toHaveText('Trial ended: read only');
    await adminContext.close();

    // After: the drive is read-only with the upgrade prompt (the server's refusal is in drive-trial.test.ts).
    await ownerPage.reload();
    const prompt = ownerPage.getByTestId('drive-plan');
    await expect(prompt).toHaveAttribute('data-state', 'ended');
    await expect(prompt).toContainText('The drive trial has ended');
    await expect(prompt).toContainText("ask your company's administrator to upgrade the plan");
    await expect(ownerPage.getByText(/Drop files or folders here/)).toHaveCount(0);
    await ownerContext.close();
  });
});
