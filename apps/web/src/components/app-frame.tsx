import type { ReactNode } from 'react';
import { AppShell, Burger, Group, type GroupProps } from '@mantine/core';

/**
 * The frame of the signed-in areas: a header with the menu button (mobile only), the brand and the area's
 * tools on the right; the side menu; the page. The side menu opens as a drawer on mobile (`SideMenu`).
 */
export function AppFrame({
  menuOpened,
  onMenuToggle,
  menuButtonLabel,
  brandGroup = { gap: 8 },
  brand,
  tools,
  menu,
  children,
}: {
  menuOpened: boolean;
  onMenuToggle: () => void;
  menuButtonLabel: string;
  /** The layout of the menu button and the brand (the project frame also holds its selector there). */
  brandGroup?: GroupProps;
  brand: ReactNode;
  tools: ReactNode;
  menu: ReactNode;
  children: ReactNode;
}) {
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: true } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group wrap="nowrap" {...brandGroup}>
            <Burger
              opened={menuOpened}
              onClick={onMenuToggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={menuButtonLabel}
            />
            {brand}
          </Group>
          <Group gap={4} wrap="nowrap">
            {tools}
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">{menu}</AppShell.Navbar>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
