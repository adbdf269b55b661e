import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDownload, IconFileZip, IconSearch, IconTrash } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useProject } from '../projects/project-context.ts';
import { showErrorToast } from '../../lib/error-toast.ts';
import { ConfirmDialog } from '../projects/setup/setup-common.tsx';
import { BulkDownloadAlert, useBulkDownload } from '../drive/bulk-download.tsx';
import { PdfProcessingChip } from '../drive/pdf-processing-chip.tsx';
import { VersionRow, VersionsDrawer } from '../drive/versions-drawer.tsx';
import {
  EmptyFiles,
  FileThumb,
  VirtualFileList,
  ListLoadStates,
  usePagedFiles,
  useRowSelection,
  type FilesPage,
} from '../drive/paged-files.tsx';
import {
  formatSize,
  type FilesAuthorization,
  type ProjectFile,
  type ProjectFileDetail,
} from './files-api.ts';
import { api } from '../../lib/api/rest-client.ts';
import { FilesUploadPanel } from './files-upload-panel.tsx';

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

async function openVersion(projectId: number, fileId: number): Promise<void> {
  const { url } = await api.get('/project-files/projects/{projectId}/files/{fileId}/download-url', {
    path: { projectId, fileId },
  });
  window.open(url, '_blank', 'noopener');
}

/**
 * /workspace/project/{id}/files: the project's working files (the `files` module, docs/api-drive.md "Project
 * files"): no naming rule and no status, seen by everyone in the project; a name sent again is its next version.
 */
export function FilesPage() {
  const { t, i18n } = useTranslation(['files', 'errors']);
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
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const { files, total, failed } = usePagedFiles(
    `${project.id}:${view.search}:${view.sort}:${version}`,
    (page) => {
      const [key, order] = view.sort.split(':') as ['uploadedAt' | 'fileName', 'asc' | 'desc'];
      return api.get('/project-files/projects/{projectId}/files', {
        path: { projectId: project.id },
        query: { page, pageSize: PAGE, sort: key, order, ...(view.search ? { search: view.search } : {}) },
      });
    },
  );
  const [auth, setAuth] = useState<FilesAuthorization | null>(null);
  const [openFile, setOpenFile] = useState<ProjectFile | null>(null);
  const [toDelete, setToDelete] = useState<ProjectFile | null>(null);
  const [busy, setBusy] = useState(false);
  const zip = useBulkDownload(project.id, 'files');
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
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
    setBusy(true);
    try {
      await api.delete('/project-files/projects/{projectId}/files/{fileId}/versions', {
        path: { projectId: project.id, fileId: toDelete.id },
      });
      setToDelete(null);
      reload();
    } catch (error) {
      showErrorToast(t, error);
    } finally {
      setBusy(false);
    }
  };

  const scroller = useRef<HTMLDivElement>(null);
  const getScrollElement = useCallback(() => scroller.current, []);
  const estimateSize = useCallback(() => ROW, []);
  const virtualizer = useVirtualizer({
    count: files?.length ?? 0,
    getScrollElement,
    estimateSize,
    overscan: 8,
  });
  const canWrite = !!auth?.projectActive;
  const ids = useMemo(() => (files ?? []).map((f) => f.id), [files]);
  const { selected, setSelected, chosen, toggle, allChosen, toggleAll } = useRowSelection(ids);

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
      <Group gap="xs" wrap="wrap" align="end">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('files:search')}
          aria-label={t('files:search')}
          key={view.search}
          defaultValue={view.search}
          onKeyDown={(e) => e.key === 'Enter' && setView({ search: e.currentTarget.value.trim() })}
          onBlur={(e) =>
            e.currentTarget.value.trim() !== view.search && setView({ search: e.currentTarget.value.trim() })
          }
          w={{ base: '100%', xs: 'auto' }}
          data-testid="files-search"
        />
        <Select
          aria-label={t('files:sort.label')}
          data={SORTS.map((s) => ({ value: s, label: t(`files:sort.${s.replace(':', '_')}`) }))}
          value={view.sort}
          onChange={(v) => setView({ sort: (v ?? SORTS[0]) as (typeof SORTS)[number] })}
          allowDeselect={false}
          w={{ base: '100%', xs: 'auto' }}
        />
        {files && (
          <Text size="sm" c="dimmed" data-testid="files-count">
            {t('files:count', { count: total })}
          </Text>
        )}
      </Group>
      {files && files.length > 0 && (
        <Group gap="xs" wrap="wrap" data-testid="files-bulk-bar">
          <Checkbox
            size="xs"
            label={t('files:bulk.selectAll')}
            checked={allChosen}
            indeterminate={chosen.length > 0 && !allChosen}
            onChange={toggleAll}
            data-testid="files-select-all"
          />
          {chosen.length > 0 && (
            <>
              <Text size="sm" data-testid="files-selected-count">
                {t('files:bulk.selected', { count: chosen.length })}
              </Text>
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
              <Button size="xs" variant="subtle" onClick={() => setSelected(new Set())}>
                {t('files:bulk.clear')}
              </Button>
            </>
          )}
        </Group>
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
            <>
              <Checkbox
                size="xs"
                checked={selected.has(file.id)}
                onChange={() => toggle(file.id)}
                aria-label={t('files:bulk.select', { name: file.fileName })}
                data-testid="files-row-select"
              />
              <FileThumb file={file} testId="files-thumb" />
              <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                <Anchor
                  component="button"
                  size="sm"
                  ta="left"
                  truncate="end"
                  onClick={() => setOpenFile(file)}
                  data-testid="files-row-name"
                >
                  {file.fileName}
                </Anchor>
                <Text size="xs" c="dimmed" truncate="end">
                  {[
                    file.createdByName,
                    file.uploadedAt && dates.format(new Date(file.uploadedAt)),
                    formatSize(file.fileSize, i18n.language),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Stack>
              <PdfProcessingChip
                projectId={project.id}
                file={file}
                area="files"
                hideSuccess
                onSettled={reload}
              />
              <Badge
                size="sm"
                variant={file.versionsCount > 1 ? 'outline' : 'light'}
                color={file.versionsCount > 1 ? undefined : 'gray'}
                component="button"
                onClick={() => setOpenFile(file)}
                style={{ cursor: 'pointer', flex: 'none' }}
                title={t('files:versions', { count: file.versionsCount })}
                data-testid="files-row-version"
              >
                {t('files:versionShort', { version: file.version })}
              </Badge>
              <ActionIcon
                variant="subtle"
                aria-label={`${t('files:download')} ${file.fileName}`}
                onClick={() => void openVersion(project.id, file.id).catch((e) => showErrorToast(t, e))}
              >
                <IconDownload size={16} />
              </ActionIcon>
              {canWrite && file.permissions.delete && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`${t('files:deleteFile')} ${file.fileName}`}
                  onClick={() => setToDelete(file)}
                  data-testid="files-row-delete"
                >
                  <IconTrash size={16} />
                </ActionIcon>
              )}
            </>
          )}
        </VirtualFileList>
      )}
      <ConfirmDialog
        opened={toDelete !== null}
        title={t('files:deleteFileTitle', { name: toDelete?.fileName ?? '' })}
        message={t('files:deleteFileMessage', { count: toDelete?.versionsCount ?? 1 })}
        confirmLabel={t('files:delete')}
        danger
        busy={busy}
        onConfirm={() => void deleteFile()}
        onClose={() => setToDelete(null)}
      />
      <FileVersionsDrawer
        projectId={project.id}
        file={openFile}
        canWrite={canWrite}
        onChanged={reload}
        onClose={() => setOpenFile(null)}
      />
    </Stack>
  );
}

