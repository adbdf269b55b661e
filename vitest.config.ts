import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest runs on one core less than the machine has, which on CI's 2 cores is one file at a time; the server
    // tests wait on databases, sockets and child processes much of the time, so two at a time cut the whole
    // suite from 419 s to 268 s there.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
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
