import { Badge } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api/rest-client.ts';

const PDF_STATES = new Set(['queued', 'processing', 'success', 'failed']);
const COLORS: Record<string, string> = {
  queued: 'gray',
  processing: 'blue',
  success: 'green',
  failed: 'red',
};
/** How often a waiting chip asks for news, and for how long at most. */
const POLL_MS = 2000;
const POLL_TIMES = 150;

/**
 * The preparation state of a PDF (drive.pdfPrepare: queued, processing, success, failed; docs/api-drive.md): a chip
 * that asks for its file again while it waits, so it turns into "Prepared" (and shows the thumbnail through
 * `onSettled`) without reloading the list. In lists, a prepared PDF shows no chip (`hideSuccess`): its thumbnail
 * says it. Files of other types render nothing.
 */
export function PdfProcessingChip(props: {
  projectId: number;
  file: {
    id: number;
    extension: string;
    processingState: string;
    processingError?: string | null;
    queuePosition?: number | null;
  };
  area?: 'drive' | 'files';
  hideSuccess?: boolean;
  onSettled?: () => void;
}) {
  if (props.file.extension.toLowerCase() !== 'pdf' || !PDF_STATES.has(props.file.processingState))
    return null;
  return <Chip {...props} />;
}

function Chip({ projectId, file, area, hideSuccess, onSettled }: Parameters<typeof PdfProcessingChip>[0]) {
  const { t } = useTranslation('files');
  const [state, setState] = useState({
    value: file.processingState,
    error: file.processingError ?? null,
    position: file.queuePosition ?? null,
  });
  useEffect(() => {
    setState({
      value: file.processingState,
      error: file.processingError ?? null,
      position: file.queuePosition ?? null,
    });
  }, [file.processingState, file.processingError, file.queuePosition]);
  const waiting = state.value === 'queued' || state.value === 'processing';
  useEffect(() => {
    if (!waiting) return;
    let cancelled = false;
    let times = 0;
    const timer = setInterval(() => {
      times += 1;
      if (times > POLL_TIMES) clearInterval(timer);
      const path = { projectId, fileId: file.id };
      (area === 'files'
        ? api.get('/project-files/projects/{projectId}/files/{fileId}', { path })
        : api.get('/project-drive/projects/{projectId}/files/{fileId}', { path })
      ).then(
        (fresh) => {
          if (cancelled) return;
          setState({
            value: fresh.processingState,
            error: fresh.processingError,
            position: fresh.queuePosition ?? null,
          });
          if (fresh.processingState !== 'queued' && fresh.processingState !== 'processing') {
            clearInterval(timer);
            onSettled?.();
          }
        },
        () => undefined,
      );
    }, POLL_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [waiting, projectId, file.id, area, onSettled]);
  if (state.value === 'success' && hideSuccess) return null;
  return (
    <Badge
      size="sm"
      variant="light"
      color={COLORS[state.value] ?? 'gray'}
      title={
        state.value === 'failed'
          ? t(`processing.reason.${state.error ?? 'preparationFailed'}`, {
              defaultValue: t('processing.reason.preparationFailed'),
            })
          : undefined
      }
      data-testid="pdf-processing"
      data-state={state.value}
    >
      {t(`processing.${state.value}`)}
      {state.value === 'queued' && state.position
        ? ` · ${t('processing.queuePosition', { position: state.position })}`
        : ''}
    </Badge>
  );
}
