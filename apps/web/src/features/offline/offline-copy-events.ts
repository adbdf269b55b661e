/** Fired on window when the offline copy's projects change (marked, synced, removed). */
export const OFFLINE_COPY_EVENT = 'obra:offline-copy';

export function announceOfflineCopy(): void {
  window.dispatchEvent(new CustomEvent(OFFLINE_COPY_EVENT));
}
