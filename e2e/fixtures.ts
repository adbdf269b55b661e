import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';

/** Facts about the server under test that journeys may need. */
export interface ObraServer {
  baseURL: string;
  dataDir: string;
  /** The e-mails the server sent, as the local SMTP server received them (e2e/smtp-sink.ts), newest last. */
  outbox(): { file: string; raw: string }[];
}

/** Playwright's test with Obra fixtures. */
export const test = base.extend<{ obra: ObraServer }>({
  obra: async ({ baseURL }, use) => {
    const dataDir = process.env.OBRA_E2E_DATA_DIR ?? '';
    await use({
      baseURL: baseURL ?? '',
      dataDir,
      outbox: () => {
        const dir = process.env.OBRA_E2E_MAILBOX ?? path.join(dataDir, 'smtp-mailbox');
        if (!fs.existsSync(dir)) return [];
        return fs
          .readdirSync(dir)
          .filter((f) => f.endsWith('.eml'))
          .sort()
          .map((f) => ({ file: f, raw: fs.readFileSync(path.join(dir, f), 'utf8') }));
      },
    });
  },
});

export { expect };
