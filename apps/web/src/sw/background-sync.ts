/**
 * Background Sync of the outbox (issue 34, docs/offline.md "Background Sync"): shared by the page and the service
 * worker, with no DOM or worker types of its own so both programs compile it.
 *
 * The page registers OUTBOX_SYNC_TAG whenever it queues a write; where the browser has Background Sync (Chromium),
 * the worker gets a `sync` event with that tag once the device is online again, even if the tab was in the
 * background when the network came back. The queue needs the user's token, which lives only in the page's memory
 * (the worker never holds a token), so the worker does not send the queue itself: it wakes every open window of
 * the app with SEND_OUTBOX_MESSAGE, and the page sends the queue as it does on `online`. With no window open,
 * nothing is sent then: the next visit sends it (as where the browser has no Background Sync).
 */

export const OUTBOX_SYNC_TAG = 'obra-outbox';
export const SEND_OUTBOX_MESSAGE = 'SEND_OUTBOX';

/** The part of a window client the worker uses. */
export interface WakeableClient {
  postMessage(message: unknown): void;
}

/** The part of the worker's `clients` it uses. */
export interface WakeableClients {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WakeableClient[]>;
}

/**
 * The worker's `sync` handler: for the outbox's tag, asks every open window of the app to send its queue; returns
 * how many were asked (another tag: none, and nothing is done).
 */
export async function wakeClientsToSend(tag: string, clients: WakeableClients): Promise<number> {
  if (tag !== OUTBOX_SYNC_TAG) return 0;
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) client.postMessage({ type: SEND_OUTBOX_MESSAGE });
  return windows.length;
}

/** The part of a service worker registration the page uses: `sync` where the browser has Background Sync. */
export interface SyncableRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** The part of `navigator.serviceWorker` the page uses. */
export interface WorkerContainer {
  getRegistration(scope?: string): Promise<SyncableRegistration | undefined>;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  removeEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

/**
 * The page: registers the outbox's sync tag with the app's worker. False where there is no worker (the Vite dev
 * server, a browser without one) or no Background Sync: the page's own sending on `online` and at the next visit
 * stays, whatever this answers.
 */
export async function requestOutboxSync(container: WorkerContainer | undefined): Promise<boolean> {
  if (!container) return false;
  try {
    const registration = await container.getRegistration('/');
    if (!registration?.sync) return false;
    await registration.sync.register(OUTBOX_SYNC_TAG);
    return true;
  } catch {
    // Refused (permission, a private window): the page sends on `online` as before.
    return false;
  }
}

/** The page: calls `send` when the worker asks it to send the queue; returns the unsubscribe. */
export function onSendOutboxRequest(container: WorkerContainer | undefined, send: () => void): () => void {
  if (!container) return () => undefined;
  const listener = (event: { data: unknown }) => {
    const data = event.data as { type?: unknown } | null;
    if (data && data.type === SEND_OUTBOX_MESSAGE) send();
  };
  container.addEventListener('message', listener);
  return () => container.removeEventListener('message', listener);
}
