// Fills a project with a realistic mix of issues, set-based (one INSERT ... SELECT unnest(...) per table and
// batch), so that 100,000 issues with their comments and images take well under two minutes on PGlite and
// PostgreSQL alike. Used by the issue benchmarks and by the N+1 test; the same rows an API client would create.
import type { Database, SqlExecutor } from '../../apps/server/src/db/database.ts';
import { searchTextOf } from '../../apps/server/src/modules/issues/issue-repository.ts';
import {
  hasTable,
  insertIssueExtras,
  type ExtrasCounts,
  type GeneratedIssue,
} from './generate-issue-extras.ts';
import { createRandom, type Random } from './generate-random.ts';

/** What the generator needs to know about the project it fills. */
export interface GenerateTarget {
  projectId: number;
  /** Users who create issues and comments; the first one also gets stars, tags and unread marks. */
  userIds: readonly number[];
  disciplineIds: readonly number[];
  localIds?: readonly number[];
  labelIds?: readonly number[];
  groupIds?: readonly number[];
  /** Personal tags of the first user, put on some issues. */
  tagIds?: readonly number[];
}

/** What the generator wrote and how long it took. */
export interface GenerateResult extends ExtrasCounts {
  seconds: number;
  issues: number;
}

const SUBJECTS = [
  'Viga',
  'Pilar',
  'Laje',
  'Duto de ar',
  'Shaft',
  'Tubulação de esgoto',
  'Eletrocalha',
  'Sprinkler',
  'Fachada',
  'Escada',
  'Porta corta-fogo',
  'Forro',
  'Parede drywall',
  "Caixa d'água",
  'Quadro elétrico',
  'Rampa',
  'Beam',
  'Column',
  'Slab',
  'Air duct',
  'Cable tray',
  'Fire damper',
  'Curtain wall',
  'Ceiling',
  'Façade',
];
const PROBLEMS = [
  'interfere com',
  'sem cota em',
  'colide com',
  'não compatível com',
  'acima de',
  'atravessa',
  'sem detalhe de',
  'clashes with',
  'missing dimension at',
  'conflicts with',
  'passes through',
  'not aligned with',
];
const PLACES = [
  'pavimento tipo',
  'térreo',
  'subsolo 1',
  'cobertura',
  'mezanino',
  'level 3',
  'roof',
  'basement',
  'eixo B-4',
  'grid C/7',
];
const STATUS_MIX = [
  'todo',
  'todo',
  'doing',
  'review',
  'validate',
  'done',
  'done',
  'follow',
  'aware',
  'validated',
];
const PENDING = new Set(['todo', 'doing', 'review', 'validate']);
const VISIBILITY_MIX = [
  'public',
  'public',
  'public',
  'public',
  'public',
  'public',
  'semi_public',
  'semi_public',
  'project_management',
  'group',
  'creator',
];
const PRIORITIES = ['high', 'medium', 'low'];
const DAY = 86_400_000;
const BATCH = 5000;

/** The columns of one batch of issues, and their children by position in the batch. */
interface IssueBatch {
  cols: {
    number: number[];
    code: string[];
    title: string[];
    description: string[];
    status: string[];
    priority: string[];
    visibility: string[];
    deadline: (string | null)[];
    groupId: (number | null)[];
    createdBy: number[];
    createdAt: string[];
    published: (string | null)[];
    searchText: string[];
  };
  disciplines: { i: number; disciplineId: number; status: string; deadline: string | null }[];
  locals: { i: number; id: number }[];
  labels: { i: number; id: number }[];
}

function futureDate(rnd: Random): string {
  return new Date(Date.UTC(2026, 0, 1) + Math.floor(rnd.next() * 700) * DAY).toISOString().slice(0, 10);
}

