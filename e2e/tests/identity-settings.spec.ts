import { expect, test } from '../fixtures.ts';
import { createUser, enterCode, mailCount, readCode, signInWithForm } from './identity-helpers.ts';

test.use({ locale: 'en-US' });

const NEW_PASSWORD = 'Changed-pass-77#';

test.describe('user settings and password recovery', () => {
  test('profile, access keys (secret shown once, revoke with confirmation) and change password', async ({
    page,
    request,
    obra,
  }) => {
    const user = await createUser(request, obra, { onboarded: true, tag: 'settings' });
    await page.goto('/workspace/user');
    await signInWithForm(page, user.email, user.password);
    await expect(page).toHaveURL(/\/workspace\/user\/profile$/);

    await page.getByLabel('Last name').fill('Atualizada');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your profile was saved.')).toBeVisible();
    await expect(page.getByTestId('user-menu')).toContainText('Eva Atualizada');

    await page.getByTestId('side-menu-accessKeys').click();
    await expect(page.getByTestId('access-keys-empty')).toBeVisible();
    await page.getByRole('button', { name: 'New access key' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('Power BI');
    await page.getByRole('dialog').getByRole('button', { name: 'New access key' }).click();
    await expect(page.getByTestId('access-key-secret')).not.toBeEmpty();
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await expect(page.getByTestId('access-key-secret')).toHaveCount(0);
    const table = page.getByTestId('access-keys-table');
    await expect(table).toContainText('Power BI');

    await table.getByRole('button', { name: 'Revoke Power BI' }).click();
    const dialog = page.getByRole('dialog');
    const revoke = dialog.getByRole('button', { name: 'Revoke' });
    await expect(revoke).toBeDisabled();
    await dialog.getByLabel('Type Power BI to confirm').fill('Power BI');
    await revoke.click();
    await expect(page.getByTestId('access-keys-empty')).toBeVisible();

    await page.getByTestId('side-menu-changePassword').click();
    await page.getByLabel('Current password').fill(user.password);
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm the password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your password was changed.')).toBeVisible();

    await page.goto('/logout');
    await expect(page).toHaveURL(/\/login$/);
    await signInWithForm(page, user.email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/workspace\/home$/);
  });

  test('forgot password: code from the outbox, new password, sign in with it', async ({
    page,
    request,
    obra,
  }) => {
    const user = await createUser(request, obra, { onboarded: true, tag: 'forgot' });
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    const before = mailCount(obra, user.email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page).toHaveURL(/\/reset-password\?email=/);
    const code = await readCode(obra, user.email, before);
    await enterCode(page, code);
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm the password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page).toHaveURL(/\/login\?.*passwordReset=1/);
    await expect(page.getByTestId('login-notice')).toBeVisible();
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/workspace\/home$/);
  });

  test('on a phone the side menu is a drawer', async ({ browser, baseURL, request, obra }) => {
    const user = await createUser(request, obra, { onboarded: true, tag: 'mobile' });
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 800 },
      locale: 'en-US',
    });
    const page = await context.newPage();
    await page.goto('/workspace');
    await signInWithForm(page, user.email, user.password);
    await expect(page.getByTestId('workspace-home')).toBeVisible();
    await expect(page.getByTestId('side-menu')).toHaveCount(0);
    await page.getByRole('button', { name: 'Open the menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Main menu' });
    await drawer.getByRole('link', { name: 'My account' }).click();
    await expect(page).toHaveURL(/\/workspace\/user\/profile$/);
    await expect(drawer).toBeHidden();
    await context.close();
  });

  test('verify e-mail: an already confirmed account is told to sign in', async ({ page, request, obra }) => {
    const user = await createUser(request, obra, { onboarded: false, tag: 'verify' });
    await page.goto(`/verify-email?email=${encodeURIComponent(user.email)}`);
    await enterCode(page, '123456');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByTestId('form-error')).toContainText(
      'This account is already confirmed. Please log in.',
    );
    await page.getByRole('link', { name: 'Go to sign in' }).click();
    await expect(page).toHaveURL(/\/login\?email=/);
  });
});
