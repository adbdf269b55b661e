// Bytes on the wire and waiting (issue 12), in Chromium against a real server with a generated project of N
// issues (default 600, so the "first 500 rows" mark means 500):
// - cold loads with the network throttled through the DevTools protocol to "fast 4G" (9 Mbit/s both ways,
//   150 ms round trip): the sign-in page and the issue list (signed in, empty HTTP cache), with the bytes
//   transferred (what the DevTools protocol counts on the wire: headers and encoded bodies) and the time to the
//   sign-in form and to the first rows;
// - with the app already loaded and the network unthrottled: from the workspace home to the list's first rows,
//   from the list to the open issue, and from "Send" to one's own comment shown in the thread (medians of R runs).
// Run after building the web app: npm run build && node --import tsx bench/web-wire/web-wire-bench.ts [issues] [runs]
import os from 'node:os';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { createPasswordHasher } from '../../apps/server/src/auth/password-hasher.ts';
import { setUpBenchProject } from '../issues/issues-bench-world.ts';
import { INIT_SCRIPT, readMarks, watchList } from '../web-issues/browser-probes.ts';

const COUNT = Number(process.argv[2] ?? 600);
const RUNS = Number(process.argv[3] ?? 5);
const PASSWORD = 'Bench-issues-2026!';
/** "Fast 4G": 9 Mbit/s down and up, 150 ms round trip. */
const FAST_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: 9_000_000 / 8,
  uploadThroughput: 9_000_000 / 8,
};

interface Wire {
  bytes: number;
  requests: number;
  scripts: number;
  encodings: Map<string, number>;
  /** Every request: ms from the throttle's start to its sending and to its end, bytes, type and path. */
  log: Map<string, { start: number; end?: number; bytes?: number; type?: string; path: string }>;
}

/** The waterfall of one load (`WIRE_WATERFALL=1`), to find its critical path. */
function printWaterfall(title: string, wire: Wire): void {
  console.log(`\n${title}: start ms, end ms, bytes, type, path`);
  for (const r of [...wire.log.values()].sort((a, b) => a.start - b.start)) {
    console.log(
      `${String(r.start).padStart(6)} ${String(r.end ?? '-').padStart(6)} ${String(r.bytes ?? '-').padStart(8)} ${r.type ?? '-'} ${r.path}`,
    );
  }
}

/** Throttles the page's network and counts what crosses it. */
async function throttle(context: BrowserContext, page: Page): Promise<Wire> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', FAST_4G);
  const wire: Wire = { bytes: 0, requests: 0, scripts: 0, encodings: new Map(), log: new Map() };
  const types = new Map<string, string>();
  const t0 = Date.now();
  cdp.on('Network.requestWillBeSent', (e) => {
    const url = new URL(e.request.url);
    const query = e.request.postData?.match(/(?:query|mutation) (\w+)/)?.[1];
    wire.log.set(e.requestId, { start: Date.now() - t0, path: `${url.pathname}${query ? ` ${query}` : ''}` });
  });
  cdp.on('Network.responseReceived', (e) => {
    types.set(e.requestId, e.type);
    const entry = wire.log.get(e.requestId);
    if (entry) entry.type = e.type;
    const headers = e.response.headers as Record<string, string>;
    const encoding =
      Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-encoding')?.[1] ?? 'none';
    wire.encodings.set(encoding, (wire.encodings.get(encoding) ?? 0) + 1);
  });
  cdp.on('Network.loadingFinished', (e) => {
    const entry = wire.log.get(e.requestId);
    if (entry) Object.assign(entry, { end: Date.now() - t0, bytes: e.encodedDataLength });
    wire.bytes += e.encodedDataLength;
    wire.requests += 1;
    if (types.get(e.requestId) === 'Script') wire.scripts += e.encodedDataLength;
  });
  return wire;
}

