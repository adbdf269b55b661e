import { Badge, Button, Group, Paper, Progress, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient } from 'urql';
import {
  BUDGET_CHOICES_MB,
  offlineBudgetMb,
  setOfflineBudgetMb,
  syncKeptProjects,
} from '../../lib/offline/project-sync.ts';
import { dropDrawing, listDrawings, type DrawingSummary } from '../../lib/offline/drawing-store.ts';
import { dropProject, listOfflineProjects, type OfflineProjectSize } from '../../lib/offline/read-store.ts';
import { OFFLINE_COPY_EVENT, announceOfflineCopy } from './offline-copy-events.ts';
import { formatBytes } from './offline-size.ts';
import { SectionHeading } from '../../components/heading.tsx';

/**
 * The profile's "Offline on this device" (issue 34): the projects kept, their size and last sync, a remove
 * button each, the total against the budget (chosen here), and a sync now.
 */
export function OfflineProjectsSection({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation('common');
  const client = useClient();
  const [projects, setProjects] = useState<OfflineProjectSize[]>([]);
  const [drawings, setDrawings] = useState<DrawingSummary[]>([]);
  const [budget, setBudget] = useState(offlineBudgetMb);
  const [syncing, setSyncing] = useState(false);

  const load = useCallback(() => {
    void listOfflineProjects(userId).then(setProjects);
    void listDrawings(userId).then(setDrawings);
  }, [userId]);
  useEffect(() => {
    load();
    window.addEventListener(OFFLINE_COPY_EVENT, load);
    return () => window.removeEventListener(OFFLINE_COPY_EVENT, load);
  }, [load]);

  const used = projects.reduce((sum, p) => sum + p.bytes, 0);
  const budgetBytes = budget * 1024 * 1024;
  const date = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(
          new Date(iso),
        )
      : t('offline.notSynced');

  return (
    <Paper withBorder p="md" data-testid="offline-projects">
      <Stack gap="sm">
        <SectionHeading title={t('offline.section')} intro={t('offline.sectionHelp')} order={3} size="h4" />
        <Group justify="space-between" align="end">
          <Select
            label={t('offline.budget')}
            w={200}
            allowDeselect={false}
            data={BUDGET_CHOICES_MB.map((mb) => ({
              value: String(mb),
              label: formatBytes(mb * 1024 * 1024),
            }))}
            value={String(budget)}
            onChange={(value) => {
              const mb = Number(value);
              setOfflineBudgetMb(mb);
              setBudget(mb);
            }}
          />
          <Text size="sm" data-testid="offline-used" data-bytes={used}>
            {t('offline.used', { used: formatBytes(used), budget: formatBytes(budgetBytes) })}
          </Text>
        </Group>
        <Progress
          value={Math.min(100, (used / budgetBytes) * 100)}
          color={used > budgetBytes ? 'red' : 'blue'}
        />
        {used > budgetBytes && (
          <Text size="sm" c="red">
            {t('offline.overBudget')}
          </Text>
        )}
        {projects.length === 0 ? (
          <Text size="sm">{t('offline.none')}</Text>
        ) : (
          <Table>
            <Table.Tbody>
              {projects.map((project) => (
                <OfflineCopyRow
                  key={project.projectId}
                  testId="offline-project"
                  bytes={project.bytes}
                  synced={date(project.syncedAt)}
                  onRemove={() => void dropProject(userId, project.projectId).then(announceOfflineCopy)}
                >
                  {project.name}{' '}
                  {!project.offline && <Badge variant="light">{t('offline.lastOpened')}</Badge>}
                </OfflineCopyRow>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {drawings.length > 0 && (
          <>
            <Title order={4} size="h5">
              {t('offline.drawings')}
            </Title>
            <Table>
              <Table.Tbody>
                {drawings.map((drawing) => (
                  <OfflineCopyRow
                    key={`${drawing.projectId}:${drawing.documentId}`}
                    testId="offline-drawing-row"
                    bytes={drawing.bytes}
                    synced={date(drawing.syncedAt)}
                    onRemove={() =>
                      void dropDrawing(userId, drawing.projectId, drawing.documentId).then(
                        announceOfflineCopy,
                      )
                    }
                  >
                    {t('offline.drawingRow', { name: drawing.name, revision: drawing.revision })}{' '}
                    <Text span size="xs" c="dimmed">
                      {projects.find((p) => p.projectId === drawing.projectId)?.name}
                    </Text>
                  </OfflineCopyRow>
                ))}
              </Table.Tbody>
            </Table>
          </>
        )}
        <Group>
          <Button
            variant="default"
            loading={syncing}
            disabled={projects.length === 0}
            onClick={() => {
              setSyncing(true);
              void syncKeptProjects(client, userId, true).finally(() => {
                setSyncing(false);
                announceOfflineCopy();
              });
            }}
          >
            {t('offline.syncNow')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** One copy kept on the device (a project or a drawing): what it is, its size, its last sync, and its remove button. */
function OfflineCopyRow(props: {
  readonly testId: string;
  readonly bytes: number;
  readonly synced: string;
  readonly onRemove: () => void;
  readonly children: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <Table.Tr data-testid={props.testId}>
      <Table.Td>{props.children}</Table.Td>
      <Table.Td>{formatBytes(props.bytes)}</Table.Td>
      <Table.Td>{props.synced}</Table.Td>
      <Table.Td ta="right">
        <Button size="xs" variant="subtle" color="red" onClick={props.onRemove}>
          {t('offline.remove')}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}
