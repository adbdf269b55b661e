import { useDisclosure } from '@mantine/hooks';
import { IconBriefcase, IconBuilding, IconLogout, IconTerminal2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useSession } from '../../app/guards/session-context.ts';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { SideMenu, type SideMenuItem } from '../../components/side-menu/side-menu.tsx';
import { ThemeSwitcher } from '../../components/theme-switcher.tsx';
import { UserMenu } from '../workspace/user-menu.tsx';
import { Brand } from '../workspace/workspace-layout.tsx';
import { AppFrame } from '../../components/app-frame.tsx';

/** The frame of /admin (platform administrators only): header and the side menu companies, projects, scripts. */
export function AdminLayout() {
  const { t } = useTranslation('admin');
  const { user } = useSession();
  const [opened, { toggle, close }] = useDisclosure(false);
  const items: SideMenuItem[] = [
    {
      name: 'companies',
      label: t('menu.companies'),
      to: '/admin/companies',
      icon: <IconBuilding size={18} />,
    },
    { name: 'projects', label: t('menu.projects'), to: '/admin/projects', icon: <IconBriefcase size={18} /> },
    { name: 'scripts', label: t('menu.scripts'), to: '/admin/scripts', icon: <IconTerminal2 size={18} /> },
    { name: 'logout', label: t('menu.logout'), to: '/logout', icon: <IconLogout size={18} /> },
  ];
  return (
    <AppFrame
      menuOpened={opened}
      onMenuToggle={toggle}
      menuButtonLabel={t('menu.open')}
      brand={<Brand>{t('menu.area')}</Brand>}
      tools={
        <>
          <LanguageSwitcher />
          <ThemeSwitcher />
          {user && <UserMenu user={user} settings={false} />}
        </>
      }
      menu={<SideMenu items={items} label={t('menu.label')} mobileOpened={opened} onMobileClose={close} />}
    >
      <Outlet />
    </AppFrame>
  );
}
