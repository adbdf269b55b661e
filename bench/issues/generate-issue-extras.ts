// The rest of a generated issue batch: comments and their history entries, images (with their stored files)
// on issues and comments, and the first user's stars, personal tags and unread marks.
import { normalizeText } from '@obra/domain';
import type { SqlExecutor } from '../../apps/server/src/db/database.ts';
import type { Random } from './generate-random.ts';

/** An issue of the batch as the extras need it. */
export interface GeneratedIssue {
  id: number;
  visibility: string;
  createdBy: number;
  createdAt: string;
}

/** The project the batch belongs to and who acts in it. */
export interface ExtrasTarget {
  projectId: number;
  userIds: readonly number[];
  groupIds?: readonly number[];
  tagIds?: readonly number[];
}

/** How many rows of each kind the extras wrote. */
export interface ExtrasCounts {
  comments: number;
  images: number;
  notifications: number;
}

// Comments per issue: most issues have none or a few.
const COMMENT_COUNTS = [0, 0, 0, 0, 1, 1, 1, 2, 2, 3, 4];
const COMMENT_VISIBILITIES = [
  'public',
  'public',
  'public',
  'public',
  'public',
  'public',
  'public',
  'project_management',
  'group',
  'creator',
];
const MESSAGES = [
  'Verificado em obra, a interferência se confirma.',
  'Revisão R3 resolve, aguardando emissão.',
  'Favor compatibilizar com o projeto de estrutura.',
  'Solução proposta: desviar o duto 20 cm para cima.',
  'Checked on site, the clash is real.',
  'Please see the attached photo.',
  'Aguardando retorno do projetista.',
  'Resolvido na revisão R5.',
];
const IMAGE_TITLES = [
  'Planta baixa',
  'Corte AA',
  'Foto da obra',
  'Detalhe da armadura',
  'Fachada norte',
  'Elevation',
  'Section B',
  'Site photo',
  '',
];

interface Comment {
  id: number;
  issue_id: number;
  created_by_user_id: number;
  created_at: string | Date;
}

async function insertComments(
  executor: SqlExecutor,
  rnd: Random,
  target: ExtrasTarget,
  issues: readonly GeneratedIssue[],
): Promise<Comment[]> {
  const cols = {
    issueId: [] as number[],
    message: [] as string[],
    visibility: [] as string[],
    groupId: [] as (number | null)[],
    by: [] as number[],
    at: [] as string[],
  };
  for (const issue of issues) {
    const n = rnd.pick(COMMENT_COUNTS);
    for (let k = 0; k < n; k += 1) {
      let visibility = rnd.pick(COMMENT_VISIBILITIES);
      if (visibility === 'group' && !target.groupIds?.length) visibility = 'public';
      cols.issueId.push(issue.id);
      cols.message.push(rnd.pick(MESSAGES));
      cols.visibility.push(visibility);
      cols.groupId.push(visibility === 'group' && target.groupIds?.length ? rnd.pick(target.groupIds) : null);
      cols.by.push(rnd.pick(target.userIds));
      cols.at.push(
        new Date(
          Date.parse(issue.createdAt) + (k + 1) * 7_200_000 + Math.floor(rnd.next() * 86_400_000),
        ).toISOString(),
      );
    }
  }
  if (cols.issueId.length === 0) return [];
  const comments = (
    await executor.executeSql(
      `insert into issue_comments (project_id, issue_id, message, visibility, group_id, created_by_user_id, created_at)
       select $1, i, m, v, g, u, a::timestamptz from unnest($2::int[], $3::text[], $4::text[], $5::int[], $6::int[], $7::text[]) as x(i, m, v, g, u, a)
       returning id, issue_id, created_by_user_id, created_at`,
      [target.projectId, cols.issueId, cols.message, cols.visibility, cols.groupId, cols.by, cols.at],
    )
  ).rows as Comment[];
  // Each comment's creation entry, as createProjectIssueComment writes it.
  await executor.executeSql(
    `insert into issue_history (issue_id, entity_type, comment_id, fields, issue_visibility, comment_visibility, user_id, created_at)
     select c.issue_id, 'comment', c.id, jsonb_build_object('message', jsonb_build_object('old', null, 'new', c.message), 'visibility', jsonb_build_object('old', null, 'new', c.visibility)),
       i.visibility, c.visibility, c.created_by_user_id, c.created_at
     from issue_comments c join issues i on i.id = c.issue_id where c.id = any($1::int[])`,
    [comments.map((c) => c.id)],
  );
  return comments;
}

interface Image {
  issueId: number;
  commentId: number | null;
  index: number;
  title: string;
  by: number;
  markedUp: boolean;
}

function pickImages(rnd: Random, issues: readonly GeneratedIssue[], comments: readonly Comment[]): Image[] {
  const images: Image[] = [];
  const add = (issueId: number, commentId: number | null, count: number, by: number) => {
    for (let index = 0; index < count; index += 1)
      images.push({
        issueId,
        commentId,
        index,
        title: rnd.pick(IMAGE_TITLES),
        by,
        markedUp: rnd.next() < 0.3,
      });
  };
  for (const issue of issues)
    if (rnd.next() < 0.3) add(issue.id, null, 1 + Math.floor(rnd.next() * 3), issue.createdBy);
  for (const comment of comments)
    if (rnd.next() < 0.1) add(comment.issue_id, comment.id, 1, comment.created_by_user_id);
  return images;
}

