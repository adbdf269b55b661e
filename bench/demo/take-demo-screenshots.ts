// Screenshots of the lived-in demo for docs/screenshots: what a newcomer sees on a first `npm start` — the
// workspace home with its counters, the demo project's issue list, and an issue with markup and a conversation.
// Run after building the web app: npm run build && node --import tsx bench/demo/take-demo-screenshots.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createLogger, startServer } from '../../apps/server/src/server.ts';
import type { DemoUser } from '../../apps/server/src/seed/demo-seed-step.ts';

const shots = path.resolve(import.meta.dirname, '../../docs/screenshots');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obra-demo-shots-'));
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'true',
});
const server = await startServer(config, createLogger(config));
const started = Date.now();
const users = JSON.parse(fs.readFileSync(path.join(dataDir, 'demo-users.json'), 'utf8')) as DemoUser[];
const manager = users.find((u) => u.role === 'manager');
if (!manager) throw new Error('no demo manager');
const projectId = manager.projectIds[0];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR' });
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.locator('input[type="email"]').fill(manager.email);
  await page.locator('input[type="password"]').first().fill(manager.password);
  await page.locator('button[type="submit"]').click();
  await page.getByTestId('workspace-home').waitFor({ timeout: 60_000 });
  await page.waitForTimeout(800);
  await page.screenshot({ path: path.join(shots, 'demo-workspace-home.png') });

  await page.goto(`${server.url}/workspace/project/${projectId}/issues`);
  await page.getByTestId('issue-list-complete').waitFor({ state: 'attached', timeout: 60_000 });
  await page.getByTestId('issue-row').first().waitFor();
  await page.waitForTimeout(600);
  await page.screenshot({ path: path.join(shots, 'demo-issues-list.png') });

  // An issue with markup and comments: the first listed one that has both.
  const signIn = await fetch(`${server.url}/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: manager.email, password: manager.password }),
  });
  const token = ((await signIn.json()) as { accessToken?: string }).accessToken;
  const res = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({
      query: `query($p: Int!) { getIssues(projectId: $p, first: 150, includeImages: true, includeComments: true) {
        issues { id images { markUp } comments { id } } } }`,
      variables: { p: projectId },
    }),
  });
  const body = (await res.json()) as {
    data?: { getIssues: { issues: { id: number; images: { markUp: unknown }[]; comments: unknown[] }[] } };
  };
  const issues = body.data?.getIssues.issues ?? [];
  const rich = issues.find((i) => i.images.some((m) => m.markUp) && i.comments.length >= 2) ?? issues[0];
  if (rich) {
    await page.goto(`${server.url}/workspace/project/${projectId}/issues/${rich.id}`);
    await page.getByTestId('issue-view').waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1500);
    await page.screenshot({ path: path.join(shots, 'demo-issue-view.png') });
  }
  process.stdout.write(`screenshots written in ${Math.round((Date.now() - started) / 1000)} s\n`);
} finally {
  await browser.close();
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
