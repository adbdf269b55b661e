import { Alert, Anchor, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { toUiError } from '../../lib/api-errors.ts';
import { useProject } from '../projects/project-context.ts';
import { getModel } from './bim-api.ts';
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
 * What a viewer page opens with (a model, a federated model), asked for whenever `key` changes, and whether it
 * failed: for want of access (editor §8.1) or otherwise. The 3D engine downloads meanwhile.
 */
export function useViewerPageData<T>(key: string, load: () => Promise<T>) {
  const [data, setData] = useState<T | null>(null);
  const [failure, setFailure] = useState<'noAccess' | 'loadError' | null>(null);
  const loader = useRef(load);
  loader.current = load;

  // The 3D engine (three.js, the fragments library) downloads while the model's details are asked for.
  useEffect(preloadViewerEngine, []);

  useEffect(() => {
    let cancelled = false;
    setFailure(null);
    setData(null);
    loader.current().then(
      (d) => !cancelled && setData(d),
      (error: unknown) => {
        if (!cancelled) setFailure(NO_ACCESS_CODES.has(toUiError(error).code) ? 'noAccess' : 'loadError');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [key]);
  return { data, failure };
}

/** The way back from a viewer page: the project's model list. */
export function ModelsLink() {
  const { t } = useTranslation('bim');
  const { project } = useProject();
  return (
    <Anchor component={Link} to={`/workspace/project/${project.id}/bim-files/models`}>
      {t('title')}
    </Anchor>
  );
}

/** A viewer page before its data: the failure (with the way back), or a loader. */
export function ViewerPageWaiting(props: { failure: 'noAccess' | 'loadError' | null }) {
  const { t } = useTranslation('bim');
  if (props.failure)
    return (
      <Stack p="md">
        <Alert color="red" data-testid="bim-viewer-error">
          {props.failure === 'noAccess' ? t('errors.noAccess') : t('errors.loadError')}
        </Alert>
        <ModelsLink />
      </Stack>
    );
  return (
    <Center h="50vh">
      <Loader />
    </Center>
  );
}

/**
 * /workspace/project/{id}/bim-files/models/{fileId}: one converted IFC revision in the 3D viewer, with editor
 * §8.1's access failure and the warning when the revision is not the latest.
 */
export function BimViewerPage() {
  const { t } = useTranslation('bim');
  const { project } = useProject();
  const fileId = Number(useParams()['fileId']);
  const { data: detail, failure } = useViewerPageData(`${project.id}:${fileId}`, () =>
    getModel(project.id, fileId),
  );
  if (!detail) return <ViewerPageWaiting failure={failure} />;
  const latest = detail.revisions[0];
  const ready = detail.processingState === 'success';
  return (
    <Stack p="md" gap="sm" h="calc(100vh - 80px)">
      <Group gap="xs">
        <ModelsLink />
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
