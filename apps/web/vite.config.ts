/// <reference types="vitest/config" />
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './build/precompress.ts';

// The BIM viewer's fragments worker: the package's `./worker` export is its unminified build (3.3 MB); the
// minified one beside it (1.4 MB) is what the browser should parse before it shows a model.
const fragmentsWorker = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@thatopen/fragments')),
  'Worker/worker.min.mjs',
);

// The server serves the built app; in development Vite proxies API calls to it.
const apiTarget = process.env.OBRA_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    // The installable app and its one service worker (issue 34, docs/offline.md): Workbox precaches the app shell
    // into src/sw/sw.ts (which also shows Web Push), written as /sw.js; the app registers it itself.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
      injectManifest: {
        // The shell only (about 1.3 MB before compression): the document, the entry's chunks, Mantine, icons.
        // The screens' chunks are kept as they are used (the worker's cache-first route for /assets/).
        globPatterns: [
          'index.html',
          'manifest.webmanifest',
          'favicon.svg',
          'icons/*.png',
          'assets/{rolldown-runtime,shell,mantine}-*.{js,css}',
        ],
        maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
      },
      manifest: {
        id: '/',
        name: 'Obra',
        short_name: 'Obra',
        description: 'Construction issues, drawings and models, coordinated.',
        start_url: '/workspace/home',
        scope: '/',
        display: 'standalone',
        theme_color: '#1c7ed6',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
    precompress(),
  ],
  resolve: {
    alias: [{ find: /^@thatopen\/fragments\/worker(\?url)?$/, replacement: `${fragmentsWorker}$1` }],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        // Each request costs a round trip (150 ms on 4G) and its headers, so: everything the entry imports
        // statically (React, the router, i18next, urql, the shell and the Mantine components it uses) in one
        // chunk instead of thirty, and the rest of Mantine in one chunk that the screens behind the sign-in load
        // (the sign-in page itself needs none of it).
        codeSplitting: {
          groups: [
            { name: 'shell', tags: ['$initial'], priority: 2 },
            {
              name: 'mantine',
              test: /node_modules[\\/](@mantine[\\/](core|hooks)|@floating-ui)[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/graphql': { target: apiTarget, ws: true },
      '/auth': apiTarget,
      '/healthz': apiTarget,
      '/readyz': apiTarget,
      '/files': apiTarget,
      '/project-drive': apiTarget,
      '/bim': apiTarget,
    },
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // Limits that only catch hangs: jsdom renders slowly on a loaded 2-core machine.
    testTimeout: 60_000,
  },
});
