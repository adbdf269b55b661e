import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/login-page.tsx';
import { MaintenancePage } from '../features/maintenance/maintenance-page.tsx';
import { NotFoundPage, RouteErrorBoundary } from '../features/errors/network-error-screen.tsx';
import {
  ADMIN_SETUP_SECTIONS,
  SETUP_SECTIONS,
  sectionPath,
  type SetupAreaKind,
  type SetupSection,
} from '../features/projects/setup/setup-sections.ts';
import { importWithReload } from '../lib/lazy-import.ts';
import { RouteGuard } from './guards/route-guard.tsx';
import type { GuardArea } from './guards/route-guards.ts';
import { RootLayout } from './root-layout.tsx';
import { CenteredSuspense } from '../components/centered-suspense.tsx';
import { rootRedirectTarget } from './root-redirect.ts';

// Lazy chunks used by more than one route.
const adminLayout = () => import('../features/admin/admin-layout.tsx');
const adminTabs = () => import('../features/admin/admin-company-tabs.tsx');
const issuesListPage = () => import('../features/issues/list/issues-list-page.tsx');
const issueViewPage = () => import('../features/issues/view/issue-view-page.tsx');
const workspaceLayout = lazyScreen(
  () => import('../features/workspace/workspace-layout.tsx'),
  'WorkspaceLayout',
);
const setupPages = () => importWithReload(() => import('../features/projects/setup/setup-pages.ts'));
type SetupPages = Awaited<ReturnType<typeof setupPages>>;

// Each setup section's screen, looked up in the lazy chunk of the setup pages.
const SETUP_SCREENS: Record<SetupSection, (p: SetupPages) => SetupPages[keyof SetupPages]> = {
  profile: (p) => p.SetupProfilePage,
  locals: (p) => p.SetupLocalsPage,
  labels: (p) => p.SetupLabelsPage,
  categories: (p) => p.SetupCategoriesPage,
  disciplinesStatus: (p) => p.SetupDisciplinesStatusPage,
  phases: (p) => p.SetupPhasesPage,
  disciplines: (p) => p.SetupDisciplinesPage,
  drive: (p) => p.SetupDrivePage,
  companies: (p) => p.SetupCompaniesPage,
  integrations: (p) => p.SetupIntegrationsPage,
  groups: (p) => p.SetupGroupsPage,
  userTags: (p) => p.SetupUserTagsPage,
  importSettings: (p) => p.SetupImportPage,
  exportSettings: (p) => p.SetupExportPage,
  duplicateProject: (p) => p.SetupDuplicatePage,
};

/**
 * The children of a setup route: one lazy route per section of the area (`sectionPath` gives its URL: the
 * section's name, except `import` and `export` in the admin area; the sections are listed in
 * `setup-sections.ts`) and the index opening the profile. An unknown section, or one not built yet, is "not
 * found" (the layout shows that page in place of the section, and for sections the user may not see).
 */
function setupChildRoutes(kind: SetupAreaKind, sections: readonly SetupSection[]): RouteObject[] {
  return [
    { index: true, element: <Navigate to="profile" replace /> },
    ...sections.map((section): RouteObject => ({
      path: sectionPath(kind, section),
      lazy: async () => ({ Component: SETUP_SCREENS[section](await setupPages()) }),
    })),
    { path: '*', element: <NotFoundPage /> },
  ];
}

/** The `lazy` of a route whose screen is one export of a module loaded on demand (see `importWithReload`). */
function lazyScreen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return async () => ({ Component: (await importWithReload(load))[name] });
}

/** A route behind a guard whose only screen is its index. */
function guardedScreen(path: string, area: GuardArea, lazy: RouteObject['lazy']): RouteObject {
  return { path, element: <RouteGuard area={area} />, children: [{ index: true, lazy }] };
}

/** The editor's translations load on demand, so each editor page waits for them behind its own boundary. */
function suspended(Page: ComponentType): ComponentType {
  return function SuspendedPage() {
    return (
      <CenteredSuspense>
        <Page />
      </CenteredSuspense>
    );
  };
}

/**
 * The whole route table of the web (spec core §2): every URL is here, with its guard (spec core §4) and
 * layout. Each area adds its routes as it is built; nothing here is a placeholder. Screens are lazy-loaded.
 */
