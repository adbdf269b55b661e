import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { WEBGL_LAUNCH_OPTIONS, cameraDistance, convertedModel, type Camera } from './bim-helpers.ts';
import { buildIssueWorld, signedInPage, type Person } from './issue-view-helpers.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const HOUSE = path.resolve(HERE, '../../fixtures/ifc/web-ifc/IfcOpenHouse_IFC4.ifc');
const ARCHITECTURAL = path.resolve(HERE, '../../fixtures/ifc/bcf-xml/Architectural.ifc');
const SINGLE_WALL_CASE = path.resolve(
  HERE,
  '../../fixtures/bcf/cases/2.1/Visualization/Single visible wall/case.bcf',
);

// WebGL2 through SwiftShader (bim-helpers.ts).
test.use({ launchOptions: WEBGL_LAUNCH_OPTIONS });

async function gql<T>(request: APIRequestContext, who: Person, query: string, variables: object): Promise<T> {
  const answer = await request.post('/graphql', {
    headers: { authorization: `Bearer ${who.token}` },
    data: { query, variables },
  });
  const body = (await answer.json()) as { data: T; errors?: unknown };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data;
}

test.describe('BIM views and issues in 3D', () => {
  test('save a view with a hidden wall, open it again, delete it; a 3D issue gets the snapshot and a status-coloured pin', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    test.setTimeout(300_000);
    const world = await buildIssueWorld(request, obra);
    const house = await convertedModel(request, world.owner, world.projectId, HOUSE);
    const page = await signedInPage(browser, baseURL, world.owner);
    await page.goto(`/workspace/project/${world.projectId}/bim-files/models/${house.fileId}`);
    const canvas = page.getByTestId('bim-canvas');
    await expect(canvas).toHaveAttribute('data-loaded', 'true', { timeout: 60_000 });
    const cameraNow = async () => JSON.parse((await canvas.getAttribute('data-camera')) ?? 'null') as Camera;

    // Hide the south wall and save the view.
    await page.getByTestId('bim-tree').getByText('South wall · IfcWallStandardCase').click();
    await page.getByTestId('bim-hide').click();
    const saved = await cameraNow();
    await page.getByTestId('bim-views').click();
    await expect(page.getByTestId('bim-views-panel')).toContainText('No saved views for this model yet.');
    await page.getByTestId('bim-view-name').fill('Sem a parede sul');
    await page.getByTestId('bim-view-save').click();
    await expect(page.getByTestId('bim-view')).toHaveCount(1);
    await expect(page.getByTestId('bim-view-open')).toHaveText('Sem a parede sul');
    const stored = await request.get(
      `/bim/projects/${world.projectId}/views?documentId=${house.documentId}`,
      { headers: { authorization: `Bearer ${world.collaborator.token}` } },
    );
    const views = (await stored.json()) as {
      views: { id: number; name: string; viewpoint: { visualization: { components: unknown } } }[];
    };
    expect(views.views).toHaveLength(1);
    expect(views.views[0]?.viewpoint.visualization.components).toMatchObject({
      visibility: { defaultVisibility: true, exceptions: [{ ifcGuid: '3g46_woBL6sugXeY5_WP6n' }] },
    });

    // Orbit away and show everything, then open the view: the camera comes back.
    await page.keyboard.press('Escape');
    await page.getByTestId('bim-show-all').click();
    const box = await canvas.boundingBox();
    if (!box) throw new Error('no canvas');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 160, box.y + box.height / 2 + 50, { steps: 8 });
    await page.mouse.up();
    await expect.poll(async () => cameraDistance(saved, await cameraNow())).toBeGreaterThan(0.5);
    await page.getByTestId('bim-views').click();
    await page.getByTestId('bim-view-open').click();
    await expect.poll(async () => cameraDistance(saved, await cameraNow())).toBeLessThan(0.01);

    // Its address opens it directly: ?view= is read before the model loads, and restored once it is open.
    await page.goto(
      `/workspace/project/${world.projectId}/bim-files/models/${house.fileId}?view=${views.views[0]?.id}`,
    );
    await expect(canvas).toHaveAttribute('data-loaded', 'true', { timeout: 60_000 });
    await expect.poll(async () => cameraDistance(saved, await cameraNow())).toBeLessThan(0.01);

    // Delete it after the confirmation.
    await page.getByTestId('bim-views').click();
    await page.getByTestId('bim-view-delete').click();
    await expect(page.getByRole('dialog', { name: 'Delete view' })).toContainText('Sem a parede sul');
    await page.getByRole('button', { name: 'Delete view' }).click();
    await expect(page.getByTestId('bim-views-panel')).toContainText('No saved views for this model yet.');
    await page.keyboard.press('Escape');

    // An issue from a 3D pin: the dialog shows the snapshot, which becomes the issue's image.
    await page.getByTestId('bim-fit').click();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(page.getByTestId('bim-prop-guid')).toHaveText(/^[0-9A-Za-z_$]{22}$/);
    await expect(page.getByTestId('bim-issue-pins')).toHaveAccessibleName('0 issue pins');
    await page.getByTestId('bim-new-issue').click();
    await expect(page.getByTestId('bim-issue-snapshot')).toBeVisible();
    await page.getByTestId('bim-issue-title').fill('Rufo solto');
    await page.getByTestId('bim-issue-save').click();
    await expect(page.getByTestId('bim-issue-created')).toBeVisible();
    const href = await page
      .getByTestId('bim-issue-created')
      .getByRole('link', { name: 'Open the issue' })
      .getAttribute('href');
    const issueId = Number(href?.split('/').pop());
    const issue = await gql<{
      issue: {
        images: { title: string; original: string | null }[];
        bimPins: { world?: unknown }[];
        disciplines: { disciplineId: number }[];
      };
    }>(
      request,
      world.owner,
      'query($p: Int!, $i: Int!) { issue(projectId: $p, issueId: $i) { images { title original } bimPins disciplines { disciplineId } } }',
      { p: world.projectId, i: issueId },
    );
    expect(issue.issue.images).toEqual([expect.objectContaining({ title: '3D view' })]);
    expect(issue.issue.images[0]?.original).toBeTruthy();
    expect(issue.issue.bimPins[0]?.world).toEqual({
      x: expect.any(Number),
      y: expect.any(Number),
      z: expect.any(Number),
    });

    // Its pin is drawn in the model in the active status colour; resolved, it turns to the resolved colour.
    await expect(page.getByTestId('bim-issue-pins')).toHaveAccessibleName('1 issue pin');
    const pins = async () =>
      JSON.parse((await canvas.getAttribute('data-issue-pins')) ?? '[]') as {
        issueId: number;
        status: string;
        color: string;
      }[];
    const active = (await pins())[0];
    expect(active).toMatchObject({ issueId, status: 'active' });
    // Its discipline done, the issue resolves itself (editor §4.6).
    await gql(
      request,
      world.owner,
      'mutation($p: Int!, $i: Int!, $d: [IssueDisciplineInput!]) { updateIssue(projectId: $p, issueId: $i, disciplines: $d, resolutionPhase: 1) { id } }',
      {
        p: world.projectId,
        i: issueId,
        d: issue.issue.disciplines.map((d) => ({ disciplineId: d.disciplineId, status: 'done' })),
      },
    );
    await page.reload();
    await expect(canvas).toHaveAttribute('data-loaded', 'true', { timeout: 60_000 });
    await expect.poll(async () => (await pins())[0]?.status).toBe('resolved');
    expect((await pins())[0]?.color).not.toBe(active?.color);
    await page.context().close();
  });

  test('a viewpoint imported from another BCF tool opens where it was taken on the georeferenced model', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    // Architectural.ifc (640 kB) converts and draws in tens of seconds on a loaded machine.
    test.setTimeout(360_000);
    const world = await buildIssueWorld(request, obra);
    const model = await convertedModel(request, world.owner, world.projectId, ARCHITECTURAL);
    const imported = await request.post(`/bcf-xml/projects/${world.projectId}/imports`, {
      headers: { authorization: `Bearer ${world.owner.token}` },
      multipart: {
        file: {
          name: 'case.bcf',
          mimeType: 'application/octet-stream',
          buffer: fs.readFileSync(SINGLE_WALL_CASE),
        },
      },
    });
    // The import is a job (202): its report comes with the finished job.
    expect(imported.status()).toBe(202);
    const jobUrl = imported.headers()['location'] ?? '';
    let job = (await imported.json()) as { state: string; report: unknown };
    await expect
      .poll(
        async () => {
          const answer = await request.get(jobUrl, {
            headers: { authorization: `Bearer ${world.owner.token}` },
          });
          job = (await answer.json()) as typeof job;
          return job.state;
        },
        { timeout: 60_000 },
      )
      .toBe('completed');
    const report = job.report as { items: { issueId?: number | null }[] };
    const issueId = report.items.find((i) => i.issueId)?.issueId;
    expect(issueId).toBeTruthy();

    const page = await signedInPage(browser, baseURL, world.owner);
    await page.goto(`/workspace/project/${world.projectId}/issues/${issueId}`);
    await expect(page.getByTestId('issue-view')).toBeVisible();
    await page.getByTestId('issue-bim-pin-link').click();
    await expect(page.getByTestId('bim-choose-model')).toBeVisible();
    await page.getByTestId(`bim-model-${model.fileId}`).getByRole('link').click();
    const canvas = page.getByTestId('bim-canvas');
    await expect(canvas).toHaveAttribute('data-loaded', 'true', { timeout: 240_000 });
    await expect(page.getByTestId('bim-issue-viewpoint')).toBeVisible();
    // bimsync wrote the camera at (17.216, -16.517, 9.505) in IFC world coordinates. The conversion moved the model
    // by (-12.955, -6.2, -16.075) (viewer axes, Y up; IfcImporter's coordination, as the fragments keep it): the
    // viewer's camera is the world point moved by it.
    await expect(canvas).toHaveAttribute('data-coordination', '[-12.955,-6.2,-16.075]');
    await expect
      .poll(async () => {
        const camera = JSON.parse((await canvas.getAttribute('data-camera')) ?? 'null') as Camera | null;
        if (!camera) return Number.POSITIVE_INFINITY;
        const expected = [17.2156 - 12.955, 9.5045 - 6.2, 16.5169 - 16.075];
        return Math.hypot(...camera.position.map((v, i) => v - (expected[i] ?? 0)));
      })
      .toBeLessThan(0.01);
    await page.context().close();
  });
});
