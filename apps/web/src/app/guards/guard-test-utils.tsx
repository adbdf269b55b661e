import { render } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app.tsx';
import { createI18n } from '../../i18n/i18n.ts';
import { SessionContext, type LoggedUser, type SessionValue } from './session-context.ts';

/** A ready, onboarded regular user for component tests. */
export const READY_USER: LoggedUser = {
  id: 1,
  name: 'Ana',
  lastName: 'Silva',
  email: 'ana@acme.com',
  firstPhone: null,
  phone: null,
  linkedin: null,
  photo: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  localeId: 'en',
  isAdmin: false,
  isDemo: false,
  acceptedPolicies: true,
  confirmedRegister: true,
  companyId: 3,
  hasAiAssistant: false,
  aiDisclaimerAccepted: false,
  company: { id: 3, name: 'Acme Engenharia', logo: null, amountProjects: 2, role: 'admin' },
};

/** A session value with spies, signed out unless told otherwise. */
export function fakeSession(overrides: Partial<SessionValue> = {}): SessionValue {
  return {
    status: 'anonymous',
    user: null,
    error: null,
    freshSignIn: false,
    signIn: vi.fn(async () => null),
    signOut: vi.fn(async () => undefined),
    setUser: vi.fn(),
    reloadUser: vi.fn(async () => null),
    ...overrides,
  };
}

/** Renders routes at `path` with the app's providers (English) and the given session. */
export async function renderRoutes(routes: RouteObject[], path: string, session: SessionValue) {
  const i18n = await createI18n({ lng: 'en' });
  await i18n.loadNamespaces(['auth', 'onboarding', 'account', 'workspace']);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const wrap = (children: ReactNode) => (
    <AppProviders i18n={i18n} embedded={false}>
      <SessionContext.Provider value={session}>
        <Suspense fallback={null}>{children}</Suspense>
      </SessionContext.Provider>
    </AppProviders>
  );
  const view = render(wrap(<RouterProvider router={router} />));
  return { router, view };
}

/**
 * A fetch stub answering /auth calls from a table of `METHOD path` → [status, body], and GraphQL operations
 * from a table of operation name → response body ({data} or {errors}).
 */
export function stubAuthFetch(
  table: Record<string, [number, unknown]>,
  graphql: Record<string, unknown> = {},
) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : null;
    calls.push({ method, path: url.pathname, body });
    if (url.pathname === '/graphql') {
      const name =
        url.searchParams.get('operationName') ??
        (body as { operationName?: string } | null)?.operationName ??
        '';
      const answer = graphql[name];
      return new Response(
        JSON.stringify(answer ?? { errors: [{ message: 'unstubbed', extensions: { code: 'NOT_FOUND' } }] }),
        {
          status: 200,
          headers: { 'content-type': 'application/json' },
        },
      );
    }
    const answer = table[`${method} ${url.pathname}`];
    if (!answer)
      return new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'no route' }), { status: 404 });
    const [status, payload] = answer;
    return new Response(payload === null ? null : JSON.stringify(payload), { status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}
