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

test.describe('admin area and company pages (issue 4)', () => {
  test('the platform administrator creates a company with a limit and edits it', async ({ page, obra }) => {
    const admin = demoUser(obra, 'platformAdmin');
    const name = `E2E Construtora ${Date.now()}`;
    await page.goto('/admin');
    await signInWithForm(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/admin\/companies$/);
    await expect(page.getByTestId('admin-companies-table')).toContainText('Obra Demo');

    await page.getByRole('button', { name: 'New company' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Company name').fill(name);
    await dialog.getByLabel('CNPJ').fill('12.345.678/0001-95');
    await dialog.getByLabel('Maximum active projects').fill('3');
    await dialog.getByRole('button', { name: 'Create company' }).click();
    await expect(dialog).toBeHidden();
    const row = page.locator(`[data-testid="admin-company-row"][data-name="${name}"]`);
    await expect(row.getByTestId('admin-company-usage')).toHaveText('0 / 3');

    // The search starts at two characters.
    const search = page.getByPlaceholder('Search companies');
    await search.fill('E');
    await expect(page.getByText('Type at least 2 characters to search.')).toBeVisible();
    await search.fill(name);
    await expect(page.getByTestId('admin-company-row')).toHaveCount(1);

    await row.getByRole('button', { name: `Edit ${name}` }).click();
    await expect(dialog.getByLabel('Maximum active projects')).toHaveValue('3');
    await dialog.getByLabel('Maximum active projects').fill('-1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByTestId('admin-company-usage')).toHaveText('0 / unlimited');

    await row.getByRole('link', { name }).click();
    await expect(page).toHaveURL(/\/admin\/company\/\d+\/profile$/);
    await expect(page.getByTestId('company-profile-cnpj')).toHaveText('12.345.678/0001-95');
    await expect(page.getByTestId('company-profile-usage')).toHaveText('0 / unlimited');
    // The drive plan: a trial not yet started, lifted by the switch (editor §9).
    const drive = page.getByTestId('admin-company-drive');
    await expect(drive.getByTestId('admin-company-drive-state')).toHaveText(
      'Trial not started (starts at the first upload)',
    );
    await drive.getByLabel('Drive enabled (no trial limit)').click();
    await expect(drive.getByTestId('admin-company-drive-state')).toHaveText('Enabled');
    await expect(drive.getByLabel('Drive enabled (no trial limit)')).toBeChecked();
    await page.getByTestId('admin-company-tab-members').click();
    await expect(page).toHaveURL(/\/admin\/company\/\d+\/members$/);
    await expect(page.getByText('The company has no members.')).toBeVisible();
  });

  test('the company administrator sees the profile and members and changes a role', async ({
    page,
    obra,
  }) => {
    const admin = demoUser(obra, 'companyAdmin');
    const member = demoUser(obra, 'demo');
    await page.goto('/workspace/company');
    await signInWithForm(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/workspace\/company\/profile$/);
    await expect(page.getByTestId('company-profile-name')).toHaveText('Obra Demo');
    await expect(page.getByTestId('company-profile-usage')).toContainText(' / ');

    await page.getByTestId('side-menu-companyMembers').click();
    await expect(page).toHaveURL(/\/workspace\/company\/members$/);
    const row = page.locator(`[data-testid="company-member-row"][data-email="${member.email}"]`);
    const role = row.getByTestId('member-role-select');
    await expect(role).toHaveValue('Collaborator');
    await role.click();
    await page.getByRole('option', { name: 'Manager' }).click();
    await expect(page.getByText('Demo User is now Manager.')).toBeVisible();
    await page.reload();
    await expect(role).toHaveValue('Manager');
    // Back as seeded, for the other journeys.
    await role.click();
    await page.getByRole('option', { name: 'Collaborator' }).click();
    await expect(page.getByText('Demo User is now Collaborator.')).toBeVisible();

    // The only administrator cannot leave: the typed confirmation, then the translated refusal.
    const self = page.locator(`[data-testid="company-member-row"][data-email="${admin.email}"]`);
    await self.getByTestId('member-remove').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Type "remove" to confirm').fill('remove');
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(dialog.getByRole('alert')).toContainText('The company needs at least one administrator');
  });

  test("the platform administrator opens a project's setup from the projects list", async ({
    page,
    obra,
  }) => {
    const admin = demoUser(obra, 'platformAdmin');
    await page.goto('/admin/projects');
    await signInWithForm(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/admin\/projects$/);
    await page.getByRole('link', { name: 'Edifício Aurora (demo)' }).click();
    await expect(page).toHaveURL(/\/admin\/project\/\d+\/setup\/profile$/);
    await expect(page.getByTestId('admin-project-owner')).toHaveText('Owner company: Obra Demo');
    await expect(page.getByLabel('Project name')).toHaveValue('Edifício Aurora (demo)');

    // The sections of the admin route table (spec core §2 Admin): no groups, tags or duplication.
    const menu = page.getByTestId('setup-menu');
    await expect(menu.getByRole('link', { name: 'Import settings' })).toHaveAttribute(
      'href',
      /\/setup\/import$/,
    );
    await expect(menu.getByRole('link', { name: 'Export settings' })).toHaveAttribute(
      'href',
      /\/setup\/export$/,
    );
    await expect(menu.getByRole('link', { name: 'Groups' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Duplicate project' })).toHaveCount(0);

    await page.getByTestId('setup-menu-disciplines').click();
    await expect(page).toHaveURL(/\/admin\/project\/\d+\/setup\/disciplines$/);
    await expect(page.getByTestId('disciplines-table')).toContainText('HID');
    await page.getByTestId('setup-menu-companies').click();
    await expect(page.getByTestId('project-companies')).toContainText('Instala Engenharia (demo)');
    await expect(page.getByTestId('project-companies')).toContainText('Gerencia Consultoria (demo)');
    await page.getByTestId('setup-menu-drive').click();
    await expect(page.getByTestId('naming-rule-field').last()).toHaveAttribute('data-field', 'revision');
    await expect(page.getByTestId('naming-rule-example')).toHaveText(/^EA-ARQ-\w+-TA-PLN-001-R00$/);
    await page.getByTestId('setup-menu-importSettings').click();
    await expect(page).toHaveURL(/\/setup\/import$/);
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(/\/admin\/projects$/);
  });
});
