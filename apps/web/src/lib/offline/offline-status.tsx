import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient } from 'urql';
import { useSession } from '../../app/guards/session-context.ts';
import { getAccessToken } from '../auth-token.ts';
import { onSendOutboxRequest } from '../../sw/background-sync.ts';
import { listOutbox, workerContainer } from './outbox.ts';
import { isWaiting } from './outbox-machine.ts';
import { flushOutbox, lastSyncedAt, OUTBOX_EVENT } from './sync.ts';

/** Whether the browser has a network, following its online and offline events. */
export function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

/**
 * The offline state of the shell (issue 34): "offline — last synced at …" and how many writes wait, never a
 * spinner; and the outbox's sender, run when the user is known, when the network returns and after a write is
 * queued. Plain elements with Mantine's variables: the shell's first chunk carries no Mantine components.
 */
export function OfflineStatus() {
  const { t, i18n } = useTranslation('common');
  const { user } = useSession();
  const client = useClient();
  const online = useOnline();
  const [waiting, setWaiting] = useState(0);
  const [synced, setSynced] = useState(lastSyncedAt);
  const userId = user?.id;

  useEffect(() => {
    if (userId === undefined) return;
    let live = true;
    const refresh = () => {
      setSynced(lastSyncedAt());
      void listOutbox(userId).then((entries) => {
        if (live) setWaiting(entries.filter((e) => isWaiting(e)).length);
      });
    };
    refresh();
    window.addEventListener(OUTBOX_EVENT, refresh);
    return () => {
      live = false;
      window.removeEventListener(OUTBOX_EVENT, refresh);
    };
  }, [userId]);

  // Background Sync: the worker asks the page to send the queue once the device is online (background-sync.ts).
  useEffect(() => {
    if (userId === undefined) return;
    return onSendOutboxRequest(workerContainer(), () => void flushOutbox(client, userId));
  }, [client, userId]);

  useEffect(() => {
    if (userId === undefined || !online) return;
    void flushOutbox(client, userId).then(async () => {
      // Then the offline copy of the kept projects is refreshed (issue 34, "Offline reading"), with a token only.
      if (getAccessToken() === null) return;
      const { syncKeptProjects } = await import('./project-sync.ts');
      await syncKeptProjects(client, userId);
    });
  }, [client, userId, online]);

  if (userId === undefined || (online && waiting === 0)) return null;
  const time = synced
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(
        new Date(synced),
      )
    : null;
  return (
    <div
      role="status"
      data-testid="offline-status"
      data-online={online}
      style={{
        position: 'fixed',
        insetInline: 0,
        bottom: 0,
        zIndex: 400,
        padding: '6px 12px',
        textAlign: 'center',
        fontSize: 'var(--mantine-font-size-sm)',
        color: online ? 'var(--mantine-color-white)' : 'var(--mantine-color-black)',
        background: online ? 'var(--mantine-color-blue-filled)' : 'var(--mantine-color-yellow-filled)',
      }}
    >
      {online
        ? t('offline.sending', { count: waiting })
        : [
            time ? t('offline.lastSynced', { time }) : t('offline.neverSynced'),
            waiting > 0 ? t('offline.waiting', { count: waiting }) : '',
          ]
            .filter(Boolean)
            .join(' · ')}
    </div>
  );
}
