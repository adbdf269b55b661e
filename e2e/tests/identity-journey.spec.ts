import { expect, test } from '../fixtures.ts';
import {
  createUser,
  enterCode,
  freshEmail,
  readCode,
  signInWithForm,
  STRONG_PASSWORD,
} from './identity-helpers.ts';

test.use({ locale: 'en-US' });

test.describe('identity journey', () => {
  test('sign up → code from the outbox → confirm → policies → profile → company → workspace → sign out', async ({
    page,
    obra,
  }) => {
    const email = freshEmail('journey');
    await page.goto('/workspace');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('link', { name: 'Sign up' }).click();

    await page.getByLabel('First name').fill('Júlia');
    await page.getByLabel('Last name').fill('Prado');
    await page.getByLabel('E-mail').fill(email);
    const submit = page.getByRole('button', { name: 'Create account' });
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('weak');
    await expect(page.getByTestId('password-rule-lowercase')).toHaveAttribute('data-met', 'true');
    await expect(page.getByTestId('password-rule-uppercase')).toHaveAttribute('data-met', 'false');
    await expect(submit).toBeDisabled();
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(STRONG_PASSWORD);
    await page.getByLabel('Confirm the password').fill(STRONG_PASSWORD);
    await expect(page.getByTestId('password-rule-same')).toHaveAttribute('data-met', 'true');
    await submit.click();

    await expect(page).toHaveURL(/\/verify-email\?email=/);
    const code = await readCode(obra, email);
    await enterCode(page, code);
    await page.getByRole('button', { name: 'Confirm' }).click();

    await expect(page).toHaveURL(/\/policies/);
    await expect(page.getByTestId('policies-version')).toContainText('Version');
    await page.getByLabel(/I have read and accept/).check();
    await page.getByRole('button', { name: 'Accept and continue' }).click();

    await expect(page).toHaveURL(/\/onboarding\/(userprofile|company)/);
    if (page.url().includes('userprofile')) {
      await expect(page.getByLabel('First name')).toHaveValue('Júlia');
      await page.getByLabel('Phone').fill('+55 11 90000-0000');
      await page.getByRole('button', { name: 'Continue' }).click();
    }
    await expect(page).toHaveURL(/\/onboarding\/company$/);
    await page.getByLabel('Company name').fill(`Construtora ${email}`);
    await page.getByRole('button', { name: 'Create company' }).click();

    await expect(page).toHaveURL(/\/workspace\/home$/);
    await expect(page.getByTestId('workspace-company')).toHaveText(`Construtora ${email}`);
    await expect(page.getByTestId('workspace-empty')).toBeVisible();

    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-logout').click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/workspace/home');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fworkspace%2Fhome$/);
  });

  test('keeps a deep link through the login, and the session survives a reload (silent refresh)', async ({
    page,
    request,
    obra,
  }) => {
    const user = await createUser(request, obra, { onboarded: true, tag: 'deeplink' });
    await page.goto('/workspace/user/accessKeys');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fworkspace%2Fuser%2FaccessKeys$/);
    await signInWithForm(page, user.email, user.password);
    await expect(page).toHaveURL(/\/workspace\/user\/accessKeys$/);
    await expect(page.getByRole('heading', { name: 'Access keys' })).toBeVisible();

    await page.reload();
    await expect(page).toHaveURL(/\/workspace\/user\/accessKeys$/);
    await expect(page.getByTestId('access-keys-empty')).toBeVisible();
  });

  test('a wrong password shows the translated NotAuthorizedException', async ({ page, request, obra }) => {
    const user = await createUser(request, obra, { onboarded: false, tag: 'wrongpass' });
    await page.goto('/login');
    await signInWithForm(page, user.email, 'Not-the-password1');
    await expect(page.getByTestId('form-error')).toContainText('Invalid e-mail or password.');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('guards: signed-out visitors go to the login; a new user goes to policies first', async ({
    page,
    request,
    obra,
  }) => {
    for (const path of ['/onboarding/company', '/policies', '/admin']) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`/login\\?redirect=${encodeURIComponent(path)}$`));
    }
    const user = await createUser(request, obra, { onboarded: false, tag: 'guards' });
    await page.goto('/workspace/home');
    await signInWithForm(page, user.email, user.password);
    await expect(page).toHaveURL(/\/policies\?redirect=%2Fworkspace%2Fhome$/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/policies/);
  });
});
