import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          root: './packages/domain',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          // Limits that only catch hangs: a loaded 2-core machine starts a server in seconds, not minutes.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: true,
          isolate: false,
        },
      },
      './apps/web/vite.config.ts',
    ],
  },
});
