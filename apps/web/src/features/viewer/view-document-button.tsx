import { Button } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { documentViewerPath } from './viewer-api.ts';

/** Extensions the viewer shows: PDF (pdf.js) and the images a browser decodes. */
export const VIEWABLE_EXTENSIONS: ReadonlySet<string> = new Set(['pdf', 'png', 'jpg', 'jpeg', 'gif', 'webp']);

/** "View" on a drive document (or one revision of it): opens the document viewer. Nothing for other files. */
export function ViewDocumentButton({
  projectId,
  file,
  revision = false,
}: {
  projectId: number;
  file: {
    documentId: number;
    revisionName: string;
    extension: string;
    fileName: string;
    uploadState?: string;
  };
  revision?: boolean;
}) {
  // Without suspense: the screen around must not wait for the viewer's texts.
  const { t, ready } = useTranslation('viewer', { useSuspense: false });
  const extension = file.extension.replace(/^\./, '').toLowerCase();
  if (!ready || !VIEWABLE_EXTENSIONS.has(extension) || (file.uploadState && file.uploadState !== 'confirmed'))
    return null;
  return (
    <Button
      component={Link}
      to={documentViewerPath(projectId, file.documentId, revision ? { revision: file.revisionName } : {})}
      size="compact-xs"
      variant="subtle"
      leftSection={<IconEye size={14} />}
      aria-label={t('view.label', { name: file.fileName })}
      data-testid="view-document"
    >
      {t('view.action')}
    </Button>
  );
}
