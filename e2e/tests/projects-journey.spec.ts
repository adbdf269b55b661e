import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { createUser, signInWithForm } from './identity-helpers.ts';
import { companyNameOf, createCompanyCollaborator, gql, tokenOf } from './project-helpers.ts';

test.use({ locale: 'en-US' });

/** A signed-in page of its own (another person at another computer). */
async function signedIn(browser: Browser, baseURL: string | undefined, email: string, password: string) {
  const context = await browser.newContext({ baseURL, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/workspace');
  await signInWithForm(page, email, password);
  await expect(page.getByTestId('workspace-home')).toBeVisible();
  return page;
}

async function openSection(page: Page, section: string) {
  await page.getByTestId(`setup-menu-${section}`).click();
  await expect(page).toHaveURL(new RegExp(`/setup/${section}$`));
}

async function setUpLocals(page: Page) {
  await openSection(page, 'locals');
  await expect(page.getByTestId('tree-empty')).toBeVisible();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const rows = page.getByTestId('tree-row');
  await rows.nth(0).getByLabel('Name').fill('Torre A');
  await rows.nth(0).getByLabel('Abbreviation').fill('TA');
  await page.getByRole('button', { name: 'Add an item inside Torre A' }).click();
  await rows.nth(1).getByLabel('Name').fill('Térreo');
  await rows.nth(1).getByLabel('Abbreviation').fill('TER');
  await expect(rows.nth(1).getByTestId('tree-abbreviation')).toHaveText('TA.TER');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Changes saved.').last()).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('tree-row').nth(1).getByLabel('Name')).toHaveValue('Térreo');
}

async function setUpDisciplines(page: Page) {
  await openSection(page, 'disciplines');
  await page.getByRole('button', { name: 'Add standard disciplines' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Architecture (ARQ)').check();
  await dialog.getByLabel('Structure (EST)').check();
  await dialog.getByRole('button', { name: 'Add 2 disciplines' }).click();
  const table = page.getByTestId('disciplines-table');
  await expect(table).toContainText('Structure');
  // Already in the project: checked and locked in the add dialog (editor §5.3).
  await page.getByRole('button', { name: 'Add standard disciplines' }).click();
  await expect(page.getByRole('dialog').getByLabel('Architecture (ARQ)')).toBeChecked();
  await expect(page.getByRole('dialog').getByLabel('Architecture (ARQ)')).toBeDisabled();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Add a custom discipline' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill('Fotovoltaica');
  await page.getByRole('dialog').getByLabel('Abbreviation').fill('FV');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(table.locator('tbody tr')).toHaveCount(3);
}

async function setUpPhases(page: Page) {
  await openSection(page, 'phases');
  const legal = page.getByRole('switch', { name: 'Legal design' });
  const before = await legal.isChecked();
  await legal.click({ force: true });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Changes saved.').last()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Legal design' })).toBeChecked({ checked: !before });
}

async function inviteCompany(page: Page, company: string) {
  await openSection(page, 'companies');
  await page.getByRole('button', { name: 'Invite a company' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Company').fill(company.slice(0, 1));
  await expect(dialog.getByTestId('company-results')).toHaveCount(0);
  await dialog.getByLabel('Company').fill(company);
  await dialog.getByRole('option', { name: company }).click();
  await dialog.getByRole('textbox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Collaborator' }).click();
  await dialog.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(dialog.getByText('Choose at least one discipline, or all disciplines')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Disciplines' }).click();
  await page.getByRole('option', { name: 'ARQ · Architecture' }).click();
  await page.getByRole('option', { name: 'EST · Structure' }).click();
  // Escape closes the open list only, not the dialog.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Send the invitation' }).click();
  const pending = page.getByTestId('project-pending-invites');
  await expect(pending).toContainText(company);
  await expect(pending).toContainText('ARQ');
  await expect(pending).toContainText('EST');
}

test.describe('projects', () => {
  test('an admin creates and sets up a project, invites a company; its admin accepts and its people see it', async ({
    page,
    browser,
    baseURL,
    request,
    obra,
  }) => {
    test.setTimeout(180_000);
    const owner = await createUser(request, obra, { onboarded: true, tag: 'owner' });
    const partner = await createUser(request, obra, { onboarded: true, tag: 'partner' });
    const partnerCompany = await companyNameOf(request, partner.email);
    const collaborator = await createCompanyCollaborator(request, obra, partner.email);
    const projectName = `Residencial Aurora ${Date.now()}`;

    await page.goto('/workspace');
    await signInWithForm(page, owner.email, owner.password);
    await expect(page.getByTestId('workspace-empty')).toBeVisible();
    await page.getByRole('button', { name: 'New project' }).click();
    await page.getByRole('button', { name: 'Create and configure now' }).click();
    await expect(page.getByText('The project name is a required field')).toBeVisible();
    await page.getByLabel('Project name').fill(projectName);
    await page.getByRole('button', { name: 'Create and configure now' }).click();
    // "Configure now" walks through the setup, starting with the locations (issue 21).
    await expect(page).toHaveURL(/\/workspace\/project\/\d+\/setup\/locals\?walkthrough=1$/);
    await expect(page.getByTestId('project-name')).toHaveText(projectName);

    await setUpLocals(page);
    await setUpDisciplines(page);
    await setUpPhases(page);
    await inviteCompany(page, partnerCompany);

    const partnerPage = await signedIn(browser, baseURL, partner.email, partner.password);
    const invite = partnerPage.getByTestId('project-invite').filter({ hasText: projectName });
    await expect(invite).toContainText('Collaborator');
    await invite.getByRole('button', { name: 'Accept' }).click();
    await expect(partnerPage.getByTestId('projects-active')).toContainText(projectName);
    await expect(partnerPage.getByTestId('project-invites')).toHaveCount(0);

    const colleaguePage = await signedIn(browser, baseURL, collaborator.email, collaborator.password);
    const card = colleaguePage.getByTestId('project-card').filter({ hasText: projectName });
    await expect(card).toBeVisible();
    // A collaborator's company role may not create projects.
    await expect(colleaguePage.getByRole('button', { name: 'New project' })).toHaveCount(0);
    await card.getByTestId('project-card-name').click();
    // A project opens on its issues (spec core §2); the setup is one click away.
    await expect(colleaguePage).toHaveURL(/\/workspace\/project\/\d+\/issues$/);
    await colleaguePage.getByTestId('side-menu-setup').click();
    await expect(colleaguePage).toHaveURL(/\/setup\/profile$/);
    await expect(colleaguePage.getByTestId('setup-read-only')).toBeVisible();

    await page.getByTestId('side-menu-back').click();
    await expect(page.getByTestId('projects-active')).toContainText(projectName);
  });

  test('a project duplication finishes and the copy appears inactive on the home', async ({
    page,
    request,
    obra,
  }) => {
    test.setTimeout(120_000);
    const owner = await createUser(request, obra, { onboarded: true, tag: 'duplicator' });
    const token = await tokenOf(request, owner.email);
    const created = await gql<{ createProject: { id: number } }>(
      request,
      token,
      'mutation { createProject(name: "Edifício Sol") { id } }',
    );
    await page.goto(`/workspace/project/${created.createProject.id}/setup/duplicateProject`);
    await signInWithForm(page, owner.email, owner.password);
    await page.getByRole('button', { name: 'Duplicate the project' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Name of the copy')).toHaveValue('Edifício Sol (copy)');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog).toContainText('The copy is created inactive');
    await dialog.getByRole('button', { name: 'Duplicate', exact: true }).click();
    await expect(dialog.getByTestId('duplicate-sent')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The copy is made by a background job: wait for it on the server, then look once at the home page (a reload
    // loop with a short timeout never lets a slow machine finish painting the page).
    await expect
      .poll(
        async () => {
          const data = await gql<{ workspaceProjects: { name: string; status: number }[] }>(
            request,
            token,
            '{ workspaceProjects { name status } }',
          );
          return data.workspaceProjects.find((p) => p.name === 'Edifício Sol (copy)')?.status;
        },
        { timeout: 90_000, intervals: [500, 1000, 2000] },
      )
      .toBe(0);
    await page.goto('/workspace/home');
    await expect(page.getByTestId('projects-inactive')).toContainText('Edifício Sol (copy)');
    await expect(page.getByTestId('projects-active')).toContainText('Edifício Sol');
  });

  test('an admin sets the naming rule, creates and deletes a group, and stars the project on the home', async ({
    page,
    request,
    obra,
  }) => {
    test.setTimeout(120_000);
    const owner = await createUser(request, obra, { onboarded: true, tag: 'naming' });
    const token = await tokenOf(request, owner.email);
    const name = `Hospital Norte ${Date.now()}`;
    const created = await gql<{ createProject: { id: number } }>(
      request,
      token,
      'mutation($n: String!) { createProject(name: $n) { id } }',
      { n: name },
    );
    await page.goto(`/workspace/project/${created.createProject.id}/setup/drive`);
    await signInWithForm(page, owner.email, owner.password);

    // The drive settings offer the recommended naming rule (editor §5.4); it is adjusted and saved.
    await expect(page.getByTestId('naming-rule-unset')).toBeVisible();
    const fields = page.getByTestId('naming-rule-field');
    await expect(fields).toHaveCount(7);
    await expect(page.getByRole('button', { name: 'Remove Revision' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Remove Project code' }).click();
    await page.getByRole('textbox', { name: 'Add a field' }).click();
    await page.getByRole('option', { name: 'Description' }).click();
    await expect(fields.last()).toHaveAttribute('data-field', 'revision');
    await page.getByText('Underscore ( _ )').click();
    // A new project has no disciplines nor locations yet: the example falls back to sample values.
    await expect(page.getByTestId('naming-rule-example')).toHaveText(/^ARQ_\w+_TA_PLN_001_FACADE_R00$/);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Changes saved.').last()).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('naming-rule-unset')).toHaveCount(0);
    await expect(fields).toHaveCount(7);
    await expect(fields.nth(5)).toHaveAttribute('data-field', 'description');
    await expect(fields.nth(6)).toHaveAttribute('data-field', 'revision');

    // A group is created, then removed behind its typed name (editor §5.3).
    await openSection(page, 'groups');
    await expect(page.getByTestId('groups-empty')).toBeVisible();
    await page.getByRole('button', { name: 'New group' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Fachadas');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const row = page.locator('[data-testid="group-row"][data-name="Fachadas"]');
    await expect(row).toContainText('Eva Teste');
    await row.getByRole('button', { name: 'Delete Fachadas' }).click();
    await dialog.getByLabel('Type "Fachadas" to confirm').fill('Fachadas');
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('groups-empty')).toBeVisible();

    // Starring on the home moves the project to the starred section, and it stays there.
    await page.getByTestId('side-menu-back').click();
    const card = page.getByTestId('project-card').filter({ hasText: name });
    await expect(page.getByTestId('projects-active')).toContainText(name);
    await card.getByRole('button', { name: `Star ${name}` }).click();
    await expect(page.getByTestId('projects-starred')).toContainText(name);
    await page.reload();
    await expect(
      page.getByTestId('projects-starred').getByRole('button', { name: `Unstar ${name}` }),
    ).toHaveAttribute('aria-pressed', 'true');
  });
});