/** 1–3 disciplines with a status mix; whether any of them is pending decides the issue status. */
function addDisciplines(rnd: Random, target: GenerateTarget, batch: IssueBatch, i: number): boolean {
  const n = 1 + Math.floor(rnd.next() * Math.min(3, target.disciplineIds.length));
  const chosen = [...target.disciplineIds].sort(() => rnd.next() - 0.5).slice(0, n);
  let pending = false;
  for (const disciplineId of chosen) {
    const status = rnd.pick(STATUS_MIX);
    if (PENDING.has(status)) pending = true;
    batch.disciplines.push({ i, disciplineId, status, deadline: rnd.next() < 0.5 ? futureDate(rnd) : null });
  }
  return pending;
}

function buildBatch(rnd: Random, target: GenerateTarget, firstNumber: number, size: number): IssueBatch {
  const batch: IssueBatch = {
    cols: {
      number: [],
      code: [],
      title: [],
      description: [],
      status: [],
      priority: [],
      visibility: [],
      deadline: [],
      groupId: [],
      createdBy: [],
      createdAt: [],
      published: [],
      searchText: [],
    },
    disciplines: [],
    locals: [],
    labels: [],
  };
  const { cols } = batch;
  for (let i = 0; i < size; i += 1) {
    const number = firstNumber + i;
    const code = String(number).padStart(3, '0');
    const title = `${rnd.pick(SUBJECTS)} ${rnd.pick(PROBLEMS)} ${rnd.pick(SUBJECTS).toLowerCase()} no ${rnd.pick(PLACES)}`;
    const description = `Verificar ${rnd.pick(SUBJECTS).toLowerCase()} e ${rnd.pick(SUBJECTS).toLowerCase()} conforme revisão R${Math.floor(rnd.next() * 9)}.`;
    let visibility = rnd.pick(VISIBILITY_MIX);
    const groupId =
      visibility === 'group' || visibility === 'semi_public'
        ? target.groupIds?.length
          ? rnd.pick(target.groupIds)
          : null
        : null;
    if (visibility === 'group' && groupId === null) visibility = 'public';
    const created = new Date(
      Date.UTC(2025, 0, 1) + Math.floor(rnd.next() * 600) * DAY + Math.floor(rnd.next() * DAY),
    );
    const pending = addDisciplines(rnd, target, batch, i);
    if (target.localIds?.length) batch.locals.push({ i, id: rnd.pick(target.localIds) });
    if (target.labelIds?.length && rnd.next() < 0.5) batch.labels.push({ i, id: rnd.pick(target.labelIds) });
    cols.number.push(number);
    cols.code.push(code);
    cols.title.push(title);
    cols.description.push(description);
    cols.status.push(pending ? 'active' : 'resolved');
    cols.priority.push(rnd.pick(PRIORITIES));
    cols.visibility.push(visibility);
    cols.deadline.push(rnd.next() < 0.4 ? futureDate(rnd) : null);
    cols.groupId.push(groupId);
    cols.createdBy.push(rnd.pick(target.userIds));
    cols.createdAt.push(created.toISOString());
    cols.published.push(
      visibility === 'creator' ? null : new Date(created.getTime() + 3_600_000).toISOString(),
    );
    cols.searchText.push(searchTextOf({ code, title, description }));
  }
  return batch;
}

