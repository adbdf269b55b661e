import { Button, Group, Text } from '@mantine/core';
import { IconCloudCheck, IconCloudDownload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient } from 'urql';
import {
  drawingDb,
  dropDrawing,
  findDrawing,
  keepableRevision,
  keepDrawingIn,
  type KeepOutcome,
  type StoredDrawing,
} from '../../lib/offline/drawing-store.ts';
import { getProject, setProjectOffline } from '../../lib/offline/read-store.ts';
import { openDocuments, type ViewerDocument } from '../viewer/viewer-api.ts';
import { OFFLINE_COPY_EVENT, announceOfflineCopy } from './offline-copy-events.ts';
import { keepOfflineScreens } from './offline-screens.ts';

/**
 * The viewer's "Keep offline" (issue 34, docs/offline.md "Offline drawings"): the document's current revision,
 * its page previews and the viewer's answer are kept on this device, within the offline budget. Its project is
 * made available offline too (the viewer needs the project's data to open without a network).
 */
export function OfflineDrawingToggle({
  userId,
  project,
  document,
}: {
  userId: number;
  project: { id: number; name: string };
  document: ViewerDocument;
}) {
  const { t } = useTranslation('common');
  const client = useClient();
  const [kept, setKept] = useState<StoredDrawing | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<KeepOutcome | 'failed' | null>(null);

  useEffect(() => {
    let live = true;
    const read = () =>
      void findDrawing(userId, project.id, document.id).then((found) => live && setKept(found ?? null));
    read();
    window.addEventListener(OFFLINE_COPY_EVENT, read);
    return () => {
      live = false;
      window.removeEventListener(OFFLINE_COPY_EVENT, read);
    };
  }, [userId, project.id, document.id]);

  const keep = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const { syncOfflineProject, offlineBudgetMb, usedBytes } =
        await import('../../lib/offline/project-sync.ts');
      if (!(await getProject(userId, project.id))?.offline) {
        await setProjectOffline(userId, project.id, project.name, true);
        await Promise.all([syncOfflineProject(client, userId, project.id), keepOfflineScreens()]);
      }
      // Opened again: the addresses of the previews are signed for a few minutes only.
      const [fresh] = await openDocuments(project.id, [document.id]);
      const result = fresh
        ? await keepDrawingIn(
            drawingDb(userId, usedBytes(userId)),
            project.id,
            fresh,
            offlineBudgetMb() * 1024 * 1024,
          )
        : 'no-revision';
      setOutcome(result);
    } catch {
      setOutcome('failed');
    } finally {
      setBusy(false);
      announceOfflineCopy();
    }
  };

  const remove = async () => {
    await dropDrawing(userId, project.id, document.id);
    setOutcome(null);
    announceOfflineCopy();
  };

  const keepable = typeof keepableRevision(document) !== 'string';
  return (
    <Group gap="xs" wrap="nowrap" data-testid="offline-drawing">
      {kept ? (
        <Button
          size="compact-sm"
          variant="light"
          color="teal"
          leftSection={<IconCloudCheck size={16} />}
          data-testid="offline-drawing-toggle"
          data-state="kept"
          aria-pressed
          title={t('offline.drawingStop')}
          onClick={() => void remove()}
        >
          {t('offline.drawingKept', { revision: kept.revision })}
        </Button>
      ) : (
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconCloudDownload size={16} />}
          data-testid="offline-drawing-toggle"
          data-state={busy ? 'saving' : 'online-only'}
          aria-pressed={false}
          loading={busy}
          disabled={!keepable}
          title={keepable ? undefined : t('offline.drawingNotPrepared')}
          onClick={() => void keep()}
        >
          {t('offline.drawingKeep')}
        </Button>
      )}
      {outcome && outcome !== 'kept' && (
        <Text size="xs" c="red" data-testid="offline-drawing-outcome">
          {t(`offline.drawingOutcome.${outcome}`)}
        </Text>
      )}
    </Group>
  );
}
