import { Alert, Anchor, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast } from '../../lib/error-toast.ts';
import { api, type ApiAnswer } from '../../lib/api/rest-client.ts';

/** The state of a bulk download as GET /files/bulk-downloads/{id} answers it (the same for both areas). */
export type BulkDownloadState = Pick<
  ApiAnswer<'/project-drive/projects/{projectId}/files/bulk-downloads/{bulkDownloadId}', 'get'>,
  'status' | 'url' | 'errorCode'
> &
  Partial<ApiAnswer<'/project-drive/projects/{projectId}/files/bulk-downloads/{bulkDownloadId}', 'get'>>;

function startZip(area: 'drive' | 'files', projectId: number, filesIds: number[]) {
  const options = { path: { projectId }, body: { filesIds } };
  return area === 'drive'
    ? api.post('/project-drive/projects/{projectId}/files/bulk-downloads', options)
    : api.post('/project-files/projects/{projectId}/files/bulk-downloads', options);
}

function zipState(area: 'drive' | 'files', projectId: number, bulkDownloadId: string) {
  const options = { path: { projectId, bulkDownloadId } };
  return area === 'drive'
    ? api.get('/project-drive/projects/{projectId}/files/bulk-downloads/{bulkDownloadId}', options)
    : api.get('/project-files/projects/{projectId}/files/bulk-downloads/{bulkDownloadId}', options);
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
      const { bulkDownloadId } = await startZip(area, projectId, fileIds);
      setState({ status: 'processing', url: null, errorCode: null });
      while (mounted.current) {
        await new Promise((r) => setTimeout(r, pollMs));
        if (!mounted.current) return;
        const next: BulkDownloadState = await zipState(area, projectId, bulkDownloadId);
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
