import { useState } from 'react';
import { Badge, Button, Card, Code, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdminScriptRunFieldsFragment } from '../../gql/generated.ts';

const STATE_COLOR: Record<string, string> = {
  queued: 'gray',
  running: 'blue',
  completed: 'teal',
  failed: 'red',
};

/** Whether a run may still change (the list keeps looking at it). */
export function isRunActive(run: Pick<AdminScriptRunFieldsFragment, 'state'>): boolean {
  return run.state === 'queued' || run.state === 'running';
}

/** The latest admin script runs: who asked for what, how it went, its log and result. */
export function AdminScriptRuns({
  runs,
  title,
}: {
  runs: readonly AdminScriptRunFieldsFragment[];
  title: (name: string) => string;
}) {
  const { t, i18n } = useTranslation('admin');
  const [open, setOpen] = useState<number | null>(null);
  return (
    <Stack gap="xs" data-testid="admin-script-runs">
      <Title order={2} size="h5">
        {t('scripts.runs.title')}
      </Title>
      {runs.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('scripts.runs.empty')}
        </Text>
      )}
      {runs.map((run) => (
        <Card key={run.id} withBorder radius="md" padding="sm" data-testid="admin-script-run">
          <Stack gap={6}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Group gap="xs" wrap="wrap">
                <Text fw={600} size="sm">
                  {title(run.name)}
                </Text>
                {run.dryRun && (
                  <Badge variant="outline" size="sm">
                    {t('scripts.runs.dry')}
                  </Badge>
                )}
                <Badge
                  color={STATE_COLOR[run.state] ?? 'gray'}
                  size="sm"
                  data-testid="admin-script-run-state"
                >
                  {t(`scripts.runs.state.${run.state}`, { defaultValue: run.state })}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed">
                {new Date(String(run.createdAt)).toLocaleString(i18n.language)} ·{' '}
                {run.source === 'cli'
                  ? t('scripts.runs.cli')
                  : t('scripts.runs.by', { who: run.requestedBy ?? '—' })}
              </Text>
            </Group>
            {isRunActive(run) && (
              <Progress
                value={run.progress ?? 0}
                animated
                aria-label={t(`scripts.runs.state.${run.state}`)}
              />
            )}
            {run.summary != null && (
              <Text size="xs" data-testid="admin-script-run-summary">
                {t('scripts.runs.summary')}: {JSON.stringify(run.summary)}
              </Text>
            )}
            {run.error && (
              <Text size="xs" c="red">
                {run.error}
              </Text>
            )}
            {run.log.length > 0 && (
              <Group>
                <Button
                  variant="subtle"
                  size="compact-xs"
                  onClick={() => setOpen(open === run.id ? null : run.id)}
                  aria-expanded={open === run.id}
                >
                  {open === run.id ? t('scripts.runs.hideLog') : t('scripts.runs.showLog')}
                </Button>
              </Group>
            )}
            {open === run.id && (
              <Code block aria-label={t('scripts.runs.log')} data-testid="admin-script-run-log">
                {run.log
                  .map((l) => `${new Date(String(l.at)).toLocaleTimeString(i18n.language)}  ${l.line}`)
                  .join('\n')}
              </Code>
            )}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
