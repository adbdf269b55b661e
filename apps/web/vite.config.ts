/// <reference types="vitest/config" />
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
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
  plugins: [react(), precompress()],
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