async function signIn(page: Page, url: string, email: string): Promise<void> {
  await page.goto(`${url}/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByTestId('workspace-home').waitFor({ timeout: 60_000 });
}

/** Cold load of the sign-in page: ms to the form, bytes once the network is idle. */
async function coldSignIn(browser: Browser, url: string): Promise<{ ms: number; wire: Wire }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
  const page = await context.newPage();
  const wire = await throttle(context, page);
  const start = Date.now();
  await page.goto(`${url}/login`);
  await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
  const ms = Date.now() - start;
  await page.waitForLoadState('networkidle');
  await context.close();
  return { ms, wire };
}

/** Cold load of the list, signed in: a new context signs in, then its cache is emptied before the load. */
async function coldList(
  browser: Browser,
  url: string,
  listUrl: string,
  email: string,
  expected: number,
): Promise<{ first: number; complete: number; wire: Wire }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
  await context.addInitScript({ content: INIT_SCRIPT });
  const page = await context.newPage();
  await signIn(page, url, email);
  await page.evaluate(`localStorage.setItem('bench.expected', '${expected}')`);
  await page.goto('about:blank');
  const wire = await throttle(context, page);
  await page.goto(listUrl);
  const marks = await readMarks(page);
  await page.waitForLoadState('networkidle');
  await context.close();
  return { first: marks.first, complete: marks.complete, wire };
}

/** Polls the page (its content security policy forbids waitForFunction's string predicates). */
async function pollPage<T>(page: Page, expression: string): Promise<T> {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    const value = (await page.evaluate(expression)) as T | null;
    if (value !== null) return value;
    await page.waitForTimeout(20);
  }
  throw new Error(`timed out: ${expression}`);
}

/** In the page: notes the time when `selector` (optionally containing `text`) first shows, from now. */
function watchFor(selector: string, text = ''): string {
  return `(() => {
    const start = performance.now();
    window.__seen = null;
    const tick = () => {
      const found = [...document.querySelectorAll(${JSON.stringify(selector)})].some((el) => el.textContent.includes(${JSON.stringify(text)}));
      if (found) window.__seen = performance.now() - start;
      else requestAnimationFrame(tick);
    };
    tick();
  })()`;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const kb = (n: number) => (n / 1000).toFixed(1);

async function main(): Promise<void> {
  const b = await setUpBenchProject(COUNT);
  const { t, w } = b;
  const hasher = await createPasswordHasher();
  await t.server.services.database.executor.executeSql('update users set password_hash = $2 where id = $1', [
    w.creator.id,
    await hasher.hash(PASSWORD),
  ]);
  const visible = (await t.gql<{ getIssues: { issues: { id: number }[] } }>(
    'query($p: Int!) { getIssues(projectId: $p, first: 500) { issues { id } } }',
    { p: w.projectId },
    { token: w.creator.token },
  )) as { data?: { getIssues: { issues: { id: number }[] } } };
  const firstPage = visible.data?.getIssues.issues.length ?? 0;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  try {
    const listUrl = `${t.url}/workspace/project/${w.projectId}/issues`;
    // A signed-in page for the warm measures.
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
    await context.addInitScript({ content: INIT_SCRIPT });
    const page = await context.newPage();
    page.setDefaultTimeout(120_000);
    await signIn(page, t.url, w.creator.email);
    // The list marks its first rows at min(500, issues) and completes at the whole count (the bench's watcher).
    const expected = await pollCount(page, listUrl);
    await page.evaluate(`localStorage.setItem('bench.expected', '${expected}')`);

    const signInRuns: { ms: number; wire: Wire }[] = [];
    const listRuns: { first: number; complete: number; wire: Wire }[] = [];
    for (let i = 0; i < Number(process.env.COLD_RUNS ?? 3); i += 1) {
      signInRuns.push(await coldSignIn(browser, t.url));
      listRuns.push(await coldList(browser, t.url, listUrl, w.creator.email, expected));
    }

    // Warm: the app is loaded; from the home to the list, from the list to an issue, a new comment.
    const listTimes: number[] = [];
    const viewTimes: number[] = [];
    const commentTimes: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      await page.getByTestId('side-menu-back').click();
      await page.getByTestId('workspace-home').waitFor();
      await page.waitForTimeout(300);
      await watchList(page, expected);
      await page.locator(`a[href="/workspace/project/${w.projectId}"]`).first().click();
      const marks = await readMarks(page);
      listTimes.push(marks.first - marks.start);
      await page.waitForTimeout(300);

      await page.evaluate(watchFor('[data-testid="issue-view"]'));
      await page.getByTestId('issue-row').nth(i).click();
      viewTimes.push(await pollPage<number>(page, 'window.__seen'));
      await page.getByTestId('comment-composer').waitFor();
      await page.waitForTimeout(300);

      const text = `Bench comment ${i} ${Date.now()}`;
      await page.getByTestId('comment-composer').getByTestId('comment-input').fill(text);
      await page.evaluate(watchFor('[data-testid="comment-message"]', text));
      await page.getByTestId('comment-composer').getByRole('button', { name: 'Send' }).click();
      commentTimes.push(await pollPage<number>(page, 'window.__seen'));
      // Let the write finish before leaving.
      await page.waitForTimeout(1500);
    }

    if (process.env.WIRE_WATERFALL) {
      printWaterfall('Sign-in page, first cold load', signInRuns[0]!.wire);
      printWaterfall(
        `Issue list, first cold load (first rows at ${listRuns[0]!.first.toFixed(0)} ms)`,
        listRuns[0]!.wire,
      );
    }
    const med = (runs: { wire: Wire }[], f: (w: Wire) => number) => median(runs.map((r) => f(r.wire)));
    const encodings = [...(listRuns[0]?.wire.encodings ?? new Map<string, number>()).entries()]
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    console.log(
      [
        `${COUNT} issues generated (${expected} visible to the user who looks, ${firstPage} on the first page), database ${t.server.services.database.kind}, Chromium ${browser.version()} headless,`,
        `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, load average ${os.loadavg()[0]?.toFixed(1)} at the end; server on the same machine.`,
        '',
        'Cold loads, network throttled to 9 Mbit/s and 150 ms RTT (medians of 3; bytes: headers + encoded bodies):',
        '',
        '| Cold load | transferred | of which JavaScript | requests | time |',
        '|---|---|---|---|---|',
        `| Sign-in page /login | ${kb(med(signInRuns, (x) => x.bytes))} kB | ${kb(med(signInRuns, (x) => x.scripts))} kB | ${med(signInRuns, (x) => x.requests)} | form shown at ${median(signInRuns.map((r) => r.ms))} ms |`,
        `| Issue list (signed in) | ${kb(med(listRuns, (x) => x.bytes))} kB | ${kb(med(listRuns, (x) => x.scripts))} kB | ${med(listRuns, (x) => x.requests)} | first ${Math.min(500, expected)} rows at ${median(listRuns.map((r) => r.first)).toFixed(0)} ms, whole list ${median(listRuns.map((r) => r.complete)).toFixed(0)} ms |`,
        '',
        `Content-Encoding of the list load's responses: ${encodings}.`,
        '',
        `App already loaded, network not throttled (median of ${RUNS}; all runs in ms):`,
        '',
        '| Action | median | runs |',
        '|---|---|---|',
        `| Home → project: first rows of the list | ${median(listTimes).toFixed(0)} ms | ${listTimes.map((x) => x.toFixed(0)).join(', ')} |`,
        `| List → issue view shown | ${median(viewTimes).toFixed(0)} ms | ${viewTimes.map((x) => x.toFixed(0)).join(', ')} |`,
        `| Send → own comment shown | ${median(commentTimes).toFixed(0)} ms | ${commentTimes.map((x) => x.toFixed(0)).join(', ')} |`,
      ].join('\n'),
    );
  } finally {
    await browser.close();
    await t.close();
  }
}

/** Opens the list once and reads how many issues it holds when complete. */
async function pollCount(page: Page, listUrl: string): Promise<number> {
  await page.goto(listUrl);
  await page.getByTestId('issue-list-complete').waitFor({ state: 'attached' });
  const total = await page.getByTestId('issue-count').getAttribute('data-total');
  return Number(total);
}

void main();
