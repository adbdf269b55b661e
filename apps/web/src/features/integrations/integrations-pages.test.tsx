import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, READY_USER, renderRoutes, stubAuthFetch } from '../../app/guards/guard-test-utils.tsx';
import { renderSetupScreen, TEST_PROJECT } from '../projects/setup/setup-test-kit.tsx';
import { ConnectProjectPage } from './connect-project-page.tsx';
import { SetupIntegrationsPage } from './setup-integrations-page.tsx';
import { PartnerDocumentsPage } from './partner-documents-page.tsx';
import { PowerBiPage } from './power-bi-page.tsx';
import { PartnerConnectionSection } from './partner-connection.tsx';

// jsdom with user-event is slow on a loaded machine; the limit only catches a hang, it asserts no timing.
const SLOW = { timeout: 30_000 };

afterEach(() => vi.unstubAllGlobals());

const CONNECTED = {
  connected: true,
  platform: 'webdav',
  baseUrl: 'https://cloud.example.com/remote.php/dav/files/{user}/',
  email: 'ana@acme.com',
  accountName: 'ana',
  connectedAt: '2026-11-01T00:00:00.000Z',
};
const LINK = {
  obraProjectId: 7,
  autodocCustomerId: 'Construtora Alfa',
  autodocProjectId: 'Torre Norte',
  autodocProjectName: 'Torre Norte',
  platform: 'webdav',
  createdAt: '2026-11-01T00:00:00.000Z',
};
/** A transfer as GET …/transfers answers it: a quarter done while transferring. */
function transfer(
  id: string,
  kind: 'drive' | 'bim',
  status: 'transferring' | 'completed' | 'error',
  name: string,
) {
  const [fileId, documentId] = kind === 'drive' ? [90, 40] : [91, 41];
  return {
    id,
    status,
    kind,
    fileName: name,
    done: status === 'transferring' ? 1024 : 4096,
    total: 4096,
    errorCode: status === 'error' ? 'INTEGRATION_PLATFORM_UNAVAILABLE' : null,
    createdAt: '2026-11-01T00:00:00.000Z',
    completedAt: status === 'transferring' ? null : '2026-11-01T00:00:01.000Z',
    file:
      status === 'completed'
        ? { id: fileId, documentId, fileName: name, revisionName: '1', uploadState: 'confirmed' }
        : null,
  };
}

const NOT_LINKED: [number, unknown] = [400, { code: 'PROJECT_NOT_INTEGRATED', message: 'not integrated' }];

async function renderConnect() {
  await renderRoutes(
    [
      { path: '/autodoc/connect-project', element: <ConnectProjectPage /> },
      { path: '/workspace/project/7/setup/integrations', element: <p>integrations settings</p> },
    ],
    '/autodoc/connect-project?projectId=7&projectName=Residencial%20Aurora',
    fakeSession({ status: 'ready', user: READY_USER }),
  );
}

describe('/autodoc/connect-project', SLOW, () => {
  it('goes customer → project → confirmation, says it is irreversible before, and links the project', async () => {
    const calls = stubAuthFetch({
      'GET /autodoc/user-integration': [200, CONNECTED],
      'GET /autodoc/autodoc-customers': [
        200,
        { customers: [{ id: 'Construtora Alfa', name: 'Construtora Alfa' }] },
      ],
      'GET /autodoc/autodoc-projects': [
        200,
        { projects: [{ id: 'Torre Norte', name: 'Torre Norte', customerId: 'Construtora Alfa' }] },
      ],
      'POST /autodoc/project-integration': [201, LINK],
    });
    await renderConnect();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Construtora Alfa' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('radio', { name: 'Torre Norte' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByTestId('connect-summary')).toHaveTextContent(
      'Residencial Aurora will be connected to Torre Norte (Construtora Alfa).',
    );
    expect(screen.getByTestId('connect-irreversible')).toHaveTextContent(
      'once made, the connection can neither be removed nor changed',
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(screen.getByTestId('connect-confirm'));
    expect(await screen.findByText('integrations settings')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      projectId: 7,
      autodocCustomerId: 'Construtora Alfa',
      autodocProjectId: 'Torre Norte',
    });
  });

  it("shows the specification's message when a manager who is not a coordinator confirms", async () => {
    stubAuthFetch({
      'GET /autodoc/user-integration': [200, CONNECTED],
      'GET /autodoc/autodoc-customers': [200, { customers: [{ id: 'C', name: 'C' }] }],
      'GET /autodoc/autodoc-projects': [200, { projects: [{ id: 'P', name: 'P', customerId: 'C' }] }],
      'POST /autodoc/project-integration': [
        403,
        { code: 'CCODE_CREATE_PROJECT_INTEGRATION_NOT_ALLOWED', message: 'refused' },
      ],
    });
    await renderConnect();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'C' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('radio', { name: 'P' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByTestId('connect-confirm'));
    expect(await screen.findByTestId('form-error')).toHaveTextContent(
      'You do not have permission to perform this action. Only coordinators can create project connections.',
    );
  });

  it('sends a user whose account is not connected to their profile first', async () => {
    stubAuthFetch({ 'GET /autodoc/user-integration': [200, { ...CONNECTED, connected: false }] });
    await renderConnect();
    const notice = await screen.findByTestId('connect-not-connected');
    expect(within(notice).getByRole('link', { name: 'Go to my profile' })).toHaveAttribute(
      'href',
      '/workspace/user/profile',
    );
  });
});

