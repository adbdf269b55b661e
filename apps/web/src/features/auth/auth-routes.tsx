import type { RouteObject } from 'react-router';
import { importWithReload } from '../../lib/lazy-import.ts';

/** The public sign-in screens (spec core §2 public routes, plus the screens editor §2.2 names). */
export const authRoutes: RouteObject[] = [
  {
    path: 'login',
    lazy: async () => ({ Component: (await importWithReload(() => import('./login-page.tsx'))).LoginPage }),
  },
  {
    path: 'sign-up',
    lazy: async () => ({
      Component: (await importWithReload(() => import('./sign-up-page.tsx'))).SignUpPage,
    }),
  },
  {
    path: 'verify-email',
    lazy: async () => ({
      Component: (await importWithReload(() => import('./verify-email-page.tsx'))).VerifyEmailPage,
    }),
  },
  {
    path: 'forgot-password',
    lazy: async () => ({
      Component: (await importWithReload(() => import('./forgot-password-page.tsx'))).ForgotPasswordPage,
    }),
  },
  {
    path: 'reset-password',
    lazy: async () => ({
      Component: (await importWithReload(() => import('./reset-password-page.tsx'))).ResetPasswordPage,
    }),
  },
  {
    path: 'logout',
    lazy: async () => ({ Component: (await importWithReload(() => import('./logout-page.tsx'))).LogoutPage }),
  },
  {
    path: 'google-login',
    lazy: async () => ({
      Component: (await importWithReload(() => import('./google-login-page.tsx'))).GoogleLoginPage,
    }),
  },
  {
    path: 'process-federated-sign-in',
    lazy: async () => ({
      Component: (await importWithReload(() => import('./process-federated-sign-in-page.tsx')))
        .ProcessFederatedSignInPage,
    }),
  },
  {
    path: 'request-demo',
    lazy: async () => ({
      Component: (await importWithReload(() => import('../demo-request/demo-request-page.tsx')))
        .DemoRequestPage,
    }),
  },
];
