import { Alert, Badge, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useReducer, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { putWithProgress } from './drive-api.ts';
import { RestError } from '../../lib/api-errors.ts';
import { filesOfDrop, putWithRetry } from './drive-upload.ts';
import {
  reduceUploads,
  uploadSummary,
  uploadsToSend,
  type UploadAction,
  type UploadItem,
} from './file-browser-model.ts';

/**
 * The uploader shared by the drive (governed documents) and the project files: a queue of chosen files, each
 * created on the server (POST /files → its record and signed upload address), its bytes PUT with progress and
 * sent again after a dropped connection (putWithRetry), then confirmed. The two screens differ only in how a file
 * is checked before sending, what the POST carries and what each row says; their texts live in their own
 * namespace (`drive:upload.*`, `files:upload.*`, same keys).
 */

export type UploadNamespace = 'drive' | 'files';

export interface UploadQueueOptions<C> {
  ns: UploadNamespace;
  checkOf: (file: File) => C;
  /** Whether a file with this check may be sent at all (a refused one is listed but never sent). */
  sendable: (check: C) => boolean;
  /** POST /files: the record and where its bytes go. */
  create: (file: File) => Promise<{
    file: { id: number };
    upload: { url: string; headers: Record<string, string> };
  }>;
  /** PATCH /files/{id}/confirm-upload. */
  confirm: (fileId: number) => Promise<unknown>;
  onUploaded: () => void;
}

/** The queue of a panel: add files, send every sendable one (ready or failed) in turn, and what went wrong. */
export function useUploadQueue<C>(options: UploadQueueOptions<C>) {
  const { t } = useTranslation([options.ns, 'errors']);
  const [items, dispatch] = useReducer(
    (current: UploadItem<C>[], action: UploadAction<C>) => reduceUploads(current, action),
    [],
  );

  const add = (files: File[]) =>
    dispatch({
      type: 'add',
      items: files.map((file) => ({
        key: `${file.name}-${file.size}-${Math.random()}`,
        file,
        check: options.checkOf(file),
      })),
    });
  const patch = (key: string, change: Partial<UploadItem<C>>) => dispatch({ type: 'patch', key, change });

  const send = async (item: UploadItem<C>): Promise<void> => {
    patch(item.key, { state: 'sending', progress: 0, error: undefined, note: undefined });
    let fileId = item.fileId;
    let upload = item.upload;
    try {
      if (fileId === undefined) {
        const created = await options.create(item.file);
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
              patch(item.key, { note: t(`${options.ns}:upload.retrying`, { attempt, attempts }) }),
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
      await options.confirm(fileId);
      patch(item.key, { state: 'done', progress: 1, note: undefined, upload: undefined });
    } catch (error) {
      const code = error instanceof RestError ? error.code : 'FAILED_TO_FETCH';
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
    for (const item of uploadsToSend(items, options.sendable)) await send(item);
    options.onUploaded();
  };

  return { items, add, sendAll, ...uploadSummary(items, options.sendable) };
}

/** The panel's frame: a bordered box that takes dropped files and folders (`<ns>-dropzone`). */
export function UploadDropzone(props: {
  ns: UploadNamespace;
  onFiles: (files: File[]) => void;
  children: ReactNode;
}) {
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void filesOfDrop(event.dataTransfer.items).then(props.onFiles);
  };
  return (
    <Paper
      withBorder
      p="md"
      data-testid={`${props.ns}-dropzone`}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      bg={over ? 'var(--mantine-color-blue-light)' : undefined}
    >
      <Stack gap="sm">{props.children}</Stack>
    </Paper>
  );
}

/** A hidden file input (`<ns>-file-input` or `-folder-input`); the same file may be chosen again after a failure. */
export function UploadInput(props: {
  inputRef: React.RefObject<HTMLInputElement | null>;
  testId: string;
  folder?: boolean;
  onFiles: (files: File[]) => void;
}) {
  return (
    <input
      ref={props.inputRef}
      type="file"
      multiple
      hidden
      {...(props.folder ? { webkitdirectory: '' } : {})}
      data-testid={props.testId}
      onChange={(e) => {
        props.onFiles([...(e.target.files ?? [])]);
        e.target.value = '';
      }}
    />
  );
}

/** What one row of the list shows besides the file's name, state and progress. */
export interface UploadRowView {
  /** False when the file was refused before sending (red "Refused" badge, no progress). */
  ok: boolean;
  /** The line under the name: the fields read from the name, the size, or why it is refused. */
  detail: string;
  /** Badges before the state (e.g. "new version"). */
  badges?: ReactNode;
}

/** The rows of the queue (`<ns>-upload-item`): name, state, detail, retry note, error and progress. */
export function UploadList<C>(props: {
  ns: UploadNamespace;
  items: UploadItem<C>[];
  view: (item: UploadItem<C>) => UploadRowView;
}) {
  const { t } = useTranslation([props.ns]);
  if (props.items.length === 0) return null;
  return (
    <Stack gap={6} aria-live="polite">
      {props.items.map((item) => {
        const view = props.view(item);
        return (
          <div key={item.key} data-testid={`${props.ns}-upload-item`}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" truncate="end" fw={500} style={{ minWidth: 0 }}>
                {item.file.name}
              </Text>
              <Group gap={4} wrap="nowrap">
                {view.badges}
                <Badge
                  size="sm"
                  color={
                    !view.ok || item.state === 'failed' ? 'red' : item.state === 'done' ? 'green' : 'gray'
                  }
                >
                  {!view.ok
                    ? t(`${props.ns}:upload.state.refused`)
                    : t(`${props.ns}:upload.state.${item.state}`)}
                </Badge>
              </Group>
            </Group>
            <Text size="xs" c={view.ok ? 'dimmed' : 'red'} data-testid={`${props.ns}-upload-fields`}>
              {view.detail}
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
            {view.ok && item.state !== 'ready' && (
              <Progress value={item.progress * 100} size="sm" aria-label={item.file.name} />
            )}
          </div>
        );
      })}
    </Stack>
  );
}

/** Under the list: "some failed" when one did, and the send (or retry) button after any extra controls. */
export function UploadFooter(props: {
  ns: UploadNamespace;
  failed: number;
  pending: boolean;
  onSend: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation([props.ns]);
  return (
    <>
      {props.failed > 0 && <Alert color="red">{t(`${props.ns}:upload.someFailed`)}</Alert>}
      {props.pending && (
        <Group justify="flex-end" gap="xs" wrap="wrap">
          {props.children}
          <Button size="xs" onClick={props.onSend} data-testid={`${props.ns}-upload-send`}>
            {props.failed > 0 ? t(`${props.ns}:upload.retry`) : t(`${props.ns}:upload.send`)}
          </Button>
        </Group>
      )}
    </>
  );
}
