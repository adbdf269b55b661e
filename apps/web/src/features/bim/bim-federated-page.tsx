import { Alert, Anchor, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { toUiError } from '../../lib/api-errors.ts';
import { useProject } from '../projects/project-context.ts';
import { getFederated, type FederatedModel } from './bim-api.ts';
import { BimViewer, preloadViewerEngine, type ViewerSource } from './bim-viewer.tsx';
import { NO_ACCESS_CODES } from './bim-viewer-page.tsx';

/**
 * /workspace/project/{id}/bim-files/models/federated/{federatedId}: the models of a federated model together,
 * each at its pinned revision or the latest, with editor §8.1's warnings (not the latest revision; a pinned
 * revision the user may not see falls back to the latest viewable one; no access).
 */
export function BimFederatedPage() {
  const { t } = useTranslation('bim');
  const { project } = useProject();
  const federatedId = Number(useParams()['federatedId']);
  const [model, setModel] = useState<FederatedModel | null>(null);
  const [failure, setFailure] = useState<'noAccess' | 'loadError' | null>(null);

  // The 3D engine (three.js, the fragments library) downloads while the model's details are asked for.
  useEffect(preloadViewerEngine, []);

  useEffect(() => {
    let cancelled = false;
    setFailure(null);
    getFederated(project.id, federatedId).then(
      (m) => !cancelled && setModel(m),
      (error: unknown) => {
        if (!cancelled) setFailure(NO_ACCESS_CODES.has(toUiError(error).code) ? 'noAccess' : 'loadError');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [project.id, federatedId]);

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
  if (!model)
    return (
      <Center h="50vh">
        <Loader />
      </Center>
    );

  const sources: ViewerSource[] = model.items.flatMap((item) =>
    item.revision && item.revision.processingState === 'success'
      ? [
          {
            fileId: item.revision.fileId,
            documentId: item.documentId,
            disciplineId: item.revision.disciplineId,
            label: `${item.revision.fileName} (${item.revision.revisionName})`,
            bounds: item.revision.bounds ?? null,
          },
        ]
      : [],
  );
  return (
    <Stack p="md" gap="sm" h="calc(100vh - 80px)">
      <Group gap="xs">
        {back}
        <Text>/</Text>
        <Title order={3}>{model.name}</Title>
      </Group>
      <Stack gap={4} data-testid="bim-federated-warnings">
        {model.items.map((item) => {
          const name = item.revision
            ? `${item.revision.fileName} (${item.revision.revisionName})`
            : `#${item.documentId}`;
          if (item.warning === 'noAccess')
            return (
              <Alert key={item.documentId} color="red" p="xs">
                {t('errors.noAccess')}
              </Alert>
            );
          if (item.warning === 'fallback')
            return (
              <Alert key={item.documentId} color="yellow" p="xs">
                {t('warnings.fallback', { model: name })}
              </Alert>
            );
          if (item.warning === 'notLatest')
            return (
              <Alert key={item.documentId} color="yellow" p="xs">
                {t('warnings.notLatestOf', { model: name })}
              </Alert>
            );
          if (item.revision && item.revision.processingState !== 'success')
            return (
              <Alert key={item.documentId} color="blue" p="xs">
                {name}: {t(`state.${item.revision.processingState}`)}
              </Alert>
            );
          return null;
        })}
      </Stack>
      {sources.length > 0 && (
        <BimViewer project={project} sources={sources} viewTarget={{ federatedModelId: model.id }} />
      )}
    </Stack>
  );
}
