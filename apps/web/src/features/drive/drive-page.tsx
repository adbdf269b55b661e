import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Checkbox,
  Group,
  Menu,
  MultiSelect,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDownload, IconSearch, IconTrash } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  DOCUMENT_STATUSES,
  DOCUMENT_VISIBILITIES,
  type DocumentStatus,
  type DocumentVisibility,
} from '@obra/domain';
import { useProject } from '../projects/project-context.ts';
import { showErrorToast } from '../../lib/error-toast.ts';
import { ConfirmDialog } from '../projects/setup/setup-common.tsx';
import { type DriveAuthorization, type DriveFileDetail } from './drive-api.ts';
import { api } from '../../lib/api/rest-client.ts';
import { listQuery, paramsFromView, viewFromParams, type DriveView } from './drive-query.ts';
import { DriveUploadPanel } from './drive-upload-panel.tsx';
import { DriveFieldsDialog, editableDriveFields, type DriveFieldsChange } from './drive-fields-dialog.tsx';
import { ViewDocumentButton } from '../viewer/view-document-button.tsx';
import { BimDriveBadge } from '../bim/bim-drive-badge.tsx';
import { BulkDownloadAlert, useBulkDownload } from './bulk-download.tsx';
import { PdfProcessingChip } from './pdf-processing-chip.tsx';
import { VersionRow, VersionsDrawer } from './versions-drawer.tsx';
import { DrivePlanBanner, useDrivePlan } from './drive-plan-banner.tsx';
import {
  EmptyFiles,
  FileThumb,
  ListLoadStates,
  usePagedFiles,
  useRowSelection,
  VirtualFileList,
} from './paged-files.tsx';

const PAGE = 500;
const ROW = 52;
const STATUS_COLORS: Record<DocumentStatus, string> = {
  ANALYSING: 'yellow',
  APPROVED_WITH_NOTES: 'teal',
  APPROVED: 'green',
  OBSOLETED: 'gray',
  REPROVED: 'red',
};

type BulkResult = { fileId: number; code: string }[];

