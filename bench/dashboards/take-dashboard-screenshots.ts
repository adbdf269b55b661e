// Screenshots of the five dashboards on the lived-in demo project for docs/screenshots (light, desktop), plus the
// locations matrix in the dark theme on a 390 px phone.
// Run after building the web app: npm run build && node --import tsx bench/dashboards/take-dashboard-screenshots.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { DASHBOARDS } from '@obra/domain';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createLogger, startServer } from '../../apps/server/src/server.ts';
import type { DemoUser } from '../../apps/server/src/seed/demo-seed-step.ts';

const shots = path.resolve(import.meta.dirname, '../../docs/screenshots');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obra-dashboard-shots-'));
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'true',
});
const server = await startServer(config, createLogger(config));
const users = JSON.parse(fs.readFileSync(path.join(dataDir, 'demo-users.json'), 'utf8')) as DemoUser[];
const manager = users.find((u) => u.role === 'manager');
if (!manager) throw new Error('no demo manager');
const projectId = manager.projectIds[0];

async function signedIn(browser: Browser, options: Parameters<Browser['newContext']>[0]) {
  const context = await browser.newContext({ locale: 'en-US', ...options });
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.locator('input[type="email"]').fill(manager?.email ?? '');
  await page
    .locator('input[type="password"]')
    .first()
    .fill(manager?.password ?? '');
  await page.locator('button[type="submit"]').click();
  await page.getByTestId('workspace-home').waitFor({ timeout: 120_000 });
  return page;
}

async function shoot(page: Awaited<ReturnType<typeof signedIn>>, name: string, file: string) {
  await page.goto(`${server.url}/workspace/project/${projectId}/dashboards/${name}`);
  await page.getByTestId('dashboard-chart').first().waitFor({ timeout: 120_000 });
  await page.waitForTimeout(1200);
  await page.screenshot({ path: path.join(shots, file), fullPage: true });
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  const desktop = await signedIn(browser, { viewport: { width: 1440, height: 900 } });
  for (const name of DASHBOARDS) await shoot(desktop, name, `dashboard-${name}.png`);
  const phone = await signedIn(browser, { viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
  await shoot(phone, 'locals-priorities', 'dashboard-locals-priorities-phone-dark.png');
  process.stdout.write('dashboard screenshots written\n');
} finally {
  await browser.close();
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
