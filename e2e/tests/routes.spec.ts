import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, type ObraServer } from '../fixtures.ts';
import { signInWithForm } from './identity-helpers.ts';

test.use({ locale: 'en-US' });

interface DemoUser {
  email: string;
  password: string;
  role: string;
  companyId: number | null;
  projectIds: number[];
}

function demoUser(obra: ObraServer, role: string): DemoUser {
  const users = JSON.parse(fs.readFileSync(path.join(obra.dataDir, 'demo-users.json'), 'utf8')) as DemoUser[];
  const user = users.find((u) => u.role === role);
  if (!user) throw new Error(`no demo user with role ${role}`);
  return user;
}

const SETUP = [
  'profile',
  'locals',
  'labels',
  'categories',
  'disciplinesStatus',
  'phases',
  'disciplines',
  'drive',
  'companies',
  'integrations',
  'importSettings',
  'exportSettings',
];

/**
 * Opens a route as the signed-in user and checks that it shows the page itself: not the sign-in screen, not
 * "Page not found", not the load-error screen, and some heading or main content.
 */
async function expectRendered(page: Page, route: string, where: RegExp = /./): Promise<void> {
  await page.goto(route);
  await expect(page, route).toHaveURL(where);
  await expect(page.getByRole('heading').or(page.getByRole('main')).first(), route).toBeVisible();
  await expect(page.locator('body'), route).not.toContainText('Page not found');
  await expect(page.locator('body'), route).not.toContainText('Could not load the data');
}

test.describe('every route of spec core §2 renders for a suitable user (issue 33)', () => {
  test('workspace and project routes, as the demo company administrator', async ({ page, obra }) => {
    test.setTimeout(180_000);
    const user = demoUser(obra, 'companyAdmin');
    const projectId = user.projectIds[0];
    expect(projectId).toBeDefined();
    await page.goto('/login');
    await signInWithForm(page, user.email, user.password);
    await expect(page).toHaveURL(/\/workspace\//);
    const workspace = [
      'home',
      'smart-flow',
      'downloads',
      'support',
      'company/profile',
      'company/members',
      'company/projects',
      'user/profile',
      'user/changePassword',
      'user/notifications',
      'user/accessKeys',
    ];
    for (const route of workspace) await expectRendered(page, `/workspace/${route}`, new RegExp(route));
    const project = `/workspace/project/${projectId}`;
    await expectRendered(page, project, /\/issues/);
    await expectRendered(page, `${project}/issues`, /\/issues$/);
    // An issue of the demo: the first card of the list.
    await page.getByTestId('issue-row').first().click();
    await expect(page).toHaveURL(/\/issues\/\d+/);
    await expectRendered(page, page.url().replace(obra.baseURL, ''), /\/issues\/\d+/);
    for (const route of ['dashboards/status', 'drive', 'files', 'bim-files/models'])
      await expectRendered(page, `${project}/${route}`, new RegExp(route));
    for (const section of SETUP)
      await expectRendered(page, `${project}/setup/${section}`, new RegExp(section));
    await expectRendered(page, `${project}/setup/duplicateProject`, /duplicateProject/);
    await expectRendered(page, '/autodoc/connect-project', /connect-project/);
    await expectRendered(page, '/policies', /policies/);
    await expectRendered(page, '/maintenance', /maintenance/);
    await expectRendered(page, '/showroom', /showroom/);
    await expectRendered(page, `/issues-report?projectId=${projectId}`, /issues-report/);
    await expectRendered(page, '/tools/compare-documents', /compare-documents/);
  });

  test('admin routes, as the platform administrator', async ({ page, obra }) => {
    test.setTimeout(180_000);
    const admin = demoUser(obra, 'platformAdmin');
    const company = demoUser(obra, 'companyAdmin');
    await page.goto('/admin');
    await signInWithForm(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/admin\/companies$/);
    for (const route of ['companies', 'projects', 'scripts'])
      await expectRendered(page, `/admin/${route}`, new RegExp(route));
    for (const route of ['profile', 'members', 'projects'])
      await expectRendered(page, `/admin/company/${company.companyId}/${route}`, new RegExp(route));
    // The admin area's setup names its last two sections import and export (spec core §2 Admin).
    const adminSetup = SETUP.map((s) =>
      s === 'importSettings' ? 'import' : s === 'exportSettings' ? 'export' : s,
    );
    for (const section of adminSetup)
      await expectRendered(
        page,
        `/admin/project/${company.projectIds[0]}/setup/${section}`,
        new RegExp(section),
      );
  });

  test('the assistant, Smart Docs and the public routes', async ({ page, obra }) => {
    test.setTimeout(120_000);
    const user = demoUser(obra, 'manager');
    for (const route of ['/login', '/google-login', '/process-federated-sign-in', '/maintenance'])
      await expectRendered(page, route);
    // The device check (/test) works before signing in: this headless Chromium has WebGL 2 (SwiftShader).
    await expectRendered(page, '/test', /\/test$/);
    await expect(page.getByTestId('device-check-score')).toBeVisible();
    await expect(page.locator('[data-check="webgl2"]')).toContainText('Works');
    await expect(page.getByTestId('device-check-server')).toContainText('Server');
    await page.goto('/login');
    await signInWithForm(page, user.email, user.password);
    await expect(page).toHaveURL(/\/workspace\//);
    // The chat routes: /ai/chat leads to a persona's chat; Smart Docs has its own page (after the disclaimer).
    await expectRendered(page, '/ai/chat', /\/(caio|ana)/);
    await expectRendered(page, '/caio', /\/caio/);
    await expectRendered(page, '/ana', /\/ana/);
    await expectRendered(page, '/smart-docs', /\/smart-docs/);
    await expectRendered(page, '/onboarding/userprofile', /./);
    await expectRendered(page, '/logout', /\/login/);
  });
});
