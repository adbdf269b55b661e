import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test, type ObraServer } from '../fixtures.ts';
import { signInWithForm } from './identity-helpers.ts';
import {
  startWebDavServer,
  type WebDavTestServer,
} from '../../apps/server/test/support/webdav-test-server.ts';

// The partner document platform (docs/integrations.md) against a real WebDAV server this journey starts: a
// coordinator chooses the company's platform, connects their own account, links the demo project (a manager is
// refused with the specification's message), browses a folder and brings a PDF into the drive, then opens it in
// the document viewer.

test.use({ locale: 'en-US' });

interface DemoUser {
  email: string;
  password: string;
  role: string;
  projectIds: number[];
}

function demoUser(obra: ObraServer, role: string): DemoUser {
  const users = JSON.parse(fs.readFileSync(path.join(obra.dataDir, 'demo-users.json'), 'utf8')) as DemoUser[];
  const user = users.find((u) => u.role === role);
  if (!user) throw new Error(`no demo user with role ${role}`);
  return user;
}

/** The 3-page PDF made with pdfkit (fixtures/documents/SOURCE.md "generated/"). */
const SHEETS = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../fixtures/documents/generated/three-sheets.pdf'),
);
// A name the demo project's naming rule accepts (project, discipline, phase, location, type, sequence, revision).
const SHEET_NAME = 'OBR-ARQ-ED-TER-PLA-0090-R00.pdf';
/** A small IFC model (fixtures/ifc/bcf-xml/SOURCE.md), named by the same rule. */
const MODEL = fs.readFileSync(path.resolve(import.meta.dirname, '../../fixtures/ifc/bcf-xml/MEP.ifc'));
const MODEL_NAME = 'OBR-HVAC-ED-TER-MOD-0190-R00.ifc';
const PASSWORDS = { coord: 'coord-app-password-e2e', manager: 'manager-app-password-e2e' };

let dav: WebDavTestServer;

test.beforeAll(async () => {
  const tree = {
    'Construtora Alfa': {
      'Edifício Aurora': { Plantas: { [SHEET_NAME]: SHEETS }, Modelos: { [MODEL_NAME]: MODEL } },
    },
  };
  dav = await startWebDavServer([
    {
      username: 'paula',
      password: PASSWORDS.coord,
      email: 'coordinator@gerencia.demo.obra.local',
      tree,
    },
    { username: 'marcos', password: PASSWORDS.manager, email: 'manager@demo.obra.local', tree },
  ]);
});
test.afterAll(async () => {
  await dav.close();
});

async function signedInPage(browser: Browser, baseURL: string | undefined, who: DemoUser): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/workspace');
  await signInWithForm(page, who.email, who.password);
  await expect(page.getByTestId('workspace-home')).toBeVisible();
  return page;
}

