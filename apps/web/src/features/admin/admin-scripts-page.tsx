import { useState } from 'react';
import { Alert, Button, Card, Center, Code, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useClient, useQuery } from 'urql';
import { SettingsLayout } from '../../components/settings-layout/settings-layout.tsx';
import { AdminScriptsDocument, RunAdminScriptDocument } from '../../gql/generated.ts';
import { FormError } from '../../components/form-error.tsx';
import { useAsyncAction } from '../../lib/use-async-action.ts';

/** /admin/scripts: maintenance actions, each run as a background job after a confirmation. */
export function AdminScriptsPage() {
  const { t } = useTranslation('admin');
  const client = useClient();
  const [query] = useQuery({ query: AdminScriptsDocument });
  const [confirming, setConfirming] = useState<string | null>(null);
  const [queued, setQueued] = useState<{ name: string; jobId: string } | null>(null);
  const run = useAsyncAction();
  const title = (name: string) => t(`scripts.names.${name}.title`, { defaultValue: name });
  const confirm = () => {
    if (!confirming) return;
    const name = confirming;
    void run
      .run(async () => {
        const result = await client.mutation(RunAdminScriptDocument, { name }).toPromise();
        if (result.error) throw result.error;
        if (result.data) setQueued(result.data.runAdminScript);
      })
      .then((ok) => {
        if (ok) setConfirming(null);
      });
  };
  const scripts = query.data?.adminScripts;
  return (
    <SettingsLayout title={t('scripts.title')}>
      <Stack gap="md" data-testid="admin-scripts">
        {queued && (
          <Alert
            color="teal"
            variant="light"
            data-testid="admin-script-queued"
            withCloseButton
            onClose={() => setQueued(null)}
          >
            {t('scripts.queued', { name: title(queued.name), jobId: queued.jobId })}
          </Alert>
        )}
        <FormError error={query.error} />
        {query.fetching && !scripts && (
          <Center>
            <Loader aria-label={t('common:loading')} />
          </Center>
        )}
        {scripts && scripts.length === 0 && (
          <Text ta="center" c="dimmed" py="lg">
            {t('scripts.empty')}
          </Text>
        )}
        {scripts?.map((script) => (
          <Card key={script.name} withBorder radius="md" padding="md" data-testid="admin-script">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Stack gap={2} miw={0} style={{ flex: 1 }}>
                <Text fw={600}>{title(script.name)}</Text>
                <Text size="sm" c="dimmed">
                  {t(`scripts.names.${script.name}.description`, { defaultValue: '' })}
                </Text>
              </Stack>
              <Button
                leftSection={<IconPlayerPlay size={16} />}
                onClick={() => {
                  run.setError(null);
                  setConfirming(script.name);
                }}
              >
                {t('scripts.run')}
              </Button>
            </Group>
          </Card>
        ))}
        <Card withBorder radius="md" padding="md">
          <Stack gap="xs">
            <Title order={2} size="h5">
              {t('scripts.adminsTitle')}
            </Title>
            <Text size="sm">{t('scripts.admins')}</Text>
            <Code block>npm run admin -- create --email name@example.com</Code>
          </Stack>
        </Card>
      </Stack>
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t('scripts.confirmTitle')}
        centered
      >
        <Stack gap="sm">
          <Text size="sm">{t('scripts.confirmMessage', { name: confirming ? title(confirming) : '' })}</Text>
          <FormError error={run.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              {t('company:form.cancel')}
            </Button>
            <Button onClick={confirm} loading={run.busy} data-autofocus>
              {t('scripts.run')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </SettingsLayout>
  );
}
