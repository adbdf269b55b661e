import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Code,
  Group,
  Modal,
  NumberInput,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPlayerPlay, IconZoomCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useClient, useQuery } from 'urql';
import { SettingsLayout } from '../../components/settings-layout/settings-layout.tsx';
import {
  AdminScriptRunsDocument,
  AdminScriptsDocument,
  RunAdminScriptDocument,
  type AdminScriptsQuery,
} from '../../gql/generated.ts';
import { ConfirmActions } from '../../components/confirm-actions.tsx';
import { FormError } from '../../components/form-error.tsx';
import { useAsyncAction } from '../../lib/use-async-action.ts';
import { AdminScriptRuns, isRunActive } from './admin-script-runs.tsx';
import { LoadingCenter } from '../../components/loading.tsx';

type Script = AdminScriptsQuery['adminScripts'][number];
type Values = Record<string, number | boolean | ''>;

/** How often the runs are read again while one is queued or running. */
const POLL_MS = 2000;

/** A script's parameters as sent: empty inputs left out. */
function paramsOf(values: Values | undefined): Record<string, number | boolean> {
  const out: Record<string, number | boolean> = {};
  for (const [key, value] of Object.entries(values ?? {})) if (value !== '') out[key] = value;
  return out;
}

/**
 * /admin/scripts: the maintenance scripts (docs/admin.md), each with its parameters, a dry run that only reports,
 * a real run after a confirmation, and the recent runs with their progress, log and result.
 */
export function AdminScriptsPage() {
  const { t } = useTranslation('admin');
  const client = useClient();
  const [query] = useQuery({ query: AdminScriptsDocument });
  const [runsQuery, reloadRuns] = useQuery({ query: AdminScriptRunsDocument });
  const [values, setValues] = useState<Record<string, Values>>({});
  const [confirming, setConfirming] = useState<string | null>(null);
  const [queued, setQueued] = useState<{ name: string; id: number } | null>(null);
  const run = useAsyncAction();
  const title = (name: string) => t(`scripts.names.${name}.title`, { defaultValue: name });
  const runs = runsQuery.data?.adminScriptRuns ?? [];
  const active = runs.some(isRunActive);
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => reloadRuns({ requestPolicy: 'network-only' }), POLL_MS);
    return () => window.clearInterval(timer);
  }, [active, reloadRuns]);

  const start = (name: string, dryRun: boolean) =>
    run.run(async () => {
      const result = await client
        .mutation(RunAdminScriptDocument, { name, params: paramsOf(values[name]), dryRun })
        .toPromise();
      if (result.error) throw result.error;
      if (result.data) setQueued({ name, id: result.data.runAdminScript.id });
      reloadRuns({ requestPolicy: 'network-only' });
    });
  const setValue = (script: string, param: string, value: number | boolean | '') =>
    setValues((all) => ({ ...all, [script]: { ...all[script], [param]: value } }));
  const scripts = query.data?.adminScripts;

  const paramInput = (script: Script, param: Script['params'][number]) =>
    param.type === 'boolean' ? (
      <Checkbox
        key={param.name}
        label={t(`scripts.params.${param.name}`, { defaultValue: param.name })}
        checked={values[script.name]?.[param.name] === true}
        onChange={(e) => setValue(script.name, param.name, e.currentTarget.checked)}
      />
    ) : (
      <NumberInput
        key={param.name}
        size="xs"
        w={260}
        min={1}
        allowDecimal={false}
        label={t(`scripts.params.${param.name}`, { defaultValue: param.name })}
        value={values[script.name]?.[param.name] as number | '' | undefined}
        onChange={(v) => setValue(script.name, param.name, typeof v === 'number' ? v : '')}
      />
    );

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
            {t('scripts.queued', { name: title(queued.name), id: queued.id })}
          </Alert>
        )}
        <FormError error={query.error ?? (confirming ? null : run.error)} />
        {query.fetching && !scripts && <LoadingCenter />}
        {scripts && scripts.length === 0 && (
          <Text ta="center" c="dimmed" py="lg">
            {t('scripts.empty')}
          </Text>
        )}
        {scripts?.map((script) => (
          <Card
            key={script.name}
            withBorder
            radius="md"
            padding="md"
            data-testid="admin-script"
            data-script={script.name}
          >
            <Stack gap="xs">
              <Group justify="space-between" wrap="wrap" gap="sm" align="flex-start">
                <Stack gap={2} miw={0} style={{ flex: 1 }}>
                  <Text fw={600}>{title(script.name)}</Text>
                  <Text size="sm" c="dimmed">
                    {t(`scripts.names.${script.name}.description`, { defaultValue: '' })}
                  </Text>
                </Stack>
                <Group gap="xs">
                  <Button
                    variant="default"
                    leftSection={<IconZoomCheck size={16} />}
                    loading={run.busy && !confirming}
                    onClick={() => void start(script.name, true)}
                  >
                    {t('scripts.dryRun')}
                  </Button>
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
              </Group>
              {script.params.length > 0 && (
                <Group gap="md" align="flex-end">
                  {script.params.map((param) => paramInput(script, param))}
                </Group>
              )}
            </Stack>
          </Card>
        ))}
        <FormError error={runsQuery.error} />
        <AdminScriptRuns runs={runs} title={title} />
        <Card withBorder radius="md" padding="md">
          <Stack gap="xs">
            <Title order={2} size="h5">
              {t('scripts.cliTitle')}
            </Title>
            <Text size="sm">{t('scripts.cli')}</Text>
            <Code block>
              {'npm run admin -- scripts\nnpm run admin -- script issues.rebuildSearchText --dry-run'}
            </Code>
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
          <ConfirmActions
            cancelLabel={t('company:form.cancel')}
            onCancel={() => setConfirming(null)}
            confirmLabel={t('scripts.run')}
            onConfirm={() => {
              if (!confirming) return;
              void start(confirming, false).then((ok) => {
                if (ok) setConfirming(null);
              });
            }}
            busy={run.busy}
            autoFocus
          />
        </Stack>
      </Modal>
    </SettingsLayout>
  );
}
