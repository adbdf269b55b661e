import type { ReactNode } from 'react';
import { Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBriefcase,
  IconFileSearch,
  IconBolt,
  IconDownload,
  IconHelpCircle,
  IconBuilding,
  IconHome,
  IconBell,
  IconApps,
  IconKey,
  IconLock,
  IconLogout,
  IconSparkles,
  IconUserCircle,
  IconUsersPlus,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useSession } from '../../app/guards/session-context.ts';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { SideMenu, type SideMenuItem } from '../../components/side-menu/side-menu.tsx';
import { SupportButton } from '../../components/support-button.tsx';
import { ThemeSwitcher } from '../../components/theme-switcher.tsx';
import { UserMenu } from './user-menu.tsx';
import { NotificationBell } from '../notifications/notification-bell.tsx';
import { DemoBanner } from '../demo-mode/demo-mode.tsx';
import { useQuery } from 'urql';
import { AiStatusDocument } from '../../gql/generated.ts';
import { AppFrame } from '../../components/app-frame.tsx';

/** The side menu of the workspace, or of the user settings (with a way back) when inside them. */
function useMenu(pathname: string): { items: SideMenuItem[]; backTo?: { label: string; to: string } } {
  const { t } = useTranslation(['workspace', 'oauth', 'ai']);
  const assistant = useAssistantEntry();
  const { user } = useSession();
  const logout: SideMenuItem = {
    name: 'logout',
    label: t('menu.logout'),
    to: '/logout',
    icon: <IconLogout size={18} />,
  };
  if (pathname.startsWith('/workspace/user')) {
    return {
      backTo: { label: t('menu.backToWorkspace'), to: '/workspace/home' },
      items: [
        {
          name: 'profile',
          label: t('menu.profile'),
          to: '/workspace/user/profile',
          icon: <IconUserCircle size={18} />,
        },
        {
          name: 'changePassword',
          label: t('menu.changePassword'),
          to: '/workspace/user/changePassword',
          icon: <IconLock size={18} />,
        },
        {
          name: 'notifications',
          label: t('menu.notifications'),
          to: '/workspace/user/notifications',
          icon: <IconBell size={18} />,
        },
        {
          name: 'accessKeys',
          label: t('menu.accessKeys'),
          to: '/workspace/user/accessKeys',
          icon: <IconKey size={18} />,
        },
        {
          name: 'connectedApps',
          label: t('oauth:connectedApps.menu'),
          to: '/workspace/user/connectedApps',
          icon: <IconApps size={18} />,
        },
        logout,
      ],
    };
  }
  return {
    items: [
      { name: 'home', label: t('menu.home'), to: '/workspace/home', icon: <IconHome size={18} /> },
      // The company pages (spec core §2 company/); everyone views them, company administrators edit.
      {
        name: 'companyProfile',
        label: t('menu.companyProfile'),
        to: '/workspace/company/profile',
        icon: <IconBuilding size={18} />,
      },
      {
        name: 'companyMembers',
        label: t('menu.companyMembers'),
        to: '/workspace/company/members',
        icon: <IconUsersPlus size={18} />,
      },
      {
        name: 'companyProjects',
        label: t('menu.companyProjects'),
        to: '/workspace/company/projects',
        icon: <IconBriefcase size={18} />,
      },
      ...(assistant
        ? [
            {
              name: 'aiAssistant',
              label: t('ai:menu'),
              to: '/ai/chat',
              icon: <IconSparkles size={18} />,
            },
          ]
        : []),
      ...(user?.hasAiAssistant
        ? [
            {
              name: 'smartDocs',
              label: t('ai:smartDocs.menu'),
              to: '/smart-docs',
              icon: <IconFileSearch size={18} />,
            },
          ]
        : []),
      {
        name: 'smartFlow',
        label: t('menu.smartFlow'),
        to: '/workspace/smart-flow',
        icon: <IconBolt size={18} />,
      },
      {
        name: 'downloads',
        label: t('menu.downloads'),
        to: '/workspace/downloads',
        icon: <IconDownload size={18} />,
      },
      {
        name: 'support',
        label: t('menu.support'),
        to: '/workspace/support',
        icon: <IconHelpCircle size={18} />,
      },
      {
        name: 'user',
        label: t('menu.userSettings'),
        to: '/workspace/user',
        icon: <IconUserCircle size={18} />,
      },
      logout,
    ],
  };
}

/**
 * Whether the menu shows the AI assistant: to users whose assistant is on when a model is configured, and to
 * company admins when none is (the page tells them how to configure it). The status is asked only of those.
 */
function useAssistantEntry(): boolean {
  const { user } = useSession();
  const admin = user?.company?.role === 'admin';
  const [status] = useQuery({ query: AiStatusDocument, pause: !user?.hasAiAssistant && !admin });
  const s = status.data?.aiStatus;
  if (!s) return false;
  return s.available || (!s.configured && s.canManage);
}

/** The workspace frame: header with the user menu and switchers, the side menu (a drawer on mobile). */
export function WorkspaceLayout() {
  const { t } = useTranslation('workspace');
  const { user } = useSession();
  const { pathname } = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const menu = useMenu(pathname);
  return (
    <AppFrame
      menuOpened={opened}
      onMenuToggle={toggle}
      menuButtonLabel={t('menu.open')}
      brand={<Brand>{user?.company?.name}</Brand>}
      tools={
        <>
          <SupportButton />
          <LanguageSwitcher />
          <ThemeSwitcher />
          {user && <NotificationBell />}
          {user && <UserMenu user={user} />}
        </>
      }
      menu={
        <SideMenu
          items={menu.items}
          backTo={menu.backTo}
          label={t('menu.label')}
          mobileOpened={opened}
          onMobileClose={close}
        />
      }
    >
      <DemoBanner />
      <Outlet />
    </AppFrame>
  );
}

/** The product mark and, when known, the company's name. */
export function Brand({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <Group gap={8} wrap="nowrap" miw={0}>
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <Text fw={700} size="lg">
        {t('appName')}
      </Text>
      {children && (
        <Text c="dimmed" size="sm" lineClamp={1} visibleFrom="xs">
          {children}
        </Text>
      )}
    </Group>
  );
}
