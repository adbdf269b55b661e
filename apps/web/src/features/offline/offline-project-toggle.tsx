import { ActionIcon, Tooltip } from '@mantine/core';
import { IconCloudDownload, IconCloudCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient } from 'urql';
import { getProject, setProjectOffline } from '../../lib/offline/read-store.ts';
import { OFFLINE_COPY_EVENT, announceOfflineCopy } from './offline-copy-events.ts';
import { keepOfflineScreens } from './offline-screens.ts';

/**
 * The project header's "available offline" switch (issue 34): marked, the project's list, issues, comments,
 * enumerations and thumbnails are kept on this device and refreshed while online; unmarked, they are removed
 * (unless it is the last project opened, which is kept anyway).
 */
export function OfflineProjectToggle({
  userId,
  projectId,
  name,
}: {
  userId: number;
  projectId: number;
  name: string;
}) {
  const { t } = useTranslation('common');
  const client = useClient();
  const [offline, setOffline] = useState(false);
  const [syncing, setSyncing] = useState(false);

  useEffect(() => {
    let live = true;
    const read = () =>
      void getProject(userId, projectId).then((project) => {
        if (live) setOffline(project?.offline ?? false);
      });
    read();
    window.addEventListener(OFFLINE_COPY_EVENT, read);
    return () => {
      live = false;
      window.removeEventListener(OFFLINE_COPY_EVENT, read);
    };
  }, [userId, projectId]);

  const toggle = async () => {
    const next = !offline;
    // Marked while online, the switch says "saving" from the click until the copy and the screens' code are kept:
    // it never shows "available" before there is anything to open offline.
    const sync = next && navigator.onLine;
    setOffline(next);
    setSyncing(sync);
    try {
      await setProjectOffline(userId, projectId, name, next);
      announceOfflineCopy();
      if (!sync) return;
      const { syncOfflineProject } = await import('../../lib/offline/project-sync.ts');
      await Promise.all([syncOfflineProject(client, userId, projectId), keepOfflineScreens()]);
    } finally {
      setSyncing(false);
      if (sync) announceOfflineCopy();
    }
  };

  const label = syncing ? t('offline.saving') : offline ? t('offline.available') : t('offline.makeAvailable');
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant={offline ? 'light' : 'subtle'}
        color={offline ? 'teal' : 'gray'}
        aria-label={label}
        aria-pressed={offline}
        data-testid="offline-project-toggle"
        data-state={syncing ? 'syncing' : offline ? 'available' : 'online-only'}
        onClick={() => void toggle()}
      >
        {offline ? <IconCloudCheck size={18} /> : <IconCloudDownload size={18} />}
      </ActionIcon>
    </Tooltip>
  );
}
