import { Grid, NavLink, Select, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { MEDIA } from '../../../app/theme.ts';
import { NotFoundPage } from '../../errors/network-error-screen.tsx';
import { useProject, type ProjectOutletContext } from '../project-context.ts';
import { SetupAreaContext, type SetupArea } from './setup-area.ts';
import { sectionPath, setupBase, visibleSections } from './setup-sections.ts';
import { ConfigureNowBar } from './configure-now.tsx';

/** /workspace/project/{projectId}/setup: the sections beside (or, on mobile, above) the current one. */
export function SetupLayout() {
  const context = useProject();
  return <SetupFrame context={context} area={{ kind: 'workspace', closeTo: '/workspace/home' }} />;
}

/**
 * The setup frame of an area: the section list and the current section. The admin area passes its own base
 * path and section list (spec core §2 Admin) and reuses every screen.
 */
export function SetupFrame({ context, area }: { context: ProjectOutletContext; area: SetupArea }) {
  const { t } = useTranslation('projects');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const mobile = useMediaQuery(MEDIA.mobile) ?? false;
  const base = setupBase(area.kind, context.project.id);
  const sections = visibleSections(context.project.permissions, area.kind);
  const pathOf = (s: (typeof sections)[number]) => `${base}/${sectionPath(area.kind, s)}`;
  const current = sections.find((s) => pathname === pathOf(s) || pathname.startsWith(`${pathOf(s)}/`));
  if (!current && pathname.replace(/\/+$/, '') === base) {
    return <Navigate to={pathOf(sections[0] ?? 'profile')} replace />;
  }

  const nav = mobile ? (
    <Select
      aria-label={t('setup.sections')}
      data={sections.map((s) => ({ value: s, label: t(`setup.${s}.menu`) }))}
      value={current ?? null}
      allowDeselect={false}
      onChange={(value) => {
        const section = sections.find((s) => s === value);
        if (section) void navigate(pathOf(section));
      }}
    />
  ) : (
    <nav aria-label={t('setup.sections')} data-testid="setup-menu">
      <Stack gap={2}>
        {sections.map((s) => (
          <NavLink
            key={s}
            component={Link}
            to={pathOf(s)}
            label={t(`setup.${s}.menu`)}
            active={s === current}
            aria-current={s === current ? 'page' : undefined}
            data-testid={`setup-menu-${s}`}
          />
        ))}
      </Stack>
    </nav>
  );
  return (
    <SetupAreaContext.Provider value={area}>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, sm: 3 }}>{nav}</Grid.Col>
        <Grid.Col span={{ base: 12, sm: 9 }}>
          {/* A section that does not exist, is not built yet or is hidden from the user. */}
          {area.kind === 'workspace' && (
            <ConfigureNowBar
              base={base}
              section={current}
              projectPath={`/workspace/project/${context.project.id}`}
            />
          )}
          {current ? <Outlet context={context} /> : <NotFoundPage />}
        </Grid.Col>
      </Grid>
    </SetupAreaContext.Provider>
  );
}
