import { Navigate, type RouteObject } from 'react-router';
import { importWithReload } from '../../lib/lazy-import.ts';

/** The children of /workspace/company (spec core §2): profile (default), members, projects. */
export const companyRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="profile" replace /> },
  {
    path: 'profile',
    lazy: async () => ({
      Component: (await importWithReload(() => import('./company-profile-page.tsx'))).CompanyProfilePage,
    }),
  },
  {
    path: 'members',
    lazy: async () => ({
      Component: (await importWithReload(() => import('./company-members-page.tsx'))).CompanyMembersPage,
    }),
  },
  {
    path: 'projects',
    lazy: async () => ({
      Component: (await importWithReload(() => import('./company-projects-page.tsx'))).CompanyProjectsPage,
    }),
  },
];
