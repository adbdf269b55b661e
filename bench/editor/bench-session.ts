// What the browser benches share (bench/editor/viewer-bench.ts, bench/bim/bim-viewer-bench.ts): the real Obra
// server started in this process on a fresh data directory, a signed-up manager with a company and a project,
// drive uploads through the REST API, Chromium launched from /usr/bin/chromium and signed in.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createLogger, startServer } from '../../apps/server/src/server.ts';

export interface BenchSession {
  url: string;
  dataDir: string;
  manager: { email: string; password: string };
  token: string;
  projectId: number;
  /** A POST to the API (JSON in and out). */
  call(pathName: string, body: unknown, bearer?: string): Promise<Record<string, unknown>>;
  /** A GraphQL operation as the manager. */
  gql<T>(query: string, variables?: Record<string, unknown>): Promise<T>;
  close(): Promise<void>;
}

/** Starts the server (no demo) and signs up a manager with a company and a project named `projectName`. */
export async function startBenchSession(prefix: string, projectName: string): Promise<BenchSession> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `obra-bench-${prefix}-`));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
  });
  const server = await startServer(config, createLogger(config));

  async function call(pathName: string, body: unknown, bearer?: string): Promise<Record<string, unknown>> {
    const response = await fetch(`${server.url}${pathName}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${pathName}: ${response.status} ${text}`);
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  }

  /** The newest six-digit code the outbox holds for an address (sign-up confirmation). */
  async function codeFor(email: string): Promise<string> {
    const outbox = path.join(dataDir, 'outbox');
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const files = fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
      for (const file of files) {
        const raw = fs.readFileSync(path.join(outbox, file), 'utf8');
        if (!raw.toLowerCase().includes(email)) continue;
        // The code is in the body (quoted-printable soft breaks undone), not the Message-ID or date headers.
        const body = raw
          .split(/\r?\n\r?\n/)
          .slice(1)
          .join('\n')
          .replace(/=\r?\n/g, '');
        const code = /\b(\d{6})\b/.exec(body)?.[1];
        if (code) return code;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('no confirmation code');
  }

  const manager = { email: `${prefix}-bench-${Date.now()}@bench.obra.local`, password: 'Obra-bench-2026!' };
  await call('/auth/sign-up', { ...manager, name: 'Vera', lastName: 'Bench' });
  await call('/auth/confirm-sign-up', { email: manager.email, code: await codeFor(manager.email) });
  const token = ((await call('/auth/sign-in', manager)) as { accessToken: string }).accessToken;
  async function gql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const answer = (await call('/graphql', { query, variables }, token)) as { data?: T; errors?: unknown };
    if (!answer.data) throw new Error(JSON.stringify(answer.errors));
    return answer.data;
  }
  const policies = await gql<{ policies: { version: string } }>('{ policies { version } }');
  await gql('mutation($v: String!) { acceptPolicies(version: $v) { id } }', { v: policies.policies.version });
  await gql('mutation { updateUserProfile(input: { name: "Vera", lastName: "Bench" }) { id } }');
  await gql('mutation { createCompany(input: { name: "Construtora Bench" }) { id } }');
  const projectId = (
    await gql<{ createProject: { id: number } }>('mutation($n: String!) { createProject(name: $n) { id } }', {
      n: projectName,
    })
  ).createProject.id;
  return {
    url: server.url,
    dataDir,
    manager,
    token,
    projectId,
    call,
    gql,
    close: () => server.close(),
  };
}

/** Uploads a drive file through the REST API (create, PUT, confirm) and answers its ids. */
export async function uploadDriveFile(
  session: Pick<BenchSession, 'url' | 'token' | 'projectId'>,
  input: { fileName: string; documentName: string; revisionName: string; bytes: Buffer },
): Promise<{ fileId: number; documentId: number }> {
  const base = session.url;
  const api = `${base}/project-drive/projects/${session.projectId}`;
  const headers = { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' };
  const created = await fetch(`${api}/files`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      fileName: input.fileName,
      fileSize: input.bytes.length,
      documentName: input.documentName,
      revisionName: input.revisionName,
      visibility: 'public',
    }),
  });
  if (created.status !== 201) throw new Error(`upload: ${created.status} ${await created.text()}`);
  const { file, upload: target } = (await created.json()) as {
    file: { id: number };
    upload: { url: string; headers: Record<string, string> };
  };
  const put = await fetch(target.url.startsWith('http') ? target.url : `${base}${target.url}`, {
    method: 'PUT',
    headers: target.headers,
    body: new Uint8Array(input.bytes),
  });
  if (!put.ok) throw new Error(`put: ${put.status}`);
  const confirmed = await fetch(`${api}/files/${file.id}/confirm-upload`, {
    method: 'PATCH',
    headers: { authorization: headers.authorization },
  });
  if (!confirmed.ok) throw new Error(`confirm: ${confirmed.status} ${await confirmed.text()}`);
  return { fileId: file.id, documentId: ((await confirmed.json()) as { documentId: number }).documentId };
}

/**
 * Chromium from /usr/bin/chromium (CHROMIUM_PATH), headless. `webgl`: WebGL2 through SwiftShader (no
 * --disable-gpu), as the BIM journeys launch it.
 */
export async function launchBenchChromium(
  options: { webgl?: boolean; args?: string[] } = {},
): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-dev-shm-usage',
      ...(options.webgl ? ['--use-angle=swiftshader', '--enable-unsafe-swiftshader'] : ['--disable-gpu']),
      ...(options.args ?? []),
    ],
  });
}

/** Signs the manager in on the login page and waits for the workspace. */
export async function signInPage(page: Page, session: Pick<BenchSession, 'url' | 'manager'>): Promise<void> {
  await page.goto(`${session.url}/login`);
  await page.locator('input[type="email"]').fill(session.manager.email);
  await page.locator('input[type="password"]').first().fill(session.manager.password);
  await page.locator('button[type="submit"]').click();
  await page.getByTestId('workspace-home').waitFor({ timeout: 60_000 });
}

// Plain strings: tsx would wrap named functions with a helper that does not exist inside the page.
/** Starts recording the page's frame times (requestAnimationFrame deltas, ms) into `window.__frames`. */
export const START_RECORDING = `(() => {
  window.__frames = [];
  window.__recording = true;
  let last = performance.now();
  const tick = (now) => { window.__frames.push(now - last); last = now; if (window.__recording) requestAnimationFrame(tick); };
  requestAnimationFrame((now) => { last = now; requestAnimationFrame(tick); });
})()`;
/** Stops the recording and answers the frame times. */
export const STOP_RECORDING = `new Promise((resolve) => requestAnimationFrame(() => { window.__recording = false; resolve(window.__frames); }))`;
