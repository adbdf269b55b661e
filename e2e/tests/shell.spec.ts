import { expect, test } from '../fixtures.ts';
import { createUser, signInWithForm } from './identity-helpers.ts';
import { gql, tokenOf } from './project-helpers.ts';

// urql sends queries as GET with the query in the URL, so match on the path alone.
const isGraphQL = (url: URL) => url.pathname === '/graphql';

test.describe('web shell', () => {
  test('shows the server enumerations, switches language and theme, and remembers both', async ({ page }) => {
    await page.goto('/showroom');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const disciplines = page.getByTestId('standard-disciplines');
    await expect(disciplines.getByRole('row')).toHaveCount(36);

    await page.getByTestId('language-switcher').click();
    await page.getByRole('menuitem', { name: 'Português (Brasil)' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Vitrine' })).toBeVisible();
    await expect(page.getByTestId('enum-phases')).toContainText('Programa de necessidades');
    await expect(disciplines).toContainText('Arquitetura');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');

    await page.getByTestId('language-switcher').click();
    await page.getByRole('menuitem', { name: 'Español' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Muestrario' })).toBeVisible();
    await expect(disciplines).toContainText('Arquitectura');

    const html = page.locator('html');
    const before = await html.getAttribute('data-mantine-color-scheme');
    await page.getByTestId('theme-switcher').click();
    const after = before === 'dark' ? 'light' : 'dark';
    await expect(html).toHaveAttribute('data-mantine-color-scheme', after);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Muestrario' })).toBeVisible();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', after);
  });

  test('follows the system colour scheme when nothing is saved', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ colorScheme: 'dark', baseURL });
    const page = await context.newPage();
    await page.goto('/showroom');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await context.close();
  });

  test('takes the language from the browser, falling back to English', async ({ browser, baseURL }) => {
    const es = await browser.newContext({ locale: 'es-AR', baseURL });
    const esPage = await es.newPage();
    await esPage.goto('/showroom');
    await expect(esPage.getByRole('heading', { level: 1, name: 'Muestrario' })).toBeVisible();
    await es.close();
    const fr = await browser.newContext({ locale: 'fr-FR', baseURL });
    const frPage = await fr.newPage();
    await frPage.goto('/showroom');
    await expect(frPage.getByRole('heading', { level: 1, name: 'Showroom' })).toBeVisible();
    await fr.close();
  });

  test('when embedded, forces the light theme and hides the support icon', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ colorScheme: 'dark', baseURL });
    const page = await context.newPage();
    await page.goto('/showroom');
    await expect(page.getByTestId('support-button')).toBeVisible();
    await page.goto('/showroom?embedded=1');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
    await expect(page.getByTestId('support-button')).toHaveCount(0);
    await expect(page.getByTestId('theme-switcher')).toHaveCount(0);
    await context.close();
  });

  test('when embedded, stays light on lazily loaded screens on a dark system', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    const { email, password } = await createUser(request, obra, { onboarded: true, tag: 'embedded-light' });
    const token = await tokenOf(request, email);
    const created = await gql<{ createProject: { id: number } }>(
      request,
      token,
      'mutation($n: String!) { createProject(name: $n) { id } }',
      { n: `Embedded ${Math.floor(Math.random() * 1e5)}` },
    );
    const projectId = created.createProject.id;
    const context = await browser.newContext({ colorScheme: 'dark', baseURL, locale: 'en-US' });
    const page = await context.newPage();
    const html = page.locator('html');
    await page.goto('/login?embedded=1');
    await signInWithForm(page, email, password);
    await expect(page.getByTestId('workspace-home')).toBeVisible();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    // Screens whose code and translations load on demand, opened directly and through the menu.
    await page.goto(`/workspace/project/${projectId}/issues`);
    await expect(page.getByTestId('filter-tab-all')).toBeVisible();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    await page.goto(`/workspace/project/${projectId}/setup/locals`);
    await expect(page.getByTestId('setup-menu')).toBeVisible();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    await page.getByRole('navigation').getByRole('link', { name: 'Issues' }).first().click();
    await expect(page.getByTestId('filter-tab-all')).toBeVisible();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      'rgb(255, 255, 255)',
    );
    await expect(page.getByTestId('theme-switcher')).toHaveCount(0);
    await context.close();
  });

  test('inside a frame of another page, the app is embedded too', async ({ page }) => {
    await page.route('**/host-page', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<iframe src="/showroom" width="1000" height="700"></iframe>',
      }),
    );
    await page.goto('/host-page');
    const frame = page.frameLocator('iframe');
    await expect(frame.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(frame.getByTestId('support-button')).toHaveCount(0);
  });

  test('goes to the maintenance page when the server answers 503, and back when it recovers', async ({
    page,
  }) => {
    let down = true;
    await page.route(isGraphQL, (route) =>
      down ? route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }) : route.continue(),
    );
    await page.goto('/showroom');
    await expect(page).toHaveURL(/\/maintenance\?from=%2Fshowroom/);
    await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
    down = false;
    await page
      .getByRole('button')
      .filter({ hasText: /try again|reintentar|tentar/i })
      .click();
    await expect(page).toHaveURL(/\/showroom$/);
  });

  test('shows the network-error screen when the server cannot be reached', async ({ page }) => {
    await page.route(isGraphQL, (route) => route.abort('connectionrefused'));
    await page.goto('/showroom');
    await expect(page.getByRole('alert')).toContainText(/no connection/i);
  });

  test('serves the app for deep links and answers unknown API paths with a coded error', async ({
    page,
    request,
  }) => {
    await page.goto('/some/unknown/screen');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    const response = await request.get('/auth/does-not-exist');
    expect(response.status()).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
