import { ActionIcon, Button } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast } from '../../lib/error-toast.ts';
import { api } from '../../lib/api/rest-client.ts';
import { ConfirmDialog } from '../projects/setup/setup-common.tsx';
import { PdfProcessingChip } from '../drive/pdf-processing-chip.tsx';
import { VersionRow, VersionsDrawer } from '../drive/versions-drawer.tsx';
import { formatSize, type ProjectFile, type ProjectFileDetail } from './files-api.ts';

/** Opens a version of a file through a short-lived signed address. */
export async function openVersion(projectId: number, fileId: number): Promise<void> {
  const { url } = await api.get('/project-files/projects/{projectId}/files/{fileId}/download-url', {
    path: { projectId, fileId },
  });
  window.open(url, '_blank', 'noopener');
}

/** Every version of a file, newest first: open one, or delete one (asked first). */
export function FileVersionsDrawer(props: {
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
