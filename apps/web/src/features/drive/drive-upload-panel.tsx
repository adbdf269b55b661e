import { Alert, Badge, Button, Group, Paper, Progress, Select, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useMemo, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_VISIBILITIES, PROJECT_PHASES, type DocumentVisibility } from '@obra/domain';
import type { ProjectDetails } from '../projects/project-context.ts';
import { DriveError, driveCall, putWithProgress, type DriveFile } from './drive-api.ts';
import { checkUpload, filesOfDrop, namingContextOf, putWithRetry, type UploadCheck } from './drive-upload.ts';

interface Item {
  key: string;
  file: File;
  check: UploadCheck;
  state: 'ready' | 'sending' | 'done' | 'failed';
  progress: number;
  error?: string;
  /** A note while the bytes are sent again after a dropped connection. */
  note?: string;
  fileId?: number;
  /** Where the bytes of the created record go (kept when sending failed, so a retry sends them there again). */
  upload?: { url: string; headers: Record<string, string> };
}

/** Drag and drop (files and folders) or pick files; each file shows its fields read from the name and its progress. */
export function DriveUploadPanel(props: { project: ProjectDetails; onUploaded: () => void }) {
  const { t } = useTranslation(['drive', 'errors']);
  const context = useMemo(() => namingContextOf(props.project), [props.project]);
  const [items, setItems] = useState<Item[]>([]);
  const [visibility, setVisibility] = useState<DocumentVisibility>('public');
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const folder = useRef<HTMLInputElement>(null);

  const add = (files: File[]) =>
    setItems((current) => [
      ...current.filter((i) => i.state !== 'done'),
      ...files.map((file) => ({
        key: `${file.name}-${file.size}-${Math.random()}`,
        file,
        check: checkUpload(file, context),
        state: 'ready' as const,
        progress: 0,
      })),
    ]);
  const patch = (key: string, change: Partial<Item>) =>
    setItems((current) => current.map((i) => (i.key === key ? { ...i, ...change } : i)));

  const send = async (item: Item): Promise<void> => {
    patch(item.key, { state: 'sending', progress: 0, error: undefined, note: undefined });
    let fileId = item.fileId;
    let upload = item.upload;
    try {
      if (fileId === undefined) {
        const created = await driveCall<{
          file: DriveFile;
          upload: { url: string; headers: Record<string, string> };
        }>(props.project.id, '/files', {
          method: 'POST',
          body: { fileName: item.file.name, fileSize: item.file.size, visibility },
        });
        fileId = created.file.id;
        upload = created.upload;
        patch(item.key, { fileId, upload });
      }
      if (upload) {
        // A dropped connection is sent again with backoff (progress from 0) before the file is reported.
        const target = upload;
        const status = await putWithRetry(
          (onProgress) => putWithProgress(target.url, item.file, target.headers, onProgress),
          (p) => patch(item.key, { progress: p }),
          {
            onRetry: (attempt, attempts) =>
              patch(item.key, { note: t('drive:upload.retrying', { attempt, attempts }) }),
          },
        );
        if (status !== 200) {
          // The record stays pending with its address: "Retry" sends the bytes there again.
          const code = status === 413 ? 'FILE_SIZE_LIMIT_EXCEEDED' : 'FAILED_TO_FETCH';
          const keep = status !== 413 && status !== 403;
          patch(item.key, {
            state: 'failed',
            note: undefined,
            error: t(`errors:${code}`),
            ...(keep ? {} : { fileId: undefined, upload: undefined }),
          });
          return;
        }
      }
      await driveCall(props.project.id, `/files/${fileId}/confirm-upload`, { method: 'PATCH' });
      patch(item.key, { state: 'done', progress: 1, note: undefined, upload: undefined });
    } catch (error) {
      const code = error instanceof DriveError ? error.code : 'FAILED_TO_FETCH';
      // A refused file is gone on the server: a retry starts again. An incomplete one may still be sent again.
      const keep = code === 'DOCUMENT_UPLOAD_INCOMPLETE' || code === 'FAILED_TO_FETCH';
      patch(item.key, {
        state: 'failed',
        note: undefined,
        error: t(`errors:${code}`),
        ...(keep && upload ? { fileId, upload } : { fileId: undefined, upload: undefined }),
      });
    }
  };

  const sendAll = async () => {
    const ready = items.filter((i) => i.check.ok && (i.state === 'ready' || i.state === 'failed'));
    for (const item of ready) await send(item);
    props.onUploaded();
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void filesOfDrop(event.dataTransfer.items).then(add);
  };

  const describe = (check: UploadCheck): string => {
    if (check.ok) {
      const p = check.parsed;
      const discipline = props.project.disciplines.find((d) => d.id === p.disciplineId);
      const phase = PROJECT_PHASES.find((x) => x.id === p.phase);
      return [
        p.documentName,
        p.revisionName && t('drive:upload.revision', { revision: p.revisionName }),
        discipline?.abbreviation,
        phase && t(`enums:phases.${phase.key}`, { defaultValue: phase.abbreviation }),
      ]
        .filter(Boolean)
        .join(' · ');
    }
    if (check.reason !== 'name') return t(`drive:upload.problem.${check.reason}`);
    const problem = check.problem;
    if (problem.reason === 'pattern')
      return t('drive:upload.problem.pattern', { expected: problem.expected, found: problem.found });
    return t(`drive:upload.problem.${problem.reason}`, {
      field: t(`drive:fields.${problem.field}`),
      value: 'value' in problem ? problem.value : '',
    });
  };

  const failed = items.filter((i) => i.state === 'failed').length;
  return (
    <Paper
      withBorder
      p="md"
      data-testid="drive-dropzone"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      bg={over ? 'var(--mantine-color-blue-light)' : undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <IconUpload size={18} />
            <Text size="sm">{t('drive:upload.drop')}</Text>
          </Group>
          <Group gap="xs">
            <Button variant="default" size="xs" onClick={() => input.current?.click()}>
              {t('drive:upload.chooseFiles')}
            </Button>
            <Button variant="default" size="xs" onClick={() => folder.current?.click()}>
              {t('drive:upload.chooseFolder')}
            </Button>
          </Group>
        </Group>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          data-testid="drive-file-input"
          onChange={(e) => {
            add([...(e.target.files ?? [])]);
            // The same file may be chosen again after a failure.
            e.target.value = '';
          }}
        />
        <input
          ref={folder}
          type="file"
          multiple
          hidden
          {...{ webkitdirectory: '' }}
          data-testid="drive-folder-input"
          onChange={(e) => {
            add([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
        {props.project.documentsNamingRule.length > 0 && (
          <Text size="xs" c="dimmed">
            {t('drive:upload.rule', {
              rule: props.project.documentsNamingRule
                .map((f) => t(`drive:fields.${f}`))
                .join(` ${props.project.documentsNamingRuleSeparator} `),
            })}
          </Text>
        )}
        {items.length > 0 && (
          <Stack gap={6} aria-live="polite">
            {items.map((item) => (
              <div key={item.key} data-testid="drive-upload-item">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" truncate="end" fw={500}>
                    {item.file.name}
                  </Text>
                  <Badge
                    size="sm"
                    color={
                      !item.check.ok || item.state === 'failed'
                        ? 'red'
                        : item.state === 'done'
                          ? 'green'
                          : 'gray'
                    }
                  >
                    {!item.check.ok ? t('drive:upload.state.refused') : t(`drive:upload.state.${item.state}`)}
                  </Badge>
                </Group>
                <Text size="xs" c={item.check.ok ? 'dimmed' : 'red'} data-testid="drive-upload-fields">
                  {describe(item.check)}
                </Text>
                {item.note && (
                  <Text size="xs" c="orange" role="status">
                    {item.note}
                  </Text>
                )}
                {item.error && (
                  <Text size="xs" c="red">
                    {item.error}
                  </Text>
                )}
                {item.check.ok && item.state !== 'ready' && (
                  <Progress value={item.progress * 100} size="sm" aria-label={item.file.name} />
                )}
              </div>
            ))}
          </Stack>
        )}
        {failed > 0 && <Alert color="red">{t('drive:upload.someFailed')}</Alert>}
        {items.some((i) => i.check.ok && i.state !== 'done') && (
          <Group justify="flex-end" gap="xs" wrap="wrap">
            <Select
              size="xs"
              aria-label={t('drive:columns.visibility')}
              value={visibility}
              onChange={(v) => v && setVisibility(v as DocumentVisibility)}
              data={DOCUMENT_VISIBILITIES.map((v) => ({ value: v, label: t(`drive:visibility.${v}`) }))}
              allowDeselect={false}
            />
            <Button size="xs" onClick={() => void sendAll()} data-testid="drive-upload-send">
              {failed > 0 ? t('drive:upload.retry') : t('drive:upload.send')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
