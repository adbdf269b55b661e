import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import {
  createUser,
  freshEmail,
  readCode,
  enterCode,
  signInWithForm,
  STRONG_PASSWORD,
} from './identity-helpers.ts';

test.use({ locale: 'en-US', colorScheme: 'light' });

// With OBRA_SCREENSHOTS=1 the walk also refreshes docs/screenshots/auth-*.png; otherwise it only checks the screens.
const SHOTS = process.env.OBRA_SCREENSHOTS === '1';
const shotsDir = path.resolve(import.meta.dirname, '../../docs/screenshots');

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: path.join(shotsDir, `auth-${name}.png`) });
}

test.describe('identity screens', () => {
  test('each screen of the way in renders', async ({ page, obra }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await shot(page, 'login');

    await page.goto('/sign-up');
    const email = freshEmail('screens');
    await page.getByLabel('First name').fill('Rita');
    await page.getByLabel('Last name').fill('Moura');
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('obra2026');
    await page.getByLabel('Confirm the password').fill('obra');
    await expect(page.getByTestId('password-rule-uppercase')).toHaveAttribute('data-met', 'false');
    await shot(page, 'sign-up-password-check');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(STRONG_PASSWORD);
    await page.getByLabel('Confirm the password').fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/verify-email/);
    await enterCode(page, await readCode(obra, email));
    await shot(page, 'verify-email');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByTestId('policies-version')).toBeVisible();
    await shot(page, 'policies');
    await page.getByLabel(/I have read and accept/).check();
    await page.getByRole('button', { name: 'Accept and continue' }).click();
    await expect(page).toHaveURL(/\/onboarding\//);
    await shot(page, 'onboarding');

    await page.goto('/request-demo');
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByText('This field is required.').first()).toBeVisible();
    await shot(page, 'demo-request');
  });

  test('workspace and settings, desktop and phone', async ({ page, request, obra }) => {
    const user = await createUser(request, obra, { onboarded: true, tag: 'shots' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/workspace/user/accessKeys');
    await signInWithForm(page, user.email, user.password);
    await page.getByRole('button', { name: 'New access key' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('Power BI');
    await page.getByRole('dialog').getByRole('button', { name: 'New access key' }).click();
    await expect(page.getByTestId('access-key-secret')).toBeVisible();
    await shot(page, 'access-key-secret');
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await page.getByTestId('side-menu-back').click();
    await expect(page.getByTestId('workspace-empty')).toBeVisible();
    await shot(page, 'workspace-home');

    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByRole('button', { name: 'Open the menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Main menu' })).toBeVisible();
    // The drawer slides in; the picture waits until it has finished.
    await expect(page.locator('.mantine-Drawer-content')).toHaveCSS('opacity', '1');
    await expect(page.locator('.mantine-Drawer-overlay')).toHaveCSS('opacity', '1');
    await shot(page, 'workspace-mobile-drawer');
  });
});
