import { Button, Checkbox, Stack, Text, Title } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useProject } from '../projects/project-context.ts';
import { showErrorToast } from '../../lib/error-toast.ts';
import { ConfirmDialog } from '../projects/setup/setup-common.tsx';
import { BulkDownloadAlert, useBulkDownload } from '../drive/bulk-download.tsx';
import { EmptyFiles, VirtualFileList, ListLoadStates } from '../drive/paged-files.tsx';
import { FileBulkBar, FileListToolbar } from '../drive/file-list-bars.tsx';
import { useFileBrowser, useListVirtualizer } from '../drive/use-file-browser.ts';
import { type FilesAuthorization, type ProjectFile } from './files-api.ts';
import { api } from '../../lib/api/rest-client.ts';
import { FilesUploadPanel } from './files-upload-panel.tsx';
import { FilesRow } from './files-row.tsx';
import { FileVersionsDrawer } from './files-versions-drawer.tsx';

const PAGE = 500;
const ROW = 56;
const SORTS = ['uploadedAt:desc', 'uploadedAt:asc', 'fileName:asc', 'fileName:desc'] as const;

/** The list's search and sort, kept in the address (`?search=…&sort=fileName:asc`). */
function viewOf(params: URLSearchParams): { search: string; sort: (typeof SORTS)[number] } {
  const sort = params.get('sort');
  return {
    search: params.get('search') ?? '',
    sort: (SORTS as readonly string[]).includes(sort ?? '') ? (sort as (typeof SORTS)[number]) : SORTS[0],
  };
}

/**
 * /workspace/project/{id}/files: the project's working files (the `files` module, docs/api-drive.md "Project
 * files"): no naming rule and no status, seen by everyone in the project; a name sent again is its next version.
 * Its one dialog asks before a file (every version of it) is deleted.
 */
