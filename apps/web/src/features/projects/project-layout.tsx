import { Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate, useParams } from 'react-router';
import { useClient, useQuery } from 'urql';
import { useSession } from '../../app/guards/session-context.ts';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { SideMenu } from '../../components/side-menu/side-menu.tsx';
import { SupportButton } from '../../components/support-button.tsx';
import { ThemeSwitcher } from '../../components/theme-switcher.tsx';
import { ProjectDataDocument, type ProjectDataQuery } from '../../gql/generated.ts';
import { RestError } from '../../lib/api-errors.ts';
import { createScreenCache } from '../../lib/screen-cache.ts';
import { FormError } from '../../components/form-error.tsx';
import { UserMenu } from '../workspace/user-menu.tsx';
import { prefetchFirstPage } from '../issues/list/first-page-prefetch.ts';
import { NotificationBell } from '../notifications/notification-bell.tsx';
import { Brand } from '../workspace/workspace-layout.tsx';
import type { ProjectOutletContext } from './project-context.ts';
import { isLinkedToPartner, projectMenuItems } from './project-menu.tsx';
import { ProjectSelectorPopover, SelectorTarget } from './project-selector-popover.tsx';
import { DemoBanner } from '../demo-mode/demo-mode.tsx';
import { OfflineProjectToggle } from '../offline/offline-project-toggle.tsx';
import { LoadingCenter } from '../../components/loading.tsx';
import { AppFrame } from '../../components/app-frame.tsx';

// A malformed project id in the address is the same to the user as an unknown project.
const NOT_FOUND = new RestError('PROJECT_NOT_FOUND', 'PROJECT_NOT_FOUND', 404);

/**
 * /workspace/project/{projectId}: the project's frame. The side menu lists the modules the project offers
 * (`modules`, only built ones), with a way back to the workspace; the header's project selector jumps between projects.
 */
/** The project as last shown, per user: its screens start at once on the way back while it is fetched anew. */
const lastProject = createScreenCache<ProjectDataQuery['projectData']>(10);

export function ProjectLayout() {
  // The files namespace holds the "Files" menu entry (loaded with the project's pages: i18n.ts routeNamespaces).
  const { t } = useTranslation(['projects', 'files']);
  const { user } = useSession();
  const navigate = useNavigate();
  const projectId = Number(useParams()['projectId']);
  const valid = Number.isInteger(projectId) && projectId > 0;
  const [data, refetch] = useQuery({ query: ProjectDataDocument, variables: { projectId }, pause: !valid });
  const client = useClient();
  const userId = user?.id ?? 0;
  // Opening on the issue list (or the project's index, which forwards to it): its first page is asked for now,
  // with the project's data, not after it (a layout effect runs before the list's own effects).
  useLayoutEffect(() => {
    if (valid && /^\/workspace\/project\/\d+(\/issues)?\/?$/.test(window.location.pathname))
      prefetchFirstPage(client, userId, projectId);
  }, [client, userId, projectId, valid]);
  const [opened, { toggle, close }] = useDisclosure(false);
  const fresh = data.data?.projectData;
  useEffect(() => {
    if (fresh) lastProject.set(userId, projectId, fresh);
  }, [fresh, userId, projectId]);
  const project = fresh ?? (data.error ? undefined : lastProject.get(userId, projectId));
  const items = projectMenuItems(projectId, project?.modules ?? [], t, {
    linkedToPartner: isLinkedToPartner(project?.integrations),
  });
  const context: ProjectOutletContext | null = project
    ? { project, reload: () => refetch({ requestPolicy: 'network-only' }) }
    : null;

  return (
    <AppFrame
      menuOpened={opened}
      onMenuToggle={toggle}
      menuButtonLabel={t('workspace:menu.open')}
      brandGroup={{ gap: 'md', miw: 0 }}
      brand={
        <>
          <Group visibleFrom="sm">
            <Brand />
          </Group>
          {project && (
            <ProjectSelectorPopover
              label={t('selector.label')}
              selection={{
                mode: 'single',
                value: project.id,
                onChange: (id) => void navigate(`/workspace/project/${id}`),
              }}
              target={<SelectorTarget name={project.name} />}
            />
          )}
        </>
      }
      tools={
        <>
          {user && project && (
            <OfflineProjectToggle userId={user.id} projectId={project.id} name={project.name} />
          )}
          <SupportButton />
          <LanguageSwitcher />
          <ThemeSwitcher />
          {user && <NotificationBell projectId={project?.id} />}
          {user && <UserMenu user={user} />}
        </>
      }
      menu={
        <SideMenu
          items={items}
          backTo={{ label: t('menu.backToHome'), to: '/workspace/home' }}
          label={t('menu.label')}
          mobileOpened={opened}
          onMobileClose={close}
        />
      }
    >
      <DemoBanner />
      {!valid && <FormError error={NOT_FOUND} />}
      {data.error && (
        <Stack maw={720} mx="auto">
          <FormError error={data.error} />
        </Stack>
      )}
      {valid && data.fetching && !project && <LoadingCenter py="xl" />}
      {context && <Outlet context={context} />}
    </AppFrame>
  );
}
