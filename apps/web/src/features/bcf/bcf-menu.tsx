import { useState, type DragEvent } from 'react';
import {
  Alert,
  Badge,
  Button,
  FileButton,
  Group,
  List,
  Menu,
  Modal,
  Paper,
  Progress,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileImport, IconUpload } from '@tabler/icons-react';
import { ISSUE_CATEGORIES } from '@obra/domain';
import { useTranslation } from 'react-i18next';
import { errorText, showErrorToast } from '../../lib/error-toast.ts';
import {
  downloadBcfJob,
  followBcfJob,
  previewBcfImport,
  startBcfExport,
  startBcfImport,
  type BcfImportReport,
  type BcfJob,
  type BcfMappingChoices,
  type BcfValueMapping,
} from './bcf-api.ts';
import { ConfirmActions } from '../../components/confirm-actions.tsx';

/** The issue list's filter as the server reads it (sort is the list's own business). */
interface ListFilter {
  readonly standard: string;
  readonly search: string;
  readonly combination: 'and' | 'or';
  readonly conditions: readonly unknown[];
}

type Step = 'pick' | 'preview' | 'importing' | 'done';

const VISIBILITIES = ['public', 'project_management', 'creator'] as const;

/**
 * BCF in the issue list's toolbar (issues 16 and 30): import a .bcf/.bcfzip (preview with counts and the mapping,
 * choices where a TopicType has no category, then the import job with its progress and report) and export the
 * selection or the filtered list as BCF 3.0 or 2.1 (an export job with its progress, then the download).
 */
export function BcfMenu({
  projectId,
  filter,
  selectedIds,
}: {
  projectId: number;
  filter: ListFilter;
  selectedIds: readonly number[];
}) {
  const { t } = useTranslation(['bcf', 'enums', 'errors', 'common']);
  const [open, setOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [exportJob, setExportJob] = useState<BcfJob | null>(null);

  const exportAs = async (version: '2.1' | '3.0') => {
    setExporting(true);
    try {
      const { standard, search, combination, conditions } = filter;
      const job = await startBcfExport(projectId, {
        version,
        filter: { standard, search, combination, conditions, timezoneOffset: new Date().getTimezoneOffset() },
        ids: selectedIds.length > 0 ? selectedIds : undefined,
      });
      const finished = await followBcfJob(projectId, job, setExportJob);
      if (finished.state === 'completed') await downloadBcfJob(finished);
    } catch (error) {
      setExportJob(null);
      showErrorToast(t, error);
    } finally {
      setExporting(false);
    }
  };

  const scope =
    selectedIds.length > 0 ? t('bcf:export.selection', { count: selectedIds.length }) : t('bcf:export.list');
  return (
    <>
      <Menu position="bottom-end" shadow="md">
        <Menu.Target>
          <Button variant="default" loading={exporting} data-testid="bcf-menu" aria-label={t('bcf:menu')}>
            BCF
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconFileImport size={16} />}
            onClick={() => setOpen(true)}
            data-testid="bcf-import"
          >
            {t('bcf:import.action')}
          </Menu.Item>
          <Menu.Label>{scope}</Menu.Label>
          <Menu.Item
            leftSection={<IconDownload size={16} />}
            onClick={() => void exportAs('3.0')}
            data-testid="bcf-export-3.0"
          >
            {t('bcf:export.as', { version: '3.0' })}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconDownload size={16} />}
            onClick={() => void exportAs('2.1')}
            data-testid="bcf-export-2.1"
          >
            {t('bcf:export.as', { version: '2.1' })}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {open && <BcfImportDialog projectId={projectId} onClose={() => setOpen(false)} />}
      {exportJob && <BcfExportDialog job={exportJob} onClose={() => setExportJob(null)} />}
    </>
  );
}

/** The export job: its progress, then the package (downloaded at once, and again on demand) or why it failed. */
function BcfExportDialog({ job, onClose }: { job: BcfJob; onClose: () => void }) {
  const { t } = useTranslation(['bcf', 'errors']);
  const topics = (job.report as { topics?: number } | null)?.topics ?? job.total;
  return (
    <Modal opened onClose={onClose} title={t('bcf:export.title')} data-testid="bcf-export-dialog">
      <Stack>
        <JobProgress job={job} kind="export" />
        {job.state === 'completed' && (
          <>
            <Text size="sm" data-testid="bcf-export-ready">
              {t('bcf:export.ready', { count: topics, name: job.fileName })}
            </Text>
            <Group justify="flex-end">
              <Button
                variant="default"
                onClick={() => void downloadBcfJob(job)}
                data-testid="bcf-export-download"
              >
                {t('bcf:export.download')}
              </Button>
              <Button onClick={onClose} data-testid="bcf-export-close">
                {t('bcf:report.close')}
              </Button>
            </Group>
          </>
        )}
        {job.state === 'failed' && (
          <Alert color="red" data-testid="bcf-export-error">
            {job.error?.message}
          </Alert>
        )}
      </Stack>
    </Modal>
  );
}

