import { Badge, Button } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast } from '../../lib/error-toast.ts';
import { api } from '../../lib/api/rest-client.ts';
import { ViewDocumentButton } from '../viewer/view-document-button.tsx';
import { type DriveFileDetail } from './drive-api.ts';
import { STATUS_COLORS } from './drive-row.tsx';
import { PdfProcessingChip } from './pdf-processing-chip.tsx';
import { VersionRow, VersionsDrawer } from './versions-drawer.tsx';

/** A document's revisions, one click from the list; each opens through a short-lived signed address. */
export function DriveFileDrawer(props: { projectId: number; fileId: number | null; onClose: () => void }) {
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
