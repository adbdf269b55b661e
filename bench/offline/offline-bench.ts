// The offline copy on a field network (issue 34, docs/benchmarks.md "Offline"): in Chromium throttled through the
// DevTools protocol to "fast 4G" (9 Mbps down, 1.5 Mbps up, 60 ms latency), against a real server with a generated
// project of N issues (default 2,000) and D drawings of P prepared pages (default 20 × 10 = 200 page previews):
//  1. the time to make the project available offline (the header's cloud button: enumerations, the list, every
//     issue's details and the thumbnails) and to keep every drawing offline (the viewer's "Keep offline": its
//     pages' WebP previews), and the size the copy takes (the app's own count, shown in the profile, and the
//     origin's storage estimate);
//  2. the time to send W queued writes (default 50), of which F (default 30) are new issues with a photo and the
//     rest comments, from the moment the network returns until the outbox is empty; then checks on the server that
//     each arrived once.
// Run after building the web app:
//   npm run build && npm run offline -w @obra/bench [-- issues documents pagesPerDocument writes photos]
// A smoke run: npm run offline -w @obra/bench -- 60 2 2 6 3   (or OFFLINE_ISSUES=… OFFLINE_DOCUMENTS=… etc.)
// OFFLINE_NETWORK=none runs unthrottled (to compare); CHROMIUM_PATH names the browser (default /usr/bin/chromium).
import os from 'node:os';
import sharp from 'sharp';
import { chromium, type CDPSession, type Page } from '@playwright/test';
import { createPasswordHasher } from '../../apps/server/src/auth/password-hasher.ts';
import { setUpBenchProject } from '../issues/issues-bench-world.ts';
import { pdfOf, seededRandom as random } from '../../e2e/tests/pdf-of.ts';

const arg = (index: number, env: string, fallback: number): number =>
  Number(process.argv[index] ?? process.env[env] ?? fallback);
const ISSUES = arg(2, 'OFFLINE_ISSUES', 2_000);
const DOCUMENTS = arg(3, 'OFFLINE_DOCUMENTS', 20);
const PAGES = arg(4, 'OFFLINE_PAGES', 10);
const WRITES = arg(5, 'OFFLINE_WRITES', 50);
const PHOTOS = Math.min(WRITES, arg(6, 'OFFLINE_PHOTOS', 30));
const PASSWORD = 'Bench-offline-2026!';

/** Chromium's network emulation: "fast 4G" as the issue names it (bytes per second for the throughputs). */
const FAST_4G = {
  offline: false,
  latency: 60,
  downloadThroughput: (9 * 1_000_000) / 8,
  uploadThroughput: (1.5 * 1_000_000) / 8,
};
const NETWORK = process.env.OFFLINE_NETWORK === 'none' ? null : FAST_4G;

const MB = 1024 * 1024;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const megabytes = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

/** An A1 sheet set with dense line-work (walls, grid, dimensions, labels), so its previews weigh like drawings. */
function drawingPdf(seed: number, pages: number): Promise<Buffer> {
  const rnd = random(seed);
  return pdfOf({ size: [2384, 1684], margin: 0, autoFirstPage: false }, (doc) => {
    for (let n = 1; n <= pages; n += 1) {
      doc.addPage();
      doc.lineWidth(3).rect(40, 40, 2304, 1604).stroke('#000000');
      doc.lineWidth(0.5);
      for (let g = 0; g < 24; g += 1)
        doc
          .moveTo(100 + g * 95, 60)
          .lineTo(100 + g * 95, 1620)
          .stroke('#888888');
      for (let i = 0; i < 1500; i += 1) {
        const x = 80 + rnd() * 2200;
        const y = 80 + rnd() * 1500;
        const horizontal = rnd() < 0.5;
        const length = 20 + rnd() * 300;
        doc
          .lineWidth(rnd() < 0.2 ? 3 : 0.7)
          .moveTo(x, y)
          .lineTo(horizontal ? x + length : x, horizontal ? y : y + length)
          .stroke('#000000');
      }
      doc.fontSize(9).fillColor('#000000');
      for (let i = 0; i < 250; i += 1)
        doc.text(
          `P${Math.floor(rnd() * 90)} ${(rnd() * 10).toFixed(2)}`,
          80 + rnd() * 2200,
          80 + rnd() * 1500,
        );
      doc.fontSize(40).text(`FOLHA ${n}`, 1900, 1560);
    }
  });
}

