import { Alert, Anchor, Badge, Center, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useProject } from '../projects/project-context.ts';
import { listModels, type BimModel, type ProcessingState } from './bim-api.ts';
import { BimFederatedPanel } from './bim-federated-panel.tsx';

const STATE_COLORS: Record<ProcessingState, string> = {
  pending: 'gray',
  queued: 'gray',
  processing: 'blue',
  success: 'green',
  failed: 'red',
};

/** How often the list asks again while a model is being converted. */
const POLL_MS = 3000;

/** /workspace/project/{id}/bim-files/models: the project's IFC models (drive documents) and their conversion. */
export function BimModelsPage() {
  const { t } = useTranslation('bim');
  const { project } = useProject();
  const [models, setModels] = useState<BimModel[] | null>(null);
  const [failed, setFailed] = useState(false);
  // ?issue=: an issue's viewpoint without a 3D pin (BCF import) opens on the model chosen here.
  const [params] = useSearchParams();
  const issueId = Number(params.get('issue')) || null;
  const issueSearch = issueId === null ? '' : `?issue=${issueId}`;

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      try {
        const list = await listModels(project.id);
        if (cancelled) return;
        setModels(list);
        setFailed(false);
        if (list.some((m) => m.processingState === 'queued' || m.processingState === 'processing'))
          timer = setTimeout(() => void load(), POLL_MS);
      } catch {
        if (!cancelled) setFailed(true);
      }
    };
    void load();
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [project.id]);

  const disciplineName = (id: number | null) =>
    project.disciplines.find((d) => d.id === id)?.abbreviation ?? '—';

  return (
    <Stack p="md" gap="md">
      <Title order={2}>{t('title')}</Title>
      <Text c="dimmed" size="sm">
        {t('intro')}{' '}
        <Anchor component={Link} to={`/workspace/project/${project.id}/drive`}>
          {t('toDrive')}
        </Anchor>
      </Text>
      {issueId !== null && (
        <Alert color="blue" data-testid="bim-choose-model">
          {t('issues3d.chooseModel')}
        </Alert>
      )}
      {failed && <Alert color="red">{t('listError')}</Alert>}
      {!models && !failed && (
        <Center h={200}>
          <Loader />
        </Center>
      )}
      {models && models.length === 0 && <Text>{t('empty')}</Text>}
      {models && models.length > 0 && (
        <Table striped highlightOnHover data-testid="bim-models">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('columns.name')}</Table.Th>
              <Table.Th>{t('columns.revision')}</Table.Th>
              <Table.Th>{t('columns.discipline')}</Table.Th>
              <Table.Th>{t('columns.state')}</Table.Th>
              <Table.Th>{t('columns.elements')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {models.map((m) => (
              <Table.Tr key={m.fileId} data-testid={`bim-model-${m.fileId}`}>
                <Table.Td>
                  {m.processingState === 'success' ? (
                    <Anchor component={Link} to={`${m.fileId}${issueSearch}`}>
                      {m.fileName}
                    </Anchor>
                  ) : (
                    m.fileName
                  )}
                </Table.Td>
                <Table.Td>{m.revisionName}</Table.Td>
                <Table.Td>{disciplineName(m.disciplineId)}</Table.Td>
                <Table.Td>
                  <Badge color={STATE_COLORS[m.processingState]} variant="light">
                    {t(`state.${m.processingState}`)}
                  </Badge>
                  {m.processingState === 'queued' && m.queuePosition ? (
                    <Text size="xs" c="dimmed" data-testid="bim-queue-position">
                      {t('queuePosition', { position: m.queuePosition })}
                    </Text>
                  ) : null}
                  {m.processingState === 'failed' && (
                    <Text size="xs" c="red">
                      {t(`failure.${m.processingError ?? 'conversionFailed'}`, {
                        defaultValue: t('failure.conversionFailed'),
                      })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{m.elementCount ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {models && (
        <BimFederatedPanel
          projectId={project.id}
          models={models}
          canWrite={project.status === 1}
          linkSearch={issueSearch}
        />
      )}
    </Stack>
  );
}
