import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { WEBGL_LAUNCH_OPTIONS, cameraDistance, uploadByApi, type Camera } from './bim-helpers.ts';
import { buildIssueWorld, signedInPage, type IssueWorld } from './issue-view-helpers.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const HOUSE = path.resolve(HERE, '../../fixtures/ifc/web-ifc/IfcOpenHouse_IFC4.ifc');
const MEP = path.resolve(HERE, '../../fixtures/ifc/bcf-xml/MEP.ifc');
const SCREENSHOTS = path.resolve(HERE, '../../docs/screenshots');

// WebGL2 through SwiftShader (bim-helpers.ts).
test.use({ launchOptions: WEBGL_LAUNCH_OPTIONS });

async function openModels(page: Page, world: IssueWorld): Promise<void> {
  await page.goto(`/workspace/project/${world.projectId}/bim-files/models`);
  await expect(page.getByRole('heading', { name: 'BIM models' })).toBeVisible();
}

test.describe('BIM models', () => {
  test('upload an IFC in the drive, wait for its conversion, open it, select a wall and read its GUID', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    // The conversion, then the viewer opened four times, on a loaded 2-core machine.
    test.setTimeout(240_000);
    const world = await buildIssueWorld(request, obra);
    const page = await signedInPage(browser, baseURL, world.owner);

    // Upload through the drive's screen.
    await page.goto(`/workspace/project/${world.projectId}/drive`);
    await page.getByTestId('drive-file-input').setInputFiles(HOUSE);
    await expect(page.getByTestId('drive-upload-item')).toContainText('IfcOpenHouse_IFC4.ifc');
    await page.getByTestId('drive-upload-send').click();
    await expect(page.getByTestId('drive-row')).toHaveCount(1);
    // The drive shows the model's conversion state (queued, converting, or a link to the viewer once done).
    await expect(page.getByTestId('drive-row').getByTestId('drive-bim-state')).toBeVisible();

    // The project menu leads to the models; the list follows the conversion until the model is ready.
    await page.getByTestId('side-menu-bim').click();
    await expect(page.getByRole('heading', { name: 'BIM models' })).toBeVisible();
    const row = page.getByTestId('bim-models').getByRole('row').filter({ hasText: 'IfcOpenHouse_IFC4.ifc' });
    await expect(row).toContainText('Ready', { timeout: 90_000 });
    await expect(row).toContainText('40');
    await row.getByRole('link', { name: 'IfcOpenHouse_IFC4.ifc' }).click();

    // The model draws; the spatial tree lists its walls.
    const canvas = page.getByTestId('bim-canvas');
    await expect(canvas).toHaveAttribute('data-loaded', 'true', { timeout: 60_000 });
    await expect(page.getByTestId('bim-not-latest')).toHaveCount(0);
    await page.getByTestId('bim-tree').getByText('South wall · IfcWallStandardCase').click();
    await expect(page.getByTestId('bim-prop-class')).toHaveText('IfcWallStandardCase');
    await expect(page.getByTestId('bim-prop-name')).toHaveText('South wall');
    await expect(page.getByTestId('bim-prop-guid')).toHaveText('3g46_woBL6sugXeY5_WP6n');
    await page.getByTestId('bim-isolate').click();
    await page.getByTestId('bim-show-all').click();

    // A click in the model selects the element under the pointer (the house fills the middle of the view).
    // The project has no geometry of its own: select it first so that the GUID shown changes with the pick.
    await page.getByTestId('bim-tree').getByText('IfcOpenHouse · IfcProject').click();
    await expect(page.getByTestId('bim-prop-guid')).toHaveText('2Iicv0RnfAVPda6Sg4SE78');
    await page.getByTestId('bim-fit').click();
    const box = await canvas.boundingBox();
    if (!box) throw new Error('no canvas');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(page.getByTestId('bim-prop-guid')).not.toHaveText('2Iicv0RnfAVPda6Sg4SE78');
    await expect(page.getByTestId('bim-prop-guid')).toHaveText(/^[0-9A-Za-z_$]{22}$/);
    const pinnedGuid = await page.getByTestId('bim-prop-guid').textContent();
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'bim-viewer.png') });

    // An issue from the 3D pin, with the view as its BCF viewpoint.
    const saved = JSON.parse((await canvas.getAttribute('data-camera')) ?? 'null') as Camera;
    await page.getByTestId('bim-new-issue').click();
    await page.getByTestId('bim-issue-title').fill('Fissura na parede');
    await page.getByTestId('bim-issue-save').click();
    await expect(page.getByTestId('bim-issue-created')).toBeVisible();

    // Orbit away and clear the selection, then reopen the issue's viewpoint: same camera, same selection.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 150, box.y + box.height / 2 + 60, { steps: 8 });
    await page.mouse.up();
    await expect
      .poll(async () =>
        cameraDistance(saved, JSON.parse((await canvas.getAttribute('data-camera')) ?? 'null') as Camera),
      )
      .toBeGreaterThan(0.5);
    await page.getByTestId('bim-tree').getByText('IfcOpenHouse · IfcProject').click();
    await page.getByTestId('bim-issue-open-viewpoint').click();
    await expect(page.getByTestId('bim-issue-viewpoint')).toContainText('Fissura na parede');
    await expect
      .poll(async () =>
        cameraDistance(saved, JSON.parse((await canvas.getAttribute('data-camera')) ?? 'null') as Camera),
      )
      .toBeLessThan(0.01);
    await expect(page.getByTestId('bim-prop-guid')).toHaveText(pinnedGuid ?? '');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'bim-issue-viewpoint.png') });

    // The issue's view leads back to the same viewpoint.
    await page.getByTestId('bim-issue-viewpoint').getByRole('link', { name: 'Open the issue' }).click();
    await expect(page.getByTestId('issue-view')).toBeVisible();
    await page.getByTestId('issue-bim-pin-link').click();
    await expect(canvas).toHaveAttribute('data-loaded', 'true', { timeout: 60_000 });
    await expect(page.getByTestId('bim-issue-viewpoint')).toContainText('Fissura na parede');
    await expect(page.getByTestId('bim-prop-guid')).toHaveText(pinnedGuid ?? '');

    // Its pin, drawn where the view was clicked, opens the issue; so does the pins list, from the keyboard.
    await expect(page.getByTestId('bim-issue-pins')).toHaveAccessibleName('1 issue pin');
    // The viewpoint's banner moved the canvas: its middle, where the camera puts the pin, is measured again.
    const now = await canvas.boundingBox();
    if (!now) throw new Error('no canvas');
    await page.mouse.click(now.x + now.width / 2, now.y + now.height / 2);
    await expect(page.getByTestId('issue-view')).toContainText('Fissura na parede');
    await page.goBack();
    await expect(canvas).toHaveAttribute('data-loaded', 'true', { timeout: 60_000 });
    await page.getByTestId('bim-issue-pin-list').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: /Fissura na parede/ })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('issue-view')).toContainText('Fissura na parede');
    await page.context().close();
  });

  test('a corrupt IFC fails cleanly, a federated model of two disciplines pins an older revision, a hidden model answers the spec message', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    const world = await buildIssueWorld(request, obra);
    const mep = fs.readFileSync(MEP);
    const [est, hid] = world.disciplineIds;
    const r1 = await uploadByApi(request, world.owner, world.projectId, 'MEP.ifc', mep, {
      revisionName: '1',
      disciplineId: est,
    });
    await uploadByApi(request, world.owner, world.projectId, 'MEP.ifc', mep, {
      revisionName: '2',
      disciplineId: est,
    });
    await uploadByApi(request, world.owner, world.projectId, 'Hidraulica.ifc', mep, { disciplineId: hid });
    await uploadByApi(request, world.owner, world.projectId, 'Broken.ifc', mep.subarray(0, 3000));
    const hidden = await uploadByApi(request, world.owner, world.projectId, 'Management.ifc', mep, {
      visibility: 'project_management',
    });

    const page = await signedInPage(browser, baseURL, world.owner);
    await openModels(page, world);
    const broken = page.getByTestId('bim-models').getByRole('row').filter({ hasText: 'Broken.ifc' });
    await expect(broken).toContainText('Conversion failed', { timeout: 90_000 });
    await expect(broken).toContainText('The file is damaged or incomplete and could not be read.');
    for (const name of ['MEP.ifc', 'Hidraulica.ifc'])
      await expect(page.getByTestId('bim-models').getByRole('row').filter({ hasText: name })).toContainText(
        'Ready',
        { timeout: 90_000 },
      );

    // A federated model of two disciplines: MEP pinned to its older revision 1, Hidraulica always the latest.
    await page.getByTestId('bim-federated-new').click();
    await page.getByTestId('bim-federated-name').fill('Coordenação');
    await page.getByTestId('bim-federated-pick-MEP').click();
    await page.getByTestId('bim-federated-pick-Hidraulica').click();
    await page.getByTestId('bim-federated-revision-MEP').click();
    await page.getByRole('option', { name: 'revision 1' }).click();
    await page.getByTestId('bim-federated-save').click();
    await expect(page.getByTestId('bim-federated')).toContainText('2 models');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'bim-models.png') });
    await page.getByTestId('bim-federated').getByRole('link', { name: 'Coordenação' }).click();
    await expect(page.getByTestId('bim-federated-warnings')).toContainText(
      'MEP.ifc (1): this revision is not the latest.',
    );
    await expect(page.getByTestId('bim-canvas')).toHaveAttribute('data-loaded', 'true', { timeout: 60_000 });
    await expect(page.getByTestId('bim-tree')).toContainText('MEP.ifc (1)');
    await expect(page.getByTestId('bim-tree')).toContainText('Hidraulica.ifc (1)');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'bim-federated.png') });

    // Revision 1 opens with the warning that revision 2 is newer.
    await page.goto(`/workspace/project/${world.projectId}/bim-files/models/${r1}`);
    await expect(page.getByTestId('bim-not-latest')).toContainText('revision 2 is newer', {
      timeout: 90_000,
    });
    await page.context().close();

    // The collaborator may not see the management-only model.
    const other = await signedInPage(browser, baseURL, world.collaborator);
    await other.goto(`/workspace/project/${world.projectId}/bim-files/models/${hidden}`);
    await expect(other.getByTestId('bim-viewer-error')).toHaveText('You do not have access to this document');
    await other.context().close();
  });
});