describe("the user's connection on APS (profile)", SLOW, () => {
  const APS_PLATFORM = {
    companyId: 3,
    platform: 'aps',
    baseUrl: 'https://developer.api.autodesk.com',
    updatedAt: null,
  };

  it("sends the browser to Autodesk's consent page, to come back to the profile", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, pathname: '/workspace/user/profile' });
    const calls = stubAuthFetch({
      'GET /autodoc/user-integration': [200, { ...CONNECTED, connected: false }],
      'GET /autodoc/platform': [200, APS_PLATFORM],
      'POST /autodoc/aps/authorization': [
        200,
        { authorizeUrl: 'https://developer.api.autodesk.com/authentication/v2/authorize?state=s' },
      ],
    });
    await renderRoutes(
      [{ path: '/workspace/user/profile', element: <PartnerConnectionSection email="ana@acme.com" /> }],
      '/workspace/user/profile',
      fakeSession({ status: 'ready', user: READY_USER }),
    );
    const user = userEvent.setup();
    expect(screen.queryByLabelText('App password')).not.toBeInTheDocument();
    await user.click(await screen.findByTestId('partner-connect-aps'));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(
        'https://developer.api.autodesk.com/authentication/v2/authorize?state=s',
      ),
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      email: 'ana@acme.com',
      returnTo: '/workspace/user/profile',
    });
  });

  it("shows why Autodesk's return linked nothing", async () => {
    stubAuthFetch({
      'GET /autodoc/user-integration': [200, { ...CONNECTED, connected: false }],
      'GET /autodoc/platform': [200, APS_PLATFORM],
    });
    await renderRoutes(
      [{ path: '/workspace/user/profile', element: <PartnerConnectionSection email="ana@acme.com" /> }],
      '/workspace/user/profile?partnerConnection=error&code=INTEGRATION_EMAIL_NOT_REGISTERED',
      fakeSession({ status: 'ready', user: READY_USER }),
    );
    expect(await screen.findByTestId('form-error')).toHaveTextContent(
      'The e-mail given is not the one registered on the document platform.',
    );
  });
});

