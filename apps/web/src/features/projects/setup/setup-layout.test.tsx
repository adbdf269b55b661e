import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeSession, READY_USER, renderRoutes } from '../../../app/guards/guard-test-utils.tsx';
import { SetupFrame } from './setup-layout.tsx';
import { sectionPath, visibleSections } from './setup-sections.ts';
import { TEST_PROJECT } from './setup-test-kit.tsx';
import { isLinkedToPartner, projectMenuItems } from '../project-menu.tsx';

// jsdom is slow on a loaded machine; the limit only catches a hang, it asserts no timing.
const SLOW = { timeout: 30_000 };

describe('setup sections', () => {
  it('puts the naming rule under drive, groups and tags after companies, and hides copies without the right', () => {
    expect(visibleSections(TEST_PROJECT.permissions)).toEqual([
      'profile',
      'locals',
      'labels',
      'categories',
      'disciplinesStatus',
      'phases',
      'disciplines',
      'drive',
      'companies',
      'integrations',
      'groups',
      'userTags',
      'importSettings',
      'exportSettings',
      'duplicateProject',
    ]);
    const collaborator = { ...TEST_PROJECT.permissions, canDuplicate: false };
    expect(visibleSections(collaborator)).not.toContain('importSettings');
    expect(visibleSections(collaborator)).not.toContain('duplicateProject');
  });

  it('gives the admin area the sections of its route table, with import and export paths (spec core §2)', () => {
    const sections = visibleSections(TEST_PROJECT.permissions, 'admin');
    expect(sections.map((s) => sectionPath('admin', s))).toEqual([
      'profile',
      'locals',
      'labels',
      'categories',
      'disciplinesStatus',
      'phases',
      'disciplines',
      'drive',
      'companies',
      'integrations',
      'import',
      'export',
    ]);
    expect(sectionPath('workspace', 'importSettings')).toBe('importSettings');
  });
});

describe('SetupFrame', SLOW, () => {
  it('links the admin sections under /admin/project/{id}/setup and marks the current one', async () => {
    const frame = (
      <SetupFrame
        context={{ project: TEST_PROJECT, reload: () => undefined }}
        area={{ kind: 'admin', closeTo: '/admin/projects' }}
      />
    );
    await renderRoutes(
      [
        {
          path: '/admin/project/7/setup',
          element: frame,
          children: [{ path: 'import', element: <p>import screen</p> }],
        },
      ],
      '/admin/project/7/setup/import',
      fakeSession({
        status: 'ready',
        user: { ...READY_USER, isAdmin: true, companyId: null, company: null },
      }),
    );
    expect(await screen.findByText('import screen')).toBeInTheDocument();
    const menu = screen.getByTestId('setup-menu');
    expect(within(menu).getByRole('link', { name: 'Import settings' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(menu).getByRole('link', { name: 'Import settings' })).toHaveAttribute(
      'href',
      '/admin/project/7/setup/import',
    );
    expect(within(menu).getByRole('link', { name: 'Drive' })).toHaveAttribute(
      'href',
      '/admin/project/7/setup/drive',
    );
    expect(within(menu).queryByRole('link', { name: 'Groups' })).toBeNull();
    expect(within(menu).queryByRole('link', { name: 'Duplicate project' })).toBeNull();
  });

  it.each(['plugins', 'nonsense'])(
    'shows "not found" for a setup section that is not built or does not exist (%s), never the profile',
    async (section) => {
      const frame = (
        <SetupFrame
          context={{ project: TEST_PROJECT, reload: () => undefined }}
          area={{ kind: 'workspace', closeTo: '/workspace/home' }}
        />
      );
      const { router } = await renderRoutes(
        [
          {
            path: '/workspace/project/7/setup',
            element: frame,
            children: [
              { path: 'profile', element: <p>profile screen</p> },
              { path: '*', element: <p>any other</p> },
            ],
          },
        ],
        `/workspace/project/7/setup/${section}`,
        fakeSession({ status: 'ready', user: READY_USER }),
      );
      expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
      expect(screen.queryByText('profile screen')).toBeNull();
      expect(router.state.location.pathname).toBe(`/workspace/project/7/setup/${section}`);
      expect(
        within(screen.getByTestId('setup-menu')).getByRole('link', { name: 'Profile' }),
      ).not.toHaveAttribute('aria-current');
    },
  );

  it('lists in the project menu exactly the modules the project offers that have screens', async () => {
    const { createI18n } = await import('../../../i18n/i18n.ts');
    const i18n = await createI18n({ lng: 'en' });
    await i18n.loadNamespaces(['projects', 'files']);
    const t = i18n.getFixedT('en', 'projects');
    const items = projectMenuItems(7, ['issues', 'dashboards', 'drive', 'files', 'setup', 'bim'], t);
    expect(items.map((i) => [i.name, i.label, i.to])).toEqual([
      ['issues', 'Issues', '/workspace/project/7/issues'],
      ['dashboards', 'Dashboards', '/workspace/project/7/dashboards'],
      ['drive', 'Drive', '/workspace/project/7/drive'],
      ['files', 'Files', '/workspace/project/7/files'],
      ['setup', 'Setup', '/workspace/project/7/setup'],
      ['bim', 'BIM models', '/workspace/project/7/bim-files/models'],
    ]);
    expect(projectMenuItems(7, ['issues'], t).map((i) => i.name)).toEqual(['issues']);
  });

  it('adds the partner documents after the drive when the project is linked to a partner platform', async () => {
    const { createI18n } = await import('../../../i18n/i18n.ts');
    const i18n = await createI18n({ lng: 'en' });
    await i18n.loadNamespaces(['projects', 'files']);
    const t = i18n.getFixedT('en', 'projects');
    const linked = isLinkedToPartner({ autodocCustomerId: 'Acme', autodocProjectId: 'Acme/Aurora' });
    expect(linked).toBe(true);
    expect(isLinkedToPartner({})).toBe(false);
    const items = projectMenuItems(7, ['issues', 'drive', 'setup'], t, { linkedToPartner: linked });
    expect(items.map((i) => [i.name, i.label, i.to])).toEqual([
      ['issues', 'Issues', '/workspace/project/7/issues'],
      ['drive', 'Drive', '/workspace/project/7/drive'],
      ['partner-documents', 'Partner documents', '/workspace/project/7/partner-documents'],
      ['setup', 'Setup', '/workspace/project/7/setup'],
    ]);
  });
});
