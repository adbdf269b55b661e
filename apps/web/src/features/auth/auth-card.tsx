import type { ReactNode } from 'react';
import { Anchor, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
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

/** A federated sign-in that could not go on: the card says why, with the way back to the login. */
export function FederatedProblem({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={title}>
      {children}
      <Anchor component={Link} to="/login">
        {t('common.backToLogin')}
      </Anchor>
    </AuthCard>
  );
}

/** A federated sign-in under way: a spinner and what is happening. */
export function FederatedWait({ message }: { message: string }) {
  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm">
        <Loader />
        <Text>{message}</Text>
      </Stack>
    </Center>
  );
}