async function insertBatch(
  executor: SqlExecutor,
  projectId: number,
  batch: IssueBatch,
): Promise<GeneratedIssue[]> {
  const { cols } = batch;
  const inserted = (
    await executor.executeSql(
      `insert into issues (project_id, number, code, title, description, status, priority, visibility, deadline, group_id,
         created_by_user_id, created_at, visibility_updated_at, visibility_updated_by_user_id, status_updated_at, status_updated_by_user_id, search_text)
       select $1, n, c, t, d, s, p, v, dl, g, u, ca::timestamptz, pub::timestamptz, case when pub is null then null else u end, ca::timestamptz, u, st
       from unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::date[], $10::int[], $11::int[], $12::text[], $13::text[], $14::text[])
         as x(n, c, t, d, s, p, v, dl, g, u, ca, pub, st)
       order by n
       returning id, number`,
      [
        projectId,
        cols.number,
        cols.code,
        cols.title,
        cols.description,
        cols.status,
        cols.priority,
        cols.visibility,
        cols.deadline,
        cols.groupId,
        cols.createdBy,
        cols.createdAt,
        cols.published,
        cols.searchText,
      ],
    )
  ).rows as { id: number; number: number }[];
  // Matched by number, not by the order RETURNING happens to use.
  const idByNumber = new Map(inserted.map((r) => [r.number, r.id]));
  const ids = cols.number.map((n) => idByNumber.get(n) ?? 0);
  const idOf = (i: number) => ids[i] ?? 0;
  const { disciplines: ds, locals, labels } = batch;
  await executor.executeSql(
    'insert into issue_disciplines (issue_id, discipline_id, status, deadline) select * from unnest($1::int[], $2::int[], $3::text[], $4::date[])',
    [
      ds.map((d) => idOf(d.i)),
      ds.map((d) => d.disciplineId),
      ds.map((d) => d.status),
      ds.map((d) => d.deadline),
    ],
  );
  if (locals.length)
    await executor.executeSql(
      'insert into issue_locals (issue_id, local_id) select * from unnest($1::int[], $2::int[])',
      [locals.map((l) => idOf(l.i)), locals.map((l) => l.id)],
    );
  if (labels.length)
    await executor.executeSql(
      'insert into issue_labels (issue_id, label_id) select * from unnest($1::int[], $2::int[])',
      [labels.map((l) => idOf(l.i)), labels.map((l) => l.id)],
    );
  await executor.executeSql(
    `insert into issue_history (issue_id, entity_type, fields, issue_visibility, user_id, created_at)
     select id, 'issue', jsonb_build_object('created', jsonb_build_object('old', null, 'new', jsonb_build_object('code', code, 'title', title))), visibility, created_by_user_id, created_at
     from issues where id = any($1::int[])`,
    [ids],
  );
  return ids.map((id, i) => ({
    id,
    visibility: cols.visibility[i] ?? 'public',
    createdBy: cols.createdBy[i] ?? 0,
    createdAt: cols.createdAt[i] ?? '',
  }));
}

const TABLES = [
  'issues',
  'issue_disciplines',
  'issue_locals',
  'issue_labels',
  'issue_history',
  'issue_user_states',
  'issue_comments',
  'issue_notifications',
  'issue_files',
  'issue_images',
];

/**
 * Adds `count` issues to the project: 1–3 disciplines each with a status mix, locals, labels, deadlines, the
 * visibility mix of a real project (mostly public, some drafts and group issues), a creation history entry,
 * comments with their history, images on issues and comments, and the first user's stars, tags and unread
 * marks (generate-issue-extras.ts). Codes continue the project's sequence; the same seed gives the same project.
 */
export async function generateIssues(
  database: Database,
  target: GenerateTarget,
  count: number,
  seed = 42,
): Promise<GenerateResult> {
  const started = performance.now();
  const rnd = createRandom(seed);
  const { executor } = database;
  const [{ next } = { next: 1 }] = (
    await executor.executeSql('select next_issue_number as next from projects where id = $1', [
      target.projectId,
    ])
  ).rows as { next: number }[];
  const withImages = await hasTable(executor, 'issue_images');
  const totals: ExtrasCounts = { comments: 0, images: 0, notifications: 0 };
  for (let offset = 0; offset < count; offset += BATCH) {
    const size = Math.min(BATCH, count - offset);
    const issues = await insertBatch(
      executor,
      target.projectId,
      buildBatch(rnd, target, next + offset, size),
    );
    const extras = await insertIssueExtras(executor, rnd, target, issues, withImages);
    totals.comments += extras.comments;
    totals.images += extras.images;
    totals.notifications += extras.notifications;
  }
  await executor.executeSql('update projects set next_issue_number = $2 where id = $1', [
    target.projectId,
    next + count,
  ]);
  // As autovacuum would leave them: statistics for the planner, and the visibility map for index-only scans.
  for (const table of TABLES)
    if (await hasTable(executor, table)) await executor.executeSql(`vacuum (analyze) ${table}`);
  return { seconds: (performance.now() - started) / 1000, issues: count, ...totals };
}
