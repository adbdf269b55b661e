import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { backendIndependentTests } from './scripts/backend-independent-tests.mjs';

// CI's second pass runs the server tests again on PostgreSQL (OBRA_DATABASE_ONLY=1): the files whose result does not
// depend on the backend (no server or database of the suite's choosing; fault tests on a PostgreSQL of their own)
// already ran in the first pass.
const runOnceTests = process.env.OBRA_DATABASE_ONLY === '1' ? backendIndependentTests() : [];

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
          exclude: ['**/node_modules/**', ...runOnceTests],
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
