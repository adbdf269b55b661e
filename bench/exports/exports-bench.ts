// Exports and BI feed at scale (issue 18): an .xlsx of N issues streamed, and a full BI pull of the issues page
// by page, and the report PDF of 200 issues with their images (real files). `npm run exports -w @obra/bench -- 100000`
// (PGlite) or `exports:pg` (PostgreSQL).
import sharp from 'sharp';
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

  // The report PDF of 200 issues with images: the generator stores image rows only, so the files of these issues'
  // images are written first (a 1600×1200 JPEG photo-like gradient each, as a site photo would be).
  const executor = t.server.services.database.executor;
  const withImages = (
    await executor.executeSql(
      `select i.id, array_agg(f.storage_key) as keys from issues i
         join issue_images m on m.issue_id = i.id and m.comment_id is null
         join issue_files f on f.id in (m.original_file_id, m.marked_up_file_id)
       where i.project_id = $1 and i.visibility = 'public'
       group by i.id order by i.id limit 200`,
      [w.projectId],
    )
  ).rows as { id: number; keys: string[] }[];
  const photo = await sharp({
    create: { width: 1600, height: 1200, channels: 3, background: { r: 140, g: 120, b: 100 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200"><defs><linearGradient id="g"><stop offset="0" stop-color="#345"/><stop offset="1" stop-color="#cba"/></linearGradient></defs><rect width="1600" height="1200" fill="url(#g)"/><circle cx="800" cy="600" r="300" fill="#a33"/></svg>',
        ),
      },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();
  let images = 0;
  for (const issue of withImages)
    for (const key of issue.keys) {
      await t.server.services.files.store.write(key, photo, 'image/jpeg');
      images++;
    }
  global.gc?.();
  const reportRssBefore = rssMb();
  let reportPeak = reportRssBefore;
  const reportSampler = setInterval(() => {
    reportPeak = Math.max(reportPeak, rssMb());
  }, 100);
  const reportStart = performance.now();
  const ids = withImages.map((i) => i.id).join(',');
  const report = await fetch(
    `${t.url}/exports/issues-report.pdf?projectId=${w.projectId}&ids=${ids}&images=true`,
    { headers: { authorization: `Bearer ${w.creator.token}` } },
  );
  let reportBytes = 0;
  for await (const chunk of report.body as unknown as AsyncIterable<Uint8Array>) reportBytes += chunk.length;
  clearInterval(reportSampler);
  console.log(
    `report PDF: status ${report.status}, ${withImages.length} issues with ${images} images, ` +
      `${(reportBytes / 1024 / 1024).toFixed(1)} MB in ${((performance.now() - reportStart) / 1000).toFixed(1)} s; ` +
      `RSS ${reportRssBefore} MB before, peak ${reportPeak} MB (growth ${reportPeak - reportRssBefore} MB)`,
  );
} finally {
  await t.close();
}
