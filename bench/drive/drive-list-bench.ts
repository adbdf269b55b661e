// The drive list at scale (issue 14): GET /project-drive/projects/{id}/files, first page, against the bare SQL that
// returns the same rows, measured interleaved in one run (machines here are shared: compare ratios, not absolute
// numbers). The API is asked as a browser asks (brotli) and uncompressed; the repository's own statement is timed
// too, to tell the statement's cost from the HTTP, authentication and project-access cost. `npm run drive -w @obra/bench -- 10000` (PGlite) or `drive:pg` (PostgreSQL).
import os from 'node:os';
import { startTestServer } from '../../apps/server/test/support/test-server.ts';
import { buildDriveWorld } from '../../apps/server/test/drive/drive-test-kit.ts';
import type { TestUser } from '../../apps/server/test/support/factories.ts';
import {
  listDriveFiles,
  type DriveListFilters,
  type DriveSortKey,
} from '../../apps/server/src/modules/drive/drive-repository.ts';
import { interleave, summarize } from '../issues/bench-stats.ts';

const DOCUMENTS = Number(process.argv[2] ?? 10_000);
const REPEATS = Number(process.argv[3] ?? 40);

const t = await startTestServer({ RATE_LIMIT_MULTIPLIER: '1000' });
const { executor } = t.server.services.database;
try {
  const w = await buildDriveWorld(t, 'Torre Bench');
  const [arq, est] = w.disciplineIds as [number, number];
  const started = performance.now();
  // Documents in thirds ARQ / EST / none; every fifth belongs to the ARQ collaborator's company, another fifth has
  // a second revision; statuses and visibilities spread over every value.
  await executor.executeSql(
    `insert into drive_documents (project_id, area, name, discipline_id, phase, created_by_user_id)
     select $1, 'drive', 'TRN-' || (case g % 3 when 0 then 'ARQ' when 1 then 'EST' else 'GER' end) || '-ED-' || lpad(g::text, 6, '0'),
       case g % 3 when 0 then $2::int when 1 then $3::int else null end, 9, $4
     from generate_series(1, $5::int) g`,
    [w.projectId, arq, est, w.owner.id, DOCUMENTS],
  );
  await executor.executeSql(
    `insert into drive_files (project_id, document_id, file_name, extension, revision_name, status, visibility,
       file_size, content_type, storage_key, upload_state, processing_state, company_id, created_by_user_id, uploaded_at,
       updated_at, expires_at)
     select d.project_id, d.id, d.name || '-R0' || r || '.pdf', 'pdf', 'R0' || r,
       (array['ANALYSING','APPROVED_WITH_NOTES','APPROVED','OBSOLETED','REPROVED'])[1 + (d.id * 7 + r) % 5],
       (array['public','public','public','public','public','public','discipline','discipline','project_management','company'])[1 + (d.id * 3 + r) % 10],
       1000 + d.id, 'application/pdf', 'bench/' || d.id || '/' || r, 'confirmed', 'done',
       case when d.id % 5 = 0 then $2::int else $3::int end,
       case when d.id % 5 = 0 then $4::int else $5::int end,
       now() - make_interval(mins => d.id) + make_interval(secs => r),
       now() - make_interval(mins => d.id) + make_interval(secs => r), now()
     from drive_documents d cross join generate_series(0, 1) r
     where d.project_id = $1 and (r = 0 or d.id % 5 = 2)
     order by d.id, r`,
    [w.projectId, w.collabArq.companyId, w.owner.companyId, w.collabArq.id, w.owner.id],
  );
  await executor.executeSql('analyze drive_files');
  await executor.executeSql('analyze drive_documents');
  const [counted] = (
    await executor.executeSql('select count(*)::int as n from drive_files where project_id = $1', [
      w.projectId,
    ])
  ).rows as { n: number }[];
  console.log(
    `${t.server.services.database.kind}: ${DOCUMENTS} documents, ${counted?.n} revisions written in ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s; load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} on ${os.cpus().length} cores`,
  );

  /** Who sees a revision `x` (of document `d`), as a hand-written condition: $2 company, $3 disciplines, $4 manager. */
  const visible = (x: string) =>
    `(${x}.visibility = 'public' or ${x}.company_id = $2 or ($4 and ${x}.visibility in ('project_management', 'discipline'))
      or (${x}.visibility = 'discipline' and d.discipline_id = any($3::int[])))`;

  /**
   * The bare SQL of a first page: the newest visible confirmed revision of each document, its data and uploader's
   * name, its visible revision count and the total, filtered, sorted, 20 rows.
   */
  const bare = (where: string, order: string) => `
    select f.id, f.document_id, f.file_name, d.name as document_name, f.revision_name, f.extension, d.discipline_id,
      d.local_id, d.phase, f.status, f.visibility, f.file_size, f.content_type, f.upload_state, f.processing_state,
      f.company_id, f.created_by_user_id, f.created_at, f.uploaded_at, f.updated_at, u.name, u.last_name,
      (select count(*) from drive_files r where r.document_id = f.document_id and r.upload_state = 'confirmed'
        and ${visible('r')}) as revisions_count,
      count(*) over () as total
    from drive_files f join drive_documents d on d.id = f.document_id left join users u on u.id = f.created_by_user_id
    where f.project_id = $1 and d.area = 'drive' and f.upload_state = 'confirmed' and ${visible('f')}
      and not exists (select 1 from drive_files n where n.document_id = f.document_id and n.upload_state = 'confirmed'
        and n.id > f.id and ${visible('n')})
      ${where}
    order by ${order}
    limit 20`;

  interface Scenario {
    name: string;
    user: TestUser;
    manager: boolean;
    disciplines: number[];
    query: string;
    where: string;
    order: string;
    params: unknown[];
    /** The same view as the repository takes it. */
    filters: DriveListFilters;
    sort: DriveSortKey;
    direction: 'asc' | 'desc';
  }
  const scenarios: Scenario[] = [
    {
      name: 'collaborator, newest upload first (default view)',
      user: w.collabArq,
      manager: false,
      disciplines: [arq],
      query: '',
      where: '',
      order: 'f.uploaded_at desc, f.id desc',
      params: [],
      filters: {},
      sort: 'uploadedAt',
      direction: 'desc',
    },
    {
      name: 'coordinator, newest upload first',
      user: w.coordinator,
      manager: true,
      disciplines: [],
      query: '',
      where: '',
      order: 'f.uploaded_at desc, f.id desc',
      params: [],
      filters: {},
      sort: 'uploadedAt',
      direction: 'desc',
    },
    {
      name: 'collaborator, APPROVED in ARQ, by name A–Z',
      user: w.collabArq,
      manager: false,
      disciplines: [arq],
      query: `status=APPROVED&disciplineId=${arq}&sort=fileName&order=asc`,
      where: `and f.status = 'APPROVED' and d.discipline_id = $5`,
      order: 'lower(f.file_name) asc, f.id asc',
      params: [arq],
      filters: { status: ['APPROVED'], disciplineId: [arq] },
      sort: 'fileName',
      direction: 'asc',
    },
    {
      name: 'coordinator, search "ED-0012", recently updated first',
      user: w.coordinator,
      manager: true,
      disciplines: [],
      query: 'search=ED-0012&sort=updatedAt&order=desc',
      where: `and immutable_unaccent(lower(f.file_name)) like immutable_unaccent($5)`,
      order: 'f.updated_at desc, f.id desc',
      params: ['%ed-0012%'],
      filters: { search: 'ED-0012' },
      sort: 'updatedAt',
      direction: 'desc',
    },
  ];

  console.log(`first page of 20, ${REPEATS} interleaved samples each (ms, p50 / p95)`);
  for (const s of scenarios) {
    const url = `${t.url}/project-drive/projects/${w.projectId}/files?pageSize=20${s.query ? `&${s.query}` : ''}`;
    const headers = { authorization: `Bearer ${s.user.token}` };
    const sqlText = bare(s.where, s.order);
    const sqlParams = [w.projectId, s.user.companyId, s.disciplines, s.manager, ...s.params];
    // The same rows, in the same order, and the same total.
    const answer = (await (await fetch(url, { headers })).json()) as {
      files: { id: number }[];
      total: number;
    };
    const rows = (await executor.executeSql(sqlText, sqlParams)).rows as { id: number; total: string }[];
    const same =
      JSON.stringify(answer.files.map((f) => f.id)) === JSON.stringify(rows.map((r) => Number(r.id))) &&
      answer.total === Number(rows[0]?.total ?? 0);
    if (!same) throw new Error(`${s.name}: the API and the bare SQL disagree`);
    const viewer = {
      userId: s.user.id,
      companyId: s.user.companyId,
      role: s.manager ? ('coordinator' as const) : ('collaborator' as const),
      disciplineIds: s.disciplines,
    };
    const options = { filters: s.filters, sort: s.sort, order: s.direction, page: 1, pageSize: 20 };
    const samples = await interleave(REPEATS, {
      api: async () => {
        const response = await fetch(url, { headers });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${response.status}`);
      },
      plain: async () => {
        const response = await fetch(url, { headers: { ...headers, 'accept-encoding': 'identity' } });
        await response.arrayBuffer();
      },
      repository: () => listDriveFiles(t.server.services.database.db, viewer, w.projectId, options),
      sql: () => executor.executeSql(sqlText, sqlParams),
    });
    const api = summarize(samples['api'] ?? []);
    const repository = summarize(samples['repository'] ?? []);
    const plain = summarize(samples['plain'] ?? []);
    const sql = summarize(samples['sql'] ?? []);
    console.log(
      `${s.name} (total ${answer.total}): API ${api.p50.toFixed(1)} / ${api.p95.toFixed(1)} ` +
        `(uncompressed ${plain.p50.toFixed(1)} / ${plain.p95.toFixed(1)}), ` +
        `its statement ${repository.p50.toFixed(1)} / ${repository.p95.toFixed(1)}, ` +
        `bare SQL ${sql.p50.toFixed(1)} / ${sql.p95.toFixed(1)}; API ÷ bare SQL ${(api.p50 / sql.p50).toFixed(2)}`,
    );
  }
} finally {
  await t.close();
}
