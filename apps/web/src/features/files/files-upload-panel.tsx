import { Alert, Badge, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkDriveFileName, isDriveExtension, splitFileName } from '@obra/domain';
import { DriveError, putWithProgress } from '../drive/drive-api.ts';
import { filesOfDrop, MAX_UPLOAD_BYTES, putWithRetry } from '../drive/drive-upload.ts';
import { filesCall, formatSize, type ProjectFile } from './files-api.ts';

type Problem = 'fileName' | 'extension' | 'size';

interface Item {
  key: string;
  file: File;
  problem: Problem | null;
  /** A file of this name is listed already: sending makes its next version. */
  newVersion: boolean;
  state: 'ready' | 'sending' | 'done' | 'failed';
  progress: number;
  error?: string;
  note?: string;
  fileId?: number;
  upload?: { url: string; headers: Record<string, string> };
}

/** Checks a file before upload as the server will (name, extension, size); no naming rule for project files. */
export function checkProjectFile(file: { name: string; size: number }): Problem | null {
  const name = checkDriveFileName(file.name);
  if (!name.ok) return 'fileName';
  if (!isDriveExtension(splitFileName(name.fileName).extension)) return 'extension';
  if (file.size <= 0 || file.size > MAX_UPLOAD_BYTES) return 'size';
  return null;
}

/**
 * Drop or choose files; each shows its progress and is sent again after a dropped connection (the drive's
 * uploader: putWithRetry, four attempts). A name already listed says it becomes a new version.
 */
export function FilesUploadPanel(props: {
  projectId: number;
  listedNames: ReadonlySet<string>;
  onUploaded: () => void;
}) {
  const { t, i18n } = useTranslation(['files', 'errors']);
  const [items, setItems] = useState<Item[]>([]);
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const add = (files: File[]) =>
    setItems((current) => [
      ...current.filter((i) => i.state !== 'done'),
      ...files.map((file) => ({
        key: `${file.name}-${file.size}-${Math.random()}`,
        file,
        problem: checkProjectFile(file),
        newVersion: props.listedNames.has(file.name.normalize('NFC').trim().toLowerCase()),
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
        const created = await filesCall<{
          file: ProjectFile;
          upload: { url: string; headers: Record<string, string> };
        }>(props.projectId, '/files', {
          method: 'POST',
          body: { fileName: item.file.name, fileSize: item.file.size },
        });
        fileId = created.file.id;
        upload = created.upload;
        patch(item.key, { fileId, upload });
      }
      if (upload) {
        const target = upload;
        const status = await putWithRetry(
          (onProgress) => putWithProgress(target.url, item.file, target.headers, onProgress),
          (p) => patch(item.key, { progress: p }),
          {
            onRetry: (attempt, attempts) =>
              patch(item.key, { note: t('files:upload.retrying', { attempt, attempts }) }),
          },
        );
        if (status !== 200) {
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
      await filesCall(props.projectId, `/files/${fileId}/confirm-upload`, { method: 'PATCH' });
      patch(item.key, { state: 'done', progress: 1, note: undefined, upload: undefined });
    } catch (error) {
      const code = error instanceof DriveError ? error.code : 'FAILED_TO_FETCH';
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
    const ready = items.filter((i) => !i.problem && (i.state === 'ready' || i.state === 'failed'));
    for (const item of ready) await send(item);
    props.onUploaded();
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void filesOfDrop(event.dataTransfer.items).then(add);
  };

  const failed = items.filter((i) => i.state === 'failed').length;
  return (
    <Paper
      withBorder
      p="md"
      data-testid="files-dropzone"
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
          <Group gap="xs" wrap="nowrap">
            <IconUpload size={18} />
            <Text size="sm">{t('files:upload.drop')}</Text>
          </Group>
          <Button variant="default" size="xs" onClick={() => input.current?.click()}>
            {t('files:upload.chooseFiles')}
          </Button>
        </Group>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          data-testid="files-file-input"
          onChange={(e) => {
            add([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
        {items.length > 0 && (
          <Stack gap={6} aria-live="polite">
            {items.map((item) => (
              <div key={item.key} data-testid="files-upload-item">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" truncate="end" fw={500} style={{ minWidth: 0 }}>
                    {item.file.name}
                  </Text>
                  <Group gap={4} wrap="nowrap">
                    {item.newVersion && !item.problem && (
                      <Badge size="sm" variant="outline">
                        {t('files:upload.newVersion')}
                      </Badge>
                    )}
                    <Badge
                      size="sm"
                      color={
                        item.problem || item.state === 'failed'
                          ? 'red'
                          : item.state === 'done'
                            ? 'green'
                            : 'gray'
                      }
                    >
                      {item.problem ? t('files:upload.state.refused') : t(`files:upload.state.${item.state}`)}
                    </Badge>
                  </Group>
                </Group>
                <Text size="xs" c={item.problem ? 'red' : 'dimmed'}>
                  {item.problem
                    ? t(`files:upload.problem.${item.problem}`)
                    : formatSize(item.file.size, i18n.language)}
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
                {!item.problem && item.state !== 'ready' && (
                  <Progress value={item.progress * 100} size="sm" aria-label={item.file.name} />
                )}
              </div>
            ))}
          </Stack>
        )}
        {failed > 0 && <Alert color="red">{t('files:upload.someFailed')}</Alert>}
        {items.some((i) => !i.problem && i.state !== 'done') && (
          <Group justify="flex-end">
            <Button size="xs" onClick={() => void sendAll()} data-testid="files-upload-send">
              {failed > 0 ? t('files:upload.retry') : t('files:upload.send')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
