import { Navigate, type RouteObject } from 'react-router';
import { RouteGuard } from '../../app/guards/route-guard.tsx';
import { importWithReload } from '../../lib/lazy-import.ts';

/** /policies and /onboarding (spec core §2), each behind its guard (spec core §4). */
export const onboardingRoutes: RouteObject[] = [
  {
    path: 'policies',
    element: <RouteGuard area="policies" />,
    children: [
      {
        index: true,
        lazy: async () => ({
          Component: (await importWithReload(() => import('./policies-page.tsx'))).PoliciesPage,
        }),
      },
    ],
  },
  {
    path: 'onboarding',
    element: <RouteGuard area="onboarding" />,
    children: [
      {
        lazy: async () => ({
          Component: (await importWithReload(() => import('./onboarding-layout.tsx'))).OnboardingLayout,
        }),
        children: [
          { index: true, element: <Navigate to="userprofile" replace /> },
          {
            path: 'userprofile',
            lazy: async () => ({
              Component: (await importWithReload(() => import('./user-profile-step.tsx'))).UserProfileStep,
            }),
          },
          {
            path: 'company',
            element: <RouteGuard area="onboardingCompany" />,
            children: [
              {
                index: true,
                lazy: async () => ({
                  Component: (await importWithReload(() => import('./company-step.tsx'))).CompanyStep,
                }),
              },
            ],
          },
        ],
      },
    ],
  },
];