/** A photo-like picture (gradient, shapes, grain) as the phone gives it: 2,400 × 1,600 JPEG. */
function photoJpeg(): Promise<Buffer> {
  const width = 2400;
  const height = 1600;
  const rnd = random(7);
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      const grain = (rnd() - 0.5) * 24;
      pixels[i] = Math.max(0, Math.min(255, 120 + (x / width) * 90 + grain));
      pixels[i + 1] = Math.max(0, Math.min(255, 110 + (y / height) * 70 + grain));
      pixels[i + 2] = Math.max(0, Math.min(255, 100 + grain));
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

interface Uploaded {
  fileId: number;
  documentId: number;
}

async function uploadDrawing(url: string, token: string, projectId: number, name: string, bytes: Buffer) {
  const base = `${url}/project-drive/projects/${projectId}`;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const created = await fetch(`${base}/files`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      fileName: `${name}-R00.pdf`,
      fileSize: bytes.length,
      documentName: name,
      revisionName: 'R00',
      visibility: 'public',
    }),
  });
  if (created.status !== 201) throw new Error(`create ${name}: ${created.status} ${await created.text()}`);
  const { file, upload } = (await created.json()) as {
    file: { id: number };
    upload: { url: string; headers: Record<string, string> };
  };
  const put = await fetch(upload.url.startsWith('http') ? upload.url : `${url}${upload.url}`, {
    method: 'PUT',
    headers: upload.headers,
    body: new Uint8Array(bytes),
  });
  if (!put.ok) throw new Error(`upload ${name}: ${put.status}`);
  const confirmed = await fetch(`${base}/files/${file.id}/confirm-upload`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}` },
  });
  if (!confirmed.ok) throw new Error(`confirm ${name}: ${confirmed.status} ${await confirmed.text()}`);
  const record = (await confirmed.json()) as { id: number; documentId: number };
  return { fileId: record.id, documentId: record.documentId } satisfies Uploaded;
}

async function prepared(url: string, token: string, projectId: number, fileId: number): Promise<void> {
  for (let i = 0; i < 3600; i += 1) {
    const answer = await fetch(`${url}/project-drive/projects/${projectId}/files/${fileId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const state = ((await answer.json()) as { processingState: string }).processingState;
    if (state === 'success') return;
    if (!['queued', 'processing'].includes(state)) throw new Error(`preparation of ${fileId}: ${state}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`preparation of ${fileId} did not end`);
}

async function network(cdp: CDPSession, offline: boolean): Promise<void> {
  await cdp.send(
    'Network.emulateNetworkConditions',
    offline
      ? { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 }
      : (NETWORK ?? { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 }),
  );
}

/** Runs in the page: how many outbox entries wait (queued or sending), and how many the server refused. */
const OUTBOX_STATE = `(async (userId) => {
  const open = indexedDB.open('obra-offline-' + userId);
  const db = await new Promise((resolve, reject) => { open.onsuccess = () => resolve(open.result); open.onerror = reject; });
  const all = db.transaction('outbox').objectStore('outbox').getAll();
  const rows = await new Promise((resolve) => (all.onsuccess = () => resolve(all.result)));
  db.close();
  return { waiting: rows.filter((r) => r.state === 'queued' || r.state === 'sending').length,
    stuck: rows.filter((r) => r.state !== 'queued' && r.state !== 'sending').map((r) => r.state + ':' + (r.code || '')) };
})`;

/**
 * Runs in the page: copies the one queued issue (made through the form) and the one queued comment into `issues`
 * and `comments` entries in all, each with its own idempotency key, title or message, and for the issues a photo
 * of its own (2,000 × 1,333 JPEG, the size the form's resizing gives), in alternating order.
 */
const CLONE_OUTBOX = `(async ({ userId, issues, comments }) => {
  const open = indexedDB.open('obra-offline-' + userId);
  const db = await new Promise((resolve, reject) => { open.onsuccess = () => resolve(open.result); open.onerror = reject; });
  const read = db.transaction('outbox').objectStore('outbox').getAll();
  const rows = await new Promise((resolve) => (read.onsuccess = () => resolve(read.result)));
  const issue = rows.find((r) => r.write.kind === 'issue');
  const comment = rows.find((r) => r.write.kind === 'comment');
  const photo = async (n) => {
    const canvas = document.createElement('canvas');
    canvas.width = 2000; canvas.height = 1333;
    const ctx = canvas.getContext('2d');
    const gradient = ctx.createLinearGradient(0, 0, 2000, 1333);
    gradient.addColorStop(0, 'rgb(' + (100 + n) + ',120,110)');
    gradient.addColorStop(1, 'rgb(200,' + (150 + n) + ',120)');
    ctx.fillStyle = gradient; ctx.fillRect(0, 0, 2000, 1333);
    const image = ctx.getImageData(0, 0, 2000, 1333);
    for (let i = 0; i < image.data.length; i += 4) {
      const grain = (Math.random() - 0.5) * 24;
      image.data[i] += grain; image.data[i + 1] += grain; image.data[i + 2] += grain;
    }
    ctx.putImageData(image, 0, 0);
    const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    return new File([blob], 'foto-' + n + '.jpg', { type: 'image/jpeg' });
  };
  const made = [];
  for (let n = 1; n < Math.max(issues, comments); n += 1) {
    if (n < issues) {
      const images = [];
      for (const image of issue.write.values.images) images.push({ ...image, file: await photo(n) });
      made.push({ ...issue, key: crypto.randomUUID(), state: 'queued',
        write: { ...issue.write, values: { ...issue.write.values, title: issue.write.values.title + ' ' + n, images } } });
    }
    if (n < comments)
      made.push({ ...comment, key: crypto.randomUUID(), state: 'queued',
        write: { ...comment.write, message: comment.write.message + ' ' + n } });
  }
  const tx = db.transaction('outbox', 'readwrite');
  for (const entry of made) { const { seq, ...rest } = entry; tx.objectStore('outbox').add(rest); }
  await new Promise((resolve) => (tx.oncomplete = resolve));
  db.close();
  return made.length + 2;
})`;

async function signIn(page: Page, url: string, email: string): Promise<void> {
  await page.goto(`${url}/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByTestId('workspace-home').waitFor({ timeout: 60_000 });
  await page.waitForFunction(
    async () =>
      Boolean((await navigator.serviceWorker.getRegistration('/'))?.active) &&
      Boolean(navigator.serviceWorker.controller),
    undefined,
    { timeout: 60_000 },
  );
}

/** Queues one issue with a photo and a pin through the create form, offline. */
async function queueIssueThroughForm(page: Page, photo: Buffer): Promise<void> {
  await page.getByTestId('create-issue').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Title').waitFor();
  await page.waitForLoadState('networkidle');
  await dialog.getByLabel('Title').fill('Bench offline');
  await dialog.getByRole('textbox', { name: 'Discipline 1', exact: true }).click();
  await page.getByRole('option', { name: 'Estrutura (EST)' }).first().click();
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'foto.jpg', mimeType: 'image/jpeg', buffer: photo });
  const editor = dialog.getByTestId('pin-editor');
  await editor.scrollIntoViewIfNeeded();
  await editor.locator('canvas').first().waitFor();
  const box = await editor.locator('.konvajs-content').boundingBox();
  if (!box) throw new Error('no pin editor');
  await page.mouse.click(box.x + box.width / 2, box.y + Math.min(box.height / 2, 120));
  await dialog.getByTestId('form-pin').waitFor();
  await dialog.getByTestId('issue-form-submit').click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByTestId('pending-issue').first().waitFor();
}

