import fs from 'node:fs';
import path from 'node:path';
import type { CDPSession, Locator, Page } from '@playwright/test';
import { expect, test, type ObraServer } from '../fixtures.ts';
import { createUser, signInWithForm } from './identity-helpers.ts';
import { gql, tokenOf } from './project-helpers.ts';

test.use({ locale: 'en-US' });

/** A 1280×1280 JPEG and a 1308×736 PNG from the repository's fixtures (as the server tests use). */
const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/documents');
const JPEG = path.join(FIXTURES, 'habs/1987-poplar-forest-159782pu-square.jpg');
const PNG = path.join(FIXTURES, 'bcf-xml/Architectural.png');

/** The decoded size of an <img> once the browser has loaded it (0×0 before). */
async function naturalSize(image: Locator): Promise<string> {
  return image.evaluate((node) => {
    const img = node as HTMLImageElement;
    return img.complete ? `${img.naturalWidth}x${img.naturalHeight}` : '0x0';
  });
}

/** The crop's centre in source pixels, as the cropper reports it. */
async function cropCenter(frame: Locator): Promise<string> {
  return (await frame.getAttribute('data-center')) ?? '';
}

async function touch(session: CDPSession, type: 'touchStart' | 'touchMove' | 'touchEnd', points: number[][]) {
  await session.send('Input.dispatchTouchEvent', {
    type,
    touchPoints: points.map(([x = 0, y = 0], id) => ({ x, y, id })),
  });
}