export function buildRoutes(): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorBoundary />,
      children: [
        { index: true, element: <Navigate to={rootRedirectTarget(window.location.hostname)} replace /> },
        { path: 'maintenance', element: <MaintenancePage /> },
        {
          path: 'showroom',
          lazy: async () => ({
            Component: (await import('../features/showroom/showroom-page.tsx')).ShowroomPage,
          }),
        },
        {
          // The device check (spec core §2 internal pages): public, so a site engineer can open it before signing in.
          path: 'test',
          lazy: async () => ({
            Component: (await import('../features/device-check/device-check-page.tsx')).DeviceCheckPage,
          }),
        },

        // The public sign-in screens (spec core §2 public routes, plus the screens editor §2.2 names).
        // In the first chunk: the sign-in page is where a new visitor lands, and a lazy chunk would load the
        // Mantine chunk of the other screens for its inputs (about 40 kB brotli) one round trip later.
        { path: 'login', Component: LoginPage },
        {
          path: 'sign-up',
          lazy: lazyScreen(() => import('../features/auth/sign-up-page.tsx'), 'SignUpPage'),
        },
        {
          path: 'verify-email',
          lazy: lazyScreen(() => import('../features/auth/verify-email-page.tsx'), 'VerifyEmailPage'),
        },
        {
          path: 'forgot-password',
          lazy: lazyScreen(() => import('../features/auth/forgot-password-page.tsx'), 'ForgotPasswordPage'),
        },
        {
          path: 'reset-password',
          lazy: lazyScreen(() => import('../features/auth/reset-password-page.tsx'), 'ResetPasswordPage'),
        },
        {
          path: 'logout',
          lazy: lazyScreen(() => import('../features/auth/logout-page.tsx'), 'LogoutPage'),
        },
        {
          path: 'google-login',
          lazy: lazyScreen(() => import('../features/auth/google-login-page.tsx'), 'GoogleLoginPage'),
        },
        {
          path: 'process-federated-sign-in',
          lazy: lazyScreen(
            () => import('../features/auth/process-federated-sign-in-page.tsx'),
            'ProcessFederatedSignInPage',
          ),
        },
        {
          path: 'request-demo',
          lazy: lazyScreen(() => import('../features/demo-request/demo-request-page.tsx'), 'DemoRequestPage'),
        },

        // /issues-report (spec core §2): the printable issues report of a filtered list, for signed-in members.
        guardedScreen(
          'issues-report',
          'workspace',
          lazyScreen(() => import('../features/exports/issues-report-page.tsx'), 'IssuesReportPage'),
        ),

        // /policies and /onboarding, each behind its guard.
        guardedScreen(
          'policies',
          'policies',
          lazyScreen(() => import('../features/onboarding/policies-page.tsx'), 'PoliciesPage'),
        ),
        {
          path: 'onboarding',
          element: <RouteGuard area="onboarding" />,
          children: [
            {
              lazy: lazyScreen(
                () => import('../features/onboarding/onboarding-layout.tsx'),
                'OnboardingLayout',
              ),
              children: [
                { index: true, element: <Navigate to="userprofile" replace /> },
                {
                  path: 'userprofile',
                  lazy: lazyScreen(
                    () => import('../features/onboarding/user-profile-step.tsx'),
                    'UserProfileStep',
                  ),
                },
                guardedScreen(
                  'company',
                  'onboardingCompany',
                  lazyScreen(() => import('../features/onboarding/company-step.tsx'), 'CompanyStep'),
                ),
              ],
            },
          ],
        },

        // The AI assistant (issue 31): /ai/chat goes to the chat; /caio and /ana are its two personas. Workspace
        // guard (profile and company); the page checks the user's assistant flag, the model and the disclaimer.
        {
          element: <RouteGuard area="workspace" />,
          children: [
            {
              lazy: workspaceLayout,
              children: [
                {
                  path: 'ai/chat',
                  lazy: lazyScreen(() => import('../features/ai/ai-chat-page.tsx'), 'AiChatRedirect'),
                },
                {
                  path: 'caio',
                  lazy: lazyScreen(() => import('../features/ai/ai-chat-page.tsx'), 'CaioChatPage'),
                },
                {
                  path: 'ana',
                  lazy: lazyScreen(() => import('../features/ai/ai-chat-page.tsx'), 'AnaChatPage'),
                },
                // Smart Docs: the same guard; the page checks the flag and the disclaimer (no model needed).
                {
                  path: 'smart-docs',
                  lazy: lazyScreen(() => import('../features/ai/smart-docs-page.tsx'), 'SmartDocsPage'),
                },
              ],
            },
          ],
        },

        // /autodoc/connect-project (spec core §2): a coordinator links a project to the document platform
        // (docs/integrations.md). Workspace guard; the server decides who may.
        {
          element: <RouteGuard area="workspace" />,
          children: [
            {
              lazy: workspaceLayout,
              children: [
                {
                  path: 'autodoc/connect-project',
                  lazy: lazyScreen(
                    () => import('../features/integrations/connect-project-page.tsx'),
                    'ConnectProjectPage',
                  ),
                },
              ],
            },
          ],
        },

        // /oauth/consent/:uid: a desktop BCF application asks to use the BCF-API as the signed-in person.
        guardedScreen(
          'oauth/consent/:uid',
          'workspace',
          lazyScreen(() => import('../features/bcf/oauth-consent-page.tsx'), 'OauthConsentPage'),
        ),

        // /workspace (needs a company; default child home) and the user settings.
        {
          path: 'workspace',
          element: <RouteGuard area="workspace" />,
          children: [
            // The project area has its own frame (project header and modules menu), beside the workspace frame;
            // the project's index redirects to the issues.
            {
              path: 'project/:projectId',
              lazy: lazyScreen(() => import('../features/projects/project-layout.tsx'), 'ProjectLayout'),
              children: [
                { index: true, element: <Navigate to="issues" replace /> },
                {
                  path: 'issues',
                  lazy: lazyScreen(issuesListPage, 'IssuesListPage'),
                },
                {
                  path: 'issues/:issueId',
                  lazy: lazyScreen(issueViewPage, 'IssueViewPage'),
                },
                { path: 'dashboards', element: <Navigate to="status" replace /> },
                {
                  path: 'dashboards/:chartName',
                  lazy: lazyScreen(
                    () => import('../features/dashboards/dashboards-page.tsx'),
                    'DashboardsPage',
                  ),
                },
                {
                  path: 'drive',
                  lazy: lazyScreen(() => import('../features/drive/drive-page.tsx'), 'DrivePage'),
                },
                {
                  path: 'files',
                  lazy: lazyScreen(() => import('../features/files/files-page.tsx'), 'FilesPage'),
                },
                {
                  path: 'drive/documents/:documentId',
                  lazy: async () => ({
                    Component: suspended(
                      (await importWithReload(() => import('../features/viewer/document-viewer-page.tsx')))
                        .DocumentViewerPage,
                    ),
                  }),
                },
                {
                  path: 'bim-files/models',
                  lazy: lazyScreen(() => import('../features/bim/bim-models-page.tsx'), 'BimModelsPage'),
                },
                {
                  path: 'bim-files/models/federated/:federatedId',
                  lazy: lazyScreen(
                    () => import('../features/bim/bim-federated-page.tsx'),
                    'BimFederatedPage',
                  ),
                },
                {
                  path: 'bim-files/models/:fileId',
                  lazy: lazyScreen(() => import('../features/bim/bim-viewer-page.tsx'), 'BimViewerPage'),
                },
                {
                  path: 'setup',
                  lazy: lazyScreen(
                    () => import('../features/projects/setup/setup-layout.tsx'),
                    'SetupLayout',
                  ),
                  children: setupChildRoutes('workspace', SETUP_SECTIONS),
                },
                {
                  // The linked project of the partner document platform (docs/integrations.md).
                  path: 'partner-documents',
                  lazy: lazyScreen(
                    () => import('../features/integrations/partner-documents-page.tsx'),
                    'PartnerDocumentsPage',
                  ),
                },
                {
                  // The Power BI connection of the project (docs/bi.md).
                  path: 'power-bi',
                  lazy: lazyScreen(() => import('../features/integrations/power-bi-page.tsx'), 'PowerBiPage'),
                },
              ],
            },
            {
              lazy: workspaceLayout,
              children: [
                { index: true, element: <Navigate to="home" replace /> },
                {
                  path: 'home',
                  lazy: lazyScreen(
                    () => import('../features/workspace/workspace-home-page.tsx'),
                    'WorkspaceHomePage',
                  ),
                },
                // Smart flow: the person's recurring rules (issue 31 item 6; docs/smart-flow.md).
                {
                  path: 'smart-flow',
                  lazy: lazyScreen(
                    () => import('../features/smart-flow/smart-flow-page.tsx'),
                    'SmartFlowPage',
                  ),
                },
                // The files the person asked Obra to prepare (bulk zips, BCF exports).
                {
                  path: 'downloads',
                  lazy: lazyScreen(() => import('../features/downloads/downloads-page.tsx'), 'DownloadsPage'),
                },
                // Help: the manual, shortcuts, what's new, status and version, the contact form.
                {
                  path: 'support',
                  lazy: lazyScreen(() => import('../features/support/support-page.tsx'), 'SupportPage'),
                },
                // The yearly retrospective (editor §2.2, §9): the year in the path, 2024 by default.
                {
                  path: 'retrospective',
                  lazy: lazyScreen(
                    () => import('../features/retrospective/retrospective-page.tsx'),
                    'RetrospectiveYearRedirect',
                  ),
                },
                {
                  path: 'retrospective/:year',
                  lazy: lazyScreen(
                    () => import('../features/retrospective/retrospective-page.tsx'),
                    'RetrospectivePage',
                  ),
                },
                // The company pages: profile (default), members, projects.
                {
                  path: 'company',
                  children: [
                    { index: true, element: <Navigate to="profile" replace /> },
                    {
                      path: 'profile',
                      lazy: lazyScreen(
                        () => import('../features/company/company-profile-page.tsx'),
                        'CompanyProfilePage',
                      ),
                    },
                    {
                      path: 'members',
                      lazy: lazyScreen(
                        () => import('../features/company/company-members-page.tsx'),
                        'CompanyMembersPage',
                      ),
                    },
                    {
                      path: 'projects',
                      lazy: lazyScreen(
                        () => import('../features/company/company-projects-page.tsx'),
                        'CompanyProjectsPage',
                      ),
                    },
                  ],
                },
                {
                  path: 'user',
                  children: [
                    { index: true, element: <Navigate to="profile" replace /> },
                    {
                      path: 'profile',
                      lazy: lazyScreen(() => import('../features/account/profile-page.tsx'), 'ProfilePage'),
                    },
                    {
                      path: 'changePassword',
                      lazy: lazyScreen(
                        () => import('../features/account/change-password-page.tsx'),
                        'ChangePasswordPage',
                      ),
                    },
                    {
                      path: 'notifications',
                      lazy: lazyScreen(
                        () => import('../features/notifications/notification-settings-page.tsx'),
                        'NotificationSettingsPage',
                      ),
                    },
                    {
                      path: 'accessKeys',
                      lazy: lazyScreen(
                        () => import('../features/account/access-keys-page.tsx'),
                        'AccessKeysPage',
                      ),
                    },
                    {
                      // The BCF applications the person allowed (OAuth2), and revoking them.
                      path: 'connectedApps',
                      lazy: lazyScreen(
                        () => import('../features/bcf/connected-apps-page.tsx'),
                        'ConnectedAppsPage',
                      ),
                    },
                  ],
                },
              ],
            },
          ],
        },

        // Platform administrators only: companies (default), projects, scripts, company/{companyId} with profile
        // (default), members and projects, and project/{projectId}/setup with the setup sections of the admin
        // area (profile by default; the settings copies under `import` and `export`).
        {
          path: 'admin',
          element: <RouteGuard area="admin" />,
          children: [
            {
              lazy: lazyScreen(adminLayout, 'AdminLayout'),
              children: [
                { index: true, element: <Navigate to="companies" replace /> },
                {
                  path: 'companies',
                  lazy: lazyScreen(
                    () => import('../features/admin/admin-companies-page.tsx'),
                    'AdminCompaniesPage',
                  ),
                },
                {
                  path: 'projects',
                  lazy: lazyScreen(
                    () => import('../features/admin/admin-projects-page.tsx'),
                    'AdminProjectsPage',
                  ),
                },
                {
                  path: 'scripts',
                  lazy: lazyScreen(
                    () => import('../features/admin/admin-scripts-page.tsx'),
                    'AdminScriptsPage',
                  ),
                },
                {
                  path: 'company/:companyId',
                  lazy: lazyScreen(
                    () => import('../features/admin/admin-company-page.tsx'),
                    'AdminCompanyPage',
                  ),
                  children: [
                    { index: true, element: <Navigate to="profile" replace /> },
                    {
                      path: 'profile',
                      lazy: lazyScreen(adminTabs, 'AdminCompanyProfileTab'),
                    },
                    {
                      path: 'members',
                      lazy: lazyScreen(adminTabs, 'AdminCompanyMembersTab'),
                    },
                    {
                      path: 'projects',
                      lazy: lazyScreen(adminTabs, 'AdminCompanyProjectsTab'),
                    },
                  ],
                },
                {
                  path: 'project/:projectId/setup',
                  lazy: lazyScreen(
                    () => import('../features/admin/admin-project-setup-page.tsx'),
                    'AdminProjectSetupPage',
                  ),
                  children: setupChildRoutes('admin', ADMIN_SETUP_SECTIONS),
                },
                { path: '*', element: <Navigate to="/admin/companies" replace /> },
              ],
            },
          ],
        },

        // The markup editor area; the editor is loaded only when opened.
        {
          path: 'tools/compare-documents',
          lazy: async () => ({
            Component: suspended(
              (await import('../features/viewer/compare-documents-route.tsx')).CompareDocumentsRoute,
            ),
          }),
        },
        {
          path: 'showroom/editor',
          lazy: async () => ({
            Component: suspended((await import('../editor/pages/showroom-editor-page')).ShowroomEditorPage),
          }),
        },

        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
