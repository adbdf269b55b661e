import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconApps, IconBell, IconKey, IconLock, IconLogout, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LoggedUser } from '../../app/guards/session-context.ts';

/** The full name of a user, or the e-mail when no name is set yet. */
export function displayName(user: Pick<LoggedUser, 'name' | 'lastName' | 'email'>): string {
  return [user.name, user.lastName].filter(Boolean).join(' ') || user.email;
}

/** The header's user menu: who is signed in, the user settings and sign out. */
export function UserMenu({ user, settings = true }: { user: LoggedUser; settings?: boolean }) {
  const { t } = useTranslation(['workspace', 'oauth']);
  const name = displayName(user);
  return (
    <Menu position="bottom-end" withinPortal width={240}>
      <Menu.Target>
        <UnstyledButton aria-label={t('userMenu.label', { name })} data-testid="user-menu">
          <Group gap={8} wrap="nowrap">
            <Avatar src={user.photo ?? null} name={name} color="initials" radius="xl" size={32} />
            <Text size="sm" fw={500} visibleFrom="sm" lineClamp={1} maw={180}>
              {name}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="xs" lineClamp={1}>
            {user.email}
          </Text>
        </Menu.Label>
        {settings && (
          <>
            <Menu.Item component={Link} to="/workspace/user/profile" leftSection={<IconUser size={16} />}>
              {t('menu.profile')}
            </Menu.Item>
            <Menu.Item
              component={Link}
              to="/workspace/user/changePassword"
              leftSection={<IconLock size={16} />}
            >
              {t('menu.changePassword')}
            </Menu.Item>
            <Menu.Item
              component={Link}
              to="/workspace/user/notifications"
              leftSection={<IconBell size={16} />}
            >
              {t('menu.notifications')}
            </Menu.Item>
            <Menu.Item component={Link} to="/workspace/user/accessKeys" leftSection={<IconKey size={16} />}>
              {t('menu.accessKeys')}
            </Menu.Item>
            <Menu.Item
              component={Link}
              to="/workspace/user/connectedApps"
              leftSection={<IconApps size={16} />}
            >
              {t('oauth:connectedApps.menu')}
            </Menu.Item>
            <Menu.Divider />
          </>
        )}
        <Menu.Item
          component={Link}
          to="/logout"
          color="red"
          leftSection={<IconLogout size={16} />}
          data-testid="user-menu-logout"
        >
          {t('menu.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
