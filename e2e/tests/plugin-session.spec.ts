import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { WEBGL_LAUNCH_OPTIONS, convertedModel, type Camera } from './bim-helpers.ts';
import { signInWithForm } from './identity-helpers.ts';
import { buildIssueWorld, signedInPage } from './issue-view-helpers.ts';

// The BIM plugin session overlay (spec core §2 "A BIM model viewer is shown when a plugin session id exists"; issue
// 32 item 2; docs/plugins.md "Plugin sessions"). This test's requests are the plugin: it pairs through the device
// flow (the person approves in the page), opens a session on a converted model at its viewpoint, moves the camera,
// reads the issue raised in the overlay back through the BCF-API, and ends the session. The page is the person.

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ARCHITECTURAL = path.resolve(HERE, '../../fixtures/ifc/bcf-xml/Architectural.ifc');
const SCREENSHOTS = path.resolve(HERE, '../../docs/screenshots');
const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

// WebGL2 through SwiftShader (bim-helpers.ts).
test.use({ launchOptions: WEBGL_LAUNCH_OPTIONS });

type Point = { x: number; y: number; z: number };

/** A BCF-API 3.0 viewpoint as a plugin sends it: a perspective camera in IFC world coordinates (Z up). */
function pluginViewpoint(at: Point, direction: Point) {
  return {
    perspective_camera: {
      camera_view_point: at,
      camera_direction: direction,
      camera_up_vector: { x: 0, y: 0, z: 1 },
      field_of_view: 60,
      aspect_ratio: 1.6,
    },
    components: { visibility: { default_visibility: true, exceptions: [] } },
  };
}

