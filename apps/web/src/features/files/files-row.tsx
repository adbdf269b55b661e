import { ActionIcon, Badge, Checkbox } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showErrorToast } from '../../lib/error-toast.ts';
import { FileRowName, FileThumb } from '../drive/paged-files.tsx';
import { PdfProcessingChip } from '../drive/pdf-processing-chip.tsx';
import { formatSize, type ProjectFile } from './files-api.ts';
import { openVersion } from './files-versions-drawer.tsx';

/** A file of the project files' list: its choice box, name and details, version, download and delete. */
export function FilesRow(props: {
  projectId: number;
  file: ProjectFile;
  selected: boolean;
  canWrite: boolean;
  onToggle: () => void;
  onOpen: () => void;
  onDelete: () => void;
  onSettled: () => void;
}) {
  const { t, i18n } = useTranslation(['files', 'errors']);
  const { file, projectId } = props;
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <>
      <Checkbox
        size="xs"
        checked={props.selected}
        onChange={props.onToggle}
        aria-label={t('files:bulk.select', { name: file.fileName })}
        data-testid="files-row-select"
      />
      <FileThumb file={file} testId="files-thumb" />
      <FileRowName
        name={file.fileName}
        meta={[
          file.createdByName,
          file.uploadedAt && dates.format(new Date(file.uploadedAt)),
          formatSize(file.fileSize, i18n.language),
        ]}
        testId="files-row-name"
        onOpen={props.onOpen}
      />
      <PdfProcessingChip
        projectId={projectId}
        file={file}
        area="files"
        hideSuccess
        onSettled={props.onSettled}
      />
      <Badge
        size="sm"
        variant={file.versionsCount > 1 ? 'outline' : 'light'}
        color={file.versionsCount > 1 ? undefined : 'gray'}
        component="button"
        onClick={props.onOpen}
        style={{ cursor: 'pointer', flex: 'none' }}
        title={t('files:versions', { count: file.versionsCount })}
        data-testid="files-row-version"
      >
        {t('files:versionShort', { version: file.version })}
      </Badge>
      <ActionIcon
        variant="subtle"
        aria-label={`${t('files:download')} ${file.fileName}`}
        onClick={() => void openVersion(projectId, file.id).catch((e) => showErrorToast(t, e))}
      >
        <IconDownload size={16} />
      </ActionIcon>
      {props.canWrite && file.permissions.delete && (
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`${t('files:deleteFile')} ${file.fileName}`}
          onClick={props.onDelete}
          data-testid="files-row-delete"
        >
          <IconTrash size={16} />
        </ActionIcon>
      )}
    </>
  );
}