async function centreOf(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** The platform administrator the demo seed wrote to $DATA_DIR/demo-users.json on the server's first start. */
function platformAdmin(obra: ObraServer): { email: string; password: string } {
  const users = JSON.parse(fs.readFileSync(path.join(obra.dataDir, 'demo-users.json'), 'utf8')) as {
    email: string;
    password: string;
    role: string;
  }[];
  const admin = users.find((u) => u.role === 'platformAdmin');
  if (!admin) throw new Error('no platform administrator in the demo seed');
  return admin;
}

async function openCropper(page: Page, field: Locator, title: string): Promise<Locator> {
  await field.getByRole('button', { name: 'Change' }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog.getByRole('button', { name: 'Choose an image' })).toBeVisible();
  return dialog;
}

test.describe('profile images: cropper and upload (editor §5.3)', () => {
  test('a user refuses a non-image, crops a photo, saves it and the avatar shows the 200×200 image', async ({
    page,
    request,
    obra,
  }) => {
    const user = await createUser(request, obra, { onboarded: true, tag: 'photo' });
    await page.goto('/workspace/user');
    await signInWithForm(page, user.email, user.password);
    await expect(page).toHaveURL(/\/workspace\/user\/profile$/);
    const field = page.getByTestId('profile-photo');
    await expect(page.getByTestId('user-menu').locator('img')).toHaveCount(0);

    const dialog = await openCropper(page, field, 'Photo');
    const input = dialog.getByTestId('image-cropper-input');
    await expect(input).toHaveAttribute('accept', 'image/*');
    await input.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an image'),
    });
    await expect(dialog.getByRole('alert')).toHaveText(
      'This file is not an image Obra accepts. Choose a PNG, JPEG, GIF or WebP image.',
    );
    await expect(dialog.getByRole('button', { name: 'Apply' })).toBeDisabled();

    await input.setInputFiles(JPEG);
    const frame = dialog.getByTestId('image-cropper-frame');
    await expect(frame).toBeVisible();
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await expect(frame).toHaveAttribute('data-zoom', '1.000');
    await expect(frame).toHaveAttribute('data-center', '640,640');

    // Zoom with the button and the wheel, then drag the image with the mouse.
    await dialog.getByRole('button', { name: 'Zoom in' }).click();
    await expect(frame).toHaveAttribute('data-zoom', '1.100');
    const middle = await centreOf(frame);
    await page.mouse.move(middle.x, middle.y);
    await page.mouse.wheel(0, -100);
    await expect(frame).toHaveAttribute('data-zoom', '1.210');
    await page.mouse.down();
    await page.mouse.move(middle.x + 40, middle.y + 30, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => cropCenter(frame)).not.toBe('640,640');
    const [x = 0, y = 0] = (await cropCenter(frame)).split(',').map(Number);
    expect(x).toBeLessThan(640);
    expect(y).toBeLessThan(640);

    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog).toBeHidden();
    await expect(field).toHaveAttribute('data-state', 'new');
    await expect(field.getByTestId('profile-photo-pending')).toHaveText(
      'The new image is uploaded when you save.',
    );

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your profile was saved.')).toBeVisible();
    await expect(field).toHaveAttribute('data-state', 'keep');
    const avatar = page.getByTestId('user-menu').locator('img');
    await expect(avatar).toHaveAttribute('src', /^\/.+/);
    await expect.poll(() => naturalSize(avatar)).toBe('200x200');

    // Stored for good: after a reload the header and the profile show the server's image.
    await page.reload();
    await expect.poll(() => naturalSize(page.getByTestId('user-menu').locator('img'))).toBe('200x200');
    await expect.poll(() => naturalSize(field.locator('img'))).toBe('200x200');
  });

  test('a company administrator sets the company logo, 800×200, with the keyboard', async ({
    page,
    request,
    obra,
  }) => {
    const admin = await createUser(request, obra, { onboarded: true, tag: 'logo' });
    await page.goto('/workspace/company');
    await signInWithForm(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/workspace\/company\/profile$/);
    await expect(page.getByTestId('company-profile-logo')).not.toHaveAttribute('src', /.+/);

    await page.getByRole('button', { name: 'Edit' }).click();
    const field = page.getByTestId('company-logo-field');
    const dialog = await openCropper(page, field, 'Logo');
    await dialog.getByTestId('image-cropper-input').setInputFiles(PNG);
    const frame = dialog.getByTestId('image-cropper-frame');
    await expect(frame).toBeVisible();
    const start = Number(await frame.getAttribute('data-zoom'));
    expect(start).toBeLessThan(1);

    await frame.focus();
    await page.keyboard.press('+');
    await page.keyboard.press('+');
    await expect.poll(async () => Number(await frame.getAttribute('data-zoom'))).toBeGreaterThan(start);
    const before = await cropCenter(frame);
    for (let i = 0; i < 5; i += 1) await page.keyboard.press('ArrowDown');
    await expect.poll(() => cropCenter(frame)).not.toBe(before);

    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Company profile saved.')).toBeVisible();
    const logo = page.getByTestId('company-profile-logo');
    await expect(logo).toHaveAttribute('src', /^\/.+/);
    await expect.poll(() => naturalSize(logo)).toBe('800x200');
  });

  test('on a phone, a project image is cropped by touch (pinch, then drag) and shows on the project card', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    const owner = await createUser(request, obra, { onboarded: true, tag: 'project-image' });
    const token = await tokenOf(request, owner.email);
    const created = await gql<{ createProject: { id: number } }>(
      request,
      token,
      'mutation { createProject(name: "Residencial Aurora") { id } }',
    );
    const context = await browser.newContext({
      baseURL,
      locale: 'en-US',
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    await page.goto(`/workspace/project/${created.createProject.id}/setup/profile`);
    await signInWithForm(page, owner.email, owner.password);
    const field = page.getByTestId('project-image-field');
    const dialog = await openCropper(page, field, 'Project image');
    await dialog.getByTestId('image-cropper-input').setInputFiles(JPEG);
    const frame = dialog.getByTestId('image-cropper-frame');
    await expect(frame).toBeVisible();
    const box = await frame.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(390);

    const session = await context.newCDPSession(page);
    const c = await centreOf(frame);
    await touch(session, 'touchStart', [
      [c.x - 30, c.y],
      [c.x + 30, c.y],
    ]);
    for (let step = 1; step <= 6; step += 1) {
      await touch(session, 'touchMove', [
        [c.x - 30 - step * 10, c.y],
        [c.x + 30 + step * 10, c.y],
      ]);
    }
    await touch(session, 'touchEnd', []);
    await expect.poll(async () => Number(await frame.getAttribute('data-zoom'))).toBeGreaterThan(1.5);

    const before = await cropCenter(frame);
    await touch(session, 'touchStart', [[c.x, c.y]]);
    for (let step = 1; step <= 5; step += 1) await touch(session, 'touchMove', [[c.x - step * 8, c.y]]);
    await touch(session, 'touchEnd', []);
    await expect.poll(() => cropCenter(frame)).not.toBe(before);

    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Changes saved.').last()).toBeVisible();
    await expect(field).toHaveAttribute('data-state', 'keep');

    await page.goto('/workspace/home');
    const card = page.locator(`[data-testid="project-card"][data-project-id="${created.createProject.id}"]`);
    const image = card.locator('img').first();
    await expect(image).toHaveAttribute('src', /^\/.+/);
    await expect.poll(() => naturalSize(image)).toBe('200x200');
    await context.close();
  });

  test('a new project is created with an image chosen in the creation dialog', async ({
    page,
    request,
    obra,
  }) => {
    const owner = await createUser(request, obra, { onboarded: true, tag: 'new-project-image' });
    await page.goto('/workspace');
    await signInWithForm(page, owner.email, owner.password);
    await page.getByRole('button', { name: 'New project' }).click();
    const creation = page.getByRole('dialog', { name: 'New project' });
    const field = creation.getByTestId('new-project-image');
    const dialog = await openCropper(page, field, 'Project image');
    await dialog.getByTestId('image-cropper-input').setInputFiles(PNG);
    await expect(dialog.getByTestId('image-cropper-frame')).toBeVisible();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog).toBeHidden();
    await expect(field).toHaveAttribute('data-state', 'new');
    await creation.getByLabel('Project name').fill('Edifício Aurora');
    await creation.getByRole('button', { name: 'Create and configure later' }).click();
    // The project's index forwards to its first module, so the id is read from whichever address is current.
    await expect(page).toHaveURL(/\/workspace\/project\/\d+(\/|$)/);
    const projectId = Number(/\/workspace\/project\/(\d+)/.exec(page.url())?.[1]);
    expect(projectId).toBeGreaterThan(0);

    await page.goto('/workspace/home');
    const card = page.locator(`[data-testid="project-card"][data-project-id="${projectId}"]`);
    const image = card.locator('img').first();
    await expect(image).toHaveAttribute('src', /^\/.+/);
    await expect.poll(() => naturalSize(image)).toBe('200x200');
  });

  test('the platform administrator creates a company with a logo, then removes it', async ({
    page,
    obra,
  }) => {
    const admin = platformAdmin(obra);
    const name = `E2E Logotipo ${Date.now()}`;
    await page.goto('/admin');
    await signInWithForm(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/admin\/companies$/);

    await page.getByRole('button', { name: 'New company' }).click();
    const form = page.getByRole('dialog', { name: 'New company' });
    const field = form.getByTestId('company-form-logo');
    const cropper = await openCropper(page, field, 'Logo');
    await cropper.getByTestId('image-cropper-input').setInputFiles(PNG);
    await expect(cropper.getByTestId('image-cropper-frame')).toBeVisible();
    await cropper.getByRole('button', { name: 'Apply' }).click();
    await expect(cropper).toBeHidden();
    await expect(form).toBeVisible();
    await expect(field).toHaveAttribute('data-state', 'new');
    await form.getByLabel('Company name').fill(name);
    await form.getByRole('button', { name: 'Create company' }).click();
    await expect(form).toBeHidden();

    const row = page.locator(`[data-testid="admin-company-row"][data-name="${name}"]`);
    await row.getByRole('link', { name }).click();
    await expect(page).toHaveURL(/\/admin\/company\/\d+\/profile$/);
    const logo = page.getByTestId('company-profile-logo');
    await expect(logo).toHaveAttribute('src', /^\/.+/);
    await expect.poll(() => naturalSize(logo)).toBe('800x200');

    await page.goto('/admin/companies');
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit company' });
    const editField = edit.getByTestId('company-form-logo');
    await expect.poll(() => naturalSize(editField.locator('img'))).toBe('800x200');
    await editField.getByRole('button', { name: 'Remove' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove the image?' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(confirm).toBeHidden();
    await expect(editField).toHaveAttribute('data-state', 'remove');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await row.getByRole('link', { name }).click();
    await expect(page.getByTestId('company-profile-view')).toBeVisible();
    await expect(page.getByTestId('company-profile-logo')).not.toHaveAttribute('src', /.+/);
  });
});