describe('setup/integrations', SLOW, () => {
  it('lets the company administrator choose the platform, and a coordinator open the connection page', async () => {
    const calls = stubAuthFetch({
      'GET /autodoc/projects/7/integration': NOT_LINKED,
      'GET /autodoc/platform': [200, { companyId: 3, platform: null, baseUrl: null, updatedAt: null }],
      'PUT /autodoc/platform': [
        200,
        { companyId: 3, platform: 'webdav', baseUrl: 'https://cloud.example.com/dav/', updatedAt: null },
      ],
    });
    await renderSetupScreen(<SetupIntegrationsPage />, {
      project: { ...TEST_PROJECT, permissions: { ...TEST_PROJECT.permissions, role: 'coordinator' } },
    });
    expect(await screen.findByTestId('connect-project-link')).toHaveAttribute(
      'href',
      '/autodoc/connect-project?projectId=7&projectName=Residencial%20Aurora',
    );
    const user = userEvent.setup();
    await user.type(screen.getByTestId('company-platform-url'), 'https://cloud.example.com/dav/');
    await user.click(screen.getByTestId('company-platform-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      platform: 'webdav',
      baseUrl: 'https://cloud.example.com/dav/',
    });
  });

  it('chooses APS without an address (the server is set up for it)', async () => {
    const calls = stubAuthFetch({
      'GET /autodoc/projects/7/integration': NOT_LINKED,
      'GET /autodoc/platform': [
        200,
        { companyId: 3, platform: 'aps', baseUrl: 'https://developer.api.autodesk.com', updatedAt: null },
      ],
      'PUT /autodoc/platform': [
        200,
        { companyId: 3, platform: 'aps', baseUrl: 'https://developer.api.autodesk.com', updatedAt: null },
      ],
    });
    await renderSetupScreen(<SetupIntegrationsPage />, {
      project: { ...TEST_PROJECT, permissions: { ...TEST_PROJECT.permissions, role: 'coordinator' } },
    });
    expect(await screen.findByTestId('company-platform-aps')).toBeInTheDocument();
    expect(screen.queryByTestId('company-platform-url')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByTestId('company-platform-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ platform: 'aps' });
  });

  it('shows a link once made (no way to change it), and tells collaborators only coordinators link', async () => {
    stubAuthFetch({
      'GET /autodoc/projects/7/integration': [200, LINK],
      'GET /autodoc/platform': [
        200,
        { companyId: 3, platform: 'webdav', baseUrl: 'https://c/', updatedAt: null },
      ],
    });
    await renderSetupScreen(<SetupIntegrationsPage />, {
      user: { ...READY_USER, company: { ...READY_USER.company!, role: 'collaborator' } },
    });
    expect(await screen.findByTestId('project-link-linked')).toHaveTextContent(
      'This project is connected to Torre Norte (Construtora Alfa).',
    );
    expect(screen.queryByTestId('connect-project-link')).toBeNull();
    expect(screen.getByTestId('company-platform-value')).toHaveTextContent('WebDAV (Nextcloud, ownCloud)');
  });

  it('tells a collaborator of a project without a link that only coordinators connect it', async () => {
    stubAuthFetch({
      'GET /autodoc/projects/7/integration': NOT_LINKED,
      'GET /autodoc/platform': [200, { companyId: 3, platform: null, baseUrl: null, updatedAt: null }],
    });
    await renderSetupScreen(<SetupIntegrationsPage />, {
      project: { ...TEST_PROJECT, permissions: { ...TEST_PROJECT.permissions, role: 'collaborator' } },
    });
    expect(await screen.findByText('Only coordinators can create project connections.')).toBeInTheDocument();
    expect(screen.queryByTestId('connect-project-link')).toBeNull();
  });
});

describe('partner documents', SLOW, () => {
  it('browses a folder, shows a file with its versions and brings a PDF into the drive', async () => {
    const table: Record<string, [number, unknown]> = {
      'GET /autodoc/projects/7/integration': [200, LINK],
      'GET /autodoc/projects/7/folder-items': [
        200,
        {
          folderId: '/',
          items: [
            { type: 'folder', id: '/Plantas', name: 'Plantas', modifiedAt: null },
            { type: 'file', id: '/A-101.pdf', name: 'A-101.pdf', size: 4096, modifiedAt: null },
          ],
        },
      ],
      'GET /autodoc/projects/7/file': [
        200,
        {
          id: '/A-101.pdf',
          name: 'A-101.pdf',
          folderId: '/',
          size: 4096,
          versions: [{ id: 'etag1', number: 1, size: 4096, modifiedAt: null }],
        },
      ],
      'POST /autodoc/projects/7/aps-files': [202, transfer('t1', 'drive', 'transferring', 'A-101.pdf')],
      'GET /autodoc/projects/7/transfers': [200, { transfers: [] }],
    };
    const calls = stubAuthFetch(table);
    await renderSetupScreen(<PartnerDocumentsPage />);
    const user = userEvent.setup();
    const rows = await screen.findAllByTestId('partner-item');
    expect(rows.map((r) => r.getAttribute('data-type'))).toEqual(['folder', 'file']);
    await user.click(screen.getByText('A-101.pdf'));
    expect(await screen.findByText('Version 1')).toBeInTheDocument();
    await user.click(screen.getByTestId('partner-bring'));
    // The transfer runs on the server: its progress is shown, then its end.
    expect(await screen.findByTestId('partner-transfer')).toHaveAttribute('data-status', 'transferring');
    expect(screen.getByText('1 KB of 4 KB')).toBeInTheDocument();
    table['GET /autodoc/projects/7/transfers'] = [
      200,
      { transfers: [transfer('t1', 'drive', 'completed', 'A-101.pdf')] },
    ];
    expect(await screen.findByTestId('partner-imported', {}, { timeout: 5000 })).toHaveTextContent(
      'A-101.pdf is now revision 1 in the drive.',
    );
    expect(screen.getByTestId('partner-transfer')).toHaveAttribute('data-status', 'completed');
    expect(screen.getByTestId('partner-open-viewer')).toHaveAttribute(
      'href',
      '/workspace/project/7/drive/documents/40',
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      folderId: '/',
      fileId: '/A-101.pdf',
      versionId: 'etag1',
    });
  });

  it('brings an IFC into BIM models and follows its conversion to the end', async () => {
    const table: Record<string, [number, unknown]> = {
      'GET /autodoc/projects/7/integration': [200, LINK],
      'GET /autodoc/projects/7/folder-items': [
        200,
        {
          folderId: '/',
          items: [{ type: 'file', id: '/MEP.ifc', name: 'MEP.ifc', size: 2048, modifiedAt: null }],
        },
      ],
      'GET /autodoc/projects/7/file': [
        200,
        {
          id: '/MEP.ifc',
          name: 'MEP.ifc',
          folderId: '/',
          size: 2048,
          versions: [{ id: 'e', number: 1, size: 2048, modifiedAt: null }],
        },
      ],
      'POST /autodoc/projects/7/aps-files': [202, transfer('t2', 'bim', 'transferring', 'MEP.ifc')],
      'GET /autodoc/projects/7/transfers': [200, { transfers: [] }],
      'GET /bim/projects/7/models/91': [
        200,
        { fileId: 91, documentId: 41, processingState: 'success', isLatest: true, revisions: [] },
      ],
    };
    stubAuthFetch(table);
    await renderSetupScreen(<PartnerDocumentsPage />, {
      project: { ...TEST_PROJECT, modules: ['issues', 'setup', 'bim', 'drive'] },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByText('MEP.ifc'));
    await user.click(await screen.findByRole('button', { name: 'Bring into BIM models' }));
    table['GET /autodoc/projects/7/transfers'] = [
      200,
      { transfers: [transfer('t2', 'bim', 'completed', 'MEP.ifc')] },
    ];
    expect(await screen.findByTestId('partner-conversion', {}, { timeout: 5000 })).toHaveAttribute(
      'data-state',
      'success',
    );
    expect(screen.getByTestId('partner-open-model')).toHaveAttribute(
      'href',
      '/workspace/project/7/bim-files/models/91',
    );
  });

  it('says so when the platform is down', async () => {
    stubAuthFetch({
      'GET /autodoc/projects/7/integration': [200, LINK],
      'GET /autodoc/projects/7/folder-items': [
        502,
        { code: 'INTEGRATION_PLATFORM_UNAVAILABLE', message: 'down' },
      ],
    });
    await renderSetupScreen(<PartnerDocumentsPage />);
    expect(await screen.findByTestId('form-error')).toHaveTextContent(
      'The document platform is not answering. Try again later.',
    );
  });
});

describe('Power BI connection', SLOW, () => {
  it('shows the feed address, creates a key shown once, lists the three steps and offers the .pbids file', async () => {
    const file = {
      version: '0.1',
      connections: [
        {
          details: {
            protocol: 'odata',
            address: { url: 'https://obra.example/data-lake/odata?projectId=7' },
          },
          options: {},
          mode: 'Import',
        },
      ],
    };
    const calls = stubAuthFetch(
      { 'GET /data-lake/power-bi/projects/7/connection': [200, file] },
      {
        CreateAccessKey: {
          data: {
            createAccessKey: {
              secret: 'shown-once-secret',
              accessKey: {
                id: 1,
                name: 'Power BI — Residencial Aurora',
                keyId: 'obk_abc',
                createdAt: '2026-11-01T00:00:00.000Z',
                expiresAt: null,
                lastUsedAt: null,
              },
            },
          },
        },
      },
    );
    await renderSetupScreen(<PowerBiPage />);
    await waitFor(() =>
      expect(screen.getByTestId('power-bi-address')).toHaveValue(
        'https://obra.example/data-lake/odata?projectId=7',
      ),
    );
    expect(within(screen.getByTestId('power-bi-steps')).getAllByRole('listitem')).toHaveLength(3);
    const user = userEvent.setup();
    await user.click(screen.getByTestId('power-bi-create-key'));
    expect(await screen.findByTestId('power-bi-secret')).toHaveTextContent('shown-once-secret');
    expect(screen.getByTestId('power-bi-key')).toHaveTextContent('obk_abc');
    const create = calls.find(
      (c) => c.path === '/graphql' && JSON.stringify(c.body).includes('CreateAccessKey'),
    );
    expect((create?.body as { variables: unknown }).variables).toEqual({
      name: 'Power BI — Residencial Aurora',
    });
    expect(screen.getByTestId('power-bi-download')).toBeEnabled();
  });
});
