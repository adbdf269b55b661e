import { Navigate, type RouteObject } from 'react-router';
import { importWithReload } from '../../lib/lazy-import.ts';
import { setupChildRoutes } from './setup/setup-routes.tsx';
import { SETUP_SECTIONS } from './setup/setup-sections.ts';

const issuesListPage = () => importWithReload(() => import('../issues/list/issues-list-page.tsx'));
const issueViewPage = () => importWithReload(() => import('../issues/view/issue-view-page.tsx'));

/**
 * /workspace/project/{projectId} (spec core §2): the project frame with its modules; the project's index
 * redirects to the issues.
 */
export const projectRoutes: RouteObject[] = [
  {
    path: 'project/:projectId',
    lazy: async () => ({
      Component: (await importWithReload(() => import('./project-layout.tsx'))).ProjectLayout,
    }),
    children: [
      { index: true, element: <Navigate to="issues" replace /> },
      { path: 'issues', lazy: async () => ({ Component: (await issuesListPage()).IssuesListPage }) },
      { path: 'issues/:issueId', lazy: async () => ({ Component: (await issueViewPage()).IssueViewPage }) },
      {
        path: 'setup',
        lazy: async () => ({
          Component: (await importWithReload(() => import('./setup/setup-layout.tsx'))).SetupLayout,
        }),
        children: setupChildRoutes('workspace', SETUP_SECTIONS),
      },
    ],
  },
];
