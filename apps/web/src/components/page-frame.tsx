import type { ReactNode } from 'react';
import { AppShell, Group, Text } from '@mantine/core';
import { LanguageSwitcher } from './language-switcher.tsx';
import { ThemeSwitcher } from './theme-switcher.tsx';
import { SupportButton } from './support-button.tsx';

/** The frame of pages outside the workspace (public, internal and status pages). */
export function PageFrame({ children, support = true }: { children: ReactNode; support?: boolean }) {
  return (
    <AppShell header={{ height: 56 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Group gap={8}>
            <img src="/favicon.svg" alt="" width={28} height={28} />
            <Text fw={700} size="lg">
              Obra
            </Text>
          </Group>
          <Group gap={4}>
            {support && <SupportButton />}
            <LanguageSwitcher />
            <ThemeSwitcher />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
