import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useProject } from '../projects/project-context.ts';
import { getFederated } from './bim-api.ts';
import { BimViewer, type ViewerSource } from './bim-viewer.tsx';
import { ModelsLink, useViewerPageData, ViewerPageWaiting } from './bim-viewer-page.tsx';

/**
 * /workspace/project/{id}/bim-files/models/federated/{federatedId}: the models of a federated model together,
 * each at its pinned revision or the latest, with editor §8.1's warnings (not the latest revision; a pinned
 * revision the user may not see falls back to the latest viewable one; no access).
 */
export function BimFederatedPage() {
  const { t } = useTranslation('bim');
  const { project } = useProject();
  const federatedId = Number(useParams()['federatedId']);
  const { data: model, failure } = useViewerPageData(`${project.id}:${federatedId}`, () =>
    getFederated(project.id, federatedId),
  );
  if (!model) return <ViewerPageWaiting failure={failure} />;

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
        <ModelsLink />
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
