import type { ReactNode } from 'react';
import { Drawer, NavLink, ScrollArea, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { MEDIA } from '../../app/theme.ts';

/** One entry of the side menu: a named route (editor §2.4), for example `logout`. */
export interface SideMenuItem {
  name: string;
  label: string;
  to: string;
  icon: ReactNode;
}

/** Whether `pathname` is the item's route or one of its children. */
export function isItemActive(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

/**
 * The side menu of editor §2.4: named routes and an optional back-to route. On mobile it becomes a drawer,
 * opened by the header's burger.
 */
export function SideMenu({
  items,
  backTo,
  label,
  mobileOpened,
  onMobileClose,
}: {
  items: SideMenuItem[];
  backTo?: { label: string; to: string };
  label: string;
  mobileOpened: boolean;
  onMobileClose: () => void;
}) {
  const mobile = useMediaQuery(MEDIA.mobile) ?? false;
  const { pathname } = useLocation();
  const nav = (
    <nav aria-label={label} data-testid="side-menu">
      <Stack gap={2}>
        {backTo && (
          <NavLink
            component={Link}
            to={backTo.to}
            label={backTo.label}
            leftSection={<IconArrowLeft size={18} />}
            onClick={onMobileClose}
            data-testid="side-menu-back"
          />
        )}
        {items.map((item) => (
          <NavLink
            key={item.name}
            component={Link}
            to={item.to}
            label={item.label}
            leftSection={item.icon}
            active={isItemActive(pathname, item.to)}
            aria-current={isItemActive(pathname, item.to) ? 'page' : undefined}
            onClick={onMobileClose}
            data-testid={`side-menu-${item.name}`}
          />
        ))}
      </Stack>
    </nav>
  );
  if (!mobile) return <ScrollArea h="100%">{nav}</ScrollArea>;
  return (
    <Drawer opened={mobileOpened} onClose={onMobileClose} title={label} size="80%" padding="md">
      {nav}
    </Drawer>
  );
}
