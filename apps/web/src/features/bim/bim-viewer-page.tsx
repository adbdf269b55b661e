import { Alert, Anchor, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { toUiError } from '../../lib/api-errors.ts';
import { useProject } from '../projects/project-context.ts';
import { getModel, type BimModelDetail } from './bim-api.ts';
import { BimViewer, preloadViewerEngine } from './bim-viewer.tsx';

/** Codes that mean "you may not open this model" (editor §8.1 "You do not have access to this document"). */
export const NO_ACCESS_CODES = new Set([
  'DOCUMENT_PERMISSION_DENIED',
  'DOCUMENTS_NOT_FOUND',
  'FORBIDDEN',
  'PROJECT_NOT_FOUND',
  'NOT_FOUND',
]);

/**
 * /workspace/project/{id}/bim-files/models/{fileId}: one converted IFC revision in the 3D viewer, with editor
 * §8.1's access failure and the warning when the revision is not the latest.
 */
export function BimViewerPage() {
  const { t } = useTranslation('bim');
  const { project } = useProject();
  const fileId = Number(useParams()['fileId']);
  const [detail, setDetail] = useState<BimModelDetail | null>(null);
  const [failure, setFailure] = useState<'noAccess' | 'loadError' | null>(null);

  // The 3D engine (three.js, the fragments library) downloads while the model's details are asked for.
  useEffect(preloadViewerEngine, []);

  useEffect(() => {
    let cancelled = false;
    setFailure(null);
    setDetail(null);
    getModel(project.id, fileId).then(
      (d) => !cancelled && setDetail(d),
      (error: unknown) => {
        if (!cancelled) setFailure(NO_ACCESS_CODES.has(toUiError(error).code) ? 'noAccess' : 'loadError');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [project.id, fileId]);

  const back = (
    <Anchor component={Link} to={`/workspace/project/${project.id}/bim-files/models`}>
      {t('title')}
    </Anchor>
  );
  if (failure)
    return (
      <Stack p="md">
        <Alert color="red" data-testid="bim-viewer-error">
          {failure === 'noAccess' ? t('errors.noAccess') : t('errors.loadError')}
        </Alert>
        {back}
      </Stack>
    );
  if (!detail)
    return (
      <Center h="50vh">
        <Loader />
      </Center>
    );
  const latest = detail.revisions[0];
  const ready = detail.processingState === 'success';
  return (
    <Stack p="md" gap="sm" h="calc(100vh - 80px)">
      <Group gap="xs">
        {back}
        <Text>/</Text>
        <Title order={3}>
          {detail.fileName} · {t('revision', { revision: detail.revisionName })}
        </Title>
      </Group>
      {!detail.isLatest && latest && (
        <Alert color="yellow" data-testid="bim-not-latest">
          {t('warnings.notLatest', { latest: latest.revisionName })}{' '}
          <Anchor component={Link} to={`/workspace/project/${project.id}/bim-files/models/${latest.fileId}`}>
            {t('warnings.openLatest')}
          </Anchor>
        </Alert>
      )}
      {!ready && (
        <Alert color={detail.processingState === 'failed' ? 'red' : 'blue'} data-testid="bim-not-ready">
          {detail.processingState === 'failed'
            ? `${t('errors.loadError')} ${t(`failure.${detail.processingError ?? 'conversionFailed'}`)}`
            : t(`state.${detail.processingState}`)}
        </Alert>
      )}
      {ready && (
        <BimViewer
          project={project}
          viewTarget={{ documentId: detail.documentId }}
          sources={[
            {
              fileId: detail.fileId,
              documentId: detail.documentId,
              disciplineId: detail.disciplineId,
              label: `${detail.fileName} (${detail.revisionName})`,
              bounds: detail.bounds ?? null,
            },
          ]}
        />
      )}
    </Stack>
  );
}
