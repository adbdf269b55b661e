import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// One real Obra server for the run, on its own port and a fresh data directory (or a fresh PostgreSQL
// database when DATABASE_URL is set by the test runner). Workers inherit these variables.
process.env.OBRA_E2E_PORT ??= String(3100 + Math.floor(Math.random() * 800));
process.env.OBRA_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'obra-e2e-'));
// The local SMTP server the journeys read Obra's e-mails from (smtp-sink.ts), next to the server's port.
process.env.OBRA_E2E_SMTP_PORT ??= String(Number(process.env.OBRA_E2E_PORT) + 1000);
process.env.OBRA_E2E_MAILBOX ??= path.join(process.env.OBRA_E2E_DATA_DIR ?? os.tmpdir(), 'smtp-mailbox');
// The scripted OpenAI-compatible model of the AI assistant's journey (openai-sink.ts).
process.env.OBRA_E2E_AI_PORT ??= String(Number(process.env.OBRA_E2E_PORT) + 4000);
// A partner's page that embeds Obra (embed-host.ts), another origin allowed by EMBEDDING_HOSTS.
process.env.OBRA_E2E_EMBED_PORT ??= String(Number(process.env.OBRA_E2E_PORT) + 2000);
const port = Number(process.env.OBRA_E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
const embedHost = `http://127.0.0.1:${process.env.OBRA_E2E_EMBED_PORT}`;
const repoRoot = path.resolve(import.meta.dirname, '..');

/** Chromium from Debian; never a downloaded browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results/e2e',
  fullyParallel: false,
  workers: 2,
  // CI retries a failed journey once so that one flake does not cost a run; the retry reporter names each one.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  // Limits that only catch hangs: a loaded 2-core machine can take seconds to paint a lazy screen.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [['list'], ['./retry-reporter.ts']],
  use: {
    baseURL,
    // A trace costs about a fifth of a journey's time (viewer, issue view and everyday work: 125 s without, 150–173 s
    // with, on 2 cores). CI records one on the retry of a failed journey, which is where it is read; a local run
    // keeps the failed ones'.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: 'node --import tsx e2e/smtp-sink.ts',
      cwd: repoRoot,
      port: Number(process.env.OBRA_E2E_SMTP_PORT),
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        OBRA_E2E_SMTP_PORT: process.env.OBRA_E2E_SMTP_PORT,
        OBRA_E2E_MAILBOX: process.env.OBRA_E2E_MAILBOX,
      },
    },
    {
      command: 'node --import tsx e2e/openai-sink.ts',
      cwd: repoRoot,
      port: Number(process.env.OBRA_E2E_AI_PORT),
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: { OBRA_E2E_AI_PORT: process.env.OBRA_E2E_AI_PORT },
    },
    {
      command: 'node --import tsx e2e/embed-host.ts',
      cwd: repoRoot,
      port: Number(process.env.OBRA_E2E_EMBED_PORT),
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: { OBRA_E2E_EMBED_PORT: process.env.OBRA_E2E_EMBED_PORT, OBRA_E2E_URL: baseURL },
    },
    {
      // The compiled server, as production runs it (`npm start`): built here first (about a second), so that a
      // journey never runs an older build than the source.
      command: 'node scripts/build-server.mjs && node apps/server/dist/main.js',
      cwd: repoRoot,
      url: `${baseURL}/readyz`,
      reuseExistingServer: false,
      // Start-up (migrations, demo seed) on a loaded 2-core machine; only a hang should reach it.
      timeout: 300_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.OBRA_E2E_DATA_DIR,
        PUBLIC_URL: baseURL,
        LOG_LEVEL: 'warn',
        // Every journey signs up from 127.0.0.1; the real limits (20 sign-ups per hour per address) are proven by
        // apps/server/test/identity/rate-limits.test.ts, so the browser suite raises them.
        RATE_LIMIT_MULTIPLIER: '100',
        // E-mails go through SMTP to smtp-sink.ts, as in production.
        SMTP_URL: `smtp://127.0.0.1:${process.env.OBRA_E2E_SMTP_PORT}`,
        // The partner page of embed-host.ts embeds Obra (embedding.spec.ts).
        EMBEDDING_HOSTS: embedHost,
        // The support page's contact form writes here (workspace.spec.ts).
        SUPPORT_EMAIL: 'support@operator.example',
        // The notification schedules are off under test: journeys run a digest through /test/jobs (test only).
        TEST_JOB_ROUTES: 'true',
        // The AI assistant talks to the scripted model of openai-sink.ts.
        AI_BASE_URL: `http://127.0.0.1:${process.env.OBRA_E2E_AI_PORT}/v1`,
        AI_MODEL: 'scripted-e2e',
        ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
        ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
      },
    },
  ],
});
