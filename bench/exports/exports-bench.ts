// Exports and BI feed at scale (issue 18): an .xlsx of N issues streamed, and a full BI pull of the issues page
// by page. `npm run exports -w @obra/bench -- 100000` (PGlite) or `exports:pg` (PostgreSQL).
import { call } from '../../apps/server/test/projects/project-test-kit.ts';
import { setUpBenchProject } from '../issues/issues-bench-world.ts';

const count = Number(process.argv[2] ?? 100_000);

function rssMb(): number {
  return Math.round(process.memoryUsage().rss / 1024 / 1024);
}

const started = Date.now();
const { t, w } = await setUpBenchProject(count);
console.log(`generated ${count} issues in ${((Date.now() - started) / 1000).toFixed(1)} s`);
try {
  // The server runs in this process: its RSS is what the export costs.
  global.gc?.();
  const rssBefore = rssMb();
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb());
  }, 100);
  const xlsxStart = performance.now();
  const response = await fetch(`${t.url}/exports/issues.xlsx?projectId=${w.projectId}`, {
    headers: { authorization: `Bearer ${w.creator.token}` },
  });
  let bytes = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  const xlsxSeconds = (performance.now() - xlsxStart) / 1000;
  clearInterval(sampler);
  console.log(
    `xlsx: status ${response.status}, ${(bytes / 1024 / 1024).toFixed(1)} MB in ${xlsxSeconds.toFixed(1)} s; ` +
      `RSS ${rssBefore} MB before, peak ${peak} MB (growth ${peak - rssBefore} MB)`,
  );

  const key = await call<{ createAccessKey: { accessKey: { keyId: string }; secret: string } }>(
    t,
    w.creator,
    'mutation { createAccessKey(name: "bench") { accessKey { keyId } secret } }',
  );
  const basic = `Basic ${Buffer.from(`${key.createAccessKey.accessKey.keyId}:${key.createAccessKey.secret}`).toString('base64')}`;
  const pullStart = performance.now();
  let next: string | null = `${t.url}/data-lake/issues?projectId=${w.projectId}&pageSize=5000`;
  let rows = 0;
  let pages = 0;
  while (next) {
    const page = (await (await fetch(next, { headers: { authorization: basic } })).json()) as {
      data: unknown[];
      next: string | null;
    };
    rows += page.data.length;
    pages++;
    next = page.next;
  }
  console.log(
    `BI pull (REST, pageSize 5000): ${rows} issues in ${pages} pages, ${((performance.now() - pullStart) / 1000).toFixed(1)} s`,
  );
  const odataStart = performance.now();
  let link: string | undefined = `${t.url}/data-lake/odata/Issues?projectId=${w.projectId}`;
  let odataRows = 0;
  while (link) {
    const page = (await (await fetch(link, { headers: { authorization: basic } })).json()) as {
      value: unknown[];
      '@odata.nextLink'?: string;
    };
    odataRows += page.value.length;
    link = page['@odata.nextLink'];
  }
  console.log(
    `BI pull (OData, server pages of 1000): ${odataRows} issues, ${((performance.now() - odataStart) / 1000).toFixed(1)} s`,
  );
} finally {
  await t.close();
}
