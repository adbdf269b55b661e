import { SERVICE_WORKER_URL } from '../features/notifications/device-push.ts';

/**
 * Registers Obra's one service worker (src/sw/sw.ts: the offline app shell and Web Push; docs/offline.md) once
 * the page has loaded, in built apps only (the development server has no worker). Then hands it the built files
 * this page loaded before the worker controlled it, so that the screens of the first visit open offline too.
 */
export function registerAppServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const start = (): void => {
    navigator.serviceWorker
      .register(SERVICE_WORKER_URL)
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        const urls = performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((name) => new URL(name).pathname.startsWith('/assets/'));
        registration.active?.postMessage({ type: 'CACHE_ASSETS', urls });
      })
      .catch(() => undefined);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