/** /workspace/project/{id}/drive: the project's governed documents (editor §2.2 Documents). */
export function DrivePage() {
  const { t, i18n } = useTranslation(['drive', 'errors', 'enums']);
  const { project } = useProject();
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => viewFromParams(params), [params]);
  const setView = (change: Partial<DriveView>) =>
    setParams(paramsFromView({ ...view, ...change }), { replace: true });
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);
  const { files, total, failed } = usePagedFiles(`${JSON.stringify(view)}:${project.id}:${version}`, (page) =>
    api.get('/project-drive/projects/{projectId}/files', {
      path: { projectId: project.id },
      query: listQuery(view, page, PAGE),
    }),
  );
  const [auth, setAuth] = useState<DriveAuthorization | null>(null);
  const drivePlan = useDrivePlan(project.id);
  const [openFile, setOpenFile] = useState<number | null>(null);
  const zip = useBulkDownload(project.id, 'drive');
  const [failures, setFailures] = useState<BulkResult>([]);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [editFields, setEditFields] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    api
      .get('/project-drive/projects/{projectId}/user-authorization', { path: { projectId: project.id } })
      .then(setAuth, () => setAuth(null));
  }, [project.id]);

  const disciplineName = (id: number | null) =>
    project.disciplines.find((d) => d.id === id)?.abbreviation ?? '—';
  const localName = (id: number | null) =>
    id === null ? null : (project.locals.find((l) => l.id === id)?.abbreviation ?? null);
  const phaseName = (id: number | null) =>
    id === null ? null : (project.phases.find((p) => p.id === id)?.abbreviation ?? null);
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const ids = useMemo(() => files?.map((f) => f.id) ?? [], [files]);
  // A selection holds only documents still listed (after a filter, a delete or a reload).
  const { selected, setSelected, chosen, toggle, allChosen, toggleAll } = useRowSelection(ids);
  const chosenFiles = useMemo(() => (files ?? []).filter((f) => selected.has(f.id)), [files, selected]);
  const deletable = chosenFiles.filter((f) => f.permissions.delete);
  const nameOf = (fileId: number) => files?.find((x) => x.id === fileId)?.fileName ?? `#${fileId}`;

  const bulkUpdate = async (
    change: { newStatus?: DocumentStatus; newVisibility?: DocumentVisibility } & DriveFieldsChange,
  ) => {
    setBusy(true);
    try {
      const result = await api.post('/project-drive/projects/{projectId}/files/bulk-update', {
        path: { projectId: project.id },
        body: { filesIds: chosen, ...change },
      });
      setFailures(result.failed);
      setSelected(new Set(result.failed.map((f) => f.fileId)));
      setEditFields(false);
      reload();
    } catch (error) {
      showErrorToast(t, error);
    } finally {
      setBusy(false);
    }
  };

  const bulkDelete = async () => {
    setBusy(true);
    try {
      const result = await api.post('/project-drive/projects/{projectId}/files/bulk-delete', {
        path: { projectId: project.id },
        body: { filesIds: deletable.map((f) => f.id) },
      });
      setFailures(result.failed);
      setSelected(new Set(result.failed.map((f) => f.fileId)));
      setConfirmDelete(false);
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
  const virtualizer = useVirtualizer({ count: ids.length, getScrollElement, estimateSize, overscan: 8 });
  const statusOptions = DOCUMENT_STATUSES.map((s) => ({ value: s, label: t(`drive:status.${s}`) }));

  /** Keyboard in the list: ↑/↓ move between rows, Space selects, Enter opens, Escape clears the selection. */
  const focusRow = (index: number) => {
    const target = Math.max(0, Math.min(ids.length - 1, index));
    virtualizer.scrollToIndex(target);
    requestAnimationFrame(() =>
      scroller.current
        ?.querySelector<HTMLElement>(`[data-index="${target}"] input[type="checkbox"]`)
        ?.focus(),
    );
  };
  const onListKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
    const index = row ? Number(row.dataset['index']) : -1;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      focusRow(event.key === 'ArrowDown' ? index + 1 : index - 1);
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      focusRow(event.key === 'Home' ? 0 : ids.length - 1);
    } else if (event.key === 'Escape' && selected.size > 0) {
      event.preventDefault();
      setSelected(new Set());
    } else if (event.key === 'Enter' && index >= 0 && (event.target as HTMLElement).tagName === 'INPUT') {
      event.preventDefault();
      const id = ids[index];
      if (id !== undefined) setOpenFile(id);
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
      {auth?.canUpload && auth.projectActive && drivePlan.plan?.state !== 'ended' && (
        <DriveUploadPanel
          project={project}
          onUploaded={() => {
            reload();
            drivePlan.reload();
          }}
        />
      )}
      <Group gap="xs" wrap="wrap" align="end">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('drive:filters.search')}
          aria-label={t('drive:filters.search')}
          defaultValue={view.search}
          onKeyDown={(e) => e.key === 'Enter' && setView({ search: e.currentTarget.value })}
          onBlur={(e) => e.currentTarget.value !== view.search && setView({ search: e.currentTarget.value })}
          w={{ base: '100%', xs: 'auto' }}
        />
        <MultiSelect
          aria-label={t('drive:columns.status')}
          placeholder={view.status.length === 0 ? t('drive:columns.status') : undefined}
          data={statusOptions}
          value={view.status}
          onChange={(v) => setView({ status: v as DocumentStatus[] })}
          clearable
          maxDropdownHeight="30rem"
          w={{ base: '100%', xs: 'auto' }}
        />
        <MultiSelect
          aria-label={t('drive:columns.discipline')}
          placeholder={view.disciplineId.length === 0 ? t('drive:columns.discipline') : undefined}
          data={project.disciplines.map((d) => ({
            value: String(d.id),
            label: `${d.abbreviation} · ${d.name}`,
          }))}
          value={view.disciplineId.map(String)}
          onChange={(v) => setView({ disciplineId: v.map(Number) })}
          clearable
          w={{ base: '100%', xs: 'auto' }}
        />
        <MultiSelect
          aria-label={t('drive:columns.visibility')}
          placeholder={view.visibility.length === 0 ? t('drive:columns.visibility') : undefined}
          data={DOCUMENT_VISIBILITIES.map((v) => ({ value: v, label: t(`drive:visibility.${v}`) }))}
          value={view.visibility}
          onChange={(v) => setView({ visibility: v as DriveView['visibility'] })}
          clearable
          w={{ base: '100%', xs: 'auto' }}
        />
        <Select
          aria-label={t('drive:sort.label')}
          data={(['uploadedAt', 'updatedAt', 'fileName'] as const).flatMap((s) =>
            (['desc', 'asc'] as const).map((o) => ({ value: `${s}:${o}`, label: t(`drive:sort.${s}_${o}`) })),
          )}
          value={`${view.sort}:${view.order}`}
          onChange={(v) => {
            const [sort, order] = (v ?? 'uploadedAt:desc').split(':') as [
              DriveView['sort'],
              DriveView['order'],
            ];
            setView({ sort, order });
          }}
          allowDeselect={false}
          w={{ base: '100%', xs: 'auto' }}
        />
      </Group>
      {chosen.length > 0 && (
        <Group gap="xs" data-testid="drive-bulk-bar" wrap="wrap">
          <Text size="sm">{t('drive:bulk.selected', { count: chosen.length })}</Text>
          {auth && auth.projectActive && auth.statuses.length > 0 && (
            <Menu>
              <Menu.Target>
                <Button size="xs" variant="default" loading={busy} data-testid="drive-bulk-status">
                  {t('drive:bulk.changeStatus')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {auth.statuses.map((s) => (
                  <Menu.Item key={s} onClick={() => void bulkUpdate({ newStatus: s })}>
                    {t(`drive:status.${s}`)}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          )}
          {auth && auth.projectActive && auth.visibilities.length > 0 && (
            <Menu>
              <Menu.Target>
                <Button size="xs" variant="default" loading={busy} data-testid="drive-bulk-visibility">
                  {t('drive:bulk.changeVisibility')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {auth.visibilities.map((v) => (
                  <Menu.Item key={v} onClick={() => void bulkUpdate({ newVisibility: v })}>
                    {t(`drive:visibility.${v}`)}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          )}
          {auth &&
            auth.projectActive &&
            auth.visibilities.length > 0 &&
            editableDriveFields(project).length > 0 && (
              <Button
                size="xs"
                variant="default"
                onClick={() => setEditFields(true)}
                data-testid="drive-bulk-fields"
              >
                {t('drive:bulk.editFields')}
              </Button>
            )}
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} />}
            onClick={() => void zip.start(chosen)}
            disabled={zip.processing}
            data-testid="drive-bulk-zip"
          >
            {t('drive:bulk.download')}
          </Button>
          {auth?.projectActive && deletable.length > 0 && (
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={() => setConfirmDelete(true)}
              data-testid="drive-bulk-delete"
            >
              {t('drive:bulk.delete')}
            </Button>
          )}
          <Button size="xs" variant="subtle" onClick={() => setSelected(new Set())}>
            {t('drive:bulk.clear')}
          </Button>
        </Group>
      )}
      <DriveFieldsDialog
        opened={editFields}
        count={chosen.length}
        project={project}
        disciplineIds={auth?.uploadDisciplineIds ?? []}
        busy={busy}
        onApply={(change) => void bulkUpdate(change)}
        onClose={() => setEditFields(false)}
      />
      <ConfirmDialog
        opened={confirmDelete}
        title={t('drive:bulk.deleteTitle', { count: deletable.length })}
        message={
          deletable.length < chosen.length
            ? t('drive:bulk.deletePartial', { count: deletable.length, selected: chosen.length })
            : t('drive:bulk.deleteMessage', { count: deletable.length })
        }
        confirmLabel={t('drive:bulk.delete')}
        danger
        busy={busy}
        onConfirm={() => void bulkDelete()}
        onClose={() => setConfirmDelete(false)}
      />
      <BulkDownloadAlert ns="drive" state={zip.state} onClose={zip.clear} />
      {failures.length > 0 && (
        <Alert
          color="red"
          withCloseButton
          onClose={() => setFailures([])}
          title={t('drive:bulk.someFailed')}
          data-testid="drive-bulk-failures"
        >
          {failures.map((f) => (
            <Text size="sm" key={f.fileId}>
              {nameOf(f.fileId)}: {t(`errors:${f.code}`)}
            </Text>
          ))}
        </Alert>
      )}
      <ListLoadStates ns="drive" loading={!files} failed={failed} onRetry={reload} />
      {files && files.length === 0 && (
        <EmptyFiles
          testId="drive-empty"
          message={
            params.toString()
              ? t('drive:emptyFiltered')
              : auth?.canUpload && auth.projectActive && drivePlan.plan?.state !== 'ended'
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
              checked={allChosen}
              indeterminate={chosen.length > 0 && !allChosen}
              onChange={toggleAll}
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
              <>
                <Checkbox
                  aria-label={file.fileName}
                  checked={selected.has(file.id)}
                  onChange={() => toggle(file.id)}
                />
                <FileThumb file={file} testId="drive-thumb" />
                <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                  <Anchor
                    component="button"
                    size="sm"
                    ta="left"
                    truncate="end"
                    onClick={() => setOpenFile(file.id)}
                    data-testid="drive-row-name"
                  >
                    {file.fileName}
                  </Anchor>
                  <Text size="xs" c="dimmed" truncate="end">
                    {[
                      disciplineName(file.disciplineId),
                      localName(file.localId),
                      phaseName(file.phase),
                      file.createdByName,
                      file.uploadedAt && dates.format(new Date(file.uploadedAt)),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </Stack>
                {file.revisionsCount > 1 && (
                  <Badge
                    size="sm"
                    variant="outline"
                    component="button"
                    onClick={() => setOpenFile(file.id)}
                    style={{ cursor: 'pointer' }}
                    data-testid="drive-row-revisions"
                  >
                    {t('drive:revisions', { count: file.revisionsCount })}
                  </Badge>
                )}
                <BimDriveBadge projectId={project.id} file={file} />
                {/* On a phone the row keeps its width for the name; the drawer shows the state. */}
                <Box visibleFrom="sm">
                  <PdfProcessingChip projectId={project.id} file={file} hideSuccess />
                </Box>
                <Badge size="sm" variant="light" color="gray" visibleFrom="sm" data-testid="drive-visibility">
                  {t(`drive:visibility.${file.visibility}`)}
                </Badge>
                <Badge size="sm" color={STATUS_COLORS[file.status]} data-testid="drive-status">
                  {t(`drive:status.${file.status}`)}
                </Badge>
                <ViewDocumentButton projectId={project.id} file={file} />
              </>
            )}
          </VirtualFileList>
        </>
      )}
      <FileDrawer projectId={project.id} fileId={openFile} onClose={() => setOpenFile(null)} />
    </Stack>
  );
}

/** A document's revisions, one click from the list; each opens through a short-lived signed address. */
function FileDrawer(props: { projectId: number; fileId: number | null; onClose: () => void }) {
  const { t, i18n } = useTranslation(['drive', 'errors']);
  const [file, setFile] = useState<DriveFileDetail | null>(null);
  const onClose = useRef(props.onClose);
  onClose.current = props.onClose;
  useEffect(() => {
    setFile(null);
    if (props.fileId === null) return;
    const path = { projectId: props.projectId, fileId: props.fileId };
    api.get('/project-drive/projects/{projectId}/files/{fileId}', { path }).then(setFile, (e) => {
      showErrorToast(t, e);
      onClose.current();
    });
  }, [props.projectId, props.fileId, t]);
  const open = async (id: number) => {
    try {
      const { url } = await api.get('/project-drive/projects/{projectId}/files/{fileId}/download-url', {
        path: { projectId: props.projectId, fileId: id },
      });
      window.open(url, '_blank', 'noopener');
    } catch (error) {
      showErrorToast(t, error);
    }
  };
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <VersionsDrawer
      opened={props.fileId !== null}
      onClose={props.onClose}
      title={file?.documentName ?? ''}
      loading={!file}
      loadingLabel={t('drive:loading')}
      testId="drive-revisions"
    >
      {file?.revisions.map((r) => (
        <VersionRow
          key={r.id}
          testId="drive-revision"
          name={t('drive:upload.revision', { revision: r.revisionName })}
          meta={`${r.fileName} · ${r.uploadedAt ? dates.format(new Date(r.uploadedAt)) : ''}`}
        >
          <PdfProcessingChip projectId={props.projectId} file={r} />
          <Badge size="sm" color={STATUS_COLORS[r.status]}>
            {t(`drive:status.${r.status}`)}
          </Badge>
          <ViewDocumentButton projectId={props.projectId} file={r} revision />
          <Button size="compact-xs" variant="subtle" onClick={() => void open(r.id)}>
            {t('drive:open')}
          </Button>
        </VersionRow>
      ))}
    </VersionsDrawer>
  );
}