/** Pairs the plugin for the signed-in person of `page` (docs/plugins.md "Pairing"): its access token. */
async function pairPlugin(request: APIRequestContext, page: Page): Promise<string> {
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
  const clientId = ((await registered.json()) as { client_id: string }).client_id;
  const started = (await (
    await request.post('/bcf-oauth/device/auth', { form: { client_id: clientId, scope: 'openid bcf' } })
  ).json()) as { device_code: string; user_code: string; verification_uri_complete: string };
  await page.goto(started.verification_uri_complete);
  await expect(page.getByRole('heading', { name: 'Connect Revit plugin?' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByRole('heading', { name: 'Plugin connected' })).toBeVisible();
  const tokens = (await (
    await request.post('/bcf-oauth/token', {
      form: { grant_type: DEVICE_GRANT, device_code: started.device_code, client_id: clientId },
    })
  ).json()) as { access_token: string };
  expect(tokens.access_token).toBeTruthy();
  return tokens.access_token;
}

/** How far the viewer's camera is from a BCF camera position (IFC world, Z up), through the viewer's offset. */
async function distanceFrom(page: Page, world: Point): Promise<number> {
  const canvas = page.getByTestId('bim-canvas');
  const camera = JSON.parse((await canvas.getAttribute('data-camera')) ?? 'null') as Camera | null;
  const offset = JSON.parse((await canvas.getAttribute('data-coordination')) ?? 'null') as number[] | null;
  if (!camera || !offset) return Number.POSITIVE_INFINITY;
  // Viewer axes are Y up: (x, z, -y) of the BCF point, moved by the coordination offset (docs/bim.md).
  const expected = [world.x + (offset[0] ?? 0), world.z + (offset[1] ?? 0), -world.y + (offset[2] ?? 0)];
  return Math.hypot(...camera.position.map((v, i) => v - (expected[i] ?? 0)));
}

test.describe('BIM plugin session overlay', () => {
  test('the plugin opens its model in Obra at its viewpoint, moves it, and the issue raised there carries it', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    test.setTimeout(300_000);
    const world = await buildIssueWorld(request, obra);
    const { fileId } = await convertedModel(request, world.owner, world.projectId, ARCHITECTURAL);
    const page = await signedInPage(browser, baseURL, world.owner);
    const token = await pairPlugin(request, page);
    const plugin = { authorization: `Bearer ${token}` };
    const projects = (await (await request.get('/bcf/3.0/projects', { headers: plugin })).json()) as {
      project_id: string;
    }[];
    expect(projects).toHaveLength(1);
    const base = `/bcf/3.0/projects/${projects[0]?.project_id}`;

    // The plugin lists the models, opens a session on Architectural.ifc at its camera, east of the building.
    const models = (await (await request.get(`${base}/plugin-models`, { headers: plugin })).json()) as {
      file_id: number;
      filename: string;
    }[];
    expect(models).toEqual([expect.objectContaining({ file_id: fileId, filename: 'Architectural.ifc' })]);
    const east = { x: 32, y: -13, z: 12 };
    const created = await request.post(`${base}/plugin-sessions`, {
      headers: plugin,
      data: { models: [{ file_id: fileId }], viewpoint: pluginViewpoint(east, { x: -1, y: 0, z: -0.2 }) },
    });
    expect(created.status()).toBe(201);
    const session = (await created.json()) as { id: string; url: string };

    // The person opens its address: the overlay shows the model at the plugin's camera.
    await page.goto(session.url);
    const overlay = page.getByTestId('plugin-session-viewer');
    await expect(overlay).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Model from your BIM plugin' })).toBeVisible();
    await expect(page.getByTestId('bim-canvas')).toHaveAttribute('data-loaded', 'true', { timeout: 60_000 });
    await expect.poll(() => distanceFrom(page, east)).toBeLessThan(0.01);
    // Over the project's model list.
    await expect(page.getByRole('heading', { name: 'BIM models' })).toBeAttached();

    // The plugin moves its camera south of the building: the overlay follows.
    const south = { x: 10, y: -40, z: 12 };
    const moved = await request.put(`${base}/plugin-sessions/${session.id}/viewpoint`, {
      headers: plugin,
      data: pluginViewpoint(south, { x: 0, y: 1, z: -0.2 }),
    });
    expect(moved.status()).toBe(200);
    await expect.poll(() => distanceFrom(page, south), { timeout: 30_000 }).toBeLessThan(0.01);
    await expect(page.getByTestId('bim-canvas')).toHaveAttribute('data-first-geometry', 'true');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'plugin-session-overlay.png') });

    // An issue raised in the overlay carries the plugin's viewpoint.
    await page.getByRole('button', { name: "New issue at the plugin's view" }).click();
    await expect(page.getByTestId('bim-issue-snapshot')).toBeVisible();
    await page.getByTestId('bim-issue-title').fill('Fachada sul vista do plugin');
    await page.getByTestId('bim-issue-save').click();
    await expect(page.getByTestId('bim-issue-created')).toBeVisible();
    const topics = (await (await request.get(`${base}/topics`, { headers: plugin })).json()) as {
      guid: string;
      title: string;
    }[];
    const topic = topics.find((t) => t.title === 'Fachada sul vista do plugin');
    expect(topic).toBeTruthy();
    const viewpoints = (await (
      await request.get(`${base}/topics/${topic?.guid}/viewpoints`, { headers: plugin })
    ).json()) as { perspective_camera?: { camera_view_point: Point; camera_direction: Point } }[];
    const camera = viewpoints.find((v) => v.perspective_camera)?.perspective_camera;
    expect(camera?.camera_view_point).toEqual(south);
    expect(camera?.camera_direction).toEqual({ x: 0, y: 1, z: -0.2 });

    // On a phone, not signed in yet: the person signs in first, then the overlay fills the screen.
    const phone = await browser.newContext({
      baseURL,
      locale: 'en-US',
      viewport: { width: 390, height: 844 },
    });
    const phonePage = await phone.newPage();
    await phonePage.goto(session.url);
    await signInWithForm(phonePage, world.owner.email, world.owner.password);
    const sheet = phonePage.getByRole('dialog', { name: 'Model from your BIM plugin' });
    await expect(sheet).toBeVisible();
    await expect(phonePage.getByTestId('plugin-session-viewer')).toBeVisible();
    const size = await sheet.boundingBox();
    expect(size).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    await phone.close();

    // The plugin ends the session: the overlay says so; closed, it does not come back in this tab.
    const ended = await request.delete(`${base}/plugin-sessions/${session.id}`, { headers: plugin });
    expect(ended.status()).toBe(204);
    await expect(page.getByTestId('plugin-session-error')).toHaveText(
      'This model session of your BIM plugin has ended. Open it again from the plugin.',
      { timeout: 30_000 },
    );
    await page.getByRole('button', { name: 'Close the model' }).click();
    await expect(page.getByTestId('plugin-session-overlay')).toHaveCount(0);
    await expect(page.getByRole('dialog', { name: 'Model from your BIM plugin' })).toHaveCount(0);
    expect(new URL(page.url()).searchParams.get('pluginSession')).toBeNull();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'BIM models' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Model from your BIM plugin' })).toHaveCount(0);
    await page.context().close();
  });
});