/** A job's state: waiting in the queue, or topics done of the total. */
function JobProgress({ job, kind }: { job: BcfJob; kind: 'import' | 'export' }) {
  const { t } = useTranslation('bcf');
  if (job.state !== 'queued' && job.state !== 'running') return null;
  const share = job.total > 0 ? job.done / job.total : 0;
  return (
    <Stack gap="xs" data-testid={`bcf-${kind}-progress`}>
      <Text size="sm">
        {job.state === 'queued'
          ? t('bcf:job.queued')
          : t(`bcf:job.${kind}ing`, { done: job.done, total: job.total })}
      </Text>
      <Progress
        value={share * 100}
        animated={job.state === 'queued' || job.total === 0}
        aria-label={t('bcf:import.progress')}
      />
    </Stack>
  );
}

function BcfImportDialog({ projectId, onClose }: { projectId: number; onClose: () => void }) {
  const { t } = useTranslation(['bcf', 'enums', 'errors', 'common']);
  const [step, setStep] = useState<Step>('pick');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<BcfImportReport | null>(null);
  const [report, setReport] = useState<BcfImportReport | null>(null);
  const [choices, setChoices] = useState<BcfMappingChoices>({ types: {}, visibility: 'public' });
  const [progress, setProgress] = useState(0);
  const [job, setJob] = useState<BcfJob | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  const choose = async (picked: File | null) => {
    if (!picked) return;
    setFile(picked);
    setError(null);
    setBusy(true);
    try {
      setPreview(await previewBcfImport(projectId, picked, choices));
      setStep('preview');
    } catch (e) {
      setError(errorText(t, e));
    } finally {
      setBusy(false);
    }
  };

  const run = async () => {
    if (!file) return;
    setStep('importing');
    setProgress(0);
    setJob(null);
    try {
      const started = await startBcfImport(projectId, file, { mapping: choices, onProgress: setProgress });
      const finished = await followBcfJob(projectId, started, setJob);
      if (finished.state === 'failed') {
        setError(finished.error?.message ?? t('errors:INTERNAL_SERVER_ERROR'));
        setStep('preview');
        return;
      }
      const result = finished.report as BcfImportReport;
      setReport(result);
      setStep('done');
      notifications.show({
        color: 'teal',
        message: t('bcf:import.done', { created: result.created, updated: result.updated }),
      });
    } catch (e) {
      setError(errorText(t, e));
      setStep('preview');
    }
  };

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    void choose(e.dataTransfer.files[0] ?? null);
  };

  const unmappedTypes = preview?.mapping.types.filter((m) => m.match === 'none') ?? [];
  return (
    <Modal opened onClose={onClose} title={t('bcf:import.title')} size="lg" data-testid="bcf-import-dialog">
      <Stack>
        {error && (
          <Alert color="red" data-testid="bcf-import-error">
            {error}
          </Alert>
        )}
        {step === 'pick' && (
          <Paper
            withBorder
            p="xl"
            style={{
              borderStyle: 'dashed',
              background: dragging ? 'var(--mantine-color-blue-light)' : undefined,
            }}
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
          >
            <Stack align="center" gap="xs">
              <IconUpload size={32} />
              <Text size="sm">{t('bcf:import.drop')}</Text>
              <FileButton onChange={(f) => void choose(f)} accept=".bcf,.bcfzip,application/zip">
                {(props) => (
                  <Button {...props} loading={busy} data-testid="bcf-file">
                    {t('bcf:import.pick')}
                  </Button>
                )}
              </FileButton>
            </Stack>
          </Paper>
        )}
        {step === 'preview' && preview && (
          <>
            <Text size="sm" data-testid="bcf-preview-counts">
              {t('bcf:preview.counts', {
                version: preview.version,
                created: preview.created,
                updated: preview.updated,
                failed: preview.failed,
              })}
            </Text>
            {preview.fromObra && <Badge variant="light">{t('bcf:preview.fromObra')}</Badge>}
            <MappingTable
              title={t('bcf:preview.statuses')}
              rows={preview.mapping.statuses}
              show={(v) => t(`enums:issueStatuses.${String(v)}`)}
            />
            <MappingTable
              title={t('bcf:preview.priorities')}
              rows={preview.mapping.priorities}
              show={(v) => t(`enums:priorities.${String(v)}`)}
            />
            <MappingTable
              title={t('bcf:preview.types')}
              rows={preview.mapping.types.filter((m) => m.match !== 'none')}
              show={(v) => categoryName(t, v)}
            />
            {unmappedTypes.map((m) => (
              <Select
                key={m.value}
                label={t('bcf:preview.chooseType', { type: m.value, count: m.topics })}
                data={ISSUE_CATEGORIES.map((c) => ({
                  value: String(c.id),
                  label: t(`enums:categories.${c.key}`),
                }))}
                clearable
                value={choices.types?.[m.value] != null ? String(choices.types[m.value]) : null}
                onChange={(v) =>
                  setChoices((c) => ({
                    ...c,
                    types: { ...c.types, [m.value]: v === null ? null : Number(v) },
                  }))
                }
              />
            ))}
            <MappingTable
              title={t('bcf:preview.labels')}
              rows={preview.mapping.labels}
              show={(v) => (v === null ? '—' : '✓')}
            />
            <MappingTable
              title={t('bcf:preview.users')}
              rows={preview.mapping.users}
              show={(v) => (v === null ? '—' : '✓')}
            />
            <Select
              label={t('bcf:preview.visibility')}
              data={VISIBILITIES.map((v) => ({ value: v, label: t(`enums:visibilities.${v}`) }))}
              value={choices.visibility ?? 'public'}
              onChange={(v) =>
                setChoices((c) => ({ ...c, visibility: (v ?? 'public') as BcfMappingChoices['visibility'] }))
              }
              allowDeselect={false}
            />
            <ConfirmActions
              cancelLabel={t('bcf:import.cancel')}
              onCancel={onClose}
              confirmLabel={t('bcf:import.run', { count: preview.created + preview.updated })}
              onConfirm={() => void run()}
              busy={false}
              disabled={preview.created + preview.updated === 0}
              testId="bcf-run"
            />
          </>
        )}
        {step === 'importing' && !job && (
          <Stack gap="xs">
            <Text size="sm">{progress < 1 ? t('bcf:import.uploading') : t('bcf:import.processing')}</Text>
            <Progress value={progress * 100} animated={progress >= 1} aria-label={t('bcf:import.progress')} />
          </Stack>
        )}
        {step === 'importing' && job && <JobProgress job={job} kind="import" />}
        {step === 'done' && report && <ImportReport report={report} onClose={onClose} />}
      </Stack>
    </Modal>
  );
}

