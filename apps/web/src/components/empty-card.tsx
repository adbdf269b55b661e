import type { ReactNode } from 'react';
import { Card, Stack, Text, ThemeIcon } from '@mantine/core';

/** What a list page shows when it has nothing yet: its icon, a bold title and a dimmed explanation. */
export function EmptyCard({
  testId,
  icon,
  title,
  message,
  messageMaw,
}: {
  testId: string;
  icon: ReactNode;
  title: ReactNode;
  message: ReactNode;
  /** The explanation's width limit, where it may run long. */
  messageMaw?: number;
}) {
  return (
    <Card withBorder radius="md" padding="xl" data-testid={testId}>
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray">
          {icon}
        </ThemeIcon>
        <Text fw={600}>{title}</Text>
        <Text c="dimmed" size="sm" maw={messageMaw}>
          {message}
        </Text>
      </Stack>
    </Card>
  );
}
