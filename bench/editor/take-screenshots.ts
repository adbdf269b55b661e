// Screenshots of the editor and compare mode for docs/screenshots, from the real server.
// Run after building the web app: npm run build && node --import tsx bench/editor/take-screenshots.ts
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { freePort, startServer } from './obra-server.ts';

const shots = path.resolve(import.meta.dirname, '../../docs/screenshots');

async function drag(page: Page, from: [number, number], to: [number, number]) {
  await page.mouse.move(from[0], from[1]);
  await page.mouse.down();
  await page.mouse.move(to[0], to[1], { steps: 6 });
  await page.mouse.up();
}

async function editorShots(page: Page, base: string) {
  await page.goto(`${base}/showroom/editor`);
  await page.getByRole('button', { name: 'Zoom to fit' }).waitFor();
  const box = await page.getByTestId('markup-editor').locator('.konvajs-content').boundingBox();
  if (!box) throw new Error('no stage');
  const at = (x: number, y: number): [number, number] => [box.x + x, box.y + y];
  await page.keyboard.press('r');
  await drag(page, at(330, 100), at(520, 230));
  await page.keyboard.press('m');
  await drag(page, at(600, 330), at(860, 370));
  await page.keyboard.press('a');
  await drag(page, at(250, 420), at(340, 300));
  await page.keyboard.press('c');
  await drag(page, at(760, 130), at(800, 130));
  await page.keyboard.press('p');
  await page.mouse.click(...at(430, 170));
  await page.keyboard.press('t');
  await page.mouse.click(...at(150, 440));
  await page.getByRole('textbox', { name: 'Note text' }).fill('Wall clashes with column B2');
  await page.keyboard.press('Enter');
  await page.keyboard.press('r');
  await drag(page, at(120, 60), at(260, 150));
  await page.getByTestId('markup-editor').screenshot({ path: path.join(shots, 'editor-markup.png') });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByTestId('editor-output-image').waitFor();
  await page.screenshot({ path: path.join(shots, 'editor-showroom-output.png'), fullPage: true });
  await page.keyboard.press('t');
  await page.mouse.click(...at(650, 470));
  await page.getByRole('textbox', { name: 'Note text' }).waitFor();
  await page.getByRole('button', { name: 'Save', exact: true }).dispatchEvent('click');
  await page.getByRole('alert').waitFor();
  await page
    .getByTestId('markup-editor')
    .screenshot({ path: path.join(shots, 'editor-text-editing-save-blocked.png') });
}

async function compareShots(page: Page, base: string) {
  await page.goto(`${base}/showroom/editor`);
  await page.getByRole('link', { name: 'Open the compare tool with two sample revisions' }).click();
  await page.getByRole('group', { name: 'Compare' }).waitFor();
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(shots, 'compare-split.png') });
  await page.getByText('Overlay', { exact: true }).click();
  await page.getByRole('switch', { name: 'Colour the lines (red / blue)' }).click({ force: true });
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(shots, 'compare-overlay-filters.png') });
}

const port = await freePort();
const server = await startServer(port);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const base = `http://127.0.0.1:${port}`;
  await editorShots(page, base);
  await compareShots(page, base);
} finally {
  await browser.close();
  server.kill();
}