function categoryName(t: (key: string) => string, value: BcfValueMapping['mappedTo']): string {
  const category = ISSUE_CATEGORIES.find((c) => c.id === value);
  return category ? t(`enums:categories.${category.key}`) : '—';
}

function MappingTable({
  title,
  rows,
  show,
}: {
  title: string;
  rows: readonly BcfValueMapping[];
  show: (value: BcfValueMapping['mappedTo']) => string;
}) {
  const { t } = useTranslation('bcf');
  if (rows.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <Table withTableBorder fz="sm">
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.value}>
              <Table.Td>{row.value}</Table.Td>
              <Table.Td>{show(row.mappedTo)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={row.match === 'none' ? 'orange' : 'gray'}>
                  {t(`match.${row.match}`)}
                </Badge>
              </Table.Td>
              <Table.Td>{t('preview.topics', { count: row.topics })}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function ImportReport({ report, onClose }: { report: BcfImportReport; onClose: () => void }) {
  const { t } = useTranslation(['bcf', 'errors']);
  const problems = report.items.filter((i) => i.action === 'failed' || i.warnings.length > 0);
  return (
    <Stack data-testid="bcf-report">
      <Text size="sm">
        {t('bcf:report.counts', { created: report.created, updated: report.updated, failed: report.failed })}
      </Text>
      {problems.length === 0 && report.unreadable.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('bcf:report.clean')}
        </Text>
      ) : (
        <List size="sm" spacing={4}>
          {report.unreadable.map((u) => (
            <List.Item key={u.folder}>
              {t('bcf:report.unreadable', { folder: u.folder, reason: u.reason })}
            </List.Item>
          ))}
          {problems.map((item) => (
            <List.Item key={item.guid}>
              <Text span fw={600} size="sm">
                {item.code ?? item.title ?? item.guid}
              </Text>{' '}
              {item.error ? t(`errors:${item.error.code}`, { defaultValue: item.error.message }) : null}
              {item.warnings.length > 0 ? ` ${item.warnings.join('; ')}` : null}
            </List.Item>
          ))}
        </List>
      )}
      <Group justify="flex-end">
        <Button onClick={onClose} data-testid="bcf-close">
          {t('bcf:report.close')}
        </Button>
      </Group>
    </Stack>
  );
}
