import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Checkbox,
  Drawer,
  Group,
  Loader,
  Menu,
  MultiSelect,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DOCUMENT_STATUSES, DOCUMENT_VISIBILITIES, type DocumentStatus } from '@obra/domain';
import { useProject } from '../projects/project-context.ts';
import { showErrorToast } from '../../lib/error-toast.ts';
import { driveCall, type DriveFile } from './drive-api.ts';
import { listQuery, paramsFromView, viewFromParams, type DriveView } from './drive-query.ts';
import { DriveUploadPanel } from './drive-upload-panel.tsx';
import { BimDriveBadge } from '../bim/bim-drive-badge.tsx';

const PAGE = 500;
const ROW = 52;
const STATUS_COLORS: Record<DocumentStatus, string> = {
  ANALYSING: 'yellow',
  APPROVED_WITH_NOTES: 'teal',
  APPROVED: 'green',
  OBSOLETED: 'gray',
  REPROVED: 'red',
};

interface Authorization {
  canUpload: boolean;
  statuses: DocumentStatus[];
  projectActive: boolean;
}

/** Loads every document of the view, page by page (the first page shows at once). */
function useDriveFiles(projectId: number, view: DriveView, version: number) {
  const [files, setFiles] = useState<DriveFile[] | null>(null);
  const [total, setTotal] = useState(0);
  const [failed, setFailed] = useState(false);
  const query = JSON.stringify(view);
  useEffect(() => {
    let cancelled = false;
    setFailed(false);
    const run = async () => {
      const all: DriveFile[] = [];
      for (let page = 1; ; page++) {
        const answer = await driveCall<{ files: DriveFile[]; total: number }>(
          projectId,
          `/files?${listQuery(JSON.parse(query) as DriveView, page, PAGE)}`,
        );
        if (cancelled) return;
        all.push(...answer.files);
        setFiles([...all]);
        setTotal(answer.total);
        if (all.length >= answer.total || answer.files.length === 0) return;
      }
    };
    run().catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [projectId, query, version]);
  return { files, total, failed };
}

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
  const { files, total, failed } = useDriveFiles(project.id, view, version);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [auth, setAuth] = useState<Authorization | null>(null);
  const [openFile, setOpenFile] = useState<number | null>(null);
  const [bulkState, setBulkState] = useState<{
    status: string;
    url: string | null;
    errorCode: string | null;
  } | null>(null);
  const [failures, setFailures] = useState<{ fileId: number; code: string }[]>([]);

  useEffect(() => {
    driveCall<Authorization>(project.id, '/user-authorization').then(setAuth, () => setAuth(null));
  }, [project.id]);

  const disciplineName = (id: number | null) =>
    project.disciplines.find((d) => d.id === id)?.abbreviation ?? '—';
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const ids = files?.map((f) => f.id) ?? [];
  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const bulkStatus = async (newStatus: DocumentStatus) => {
    try {
      const result = await driveCall<{ updated: number[]; failed: { fileId: number; code: string }[] }>(
        project.id,
        '/files/bulk-update',
        { method: 'POST', body: { filesIds: [...selected], newStatus } },
      );
      setFailures(result.failed);
      setSelected(new Set());
      reload();
    } catch (error) {
      showErrorToast(t, error);
    }
  };

  const bulkDownload = async () => {
    try {
      const { bulkDownloadId } = await driveCall<{ bulkDownloadId: string }>(
        project.id,
        '/files/bulk-downloads',
        {
          method: 'POST',
          body: { filesIds: [...selected] },
        },
      );
      setBulkState({ status: 'processing', url: null, errorCode: null });
      for (;;) {
        await new Promise((r) => setTimeout(r, 1000));
        const state = await driveCall<{ status: string; url: string | null; errorCode: string | null }>(
          project.id,
          `/files/bulk-downloads/${bulkDownloadId}`,
        );
        setBulkState(state);
        if (state.status !== 'processing') break;
      }
    } catch (error) {
      setBulkState({ status: 'error', url: null, errorCode: 'PREPARING' });
      showErrorToast(t, error);
    }
  };

  const scroller = useRef<HTMLDivElement>(null);
  const getScrollElement = useCallback(() => scroller.current, []);
  const estimateSize = useCallback(() => ROW, []);
  const virtualizer = useVirtualizer({ count: ids.length, getScrollElement, estimateSize, overscan: 8 });
  const statusOptions = DOCUMENT_STATUSES.map((s) => ({ value: s, label: t(`drive:status.${s}`) }));

  return (
    <Stack p="md" gap="md" h="100%">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{t('drive:title')}</Title>
        <Anchor component={Link} to="../setup/drive" size="sm">
          {t('drive:namingRuleLink')}
        </Anchor>
      </Group>
      {auth?.canUpload && auth.projectActive && <DriveUploadPanel project={project} onUploaded={reload} />}
      <Group gap="xs" wrap="wrap" align="end">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('drive:filters.search')}
          aria-label={t('drive:filters.search')}
          defaultValue={view.search}
          onKeyDown={(e) => e.key === 'Enter' && setView({ search: e.currentTarget.value })}
          onBlur={(e) => e.currentTarget.value !== view.search && setView({ search: e.currentTarget.value })}
        />
        <MultiSelect
          aria-label={t('drive:columns.status')}
          placeholder={t('drive:columns.status')}
          data={statusOptions}
          value={view.status}
          onChange={(v) => setView({ status: v as DocumentStatus[] })}
          clearable
          maxDropdownHeight="30rem"
        />
        <MultiSelect
          aria-label={t('drive:columns.discipline')}
          placeholder={t('drive:columns.discipline')}
          data={project.disciplines.map((d) => ({
            value: String(d.id),
            label: `${d.abbreviation} · ${d.name}`,
          }))}
          value={view.disciplineId.map(String)}
          onChange={(v) => setView({ disciplineId: v.map(Number) })}
          clearable
        />
        <MultiSelect
          aria-label={t('drive:columns.visibility')}
          placeholder={t('drive:columns.visibility')}
          data={DOCUMENT_VISIBILITIES.map((v) => ({ value: v, label: t(`drive:visibility.${v}`) }))}
          value={view.visibility}
          onChange={(v) => setView({ visibility: v as DriveView['visibility'] })}
          clearable
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
        />
      </Group>
      {selected.size > 0 && (
        <Group gap="xs" data-testid="drive-bulk-bar" wrap="wrap">
          <Text size="sm">{t('drive:bulk.selected', { count: selected.size })}</Text>
          {auth && auth.statuses.length > 0 && (
            <Menu>
              <Menu.Target>
                <Button size="xs" variant="default">
                  {t('drive:bulk.changeStatus')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {auth.statuses.map((s) => (
                  <Menu.Item key={s} onClick={() => void bulkStatus(s)}>
                    {t(`drive:status.${s}`)}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          )}
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} />}
            onClick={() => void bulkDownload()}
          >
            {t('drive:bulk.download')}
          </Button>
          <Button size="xs" variant="subtle" onClick={() => setSelected(new Set())}>
            {t('drive:bulk.clear')}
          </Button>
        </Group>
      )}
      {bulkState && (
        <Alert
          color={bulkState.status === 'error' ? 'red' : 'blue'}
          withCloseButton
          onClose={() => setBulkState(null)}
          data-testid="drive-bulk-download"
        >
          {bulkState.status === 'processing' && t('drive:bulk.preparing')}
          {bulkState.status === 'completed' && bulkState.url && (
            <Anchor href={bulkState.url} download>
              {t('drive:bulk.ready')}
            </Anchor>
          )}
          {bulkState.status === 'error' &&
            t(
              bulkState.errorCode === 'COMPRESSING'
                ? 'drive:bulk.errorCompressing'
                : 'drive:bulk.errorPreparing',
            )}
        </Alert>
      )}
      {failures.length > 0 && (
        <Alert color="red" withCloseButton onClose={() => setFailures([])} title={t('drive:bulk.someFailed')}>
          {failures.map((f) => (
            <Text size="sm" key={f.fileId}>
              {files?.find((x) => x.id === f.fileId)?.fileName ?? `#${f.fileId}`}: {t(`errors:${f.code}`)}
            </Text>
          ))}
        </Alert>
      )}
      {failed && <Alert color="red">{t('drive:loadError')}</Alert>}
      {!files && !failed && (
        <Center p="xl">
          <Loader aria-label={t('drive:loading')} />
        </Center>
      )}
      {files && files.length === 0 && (
        <Center p="xl">
          <Text c="dimmed">{params.toString() ? t('drive:emptyFiltered') : t('drive:empty')}</Text>
        </Center>
      )}
      {files && files.length > 0 && (
        <>
          <Group gap="xs">
            <Checkbox
              aria-label={t('drive:bulk.selectAll')}
              checked={selected.size > 0 && selected.size === ids.length}
              indeterminate={selected.size > 0 && selected.size < ids.length}
              onChange={() => setSelected(selected.size === ids.length ? new Set() : new Set(ids))}
            />
            <Text size="sm" c="dimmed">
              {t('drive:count', { count: total })}
            </Text>
          </Group>
          <div
            ref={scroller}
            style={{ flex: 1, minHeight: 300, overflow: 'auto' }}
            role="list"
            data-testid="drive-table"
          >
            <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {virtualizer.getVirtualItems().map((row) => {
                const file = files[row.index];
                if (!file) return null;
                return (
                  <div
                    key={file.id}
                    role="listitem"
                    data-testid="drive-row"
                    style={{ position: 'absolute', top: row.start, height: ROW, left: 0, right: 0 }}
                  >
                    <Group
                      gap="sm"
                      wrap="nowrap"
                      h={ROW}
                      px="xs"
                      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
                    >
                      <Checkbox
                        aria-label={file.fileName}
                        checked={selected.has(file.id)}
                        onChange={() => toggle(file.id)}
                      />
                      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                        <Anchor
                          component="button"
                          size="sm"
                          ta="left"
                          truncate="end"
                          onClick={() => setOpenFile(file.id)}
                        >
                          {file.fileName}
                        </Anchor>
                        <Text size="xs" c="dimmed" truncate="end">
                          {[
                            disciplineName(file.disciplineId),
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
                          onClick={() => setOpenFile(file.id)}
                          style={{ cursor: 'pointer' }}
                        >
                          {t('drive:revisions', { count: file.revisionsCount })}
                        </Badge>
                      )}
                      <BimDriveBadge projectId={project.id} file={file} />
                      <Badge size="sm" variant="light" color="gray" visibleFrom="sm">
                        {t(`drive:visibility.${file.visibility}`)}
                      </Badge>
                      <Badge size="sm" color={STATUS_COLORS[file.status]} data-testid="drive-status">
                        {t(`drive:status.${file.status}`)}
                      </Badge>
                    </Group>
                  </div>
                );
              })}
            </div>
          </div>
        </>
      )}
      <FileDrawer projectId={project.id} fileId={openFile} onClose={() => setOpenFile(null)} />
    </Stack>
  );
}

/** A document's revisions, one click from the list; each opens through a short-lived signed address. */
function FileDrawer(props: { projectId: number; fileId: number | null; onClose: () => void }) {
  const { t, i18n } = useTranslation(['drive', 'errors']);
  const [file, setFile] = useState<(DriveFile & { revisions: DriveFile[] }) | null>(null);
  useEffect(() => {
    setFile(null);
    if (props.fileId === null) return;
    driveCall<DriveFile & { revisions: DriveFile[] }>(props.projectId, `/files/${props.fileId}`).then(
      setFile,
      (e) => showErrorToast(t, e),
    );
  }, [props.projectId, props.fileId, t]);
  const open = async (id: number) => {
    try {
      const { url } = await driveCall<{ url: string }>(props.projectId, `/files/${id}/download-url`);
      window.open(url, '_blank', 'noopener');
    } catch (error) {
      showErrorToast(t, error);
    }
  };
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Drawer
      opened={props.fileId !== null}
      onClose={props.onClose}
      position="right"
      title={file?.documentName ?? ''}
    >
      {!file ? (
        <Loader />
      ) : (
        <Stack gap="sm" data-testid="drive-revisions">
          {file.revisions.map((r) => (
            <Group key={r.id} justify="space-between" wrap="nowrap">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={500}>
                  {t('drive:upload.revision', { revision: r.revisionName })}
                </Text>
                <Text size="xs" c="dimmed" truncate="end">
                  {r.fileName} · {r.uploadedAt ? dates.format(new Date(r.uploadedAt)) : ''}
                </Text>
              </Stack>
              <Group gap={4} wrap="nowrap">
                <Badge size="sm" color={STATUS_COLORS[r.status]}>
                  {t(`drive:status.${r.status}`)}
                </Badge>
                <Button size="compact-xs" variant="subtle" onClick={() => void open(r.id)}>
                  {t('drive:open')}
                </Button>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </Drawer>
  );
}
