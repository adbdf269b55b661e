import { Navigate, type RouteObject } from 'react-router';
import { importWithReload } from '../../lib/lazy-import.ts';
import { setupChildRoutes } from '../projects/setup/setup-routes.tsx';
import { ADMIN_SETUP_SECTIONS } from '../projects/setup/setup-sections.ts';

const layout = () => importWithReload(() => import('./admin-layout.tsx'));
const tabs = () => importWithReload(() => import('./admin-company-tabs.tsx'));

/**
 * The children of /admin (spec core §2): companies (default), projects, scripts, company/{companyId} with
 * profile (default), members and projects, and project/{projectId}/setup with the setup sections of the admin
 * route table (profile by default; the settings copies under `import` and `export`).
 */
export const adminRoutes: RouteObject[] = [
  {
    lazy: async () => ({ Component: (await layout()).AdminLayout }),
    children: [
      { index: true, element: <Navigate to="companies" replace /> },
      {
        path: 'companies',
        lazy: async () => ({
          Component: (await importWithReload(() => import('./admin-companies-page.tsx'))).AdminCompaniesPage,
        }),
      },
      {
        path: 'projects',
        lazy: async () => ({
          Component: (await importWithReload(() => import('./admin-projects-page.tsx'))).AdminProjectsPage,
        }),
      },
      {
        path: 'scripts',
        lazy: async () => ({
          Component: (await importWithReload(() => import('./admin-scripts-page.tsx'))).AdminScriptsPage,
        }),
      },
      {
        path: 'company/:companyId',
        lazy: async () => ({
          Component: (await importWithReload(() => import('./admin-company-page.tsx'))).AdminCompanyPage,
        }),
        children: [
          { index: true, element: <Navigate to="profile" replace /> },
          { path: 'profile', lazy: async () => ({ Component: (await tabs()).AdminCompanyProfileTab }) },
          { path: 'members', lazy: async () => ({ Component: (await tabs()).AdminCompanyMembersTab }) },
          { path: 'projects', lazy: async () => ({ Component: (await tabs()).AdminCompanyProjectsTab }) },
        ],
      },
      {
        path: 'project/:projectId/setup',
        lazy: async () => ({
          Component: (await importWithReload(() => import('./admin-project-setup-page.tsx')))
            .AdminProjectSetupPage,
        }),
        children: setupChildRoutes('admin', ADMIN_SETUP_SECTIONS),
      },
      { path: '*', element: <Navigate to="/admin/companies" replace /> },
    ],
  },
];
