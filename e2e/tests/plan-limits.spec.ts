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
