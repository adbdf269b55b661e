import { expect, test } from '../fixtures.ts';
import { buildIssueWorld, signedInPage } from './issue-view-helpers.ts';

// A BIM plugin pairs with Obra (issue 32 item 2; docs/plugins.md): this test's requests are the plugin — it registers,
// asks for a code and polls — and the page is the person's browser, signed in, where they approve the code; the
// plugin then lists the person's projects through the BCF-API, and the person finds it in Connected applications.

const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

test.describe('BIM plugin pairing (RFC 8628)', () => {
  test('the plugin shows a code, the person approves it in the browser, the plugin works as them', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    const world = await buildIssueWorld(request, obra);
    const registered = await request.post('/bcf-oauth/reg', {
      data: {
        client_name: 'Revit plugin',
        application_type: 'native',
        grant_types: [DEVICE_GRANT, 'refresh_token'],
        response_types: [],
        redirect_uris: [],
        token_endpoint_auth_method: 'none',
      },
    });
    expect(registered.status()).toBe(201);
    const clientId = ((await registered.json()) as { client_id: string }).client_id;
    const started = (await (
      await request.post('/bcf-oauth/device/auth', { form: { client_id: clientId, scope: 'openid bcf' } })
    ).json()) as { device_code: string; user_code: string; verification_uri: string };
    const poll = () =>
      request.post('/bcf-oauth/token', {
        form: { grant_type: DEVICE_GRANT, device_code: started.device_code, client_id: clientId },
      });
    expect(((await (await poll()).json()) as { error: string }).error).toBe('authorization_pending');

    // The person opens the address the plugin shows and types its code.
    const page = await signedInPage(browser, baseURL, world.owner);
    await page.goto(started.verification_uri);
    await expect(page.getByRole('heading', { name: 'Connect a plugin' })).toBeVisible();
    await page.getByLabel('Code').fill(started.user_code.toLowerCase());
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Connect Revit plugin?' })).toBeVisible();
    await expect(page.getByTestId('device-user-code')).toHaveText(started.user_code);
    await page.getByRole('button', { name: 'Continue' }).click();
    // Obra's consent page, then the end.
    await expect(page.getByTestId('oauth-consent')).toContainText('Revit plugin');
    await page.getByRole('button', { name: 'Allow' }).click();
    await expect(page.getByRole('heading', { name: 'Plugin connected' })).toBeVisible();

    // The plugin's next poll has its tokens; it lists the person's projects.
    const tokens = (await (await poll()).json()) as { access_token: string };
    const projects = await request.get('/bcf/3.0/projects', {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(projects.status()).toBe(200);
    expect(((await projects.json()) as { name: string }[]).length).toBeGreaterThan(0);

    // The person sees it among their connected applications.
    await page.goto('/workspace/user/connectedApps');
    await expect(page.getByText('Revit plugin')).toBeVisible();
    await page.context().close();
  });
});
