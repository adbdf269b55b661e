/// <reference lib="webworker" />
/*
 * Obra's one service worker (issue 34; docs/offline.md), scope `/`, built by vite-plugin-pwa (injectManifest):
 * - the app shell precached by Workbox (the build's manifest is injected into `self.__WB_MANIFEST`: index.html,
 *   the shell's script and styles, Mantine, the icons), so the app opens without a network; every navigation
 *   outside the API answers the precached index.html;
 * - the other built files (/assets/*: each screen's code, the language packs) kept cache-first as they are used:
 *   their names are their hashes, so a kept copy is never stale. The page also hands the worker the assets it
 *   loaded before the worker controlled it (message CACHE_ASSETS), so the first visit's screens open offline;
 * - Web Push (issue 19): shows a push and opens its issue on click (it was `notifications-sw.js` before).
 * - Background Sync of the outbox: on the `sync` event of the page's tag, every open window is asked to send its
 *   queue (the worker holds no token, so it sends nothing itself; background-sync.ts).
 * - images under /files/ go to the network; when none answers, the offline copy's thumbnails (the caches
 *   `obra-offline-files-<userId>` the page fills for the projects kept offline, matched by path) answer them.
 * No other request is handled: GraphQL, /auth (tokens), other /files and every REST route go to the network
 * untouched, and the worker itself stores nothing the API answers.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { NETWORK_ONLY_NAVIGATION } from './api-paths.ts';
import { wakeClientsToSend } from './background-sync.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// The single-page fallback, offline too: the client router decides what the path shows.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [NETWORK_ONLY_NAVIGATION] }),
);

// Built files only (never an API answer): same origin, under /assets/, fetched with GET.
const ASSETS_CACHE = 'obra-assets';
const isAsset = (url: URL): boolean =>
  url.origin === self.location.origin && url.pathname.startsWith('/assets/');
registerRoute(
  ({ url, request }) => request.method === 'GET' && isAsset(url),
  new CacheFirst({
    cacheName: ASSETS_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 400, purgeOnQuotaError: true })],
  }),
);

// Thumbnails of the offline copy: the network first; without one, the user's kept copy (its signed query aside:
// the path names the file, and only files the server let this user fetch are in these caches).
const OFFLINE_FILES_PREFIX = 'obra-offline-files-';
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    request.destination === 'image' &&
    url.origin === self.location.origin &&
    url.pathname.startsWith('/files/'),
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch (error) {
      for (const name of await caches.keys()) {
        if (!name.startsWith(OFFLINE_FILES_PREFIX)) continue;
        const kept = await (await caches.open(name)).match(request, { ignoreSearch: true });
        if (kept) return kept;
      }
      throw error;
    }
  },
);

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; urls?: unknown } | null;
  if (data?.type !== 'CACHE_ASSETS' || !Array.isArray(data.urls)) return;
  const urls = data.urls
    .filter((u): u is string => typeof u === 'string')
    .map((u) => new URL(u, self.location.origin))
    .filter(isAsset);
  event.waitUntil(
    caches.open(ASSETS_CACHE).then(async (cache) => {
      for (const url of urls)
        if (!(await cache.match(url.href))) await cache.add(url.href).catch(() => undefined);
    }),
  );
});

/** The `sync` event of Background Sync (not in TypeScript's WebWorker library). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

self.addEventListener('sync' as keyof ServiceWorkerGlobalScopeEventMap, (event) => {
  const sync = event as unknown as SyncEvent;
  sync.waitUntil(wakeClientsToSend(sync.tag, self.clients));
});

interface PushPayload {
  title?: string;
  body?: string;
  url?: string;
  tag?: string;
}

self.addEventListener('push', (event) => {
  let data: PushPayload = {};
  try {
    data = event.data ? (event.data.json() as PushPayload) : {};
  } catch {
    data = { title: event.data ? event.data.text() : 'Obra' };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || 'Obra', {
      body: data.body || '',
      ...(data.tag ? { tag: data.tag } : {}),
      icon: '/icons/icon-192.png',
      data: { url: data.url || '/workspace/home' },
    }),
  );
});

// A click opens the issue: in an Obra tab already open when there is one, else in a new one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = (event.notification.data as { url?: string } | null)?.url ?? '/';
  const url = new URL(target, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      for (const client of windows) {
        if (new URL(client.url).origin === self.location.origin && 'navigate' in client) {
          await client.focus();
          await client.navigate(url);
          return;
        }
      }
      await self.clients.openWindow(url);
    }),
  );
});
