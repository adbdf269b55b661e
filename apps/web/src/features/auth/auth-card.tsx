import type { ReactNode } from 'react';
import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import { PageFrame } from '../../components/page-frame.tsx';

/** The frame of the sign-in screens: a centred card with a title, under the public page frame. */
export function AuthCard({
  title,
  subtitle,
  children,
  width = 420,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  width?: number;
}) {
  return (
    <PageFrame>
      <Center mih="calc(100dvh - 120px)" py="md">
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }} w="100%" maw={width}>
          <Stack gap="md">
            <Stack gap={4}>
              <Title order={1} size="h2">
                {title}
              </Title>
              {subtitle && (
                <Text c="dimmed" size="sm">
                  {subtitle}
                </Text>
              )}
            </Stack>
            {children}
          </Stack>
        </Paper>
      </Center>
    </PageFrame>
  );
}