async function main(): Promise<void> {
  const b = await setUpBenchProject(ISSUES);
  const { t, w } = b;
  try {
    const hasher = await createPasswordHasher();
    await t.server.services.database.executor.executeSql(
      'update users set password_hash = $2 where id = $1',
      [w.creator.id, await hasher.hash(PASSWORD)],
    );
    // The drawings: uploaded and prepared by the drive's job (setup, not timed).
    const preparing = Date.now();
    const documents: Uploaded[] = [];
    for (let d = 1; d <= DOCUMENTS; d += 1) {
      const name = `ARQ-${String(d).padStart(3, '0')}`;
      const uploaded = await uploadDrawing(
        t.url,
        w.creator.token,
        w.projectId,
        name,
        await drawingPdf(d, PAGES),
      );
      documents.push(uploaded);
    }
    for (const document of documents) await prepared(t.url, w.creator.token, w.projectId, document.fileId);
    console.log(
      `setup: ${DOCUMENTS} drawings × ${PAGES} pages prepared in ${seconds(Date.now() - preparing)}`,
    );

    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox'],
    });
    try {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
      const page = await context.newPage();
      // Only to catch hangs (a full run on a loaded machine takes long); OFFLINE_TIMEOUT_MS shortens it for a smoke run.
      page.setDefaultTimeout(Number(process.env.OFFLINE_TIMEOUT_MS ?? 600_000));
      await signIn(page, t.url, w.creator.email);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await page.goto(`${t.url}/workspace/project/${w.projectId}/issues`);
      await page.getByTestId('issue-list-complete').waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');

      // 1. Available offline, on the field network.
      await network(cdp, false);
      const toggle = page.getByTestId('offline-project-toggle');
      const projectStart = performance.now();
      await toggle.click();
      // The button says "available" at once, then "syncing" while the copy is made, then "available" again.
      await page
        .locator('[data-testid="offline-project-toggle"][data-state="syncing"]')
        .waitFor({ timeout: 10_000 })
        .catch(() => undefined);
      await page.locator('[data-testid="offline-project-toggle"][data-state="available"]').waitFor();
      const projectMs = performance.now() - projectStart;
      let drawingsMs = 0;
      for (const document of documents) {
        await page.goto(`${t.url}/workspace/project/${w.projectId}/drive/documents/${document.documentId}`);
        const keep = page.getByTestId('offline-drawing-toggle');
        await keep.waitFor();
        const started = performance.now();
        await keep.click();
        await page.locator('[data-testid="offline-drawing-toggle"][data-state="kept"]').waitFor();
        drawingsMs += performance.now() - started;
      }
      await page.goto(`${t.url}/workspace/user/profile`);
      const used = page.getByTestId('offline-used');
      await page.getByTestId('offline-drawing-row').first().waitFor();
      // The projects' sizes are counted apart from the drawings' rows (a cursor over every stored answer): the
      // total is read once the project's row is there and the count is no longer 0.
      await page.getByTestId('offline-project').first().waitFor();
      await page.waitForFunction(
        () => Number(document.querySelector('[data-testid="offline-used"]')?.getAttribute('data-bytes')) > 0,
        undefined,
        { timeout: 60_000 },
      );
      const appBytes = Number(await used.getAttribute('data-bytes'));
      const estimate = (await page.evaluate('navigator.storage.estimate()')) as { usage?: number };
      const previewBytes = (await page.evaluate(`(async () => {
        const open = indexedDB.open('obra-offline-${w.creator.id}');
        const db = await new Promise((resolve) => (open.onsuccess = () => resolve(open.result)));
        const all = db.transaction('drawings').objectStore('drawings').getAll();
        const rows = await new Promise((resolve) => (all.onsuccess = () => resolve(all.result)));
        db.close();
        return rows.reduce((sum, r) => sum + r.bytes, 0);
      })()`)) as number;

      console.log(
        `made available offline in ${seconds(projectMs)} + ${seconds(drawingsMs)} (drawings); stored ${megabytes(appBytes)}`,
      );

      // 2. Writes queued offline, sent when the network returns.
      await page.goto(`${t.url}/workspace/project/${w.projectId}/issues`);
      await page.getByTestId('issue-list-complete').waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');
      await network(cdp, true);
      await queueIssueThroughForm(page, await photoJpeg());
      // A comment on an issue of the copy (opened from the list, without a network).
      await page.getByTestId('issue-row').first().click();
      await page.getByTestId('issue-view').waitFor();
      const issueId = Number(/\/issues\/(\d+)/.exec(page.url())?.[1]);
      await page.getByTestId('comment-composer').getByTestId('comment-input').fill('Bench offline comment');
      await page.getByTestId('comment-composer').getByRole('button', { name: 'Send' }).click();
      await page.locator('[data-outbox="queued"]').first().waitFor();
      const queued = (await page.evaluate(
        `(${CLONE_OUTBOX})(${JSON.stringify({
          userId: w.creator.id,
          issues: PHOTOS,
          comments: WRITES - PHOTOS,
        })})`,
      )) as number;
      const photoBytes = (await page.evaluate(`(async () => {
        const open = indexedDB.open('obra-offline-${w.creator.id}');
        const db = await new Promise((resolve) => (open.onsuccess = () => resolve(open.result)));
        const all = db.transaction('outbox').objectStore('outbox').getAll();
        const rows = await new Promise((resolve) => (all.onsuccess = () => resolve(all.result)));
        db.close();
        return rows.flatMap((r) => r.write.kind === 'issue' ? r.write.values.images : []).reduce((s, i) => s + (i.file ? i.file.size : 0), 0);
      })()`)) as number;
      const syncStart = performance.now();
      await network(cdp, false);
      let state = { waiting: queued, stuck: [] as string[] };
      while (state.waiting > 0) {
        await page.waitForTimeout(200);
        state = (await page.evaluate(`(${OUTBOX_STATE})(${w.creator.id})`)) as typeof state;
      }
      const syncMs = performance.now() - syncStart;

      // Each write reached the server once.
      const listed = await t.gql<{ getIssues: { issues: { title: string; images: unknown[] }[] } }>(
        'query($p: Int!) { getIssues(projectId: $p, first: 100, filter: { search: "Bench offline" }, includeImages: true) { issues { title images { title } } } }',
        { p: w.projectId },
        { token: w.creator.token },
      );
      const detail = await t.gql<{ issue: { comments: { message: string }[] } }>(
        'query($p: Int!, $i: Int!) { issue(projectId: $p, issueId: $i) { comments { message } } }',
        { p: w.projectId, i: issueId },
        { token: w.creator.token },
      );
      const issuesMade =
        listed.data?.getIssues.issues.filter((i) => i.title.startsWith('Bench offline')) ?? [];
      const commentsMade = (detail.data?.issue.comments ?? []).filter((c) =>
        c.message.startsWith('Bench offline comment'),
      );
      const arrived =
        issuesMade.length === PHOTOS &&
        new Set(issuesMade.map((i) => i.title)).size === PHOTOS &&
        issuesMade.every((i) => i.images.length === 1) &&
        commentsMade.length === WRITES - PHOTOS;

      const total = projectMs + drawingsMs;
      const profileName = NETWORK
        ? 'fast 4G: 9 Mbps down, 1.5 Mbps up, 60 ms latency (Chromium network emulation)'
        : 'unthrottled';
      console.log(
        [
          '',
          `Offline bench — ${ISSUES} issues, ${DOCUMENTS} drawings × ${PAGES} pages = ${DOCUMENTS * PAGES} previews; ${WRITES} writes (${PHOTOS} with a photo)`,
          `network: ${profileName}; Chromium ${browser.version()}; ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'})`,
          '',
          '| measure | value | goal |',
          '| --- | --- | --- |',
          `| make the project available offline (list, details, thumbnails) | ${seconds(projectMs)} | |`,
          `| keep the drawings offline (${DOCUMENTS * PAGES} previews, ${megabytes(previewBytes)}) | ${seconds(drawingsMs)} | |`,
          `| total time to make it available offline | ${seconds(total)} | |`,
          `| stored size, the app's count (profile) | ${megabytes(appBytes)} | < 150 MB ${appBytes < 150 * MB ? '✓' : '✗'} |`,
          `| stored size, navigator.storage.estimate (app shell included) | ${megabytes(estimate.usage ?? 0)} | |`,
          `| sync of ${queued} queued writes (${PHOTOS} photos, ${megabytes(photoBytes)}) | ${seconds(syncMs)} | < 20 s ${syncMs < 20_000 ? '✓' : '✗'} |`,
          `| every write arrived once | ${arrived ? 'yes' : `NO (${issuesMade.length} issues, ${commentsMade.length} comments; ${state.stuck.join(', ')})`} | |`,
        ].join('\n'),
      );
      if (!arrived) process.exitCode = 1;
    } finally {
      await browser.close();
    }
  } finally {
    await t.close();
  }
}

await main();
