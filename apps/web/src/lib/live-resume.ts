import { useEffect, useRef } from 'react';

const listeners = new Set<() => void>();

/**
 * Live updates came back after the websocket dropped (a server restart, the database away, the network): the
 * subscriptions are running again, but whatever changed in between was never pushed. Screens that show live
 * data reload it when told.
 */
export function onLiveResumed(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells every screen that live updates resumed after a gap (the GraphQL client calls it). */
export function notifyLiveResumed(): void {
  for (const listener of [...listeners]) listener();
}

/** Calls `reload` whenever live updates resume after a gap, while the component is mounted. */
export function useLiveResumed(reload: () => void): void {
  const latest = useRef(reload);
  latest.current = reload;
  useEffect(() => onLiveResumed(() => latest.current()), []);
}
