/** One thing Obra needs of the browser, and what it is for (the /test page, docs/workspace.md). */
export interface DeviceCheck {
  /** The key of its name and of what it affects in the locale files (workspace:deviceCheck.checks.<key>). */
  readonly key: 'webgl2' | 'serviceWorker' | 'indexedDb' | 'push' | 'workers' | 'online' | 'storage';
  readonly ok: boolean;
  /** A measured value worth showing (the storage used and available, in MB). */
  readonly detail?: string | undefined;
}

/** What the checks read of the browser: the window's own objects, or a test's. */
export interface DeviceFacts {
  readonly webgl2: boolean;
  readonly serviceWorker: boolean;
  readonly indexedDb: boolean;
  readonly push: boolean;
  readonly workers: boolean;
  readonly online: boolean;
  readonly storage: { usage: number; quota: number } | null;
}

const MB = 1024 * 1024;
/** Below this much free storage, offline copies and queued photos may not fit. */
export const STORAGE_LOW_BYTES = 50 * MB;

/** The checks of a browser's facts, in the order the page shows them. */
export function deviceChecks(facts: DeviceFacts): DeviceCheck[] {
  const free = facts.storage ? facts.storage.quota - facts.storage.usage : null;
  return [
    { key: 'webgl2', ok: facts.webgl2 },
    { key: 'serviceWorker', ok: facts.serviceWorker },
    { key: 'indexedDb', ok: facts.indexedDb },
    { key: 'push', ok: facts.push },
    { key: 'workers', ok: facts.workers },
    { key: 'online', ok: facts.online },
    {
      key: 'storage',
      ok: free !== null && free >= STORAGE_LOW_BYTES,
      detail: facts.storage
        ? `${Math.round(facts.storage.usage / MB)} / ${Math.round(facts.storage.quota / MB)} MB`
        : undefined,
    },
  ];
}

/** Reads the facts of this browser. */
export async function readDeviceFacts(win: Window & typeof globalThis = window): Promise<DeviceFacts> {
  let webgl2 = false;
  try {
    webgl2 = win.document.createElement('canvas').getContext('webgl2') !== null;
  } catch {
    webgl2 = false;
  }
  let storage: DeviceFacts['storage'] = null;
  try {
    const estimate = await win.navigator.storage?.estimate?.();
    if (estimate?.quota !== undefined) storage = { usage: estimate.usage ?? 0, quota: estimate.quota };
  } catch {
    storage = null;
  }
  return {
    webgl2,
    serviceWorker: 'serviceWorker' in win.navigator,
    indexedDb: typeof win.indexedDB !== 'undefined',
    push: 'PushManager' in win,
    workers: typeof win.Worker === 'function',
    online: win.navigator.onLine,
    storage,
  };
}

/**
 * How far this device's clock is from the server's, in seconds (the server's Date header, read when its answer
 * arrived; half the round trip is allowed for). Deadlines and "late" are the server's: a clock off by minutes
 * only shows odd times, but it is worth knowing when a site engineer reports them.
 */
export function clockOffsetSeconds(
  serverDate: string | null,
  sentAt: number,
  receivedAt: number,
): number | null {
  if (!serverDate) return null;
  const server = Date.parse(serverDate);
  if (Number.isNaN(server)) return null;
  const local = (sentAt + receivedAt) / 2;
  return Math.round((local - server) / 1000);
}
