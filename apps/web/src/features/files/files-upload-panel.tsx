import { Badge, Button, Group, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { checkDriveFileName, isDriveExtension, splitFileName } from '@obra/domain';
import { MAX_UPLOAD_BYTES } from '../drive/drive-upload.ts';
import {
  UploadDropzone,
  UploadFooter,
  UploadInput,
  UploadList,
  useUploadQueue,
} from '../drive/upload-queue.tsx';
import { formatSize } from './files-api.ts';
import { api } from '../../lib/api/rest-client.ts';

type Problem = 'fileName' | 'extension' | 'size';

/** Checks a file before upload as the server will (name, extension, size); no naming rule for project files. */
export function checkProjectFile(file: { name: string; size: number }): Problem | null {
  const name = checkDriveFileName(file.name);
  if (!name.ok) return 'fileName';
  if (!isDriveExtension(splitFileName(name.fileName).extension)) return 'extension';
  if (file.size <= 0 || file.size > MAX_UPLOAD_BYTES) return 'size';
  return null;
}

interface Check {
  problem: Problem | null;
  /** A file of this name is listed already: sending makes its next version. */
  newVersion: boolean;
}

/**
 * Drop or choose files; each shows its progress and is sent again after a dropped connection (the drive's
 * uploader: useUploadQueue, putWithRetry with four attempts). A name already listed says it becomes a new version.
 */
export function FilesUploadPanel(props: {
  projectId: number;
  listedNames: ReadonlySet<string>;
  onUploaded: () => void;
}) {
  const { t, i18n } = useTranslation(['files', 'errors']);
  const input = useRef<HTMLInputElement>(null);
  const queue = useUploadQueue<Check>({
    ns: 'files',
    checkOf: (file) => ({
      problem: checkProjectFile(file),
      newVersion: props.listedNames.has(file.name.normalize('NFC').trim().toLowerCase()),
    }),
    sendable: (check) => !check.problem,
    create: (file) =>
      api.post('/project-files/projects/{projectId}/files', {
        path: { projectId: props.projectId },
        body: { fileName: file.name, fileSize: file.size },
      }),
    confirm: (fileId) =>
      api.patch('/project-files/projects/{projectId}/files/{fileId}/confirm-upload', {
        path: { projectId: props.projectId, fileId },
      }),
    onUploaded: props.onUploaded,
  });

  return (
    <UploadDropzone ns="files" onFiles={queue.add}>
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          <IconUpload size={18} />
          <Text size="sm">{t('files:upload.drop')}</Text>
        </Group>
        <Button variant="default" size="xs" onClick={() => input.current?.click()}>
          {t('files:upload.chooseFiles')}
        </Button>
      </Group>
      <UploadInput inputRef={input} testId="files-file-input" onFiles={queue.add} />
      <UploadList
        ns="files"
        items={queue.items}
        view={(item) => ({
          ok: !item.check.problem,
          detail: item.check.problem
            ? t(`files:upload.problem.${item.check.problem}`)
            : formatSize(item.file.size, i18n.language),
          badges: item.check.newVersion && !item.check.problem && (
            <Badge size="sm" variant="outline">
              {t('files:upload.newVersion')}
            </Badge>
          ),
        })}
      />
      <UploadFooter
        ns="files"
        failed={queue.failed}
        pending={queue.pending}
        onSend={() => void queue.sendAll()}
      />
    </UploadDropzone>
  );
}
