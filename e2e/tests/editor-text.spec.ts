import { expect, test } from '../fixtures.ts';
import { chooseTool, openShowroom, save, toWindow } from './editor-helpers.ts';

test.describe('markup editor: text', () => {
  test('writes the default text in an overlay above everything, and blocks saving while editing', async ({
    page,
  }) => {
    await openShowroom(page);
    const { viewpoint } = await save(page);
    await chooseTool(page, 'Text');
    const spot = await toWindow(page, viewpoint, 400, 300);
    await page.mouse.click(spot.x, spot.y);

    const overlay = page.getByRole('textbox', { name: 'Note text' });
    await expect(overlay).toBeFocused();
    await expect(overlay).toHaveValue('Type here');
    await expect(overlay).toHaveCSS('z-index', '9999');
    await expect(page.getByRole('button', { name: 'Select', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // Saving from the host's button mid-edit: the blur saves the text, but the save itself is refused first.
    await overlay.fill('Clash at grid B');
    await page.getByRole('button', { name: 'Save', exact: true }).dispatchEvent('click');
    await expect(page.getByRole('alert')).toContainText('Finish editing the text before saving!!');
    await expect(page.getByTestId('editor-output')).not.toContainText('Clash at grid B');

    await overlay.press('Enter');
    await expect(overlay).toHaveCount(0);
    const { markUp } = await save(page);
    expect(markUp.texts[0]).toMatchObject({
      text: 'Clash at grid B',
      x: expect.closeTo(400, 0),
      y: expect.closeTo(300, 0),
    });
    // 30 px on screen whatever the zoom: the text is scaled by the inverse of the zoom it was written at.
    expect(markUp.texts[0]?.scaleX).toBeCloseTo(1 / viewpoint.scale, 3);
  });

  test('Shift+Enter adds a line, Escape closes, and losing focus saves', async ({ page }) => {
    await openShowroom(page);
    const { viewpoint } = await save(page);
    await chooseTool(page, 'Text');
    const spot = await toWindow(page, viewpoint, 300, 600);
    await page.mouse.click(spot.x, spot.y);
    const overlay = page.getByRole('textbox', { name: 'Note text' });
    await overlay.fill('first');
    await overlay.press('Shift+Enter');
    await overlay.pressSequentially('second');
    await overlay.press('Escape');
    await expect(overlay).toHaveCount(0);
    let { markUp } = await save(page);
    expect(markUp.texts[0]?.text).toBe('first\nsecond');

    await page.mouse.dblclick(spot.x + 30, spot.y + 20);
    await expect(overlay).toBeVisible();
    await overlay.fill('edited by blur');
    await page.getByRole('heading', { name: 'Markup editor showroom' }).click();
    await expect(overlay).toHaveCount(0);
    ({ markUp } = await save(page));
    expect(markUp.texts[0]?.text).toBe('edited by blur');
  });
});

test.describe('markup editor: text in Portuguese', () => {
  test.use({ locale: 'pt-BR' });

  test("uses the locale's default text and warning", async ({ page }) => {
    await page.goto('/showroom/editor');
    await expect(page.getByRole('button', { name: 'Ajustar à tela' })).toBeVisible();
    await page
      .getByRole('toolbar', { name: 'Ferramentas de marcação' })
      .getByRole('button', { name: 'Texto', exact: true })
      .click();
    const box = await page.getByTestId('markup-editor').locator('.konvajs-content').boundingBox();
    await page.mouse.click((box?.x ?? 0) + 300, (box?.y ?? 0) + 200);
    const overlay = page.getByRole('textbox', { name: 'Texto da anotação' });
    await expect(overlay).toHaveValue('Digite aqui');
    await page.getByRole('button', { name: 'Salvar', exact: true }).dispatchEvent('click');
    await expect(page.getByRole('alert')).toContainText('Termine de editar o texto antes de salvar!!');
  });
});