async function tokenFor(request: APIRequestContext, user: DemoUser): Promise<string> {
  const response = await request.post('/auth/sign-in', {
    data: { email: user.email, password: user.password },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

test.describe('Partner document platform', () => {
  test('connect an account, link the demo project as its coordinator, bring a PDF into the drive and a model into BIM', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    test.setTimeout(240_000);
    const coordinator = demoUser(obra, 'projectCoordinator');
    const manager = demoUser(obra, 'manager');
    const companyAdmin = demoUser(obra, 'companyAdmin');
    const projectId = coordinator.projectIds[0];
    if (!projectId) throw new Error('the demo coordinator has no project');

    // The demo company (the project's owner) works with the same platform; its manager connects by the API.
    const adminToken = await tokenFor(request, companyAdmin);
    const platform = await request.put('/autodoc/platform', {
      headers: { authorization: `Bearer ${adminToken}` },
      data: { platform: 'webdav', baseUrl: dav.baseUrl },
    });
    expect(platform.status()).toBe(200);
    const managerToken = await tokenFor(request, manager);
    const connected = await request.post('/autodoc/user-integration', {
      headers: { authorization: `Bearer ${managerToken}` },
      data: { email: manager.email, username: 'marcos', password: PASSWORDS.manager },
    });
    expect(connected.status()).toBe(200);

    // The manager (the owner company's, so the project's administrator, not its coordinator) is refused.
    const managerPage = await signedInPage(browser, baseURL, manager);
    await managerPage.goto(`/autodoc/connect-project?projectId=${projectId}`);
    await managerPage.getByRole('radio', { name: 'Construtora Alfa' }).click();
    await managerPage.getByRole('button', { name: 'Next' }).click();
    await managerPage.getByRole('radio', { name: 'Edifício Aurora' }).click();
    await managerPage.getByRole('button', { name: 'Next' }).click();
    await managerPage.getByTestId('connect-confirm').click();
    await expect(managerPage.getByTestId('form-error')).toContainText(
      'You do not have permission to perform this action. Only coordinators can create project connections.',
    );
    await managerPage.context().close();

    // The coordinator, administrator of the coordinating company, chooses its platform in the setup section.
    const page = await signedInPage(browser, baseURL, coordinator);
    await page.goto(`/workspace/project/${projectId}/setup/integrations`);
    await page.getByTestId('company-platform-url').fill(dav.baseUrl);
    await page.getByTestId('company-platform-save').click();
    await expect(page.getByText('Platform saved.')).toBeVisible();

    // Connects their own account in the profile: first with an e-mail the platform does not have.
    await page.goto('/workspace/user/profile');
    const section = page.getByTestId('partner-connection');
    await section.getByLabel('E-mail registered on the platform').fill('paula@elsewhere.example');
    await section.getByLabel('User name').fill('paula');
    await section.getByLabel('App password').fill(PASSWORDS.coord);
    await section.getByTestId('partner-connect').click();
    await expect(section.getByTestId('form-error')).toContainText(
      'The e-mail given is not the one registered on the document platform.',
    );
    await section.getByLabel('E-mail registered on the platform').fill(coordinator.email);
    await section.getByTestId('partner-connect').click();
    await expect(section.getByTestId('partner-connected')).toContainText('Connected as paula');

    // Links the demo project: customer, project, then the confirmation that says it is for good.
    await page.goto(`/workspace/project/${projectId}/setup/integrations`);
    await page.getByTestId('connect-project-link').click();
    await page.getByRole('radio', { name: 'Construtora Alfa' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: 'Edifício Aurora' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByTestId('connect-irreversible')).toContainText('This cannot be undone');
    await page.getByTestId('connect-confirm').click();
    await expect(page.getByTestId('project-link-linked')).toContainText(
      'This project is connected to Edifício Aurora (Construtora Alfa).',
    );

    // Browses the partner project and brings the PDF into the drive, then opens it in the viewer.
    await page.getByTestId('open-partner-documents').click();
    await page.getByTestId('partner-item').filter({ hasText: 'Plantas' }).click();
    await page.getByTestId('partner-item').filter({ hasText: SHEET_NAME }).click();
    await expect(page.getByTestId('partner-file')).toContainText('Version 1');
    await page.getByTestId('partner-bring').click();
    await expect(page.getByTestId('partner-imported')).toContainText(
      `${SHEET_NAME} is now revision R00 in the drive.`,
    );
    await page.getByTestId('partner-open-viewer').click();
    await expect(page.getByTestId('document-viewer')).toBeVisible();
    await expect(page.getByTestId('viewer-document-name')).toContainText('0090');

    // Brings a model into BIM models and sees it converted.
    await page.goBack();
    await expect(page.getByTestId('partner-documents')).toBeVisible();
    // The person's transfers are kept by the server: the sheet's is listed, completed, on coming back.
    await expect(page.getByTestId('partner-transfer').filter({ hasText: SHEET_NAME })).toHaveAttribute(
      'data-status',
      'completed',
    );
    await page.getByTestId('partner-item').filter({ hasText: 'Modelos' }).click();
    await page.getByTestId('partner-item').filter({ hasText: MODEL_NAME }).click();
    await page.getByRole('button', { name: 'Bring into BIM models' }).click();
    await expect(page.getByTestId('partner-imported')).toContainText(`${MODEL_NAME} is in the drive`, {
      timeout: 60_000,
    });
    await expect(page.getByTestId('partner-conversion')).toHaveAttribute('data-state', 'success', {
      timeout: 120_000,
    });
    await page.getByTestId('partner-open-model').click();
    await expect(page).toHaveURL(/\/bim-files\/models\/\d+$/);
    // The platform saw Basic authentication only; no password in any address.
    expect(dav.requests.every((r) => !Object.values(PASSWORDS).some((p) => r.url.includes(p)))).toBe(true);
    await page.context().close();
  });
});
