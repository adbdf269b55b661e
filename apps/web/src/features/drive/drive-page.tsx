import { Anchor, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useProject } from '../projects/project-context.ts';
import { type DriveAuthorization, type DriveFile } from './drive-api.ts';
import { api } from '../../lib/api/rest-client.ts';
import { listQuery, paramsFromView, viewFromParams, type DriveView } from './drive-query.ts';
import { DriveUploadPanel } from './drive-upload-panel.tsx';
import { BulkDownloadAlert, useBulkDownload } from './bulk-download.tsx';
import { DrivePlanBanner, useDrivePlan } from './drive-plan-banner.tsx';
import { EmptyFiles, ListLoadStates, VirtualFileList } from './paged-files.tsx';
import { listKeyEffect } from './file-browser-model.ts';
import { useFileBrowser, useListVirtualizer } from './use-file-browser.ts';
import { DriveToolbar } from './drive-toolbar.tsx';
import {
  DriveBulkBar,
  DriveBulkDialogs,
  DriveBulkFailures,
  useDriveBulk,
  type DriveDialog,
} from './drive-bulk.tsx';
import { DriveRow } from './drive-row.tsx';
import { DriveFileDrawer } from './drive-file-drawer.tsx';

const PAGE = 500;
const ROW = 52;

/** /workspace/project/{id}/drive: the project's governed documents (editor §2.2 Documents). */
export function DrivePage() {
  const { t } = useTranslation(['drive', 'errors', 'enums']);
  const { project } = useProject();
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => viewFromParams(params), [params]);
  const setView = (change: Partial<DriveView>) =>
    setParams(paramsFromView({ ...view, ...change }), { replace: true });
  const browser = useFileBrowser<DriveFile, DriveDialog>(`${JSON.stringify(view)}:${project.id}`, (page) =>
    api.get('/project-drive/projects/{projectId}/files', {
      path: { projectId: project.id },
      query: listQuery(view, page, PAGE),
    }),
  );
  const { state, dispatch, chosen, reload } = browser;
  const { files, total, failed, selected } = state;
  const [auth, setAuth] = useState<DriveAuthorization | null>(null);
  const drivePlan = useDrivePlan(project.id);
  const zip = useBulkDownload(project.id, 'drive');
  const bulk = useDriveBulk(project.id, browser);
  useEffect(() => {
    api
      .get('/project-drive/projects/{projectId}/user-authorization', { path: { projectId: project.id } })
      .then(setAuth, () => setAuth(null));
  }, [project.id]);
  const canUpload = !!auth?.canUpload && auth.projectActive && drivePlan.plan?.state !== 'ended';

  const count = files?.length ?? 0;
  const { scroller, virtualizer } = useListVirtualizer(count, ROW);
  /** Keyboard in the list: ↑/↓ move between rows, Space selects, Enter opens, Escape clears the selection. */
  const onListKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const row = target.closest<HTMLElement>('[data-index]');
    const index = row ? Number(row.dataset['index']) : -1;
    const effect = listKeyEffect(event.key, index, count, selected.size > 0, target.tagName === 'INPUT');
    if (!effect) return;
    event.preventDefault();
    if (effect.type === 'clear') dispatch({ type: 'clearSelection' });
    else if (effect.type === 'open') {
      const file = files?.[effect.index];
      if (file) dispatch({ type: 'open', file });
    } else {
      virtualizer.scrollToIndex(effect.index);
      requestAnimationFrame(() =>
        scroller.current
          ?.querySelector<HTMLElement>(`[data-index="${effect.index}"] input[type="checkbox"]`)
          ?.focus(),
      );
    }
  };

  return (
    <Stack p={{ base: 'xs', sm: 'md' }} gap="md" h="100%" data-testid="drive-page">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{t('drive:title')}</Title>
        <Anchor component={Link} to="../setup/drive" size="sm">
          {t('drive:namingRuleLink')}
        </Anchor>
      </Group>
      <DrivePlanBanner plan={drivePlan.plan} />
      {canUpload && (
        <DriveUploadPanel
          project={project}
          onUploaded={() => {
            reload();
            drivePlan.reload();
          }}
        />
      )}
      <DriveToolbar project={project} view={view} setView={setView} />
      {chosen.length > 0 && (
        <DriveBulkBar project={project} auth={auth} browser={browser} bulk={bulk} zip={zip} />
      )}
      <DriveBulkDialogs project={project} auth={auth} browser={browser} bulk={bulk} />
      <BulkDownloadAlert ns="drive" state={zip.state} onClose={zip.clear} />
      <DriveBulkFailures browser={browser} />
      <ListLoadStates ns="drive" loading={!files} failed={failed} onRetry={reload} />
      {files && files.length === 0 && (
        <EmptyFiles
          testId="drive-empty"
          message={
            params.toString()
              ? t('drive:emptyFiltered')
              : canUpload
                ? t('drive:empty')
                : t('drive:emptyReader')
          }
          clearLabel={t('drive:clearFilters')}
          onClear={params.toString() !== '' ? () => setParams(new URLSearchParams()) : null}
        />
      )}
      {files && files.length > 0 && (
        <>
          <Group gap="xs">
            <Checkbox
              aria-label={t('drive:bulk.selectAll')}
              checked={browser.allChosen}
              indeterminate={chosen.length > 0 && !browser.allChosen}
              onChange={() => dispatch({ type: 'toggleAll' })}
              data-testid="drive-select-all"
            />
            <Text size="sm" c="dimmed">
              {t('drive:count', { count: total })}
            </Text>
          </Group>
          <VirtualFileList
            scroller={scroller}
            virtualizer={virtualizer}
            files={files}
            rowHeight={ROW}
            label={t('drive:title')}
            testId="drive-table"
            rowTestId="drive-row"
            onKeyDown={onListKey}
            isSelected={(file) => selected.has(file.id)}
          >
            {(file) => (
              <DriveRow
                project={project}
                file={file}
                selected={selected.has(file.id)}
                onToggle={() => dispatch({ type: 'toggle', id: file.id })}
                onOpen={() => dispatch({ type: 'open', file })}
              />
            )}
          </VirtualFileList>
        </>
      )}
      <DriveFileDrawer
        projectId={project.id}
        fileId={state.opened?.id ?? null}
        onClose={() => dispatch({ type: 'close' })}
      />
    </Stack>
  );
}
