import { Navigate, type RouteObject } from 'react-router';
import { RouteGuard } from '../../app/guards/route-guard.tsx';
import { importWithReload } from '../../lib/lazy-import.ts';
import { adminRoutes } from '../admin/admin-routes.tsx';
import { companyRoutes } from '../company/company-routes.tsx';
import { projectRoutes } from '../projects/project-routes.tsx';

/** /workspace (needs a company; default child home) and the user settings (spec core §2). */
export const workspaceRoutes: RouteObject[] = [
  {
    path: 'workspace',
    element: <RouteGuard area="workspace" />,
    children: [
      // The project area has its own frame (project header and modules menu), beside the workspace frame.
      ...projectRoutes,
      {
        lazy: async () => ({
          Component: (await importWithReload(() => import('./workspace-layout.tsx'))).WorkspaceLayout,
        }),
        children: [
          { index: true, element: <Navigate to="home" replace /> },
          {
            path: 'home',
            lazy: async () => ({
              Component: (await importWithReload(() => import('./workspace-home-page.tsx')))
                .WorkspaceHomePage,
            }),
          },
          // The company pages (spec core §2 company/): profile (default), members, projects.
          { path: 'company', children: companyRoutes },
          {
            path: 'user',
            children: [
              { index: true, element: <Navigate to="profile" replace /> },
              {
                path: 'profile',
                lazy: async () => ({
                  Component: (await importWithReload(() => import('../account/profile-page.tsx')))
                    .ProfilePage,
                }),
              },
              {
                path: 'changePassword',
                lazy: async () => ({
                  Component: (await importWithReload(() => import('../account/change-password-page.tsx')))
                    .ChangePasswordPage,
                }),
              },
              {
                path: 'accessKeys',
                lazy: async () => ({
                  Component: (await importWithReload(() => import('../account/access-keys-page.tsx')))
                    .AccessKeysPage,
                }),
              },
            ],
          },
        ],
      },
    ],
  },
  {
    // Platform administrators only (spec core §4): companies (default), projects, scripts, company/{companyId}.
    path: 'admin',
    element: <RouteGuard area="admin" />,
    children: adminRoutes,
  },
];
