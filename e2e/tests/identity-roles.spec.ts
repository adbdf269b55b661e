import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type ObraServer } from '../fixtures.ts';
import { signInWithForm } from './identity-helpers.ts';

test.use({ locale: 'en-US' });

interface DemoUser {
  email: string;
  password: string;
  role: string;
}

/** A sign-in the demo seed wrote to $DATA_DIR/demo-users.json on the server's first start. */
function demoUser(obra: ObraServer, role: string): DemoUser {
  const users = JSON.parse(fs.readFileSync(path.join(obra.dataDir, 'demo-users.json'), 'utf8')) as DemoUser[];
  const user = users.find((u) => u.role === role);
  if (!user) throw new Error(`no demo user with role ${role}`);
  return user;
}

test.describe('roles at the guards (spec core §4)', () => {
  test('a platform administrator is forced into /admin', async ({ page, obra }) => {
    const admin = demoUser(obra, 'platformAdmin');
    await page.goto('/workspace/home');
    await signInWithForm(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/admin\/companies$/);
    await expect(page.getByTestId('admin-companies')).toBeVisible();
    await page.goto('/workspace/user/profile');
    await expect(page).toHaveURL(/\/admin\/companies$/);
    await page.goto('/onboarding/company');
    await expect(page).toHaveURL(/\/admin\/companies$/);
  });

  test('a company user is kept out of /admin', async ({ page, obra }) => {
    const user = demoUser(obra, 'companyAdmin');
    await page.goto('/admin');
    await signInWithForm(page, user.email, user.password);
    await expect(page).toHaveURL(/\/workspace\/home$/);
    await expect(page.getByTestId('workspace-company')).toHaveText('Obra Demo');
  });

  test('a demo user counts as signed in only in the tab that signed in, and demo mode forbids changes', async ({
    page,
    context,
    obra,
  }) => {
    const demo = demoUser(obra, 'demo');
    await page.goto('/workspace/user/accessKeys');
    await signInWithForm(page, demo.email, demo.password);
    await expect(page).toHaveURL(/\/workspace\/user\/accessKeys$/);

    await page.getByRole('button', { name: 'New access key' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('Demo key');
    await page.getByRole('dialog').getByRole('button', { name: 'New access key' }).click();
    await expect(page.getByRole('dialog').getByTestId('form-error')).toContainText(
      'This action is not allowed in demo mode.',
    );
    await page.keyboard.press('Escape');

    // Same browser, same refresh cookie, but a new tab: the demo session is not taken over.
    const otherTab = await context.newPage();
    await otherTab.goto('/workspace/home');
    await expect(otherTab).toHaveURL(/\/login\?redirect=%2Fworkspace%2Fhome$/);

    await page.reload();
    await expect(page).toHaveURL(/\/workspace\/user\/accessKeys$/);
  });
});
