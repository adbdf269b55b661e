import { expect, test } from '../fixtures.ts';

test.use({ locale: 'en-US' });

// The e2e server runs without OpenID providers configured; the server's own tests drive a real provider.
test.describe('federated sign-in screens', () => {
  test('without enabled providers: no buttons on the login, and /google-login says so', async ({
    page,
    request,
  }) => {
    const providers = (await (await request.get('/auth/providers')).json()) as { providers: string[] };
    expect(providers.providers).toEqual([]);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(page.getByTestId('federated-sign-in')).toHaveCount(0);
    await page.goto('/google-login?redirect=%2Fworkspace');
    await expect(page.getByRole('heading', { name: 'Sign-in with Google is not available' })).toBeVisible();
  });

  test('a refused one-time code shows the translated error and the way back', async ({ page }) => {
    await page.goto('/process-federated-sign-in?code=not-a-real-code');
    await expect(page.getByTestId('form-error')).not.toBeEmpty();
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a federated failure returned to the login is shown there', async ({ page }) => {
    await page.goto('/login?error=NotAuthorizedException');
    await expect(page.getByTestId('form-error')).toContainText('Invalid e-mail or password.');
  });
});