/** Every version of a file, newest first: open one, or delete one (asked first). */
function FileVersionsDrawer(props: {
  projectId: number;
  file: ProjectFile | null;
  canWrite: boolean;
  onChanged: () => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation(['files', 'errors']);
  const [detail, setDetail] = useState<ProjectFileDetail | null>(null);
  const [toDelete, setToDelete] = useState<ProjectFile | null>(null);
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState(0);
  const onClose = useRef(props.onClose);
  onClose.current = props.onClose;
  const fileId = props.file?.id ?? null;
  useEffect(() => {
    setDetail(null);
    if (fileId === null) return;
    const path = { projectId: props.projectId, fileId };
    api.get('/project-files/projects/{projectId}/files/{fileId}', { path }).then(setDetail, (e) => {
      showErrorToast(t, e);
      onClose.current();
    });
  }, [props.projectId, fileId, version, t]);
  const remove = async () => {
    if (!toDelete) return;
    setBusy(true);
    try {
      await api.delete('/project-files/projects/{projectId}/files/{fileId}', {
        path: { projectId: props.projectId, fileId: toDelete.id },
      });
      const last = (detail?.versions.length ?? 0) <= 1;
      setToDelete(null);
      props.onChanged();
      // The drawer was opened from the newest version: it closes when that one (or the last) goes.
      if (last || toDelete.id === fileId) props.onClose();
      else setVersion((v) => v + 1);
    } catch (error) {
      showErrorToast(t, error);
    } finally {
      setBusy(false);
    }
  };
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <VersionsDrawer
      opened={props.file !== null}
      onClose={props.onClose}
      title={props.file ? t('files:versionsTitle', { name: props.file.fileName }) : ''}
      loading={!detail}
      loadingLabel={t('files:loading')}
      testId="files-versions"
      extra={
        <ConfirmDialog
          opened={toDelete !== null}
          title={t('files:deleteVersionTitle', {
            version: toDelete?.version ?? '',
            name: toDelete?.fileName ?? '',
          })}
          message={t('files:deleteVersionMessage')}
          confirmLabel={t('files:delete')}
          danger
          busy={busy}
          onConfirm={() => void remove()}
          onClose={() => setToDelete(null)}
        />
      }
    >
      {detail?.versions.map((v) => (
        <VersionRow
          key={v.id}
          testId="files-version"
          name={t('files:version', { version: v.version })}
          meta={[
            v.createdByName,
            v.uploadedAt && dates.format(new Date(v.uploadedAt)),
            formatSize(v.fileSize, i18n.language),
          ]
            .filter(Boolean)
            .join(' · ')}
        >
          <PdfProcessingChip projectId={props.projectId} file={v} area="files" />
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => void openVersion(props.projectId, v.id).catch((e) => showErrorToast(t, e))}
          >
            {t('files:download')}
          </Button>
          {props.canWrite && v.permissions.delete && (
            <ActionIcon
              size="sm"
              variant="subtle"
              color="red"
              aria-label={t('files:deleteVersion')}
              onClick={() => setToDelete(v)}
              data-testid="files-version-delete"
            >
              <IconTrash size={14} />
            </ActionIcon>
          )}
        </VersionRow>
      ))}
    </VersionsDrawer>
  );
}