export function FilesPage() {
  const { t } = useTranslation(['files', 'errors']);
  const { project } = useProject();
  const [params, setParams] = useSearchParams();
  const view = viewOf(params);
  const setView = (change: Partial<ReturnType<typeof viewOf>>) => {
    const next = { ...view, ...change };
    const out = new URLSearchParams();
    if (next.search) out.set('search', next.search);
    if (next.sort !== SORTS[0]) out.set('sort', next.sort);
    setParams(out, { replace: true });
  };
  const browser = useFileBrowser<ProjectFile, ProjectFile>(
    `${project.id}:${view.search}:${view.sort}`,
    (page) => {
      const [key, order] = view.sort.split(':') as ['uploadedAt' | 'fileName', 'asc' | 'desc'];
      return api.get('/project-files/projects/{projectId}/files', {
        path: { projectId: project.id },
        query: { page, pageSize: PAGE, sort: key, order, ...(view.search ? { search: view.search } : {}) },
      });
    },
  );
  const { state, dispatch, chosen, reload } = browser;
  const { files, total, failed, selected, dialog: toDelete } = state;
  const [auth, setAuth] = useState<FilesAuthorization | null>(null);
  const zip = useBulkDownload(project.id, 'files');
  const listedNames = useMemo(
    () => new Set((files ?? []).map((f) => f.fileName.normalize('NFC').toLowerCase())),
    [files],
  );

  useEffect(() => {
    api
      .get('/project-files/projects/{projectId}/user-authorization', { path: { projectId: project.id } })
      .then(setAuth, () => setAuth(null));
  }, [project.id]);

  const deleteFile = async () => {
    if (!toDelete) return;
    dispatch({ type: 'busy', busy: true });
    try {
      await api.delete('/project-files/projects/{projectId}/files/{fileId}/versions', {
        path: { projectId: project.id, fileId: toDelete.id },
      });
      dispatch({ type: 'changed' });
    } catch (error) {
      showErrorToast(t, error);
    } finally {
      dispatch({ type: 'busy', busy: false });
    }
  };

  const { scroller, virtualizer } = useListVirtualizer(files?.length ?? 0, ROW);
  const canWrite = !!auth?.projectActive;

  return (
    <Stack p={{ base: 'xs', sm: 'md' }} gap="md" h="100%" data-testid="files-page">
      <Stack gap={4}>
        <Title order={2}>{t('files:title')}</Title>
        <Text size="sm" c="dimmed">
          {t('files:intro')}
        </Text>
      </Stack>
      {auth?.canUpload && canWrite && (
        <FilesUploadPanel projectId={project.id} listedNames={listedNames} onUploaded={reload} />
      )}
      <FileListToolbar
        searchLabel={t('files:search')}
        search={view.search}
        onSearch={(search) => setView({ search })}
        trim
        resetWithSearch
        searchTestId="files-search"
        sortLabel={t('files:sort.label')}
        sortOptions={SORTS.map((s) => ({ value: s, label: t(`files:sort.${s.replace(':', '_')}`) }))}
        sort={view.sort}
        onSort={(v) => setView({ sort: (v ?? SORTS[0]) as (typeof SORTS)[number] })}
        trailing={
          files && (
            <Text size="sm" c="dimmed" data-testid="files-count">
              {t('files:count', { count: total })}
            </Text>
          )
        }
      />
      {files && files.length > 0 && (
        <FileBulkBar
          testId="files-bulk-bar"
          count={chosen.length}
          selectedLabel={t('files:bulk.selected', { count: chosen.length })}
          countTestId="files-selected-count"
          clearLabel={t('files:bulk.clear')}
          onClear={() => dispatch({ type: 'clearSelection' })}
          leading={
            <Checkbox
              size="xs"
              label={t('files:bulk.selectAll')}
              checked={browser.allChosen}
              indeterminate={chosen.length > 0 && !browser.allChosen}
              onChange={() => dispatch({ type: 'toggleAll' })}
              data-testid="files-select-all"
            />
          }
        >
          <Button
            size="xs"
            variant="default"
            leftSection={<IconFileZip size={14} />}
            onClick={() => void zip.start(chosen)}
            loading={zip.processing}
            data-testid="files-bulk-zip"
          >
            {t('files:bulk.download')}
          </Button>
        </FileBulkBar>
      )}
      <BulkDownloadAlert ns="files" state={zip.state} onClose={zip.clear} />
      <ListLoadStates ns="files" loading={!files} failed={failed} onRetry={reload} />
      {files && files.length === 0 && (
        <EmptyFiles
          testId="files-empty"
          message={
            view.search
              ? t('files:emptySearch')
              : auth?.canUpload && canWrite
                ? t('files:empty')
                : t('files:emptyReader')
          }
          clearLabel={t('files:clearSearch')}
          onClear={view.search ? () => setView({ search: '' }) : null}
        />
      )}
      {files && files.length > 0 && (
        <VirtualFileList
          scroller={scroller}
          virtualizer={virtualizer}
          files={files}
          rowHeight={ROW}
          label={t('files:title')}
          testId="files-table"
          rowTestId="files-row"
        >
          {(file) => (
            <FilesRow
              projectId={project.id}
              file={file}
              selected={selected.has(file.id)}
              canWrite={canWrite}
              onToggle={() => dispatch({ type: 'toggle', id: file.id })}
              onOpen={() => dispatch({ type: 'open', file })}
              onDelete={() => dispatch({ type: 'openDialog', dialog: file })}
              onSettled={reload}
            />
          )}
        </VirtualFileList>
      )}
      <ConfirmDialog
        opened={toDelete !== null}
        title={t('files:deleteFileTitle', { name: toDelete?.fileName ?? '' })}
        message={t('files:deleteFileMessage', { count: toDelete?.versionsCount ?? 1 })}
        confirmLabel={t('files:delete')}
        danger
        busy={state.busy}
        onConfirm={() => void deleteFile()}
        onClose={() => dispatch({ type: 'closeDialog' })}
      />
      <FileVersionsDrawer
        projectId={project.id}
        file={state.opened}
        canWrite={canWrite}
        onChanged={reload}
        onClose={() => dispatch({ type: 'close' })}
      />
    </Stack>
  );
}
