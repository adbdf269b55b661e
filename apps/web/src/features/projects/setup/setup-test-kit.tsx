import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { vi } from 'vitest';
import { fakeSession, READY_USER, renderRoutes } from '../../../app/guards/guard-test-utils.tsx';
import type { LoggedUser } from '../../../app/guards/session-context.ts';
import type { ProjectDetails, ProjectOutletContext } from '../project-context.ts';
import { SetupAreaContext, type SetupArea } from './setup-area.ts';

/** An active project whose caller is its administrator, for setup screen tests. */
export const TEST_PROJECT: ProjectDetails = {
  id: 7,
  guid: '00000000-0000-4000-8000-000000000007',
  name: 'Residencial Aurora',
  image: null,
  status: 1,
  modules: ['issues', 'setup'],
  integrations: {},
  documentsNamingRule: [],
  documentsNamingRuleSeparator: '-',
  company: { id: 3, name: 'Acme Engenharia', logo: null },
  permissions: {
    role: 'project_admin',
    manageDisciplines: true,
    canUpdate: true,
    canSetup: true,
    canDuplicate: true,
    canManageCompanies: true,
  },
  locals: [
    { id: 1, parentId: null, name: 'Torre A', abbreviation: 'TA', abbreviationTree: 'TA', position: 0 },
  ],
  labels: [],
  categories: [],
  phases: [
    {
      id: 5,
      key: 'PRELIMINARY_STUDY',
      name: 'Preliminary study',
      abbreviation: 'EP',
      active: true,
      allowDisable: true,
    },
  ],
  disciplinesStatus: [],
  disciplines: [{ id: 11, standardDisciplineId: 1, name: 'Architecture', abbreviation: 'ARQ' }],
};

/**
 * Renders one setup screen as the setup frame would: inside a route whose outlet hands it the project, in an
 * area (workspace unless told), signed in as `user`. Returns the project reload spy.
 */
export async function renderSetupScreen(
  screen: ReactNode,
  {
    project = TEST_PROJECT,
    area = { kind: 'workspace', closeTo: '/workspace/home' },
    user = READY_USER,
  }: { project?: ProjectDetails; area?: SetupArea; user?: LoggedUser } = {},
) {
  const reload = vi.fn();
  const context: ProjectOutletContext = { project, reload };
  await renderRoutes(
    [
      {
        path: '/',
        element: (
          <SetupAreaContext.Provider value={area}>
            <Outlet context={context} />
          </SetupAreaContext.Provider>
        ),
        children: [{ index: true, element: screen }],
      },
    ],
    '/',
    fakeSession({ status: 'ready', user }),
  );
  return { reload };
}

/** The GraphQL requests a stubbed fetch received, by operation name (from stubAuthFetch's call log). */
export function operations(
  calls: { path: string; body: unknown }[],
  name: string,
): { variables: Record<string, unknown> }[] {
  return calls
    .filter((c) => c.path === '/graphql')
    .map((c) => c.body as { operationName?: string; variables?: Record<string, unknown> } | null)
    .filter(
      (b): b is { operationName: string; variables: Record<string, unknown> } => b?.operationName === name,
    )
    .map((b) => ({ variables: b.variables }));
}