/** Images with their confirmed files (the stored objects themselves are not written: lists only read rows). */
async function insertImages(
  executor: SqlExecutor,
  rnd: Random,
  target: ExtrasTarget,
  issues: readonly GeneratedIssue[],
  comments: readonly Comment[],
): Promise<number> {
  const images = pickImages(rnd, issues, comments);
  if (images.length === 0) return 0;
  const keyOf = (m: Image, kind: string) =>
    `bench/${target.projectId}/${m.issueId}/${m.commentId ?? 0}/${m.index}/${kind}.jpg`;
  const files = images.flatMap((m) => [
    { key: keyOf(m, 'original'), by: m.by },
    ...(m.markedUp ? [{ key: keyOf(m, 'marked-up'), by: m.by }] : []),
  ]);
  const stored = (
    await executor.executeSql(
      `insert into issue_files (project_id, created_by_user_id, file_name, storage_key, status, content_type, size, width, height, thumb_key, thumb_width, thumb_height, confirmed_at, expires_at)
       select $1, u, 'photo.jpg', k, 'confirmed', 'image/jpeg', 480000, 2400, 1600, k || '.thumb.webp', 320, 213, now(), now() + interval '1 hour'
       from unnest($2::text[], $3::int[]) as x(k, u)
       returning id, storage_key`,
      [target.projectId, files.map((f) => f.key), files.map((f) => f.by)],
    )
  ).rows as { id: number; storage_key: string }[];
  const fileId = new Map(stored.map((f) => [f.storage_key, f.id]));
  await executor.executeSql(
    `insert into issue_images (project_id, issue_id, comment_id, index, title, search_title, original_file_id, marked_up_file_id, created_by_user_id)
     select $1, * from unnest($2::int[], $3::int[], $4::int[], $5::text[], $6::text[], $7::int[], $8::int[], $9::int[])`,
    [
      target.projectId,
      images.map((m) => m.issueId),
      images.map((m) => m.commentId),
      images.map((m) => m.index),
      images.map((m) => m.title),
      images.map((m) => normalizeText(m.title)),
      images.map((m) => fileId.get(keyOf(m, 'original')) ?? 0),
      images.map((m) => (m.markedUp ? (fileId.get(keyOf(m, 'marked-up')) ?? null) : null)),
      images.map((m) => m.by),
    ],
  );
  // The search text of an issue ends with its own images' titles (searchTextSql of the issue repository).
  await executor.executeSql(
    `update issues i set search_text = i.search_text || s.extra
     from (select issue_id, string_agg(E'\\n' || search_title, '' order by index, id) as extra from issue_images
           where issue_id = any($1::int[]) and comment_id is null and search_title <> '' group by issue_id) s
     where s.issue_id = i.id`,
    [issues.map((i) => i.id)],
  );
  return images.length;
}

/** The first user's stars, personal tags and unread marks, on issues they see whatever their role. */
async function insertPersonal(
  executor: SqlExecutor,
  rnd: Random,
  target: ExtrasTarget,
  issues: readonly GeneratedIssue[],
): Promise<number> {
  const userId = target.userIds[0];
  if (userId === undefined) return 0;
  const seen = issues.filter((i) => i.visibility === 'public' || i.createdBy === userId);
  const states = seen.flatMap((i) => {
    const starred = rnd.next() < 0.02;
    const tags = target.tagIds?.length && rnd.next() < 0.05 ? [rnd.pick(target.tagIds)] : [];
    return starred || tags.length > 0 ? [{ id: i.id, starred, tags: JSON.stringify(tags) }] : [];
  });
  if (states.length > 0)
    await executor.executeSql(
      'insert into issue_user_states (issue_id, user_id, starred, tag_ids) select i, $1, s, t::jsonb from unnest($2::int[], $3::bool[], $4::text[]) as x(i, s, t)',
      [userId, states.map((s) => s.id), states.map((s) => s.starred), states.map((s) => s.tags)],
    );
  const unread = seen.filter(() => rnd.next() < 0.04).map((i) => i.id);
  if (unread.length === 0) return 0;
  const marks = (
    await executor.executeSql(
      `with h as (insert into issue_notifications (project_id, issue_id, user_id, history_id, is_mention, created_at)
                  select $1, h.issue_id, $2, h.id, false, h.created_at from issue_history h where h.issue_id = any($3::int[]) and h.entity_type = 'issue'
                  returning 1),
            c as (insert into issue_notifications (project_id, issue_id, user_id, comment_id, is_mention, created_at)
                  select $1, c.issue_id, $2, c.id, c.id % 5 = 0, c.created_at from issue_comments c where c.issue_id = any($3::int[]) and c.visibility = 'public'
                  returning 1)
       select (select count(*) from h) + (select count(*) from c) as n`,
      [target.projectId, userId, unread],
    )
  ).rows as { n: number | string }[];
  return Number(marks[0]?.n ?? 0);
}

/** Whether a table exists (images arrived with their own migration; older databases have none). */
export async function hasTable(executor: SqlExecutor, table: string): Promise<boolean> {
  const { rows } = await executor.executeSql('select to_regclass($1) is not null as present', [table]);
  return (rows[0] as { present: boolean } | undefined)?.present === true;
}

/** Comments, images and the first user's marks for a batch of freshly inserted issues. */
export async function insertIssueExtras(
  executor: SqlExecutor,
  rnd: Random,
  target: ExtrasTarget,
  issues: readonly GeneratedIssue[],
  withImages: boolean,
): Promise<ExtrasCounts> {
  const comments = await insertComments(executor, rnd, target, issues);
  const images = withImages ? await insertImages(executor, rnd, target, issues, comments) : 0;
  const notifications = await insertPersonal(executor, rnd, target, issues);
  return { comments: comments.length, images, notifications };
}
