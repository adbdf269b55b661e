import { useCallback, useEffect, useState } from 'react';
import { Anchor, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../lib/api/rest-client.ts';
import { formatSize } from '../files/files-api.ts';
import type { ImportInput, Transfer } from './autodoc-api.ts';

/** How often the list is asked again while a transfer runs. */
const POLL_MS = 1000;

/**
 * The person's versions being brought into the project (GET …/transfers): read when the page opens, so a transfer
 * started before is followed too, and again every second while one runs. `start` asks for a new one and adds it.
 */
export function usePartnerTransfers(projectId: number) {
  const [transfers, setTransfers] = useState<Transfer[]>([]);
  const running = transfers.some((x) => x.status === 'transferring');

  const refresh = useCallback(async () => {
    const answer = await api.get('/autodoc/projects/{projectId}/transfers', { path: { projectId } });
    setTransfers(answer.transfers);
  }, [projectId]);

  useEffect(() => {
    void refresh().catch(() => undefined);
  }, [refresh]);

  useEffect(() => {
    if (!running) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      timer = setTimeout(() => {
        // A read that fails is tried again at the next tick.
        void refresh()
          .catch(() => undefined)
          .finally(() => {
            if (!stopped) tick();
          });
      }, POLL_MS);
    };
    tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [running, refresh]);

  const start = useCallback(
    async (body: ImportInput): Promise<Transfer> => {
      const started = await api.post('/autodoc/projects/{projectId}/aps-files', {
        path: { projectId },
        body,
      });
      setTransfers((list) => [started, ...list.filter((x) => x.id !== started.id)]);
      return started;
    },
    [projectId],
  );

  return { transfers, start };
}

/** The list of the person's recent transfers, each with its progress, its end or its error. */
export function PartnerTransfers({ projectId, transfers }: { projectId: number; transfers: Transfer[] }) {
  const { t, i18n } = useTranslation(['integrations', 'errors']);
  if (transfers.length === 0) return null;
  return (
    <Paper withBorder p="md" data-testid="partner-transfers">
      <Stack gap="sm">
        <Title order={5}>{t('documents.transfers.title')}</Title>
        {transfers.map((x) => {
          const percent = x.total > 0 ? Math.min(100, (x.done / x.total) * 100) : 0;
          return (
            <Stack key={x.id} gap={4} data-testid="partner-transfer" data-status={x.status}>
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm" fw={500} truncate>
                  {x.fileName}
                </Text>
                <Text size="xs" c="dimmed">
                  {x.status === 'transferring'
                    ? t('documents.transfers.progress', {
                        done: formatSize(x.done, i18n.language),
                        total: formatSize(x.total, i18n.language),
                      })
                    : formatSize(x.total, i18n.language)}
                </Text>
              </Group>
              {x.status === 'transferring' && (
                <Progress
                  value={percent}
                  animated
                  aria-label={t('documents.transfers.progressLabel', { name: x.fileName })}
                />
              )}
              {x.status === 'completed' && x.file && (
                <Group gap="xs">
                  <Text size="xs" c="teal">
                    {x.kind === 'bim'
                      ? t('documents.transfers.doneBim')
                      : t('documents.transfers.doneDrive', { revision: x.file.revisionName })}
                  </Text>
                  <Anchor
                    size="xs"
                    component={Link}
                    to={
                      x.kind === 'bim'
                        ? `/workspace/project/${projectId}/bim-files/models`
                        : `/workspace/project/${projectId}/drive/documents/${x.file.documentId}`
                    }
                  >
                    {x.kind === 'bim' ? t('documents.openModels') : t('documents.open')}
                  </Anchor>
                </Group>
              )}
              {x.status === 'error' && (
                <Text size="xs" c="red" role="alert" data-testid="partner-transfer-error">
                  {t('documents.transfers.failed', {
                    reason: t(`errors:${x.errorCode ?? 'INTEGRATION_PLATFORM_UNAVAILABLE'}`, {
                      defaultValue: x.errorCode ?? '',
                    }),
                  })}
                </Text>
              )}
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
}
