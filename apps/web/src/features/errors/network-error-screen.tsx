import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconWifiOff, IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { toUiError } from '../../lib/api-errors.ts';

/** Network-error screen (editor §8.1): no connection, or a general load failure asking for a reload. */
export function NetworkErrorScreen({ error }: { error?: unknown }) {
  const { t } = useTranslation('common');
  const offline = error !== undefined && toUiError(error).code === 'FAILED_TO_FETCH';
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="sm" maw={480} ta="center" role="alert">
        {offline ? <IconWifiOff size={48} stroke={1.5} /> : <IconAlertTriangle size={48} stroke={1.5} />}
        <Title order={3}>{offline ? t('networkErrorMessage') : t('loadError.title')}</Title>
        <Text c="dimmed">{offline ? t('networkErrorSubMessage') : t('loadError.message')}</Text>
        <Button onClick={() => window.location.reload()}>{t('loadError.reload')}</Button>
      </Stack>
    </Center>
  );
}

/** The error element of routes: a 404 page for unknown paths, the network-error screen otherwise. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <NetworkErrorScreen error={error} />;
}

/** The page of an unknown path. */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="sm" ta="center">
        <Title order={2}>{t('notFound.title')}</Title>
        <Text c="dimmed">{t('notFound.message')}</Text>
        <Button component="a" href="/">
          {t('notFound.home')}
        </Button>
      </Stack>
    </Center>
  );
}
