import { Navigate, type RouteObject } from 'react-router';
import { editorRoutes } from '../editor/routes.tsx';
import { authRoutes } from '../features/auth/auth-routes.tsx';
import { onboardingRoutes } from '../features/onboarding/onboarding-routes.tsx';
import { workspaceRoutes } from '../features/workspace/workspace-routes.tsx';
import { MaintenancePage } from '../features/maintenance/maintenance-page.tsx';
import { NotFoundPage, RouteErrorBoundary } from '../features/errors/network-error-screen.tsx';
import { RootLayout } from './root-layout.tsx';
import { rootRedirectTarget } from './root-redirect.ts';

/**
 * The route table of spec core §2. Each area adds its routes as it is built; nothing here is a placeholder.
 * Heavy screens are lazy-loaded.
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
        ...authRoutes,
        ...onboardingRoutes,
        ...workspaceRoutes,
        ...editorRoutes,
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
