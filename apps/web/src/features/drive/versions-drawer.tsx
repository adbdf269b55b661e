import type { ReactNode } from 'react';
import { Center, Drawer, Group, Loader, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * The drawer with a file's versions (the drive's revisions, the project files' versions): a spinner until they
 * arrive, then one row each. `children` holds the rows; `extra` what the drawer shows besides (a dialog).
 */
export function VersionsDrawer({
  opened,
  title,
  onClose,
  loading,
  loadingLabel,
  testId,
  children,
  extra,
}: {
  opened: boolean;
  title: string;
  onClose: () => void;
  loading: boolean;
  loadingLabel: string;
  testId: string;
  children: ReactNode;
  extra?: ReactNode;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size={phone ? '100%' : 'md'} title={title}>
      {loading ? (
        <Center p="md">
          <Loader aria-label={loadingLabel} />
        </Center>
      ) : (
        <Stack gap="sm" data-testid={testId}>
          {children}
        </Stack>
      )}
      {extra}
    </Drawer>
  );
}

/** One version in the drawer: its name, a dimmed line about it, and its actions. */
export function VersionRow({
  testId,
  name,
  meta,
  children,
}: {
  testId: string;
  name: string;
  meta: ReactNode;
  children: ReactNode;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" data-testid={testId}>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={500}>
          {name}
        </Text>
        <Text size="xs" c="dimmed" truncate="end">
          {meta}
        </Text>
      </Stack>
      <Group gap={4} wrap="nowrap">
        {children}
      </Group>
    </Group>
  );
}
