/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';

// The server serves the built app; in development Vite proxies API calls to it.
const apiTarget = process.env.OBRA_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        // Mantine's components in one chunk instead of dozens: every screen uses a share of them, and each
        // request costs a round trip (150 ms on 4G) and its headers.
        codeSplitting: {
          groups: [
            { name: 'mantine', test: /node_modules[\\/](@mantine[\\/](core|hooks)|@floating-ui)[\\/]/ },
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
