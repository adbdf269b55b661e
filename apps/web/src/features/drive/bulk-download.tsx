import { Alert, Anchor, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast } from '../../lib/error-toast.ts';
import { driveCall } from './drive-api.ts';

/** The state of a bulk download as GET /files/bulk-downloads/{id} answers it. */
export interface BulkDownloadState {
  status: string;
  url: string | null;
  errorCode: string | null;
  fileCount?: number;
  processedCount?: number;
}

/**
 * A zip of chosen files, shared by the drive and the project files (editor §4.7): POST /files/bulk-downloads
 * starts the job, then its state is polled (processing with its progress → completed with a URL, or error) until
 * it settles or the screen goes away. A refused start reads as 'Error preparing download'.
 */
export function useBulkDownload(projectId: number, area: 'drive' | 'files', pollMs = 1000) {
  const { t } = useTranslation(['errors']);
  const [state, setState] = useState<BulkDownloadState | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const start = async (fileIds: number[]) => {
    try {
      const { bulkDownloadId } = await driveCall<{ bulkDownloadId: string }>(
        projectId,
        '/files/bulk-downloads',
        { method: 'POST', body: { filesIds: fileIds }, area },
      );
      setState({ status: 'processing', url: null, errorCode: null });
      while (mounted.current) {
        await new Promise((r) => setTimeout(r, pollMs));
        if (!mounted.current) return;
        const next = await driveCall<BulkDownloadState>(
          projectId,
          `/files/bulk-downloads/${bulkDownloadId}`,
          { area },
        );
        setState(next);
        if (next.status !== 'processing') break;
      }
    } catch (error) {
      if (!mounted.current) return;
      setState({ status: 'error', url: null, errorCode: 'PREPARING' });
      showErrorToast(t, error);
    }
  };
  return { state, start, clear: () => setState(null), processing: state?.status === 'processing' };
}

/**
 * Where a bulk download stands (`<ns>-bulk-download`): preparing with its progress, the link to the zip
 * (`<ns>-bulk-download-link`), or the spec's 'Error preparing download' / 'Error compressing files'.
 */
export function BulkDownloadAlert(props: {
  ns: 'drive' | 'files';
  state: BulkDownloadState | null;
  onClose: () => void;
}) {
  const { t } = useTranslation([props.ns]);
  const { state, ns } = props;
  if (!state) return null;
  return (
    <Alert
      color={state.status === 'error' ? 'red' : 'blue'}
      withCloseButton
      closeButtonLabel={t(`${ns}:bulk.closeDownload`)}
      onClose={props.onClose}
      data-testid={`${ns}-bulk-download`}
    >
      {state.status === 'processing' && (
        <Stack gap={4}>
          <Text size="sm">{t(`${ns}:bulk.preparing`)}</Text>
          {state.fileCount ? (
            <Progress
              value={((state.processedCount ?? 0) / state.fileCount) * 100}
              size="sm"
              aria-label={t(`${ns}:bulk.preparing`)}
            />
          ) : null}
        </Stack>
      )}
      {state.status === 'completed' && state.url && (
        <Anchor href={state.url} download data-testid={`${ns}-bulk-download-link`}>
          {t(`${ns}:bulk.ready`)}
        </Anchor>
      )}
      {state.status === 'error' &&
        t(state.errorCode === 'COMPRESSING' ? `${ns}:bulk.errorCompressing` : `${ns}:bulk.errorPreparing`)}
    </Alert>
  );
}
