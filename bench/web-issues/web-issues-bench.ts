// The issue list in Chromium with a large project (issue 6 "Performance"): N issues (default 20,000) generated
// in a real server; measures, with the Performance API inside the page, when the first 500 rows show and when
// the whole list has loaded (a cold page load and a navigation from the workspace home), the frames and long
// tasks while scrolling, filtering and sorting, and the JavaScript the list needs before it shows.
// Run after building the web app: npm run build && node --import tsx bench/web-issues/web-issues-bench.ts [issues]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { ISSUE_SORT_KEYS, STANDARD_ISSUE_FILTERS } from '../../packages/domain/src/index.ts';
import { createPasswordHasher } from '../../apps/server/src/auth/password-hasher.ts';
import type { GqlResponse, TestServer } from '../../apps/server/test/support/test-server.ts';
import { setUpBenchProject } from '../issues/issues-bench-world.ts';
import { profile } from './cpu-profile.ts';
import { INIT_SCRIPT, measurePhase, readMarks, watchList, type PhaseStats } from './browser-probes.ts';

const COUNT = Number(process.argv[2] ?? 20_000);
const PASSWORD = 'Bench-issues-2026!';
const dist = path.resolve(import.meta.dirname, '../../apps/web/dist');

async function signIn(page: Page, url: string, email: string): Promise<void> {
  await page.goto(`${url}/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByTestId('workspace-home').waitFor({ timeout: 60_000 });
  await page.evaluate(`localStorage.setItem('bench.expected', '${COUNT}')`);
}

/** The JavaScript files the page fetched until `until` (page clock), with their gzip sizes from the build. */
async function scriptsLoaded(page: Page, until: number): Promise<{ file: string; gzip: number }[]> {
  const names = (await page.evaluate(
    `performance.getEntriesByType('resource').filter((e) => e.startTime <= ${until} && /\\.js(\\?|$)/.test(e.name)).map((e) => e.name)`,
  )) as string[];
  return names.map((name) => {
    const file = new URL(name).pathname.replace(/^\//, '');
    const body = fs.readFileSync(path.join(dist, file));
    return { file: path.basename(file), gzip: zlib.gzipSync(body, { level: 9 }).length };
  });
}

async function settle(page: Page, ms = 500): Promise<void> {
  await page.waitForTimeout(ms);
}

async function scroll(page: Page): Promise<void> {
  const box = await page.getByTestId('issue-list').boundingBox();
  if (!box) throw new Error('no list');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < 40; i += 1) {
    await page.mouse.wheel(0, 1500);
    await page.waitForTimeout(40);
  }
  // A jump to the middle and to the end, as dragging the scrollbar does.
  await page.getByTestId('issue-list').evaluate((el) => el.scrollTo({ top: el.scrollHeight / 2 }));
  await settle(page, 300);
  await page.getByTestId('issue-list').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await settle(page, 300);
  for (let i = 0; i < 20; i += 1) {
    await page.mouse.wheel(0, -3000);
    await page.waitForTimeout(40);
  }
}

async function filter(page: Page): Promise<void> {
  for (const standard of STANDARD_ISSUE_FILTERS.filter((f) => f !== 'custom')) {
    await page.getByTestId(`filter-tab-${standard}`).click();
    await page.locator(`[data-testid="filter-tab-${standard}"][aria-selected="true"]`).waitFor();
    await settle(page, 400);
  }
  await page.getByTestId('filter-tab-all').click();
  const search = page.getByRole('textbox', { name: 'Search issues' });
  await search.click();
  await page.keyboard.type('viga', { delay: 120 });
  await settle(page);
  await page.keyboard.type(' "pavimento tipo"', { delay: 60 });
  await settle(page);
  await page.keyboard.press('Escape');
  await settle(page);
  await page.getByTestId('custom-filter-button').click();
  await page.getByTestId('filter-priority').getByTestId('multi-select-toggle').click();
  await page.getByRole('checkbox', { name: 'High' }).click();
  await settle(page);
  await page.getByRole('checkbox', { name: 'High' }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('filter-tab-all').click();
  await settle(page);
}

async function sort(page: Page): Promise<void> {
  for (const key of [...ISSUE_SORT_KEYS, 'title' as const]) {
    await page.getByTestId('sort-button').click();
    await page.getByTestId(`sort-${key}`).click();
    await settle(page, 500);
  }
  await page.getByTestId('sort-button').click();
  await page.getByRole('menuitem', { name: 'Default order' }).click();
  await settle(page);
}

/** With BENCH_DEBUG: every request from `since` until the first rows showed, relative to `since`. */
async function printWaterfall(
  page: Page,
  since: number,
  marks: { first: number; complete: number },
): Promise<void> {
  const entries = (await page.evaluate(
    `JSON.stringify(performance.getEntriesByType('resource').filter((e) => e.startTime >= ${since} && e.startTime <= ${marks.first}).map((e) => [Math.round(e.startTime - ${since}), Math.round(e.responseEnd - ${since}), e.name.replace(location.origin, '').slice(0, 90)]))`,
  )) as string;
  for (const [start, end, name] of JSON.parse(entries) as [number, number, string][])
    console.log(`${start}\t${end}\t${name}`);
  console.log(`first ${(marks.first - since).toFixed(0)} complete ${(marks.complete - since).toFixed(0)}`);
}

/** How many issues the API gives this user, page by page (what the list must end up with). */
async function visibleCount(t: TestServer, token: string, projectId: number): Promise<number> {
  let after: string | null = null;
  let total = 0;
  for (;;) {
    const page: GqlResponse<{
      getIssues: { issues: { id: number }[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
    }> = await t.gql(
      'query($p: Int!, $a: String) { getIssues(projectId: $p, first: 500, after: $a) { issues { id } pageInfo { hasNextPage endCursor } } }',
      { p: projectId, a: after },
      { token },
    );
    const data = page.data?.getIssues;
    if (!data) throw new Error(JSON.stringify(page.errors));
    total += data.issues.length;
    if (!data.pageInfo.hasNextPage) return total;
    after = data.pageInfo.endCursor;
  }
}

function phaseRow(name: string, s: PhaseStats): string {
  return `| ${name} | ${s.frames} | ${s.p50.toFixed(1)} | ${s.p95.toFixed(1)} | ${s.max.toFixed(1)} | ${s.over50} | ${s.longTasks} | ${s.longestTask.toFixed(0)} |`;
}

async function main(): Promise<void> {
  const started = performance.now();
  const b = await setUpBenchProject(COUNT);
  const { t, w } = b;
  const hasher = await createPasswordHasher();
  await t.server.services.database.executor.executeSql('update users set password_hash = $2 where id = $1', [
    w.creator.id,
    await hasher.hash(PASSWORD),
  ]);
  const expected = await visibleCount(t, w.creator.token, w.projectId);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
    await context.addInitScript({ content: INIT_SCRIPT });
    const page = await context.newPage();
    // Only to catch hangs: other work on these shared machines can make a screen take long.
    page.setDefaultTimeout(180_000);
    await signIn(page, t.url, w.creator.email);
    await page.evaluate(`localStorage.setItem('bench.expected', '${expected}')`);
    const listUrl = `${t.url}/workspace/project/${w.projectId}/issues`;

    // A cold load: a new page straight on the list (chunks from the server, no cache).
    await page.goto(listUrl);
    const cold = await readMarks(page);
    if (process.env.BENCH_DEBUG) await printWaterfall(page, 0, cold);
    const scripts = await scriptsLoaded(page, cold.first);
    const worker = fs
      .readdirSync(path.join(dist, 'assets'))
      .find((f) => /^issue-list\.worker-.*\.js$/.test(f));
    const workerGzip = worker
      ? zlib.gzipSync(fs.readFileSync(path.join(dist, 'assets', worker)), { level: 9 }).length
      : 0;

    // From the workspace home to the project, as a user does (the app is already loaded).
    await page.getByTestId('side-menu-back').click();
    await page.getByTestId('workspace-home').waitFor();
    await watchList(page, expected);
    await page.locator(`a[href="/workspace/project/${w.projectId}"]`).first().click();
    const warm = await readMarks(page);
    if (process.env.BENCH_DEBUG) await printWaterfall(page, warm.start, warm);

    await page.getByTestId('issue-row').first().waitFor();
    if (process.env.BENCH_PROFILE) {
      for (const [name, action] of [
        ['scroll', scroll],
        ['filter', filter],
        ['sort', sort],
      ] as const) {
        console.log(`CPU profile, ${name}:`);
        for (const line of await profile(page, () => action(page))) console.log(line);
      }
    }
    const scrolling = await measurePhase(page, () => scroll(page));
    const filtering = await measurePhase(page, () => filter(page));
    const sorting = await measurePhase(page, () => sort(page));
    const version = browser.version();
    const totalGzip = scripts.reduce((sum, s) => sum + s.gzip, 0);
    const heavy = scripts.filter((s) =>
      /markup-editor|konva|issue-form|issue-view|chart|viewer/i.test(s.file),
    );
    const kb = (n: number) => (n / 1024).toFixed(1);
    console.log(
      [
        `${COUNT} issues generated (${expected} visible to the coordinator who looks), database ${t.server.services.database.kind}, Chromium ${version} headless,`,
        `viewport 1440 × 900, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, load average ${os.loadavg()[0]?.toFixed(1)} at the end; server in the same machine.`,
        '',
        '| Load | first 500 rows shown | whole list loaded |',
        '|---|---|---|',
        `| Cold page load of /workspace/project/{id}/issues (from navigation start) | ${cold.first.toFixed(0)} ms | ${cold.complete.toFixed(0)} ms |`,
        `| From the workspace home, click on the project (app loaded) | ${(warm.first - warm.start).toFixed(0)} ms | ${(warm.complete - warm.start).toFixed(0)} ms |`,
        '',
        '| Phase (whole list loaded) | frames | p50 ms | p95 ms | max ms | frames > 50 ms | long tasks | longest task ms |',
        '|---|---|---|---|---|---|---|---|',
        phaseRow('Scrolling (wheel down 40 × 1500 px, jumps to middle and end, wheel up)', scrolling),
        phaseRow(
          'Filtering (every standard tab, typed search, quoted phrase, a custom condition)',
          filtering,
        ),
        phaseRow('Sorting (every sort key, then the default order)', sorting),
        '',
        `JavaScript fetched before the first rows showed (cold load): ${scripts.length} files, ${kb(totalGzip)} kB gzip; the list's worker adds ${kb(workerGzip)} kB gzip.`,
        `Heavy chunks among them (editor, form, view, charts, viewers): ${heavy.length === 0 ? 'none' : heavy.map((h) => h.file).join(', ')}.`,
        '',
        scripts
          .sort((a, b) => b.gzip - a.gzip)
          .slice(0, 12)
          .map((s) => `${s.file} ${kb(s.gzip)} kB`)
          .join(', '),
        '',
        `Bench wall time ${((performance.now() - started) / 1000).toFixed(0)} s (generator ${b.generated.seconds.toFixed(1)} s).`,
      ].join('\n'),
    );
  } finally {
    await browser.close();
    await t.close();
  }
}

void main();
