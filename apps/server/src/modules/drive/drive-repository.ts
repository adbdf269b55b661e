import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  AppError,
  isDriveManager,
  type DocumentStatus,
  type DocumentVisibility,
  type DriveViewer,
} from '@obra/domain';
import type { Db, Tx } from '../../db/database.ts';
import { driveDocuments, driveFiles } from '../../db/schema/index.ts';

/** The two areas of drive_documents: the governed drive and the project's working files (docs/api-drive.md). */
export type DriveArea = 'drive' | 'files';

/** A drive file (a document revision) as the API serves it, before per-user permissions are added. */
export interface DriveFileRecord {
  id: number;
  projectId: number;
  documentId: number;
  fileName: string;
  documentName: string;
  revisionName: string;
  extension: string;
  disciplineId: number | null;
  localId: number | null;
  phase: number | null;
  status: DocumentStatus;
  visibility: DocumentVisibility;
  fileSize: number;
  contentType: string | null;
  uploadState: 'pending' | 'confirmed';
  processingState: string;
  /** Why the processing failed (a BIM model's conversion, docs/bim.md; a PDF's preparation), or null. */
  processingError: string | null;
  /**
   * While the processing is queued: the place of its job in its queue (1 = next), counting the jobs of the same
   * queue created before it in every project (issue 30 #11: a wait is shown, not hidden). Null otherwise.
   */
  queuePosition: number | null;
  companyId: number | null;
  createdByUserId: number | null;
  createdByName: string | null;
  storageKey: string;
  /** The preview thumbnail's object (images, written by the drive.thumbnail job), or null. */
  thumbKey: string | null;
  createdAt: string;
  uploadedAt: string | null;
  updatedAt: string;
  expiresAt: string;
  /** How many revisions of the document the caller sees (the list shows the newest of them). */
  revisionsCount: number;
}

/** Sort keys of the document list (editor §3.6). */
export const DRIVE_SORT_KEYS = ['fileName', 'uploadedAt', 'updatedAt'] as const;
export type DriveSortKey = (typeof DRIVE_SORT_KEYS)[number];

/** The filters of GET /files (editor §3.6 document filters, plus a text search). */
export interface DriveListFilters {
  createdByUserId?: number[] | undefined;
  disciplineId?: number[] | undefined;
  extension?: string[] | undefined;
  localId?: number[] | undefined;
  phase?: number[] | undefined;
  status?: string[] | undefined;
  visibility?: string[] | undefined;
  uploadedAfter?: Date | undefined;
  uploadedBefore?: Date | undefined;
  updatedAfter?: Date | undefined;
  updatedBefore?: Date | undefined;
  search?: string | undefined;
}

/**
 * A list as one array parameter (`{1,2}`, `{"a","b"}`), for `= any(…)`: the planner reads it as a constant array
 * (it estimates and indexes `= any` well, unlike a subquery over a JSON list). Text values are quoted and escaped
 * as PostgreSQL's array input wants.
 */
function arrayParam(values: readonly (number | string)[], type: 'int' | 'text'): SQL {
  const items =
    type === 'int'
      ? values.map((v) => String(Math.trunc(Number(v)))).filter((v) => /^-?[0-9]+$/.test(v))
      : values.map((v) => `"${String(v).replace(/["\\]/g, (c) => `\\${c}`)}"`);
  const literal = `{${items.join(',')}}`;
  return type === 'int' ? sql`${literal}::int[]` : sql`${literal}::text[]`;
}

/**
 * Whether the viewer sees the revision `f` of document `d`, in SQL: the same rule as `canSeeDocument` of
 * packages/domain/src/drive/document-policy.ts (the list, counts and zip never load what the viewer may not see).
 */
export function visibleSql(viewer: DriveViewer, f: string, d: string): SQL {
  const file = sql.raw(f);
  const doc = sql.raw(d);
  const company = viewer.companyId ?? -1;
  const manager = isDriveManager(viewer);
  return sql`(${file}.visibility = 'public' or ${file}.company_id = ${company}
    ${manager ? sql`or ${file}.visibility in ('project_management', 'discipline')` : sql``}
    or (${file}.visibility = 'discipline' and ${doc}.discipline_id = any(${arrayParam(viewer.disciplineIds, 'int')})))`;
}

/** The newest confirmed revision of its document that the viewer sees (what the list shows). */
function latestVisibleSql(viewer: DriveViewer): SQL {
  return sql`not exists (select 1 from drive_files n where n.document_id = f.document_id
    and n.upload_state = 'confirmed' and n.id > f.id and ${visibleSql(viewer, 'n', 'd')})`;
}

/**
 * The text search: the file name, or the text of a prepared PDF's pages (drive.pdfPrepare), accents and case
 * ignored.
 */
export function searchSql(search: string): SQL {
  const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(immutable_unaccent(lower(f.file_name)) like immutable_unaccent(${pattern})
    or exists (select 1 from drive_pdf_pages p where p.file_id = f.id
      and immutable_unaccent(lower(p.text)) like immutable_unaccent(${pattern})))`;
}

function filterSql(filters: DriveListFilters): SQL[] {
  const parts: SQL[] = [];
  const ints = (values: readonly number[]) => arrayParam(values, 'int');
  const texts = (values: readonly string[]) => arrayParam(values, 'text');
  if (filters.createdByUserId?.length)
    parts.push(sql`f.created_by_user_id = any(${ints(filters.createdByUserId)})`);
  if (filters.disciplineId?.length) parts.push(sql`d.discipline_id = any(${ints(filters.disciplineId)})`);
  if (filters.extension?.length)
    parts.push(sql`f.extension = any(${texts(filters.extension.map((e) => e.toLowerCase()))})`);
  if (filters.localId?.length) parts.push(sql`d.local_id = any(${ints(filters.localId)})`);
  if (filters.phase?.length) parts.push(sql`d.phase = any(${ints(filters.phase)})`);
  if (filters.status?.length) parts.push(sql`f.status = any(${texts(filters.status)})`);
  if (filters.visibility?.length) parts.push(sql`f.visibility = any(${texts(filters.visibility)})`);
  if (filters.uploadedAfter)
    parts.push(sql`f.uploaded_at >= ${filters.uploadedAfter.toISOString()}::timestamptz`);
  if (filters.uploadedBefore)
    parts.push(sql`f.uploaded_at <= ${filters.uploadedBefore.toISOString()}::timestamptz`);
  if (filters.updatedAfter)
    parts.push(sql`f.updated_at >= ${filters.updatedAfter.toISOString()}::timestamptz`);
  if (filters.updatedBefore)
    parts.push(sql`f.updated_at <= ${filters.updatedBefore.toISOString()}::timestamptz`);
  const search = filters.search?.trim();
  if (search) parts.push(searchSql(search));
  return parts;
}

/** The columns of a DriveFileRecord (files `f`, documents `d`, uploader `u`). */
export const COLUMNS = sql`f.id, f.project_id, f.document_id, f.file_name, d.name as document_name, f.revision_name,
  f.extension, d.discipline_id, d.local_id, d.phase, f.status, f.visibility, f.file_size, f.content_type,
  f.upload_state, f.processing_state, f.company_id, f.created_by_user_id, f.storage_key, f.thumb_key, f.created_at,
  f.uploaded_at, f.updated_at, f.expires_at,
  coalesce((select c.error from bim_conversions c where c.file_id = f.id),
    (select pp.error from drive_pdf_previews pp where pp.file_id = f.id)) as processing_error,
  (select (select count(*) from pgboss.job o where o.name = j.name and o.state in ('created', 'retry')
      and (o.created_on < j.created_on or (o.created_on = j.created_on and o.id <= j.id)))
    from pgboss.job j
    where f.processing_state = 'queued' and j.name in ('drive.pdfPrepare', 'bim.convert')
      and j.state in ('created', 'retry') and j.data->>'fileId' = f.id::text
    order by j.created_on limit 1) as queue_position,
  nullif(trim(coalesce(u.name, '') || ' ' || coalesce(u.last_name, '')), '') as created_by_name`;

function iso(value: unknown): string {
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}

export function toRecord(row: Record<string, unknown>): DriveFileRecord {
  const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
  return {
    id: Number(row['id']),
    projectId: Number(row['project_id']),
    documentId: Number(row['document_id']),
    fileName: String(row['file_name']),
    documentName: String(row['document_name']),
    revisionName: String(row['revision_name']),
    extension: String(row['extension']),
    disciplineId: num(row['discipline_id']),
    localId: num(row['local_id']),
    phase: num(row['phase']),
    status: row['status'] as DocumentStatus,
    visibility: row['visibility'] as DocumentVisibility,
    fileSize: Number(row['file_size']),
    contentType: (row['content_type'] as string | null) ?? null,
    uploadState: row['upload_state'] as 'pending' | 'confirmed',
    processingState: String(row['processing_state']),
    processingError: (row['processing_error'] as string | null | undefined) ?? null,
    queuePosition: num(row['queue_position']),
    companyId: num(row['company_id']),
    createdByUserId: num(row['created_by_user_id']),
    createdByName: (row['created_by_name'] as string | null) ?? null,
    storageKey: String(row['storage_key']),
    thumbKey: (row['thumb_key'] as string | null) ?? null,
    createdAt: iso(row['created_at']),
    uploadedAt: row['uploaded_at'] === null ? null : iso(row['uploaded_at']),
    updatedAt: iso(row['updated_at']),
    expiresAt: iso(row['expires_at']),
    revisionsCount: Number(row['revisions_count'] ?? 1),
  };
}

export async function rows(db: Db, query: SQL): Promise<Record<string, unknown>[]> {
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}

/** One page of the documents the viewer sees (their newest visible revision each), filtered and sorted. */
export async function listDriveFiles(
  db: Db,
  viewer: DriveViewer,
  projectId: number,
  options: {
    filters: DriveListFilters;
    sort: DriveSortKey;
    order: 'asc' | 'desc';
    page: number;
    pageSize: number;
  },
): Promise<{ files: DriveFileRecord[]; total: number }> {
  return pageOfFiles(db, {
    ...options,
    where: [
      sql`f.project_id = ${projectId}`,
      sql`d.area = 'drive'`,
      sql`f.upload_state = 'confirmed'`,
      visibleSql(viewer, 'f', 'd'),
      latestVisibleSql(viewer),
      ...filterSql(options.filters),
    ],
    revisionVisible: visibleSql(viewer, 'r', 'd'),
  });
}

/**
 * One page of a drive or files list: the rows of `where` (over `drive_files f` joined to its document `d`), each with
 * its count of confirmed revisions that pass `revisionVisible` (over `drive_files r`), sorted with the id as
 * tie-breaker, and the total of the whole list — read from the page itself, or counted when the page is past the end.
 */
export async function pageOfFiles(
  db: Db,
  options: {
    where: SQL[];
    revisionVisible?: SQL;
    sort: 'fileName' | 'uploadedAt' | 'updatedAt';
    order: 'asc' | 'desc';
    page: number;
    pageSize: number;
  },
): Promise<{ files: DriveFileRecord[]; total: number }> {
  const direction = sql.raw(options.order === 'asc' ? 'asc' : 'desc');
  const sortColumn = {
    fileName: sql`lower(f.file_name)`,
    uploadedAt: sql`f.uploaded_at`,
    updatedAt: sql`f.updated_at`,
  }[options.sort];
  const where = sql.join(options.where, sql` and `);
  const revisionVisible = options.revisionVisible ? sql` and ${options.revisionVisible}` : sql``;
  const found = await rows(
    db,
    sql`select ${COLUMNS},
      (select count(*) from drive_files r where r.document_id = f.document_id and r.upload_state = 'confirmed'${revisionVisible})
        as revisions_count,
      count(*) over () as total
    from drive_files f join drive_documents d on d.id = f.document_id
      left join users u on u.id = f.created_by_user_id
    where ${where}
    order by ${sortColumn} ${direction}, f.id ${direction}
    limit ${options.pageSize} offset ${(options.page - 1) * options.pageSize}`,
  );
  let total = Number(found[0]?.['total'] ?? 0);
  if (found.length === 0 && options.page > 1) {
    const [counted] = await rows(
      db,
      sql`select count(*) as total from drive_files f join drive_documents d on d.id = f.document_id
        where ${where}`,
    );
    total = Number(counted?.['total'] ?? 0);
  }
  return { files: found.map(toRecord), total };
}

/** A file of the project by id, visible to the viewer or not (callers decide), or undefined. */
export async function findDriveFile(
  db: Db,
  projectId: number,
  fileId: number,
  options: { forUpdate?: boolean; area?: DriveArea } = {},
): Promise<DriveFileRecord | undefined> {
  const [row] = await rows(
    db,
    sql`select ${COLUMNS} from drive_files f join drive_documents d on d.id = f.document_id
      left join users u on u.id = f.created_by_user_id
      where f.project_id = ${projectId} and f.id = ${fileId} and d.area = ${options.area ?? 'drive'}
      ${options.forUpdate ? sql`for update of f` : sql``}`,
  );
  return row ? toRecord(row) : undefined;
}

/** The confirmed revisions of a document the viewer sees, newest first. */
export async function documentRevisions(
  db: Db,
  viewer: DriveViewer,
  documentId: number,
): Promise<DriveFileRecord[]> {
  const found = await rows(
    db,
    sql`select ${COLUMNS} from drive_files f join drive_documents d on d.id = f.document_id
      left join users u on u.id = f.created_by_user_id
      where f.document_id = ${documentId} and f.upload_state = 'confirmed' and ${visibleSql(viewer, 'f', 'd')}
      order by f.id desc`,
  );
  return found.map(toRecord);
}

/** The confirmed files among `ids` that the viewer sees, in the order asked. */
export async function visibleFilesByIds(
  db: Db,
  viewer: DriveViewer,
  projectId: number,
  ids: readonly number[],
  area: DriveArea = 'drive',
): Promise<DriveFileRecord[]> {
  if (ids.length === 0) return [];
  const found = await rows(
    db,
    sql`select ${COLUMNS} from drive_files f join drive_documents d on d.id = f.document_id
      left join users u on u.id = f.created_by_user_id
      where f.project_id = ${projectId} and d.area = ${area} and f.upload_state = 'confirmed'
        and f.id in (select value::int from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))
        and ${visibleSql(viewer, 'f', 'd')}`,
  );
  const byId = new Map(found.map((r) => [Number(r['id']), toRecord(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A value of a filter and how many listed documents have it. */
export interface FilterCount {
  value: string;
  count: number;
}

/**
 * The filter values of the documents the viewer sees (the newest visible revision of each), with counts:
 * GET /files/filtering-data. Hidden documents count nowhere.
 */
export async function driveFilteringData(
  db: Db,
  viewer: DriveViewer,
  projectId: number,
): Promise<{ total: number } & Record<string, FilterCount[]>> {
  const found = await rows(
    db,
    sql`with listed as (
      select f.created_by_user_id, d.discipline_id, f.extension, d.local_id, d.phase, f.status, f.visibility
      from drive_files f join drive_documents d on d.id = f.document_id
      where f.project_id = ${projectId} and d.area = 'drive' and f.upload_state = 'confirmed'
        and ${visibleSql(viewer, 'f', 'd')} and ${latestVisibleSql(viewer)})
    select 'createdByUserId' as field, created_by_user_id::text as value, count(*) as count from listed group by 2
    union all select 'disciplineId', discipline_id::text, count(*) from listed group by 2
    union all select 'extension', extension, count(*) from listed group by 2
    union all select 'localId', local_id::text, count(*) from listed group by 2
    union all select 'phase', phase::text, count(*) from listed group by 2
    union all select 'status', status, count(*) from listed group by 2
    union all select 'visibility', visibility, count(*) from listed group by 2`,
  );
  const result: { total: number } & Record<string, FilterCount[]> = Object.assign(
    { total: 0 },
    Object.fromEntries(
      ['createdByUserId', 'disciplineId', 'extension', 'localId', 'phase', 'status', 'visibility'].map(
        (k) => [k, [] as FilterCount[]],
      ),
    ),
  ) as { total: number } & Record<string, FilterCount[]>;
  for (const row of found) {
    const field = String(row['field']);
    if (row['value'] === null) continue;
    (result[field] as FilterCount[]).push({ value: String(row['value']), count: Number(row['count']) });
  }
  result.total = (result['status'] as FilterCount[]).reduce((sum, c) => sum + c.count, 0);
  for (const key of Object.keys(result)) {
    const list = result[key];
    if (Array.isArray(list)) list.sort((a, b) => a.value.localeCompare(b.value));
  }
  return result;
}

/**
 * The document an upload goes into, created when its name is new (names compare without case), locked for the
 * rest of the transaction so that two uploads of the same name take their revision or version one after the
 * other; the expired pending uploads of that document are dropped first, so that an abandoned upload no longer
 * holds its revision name or version number.
 */
export async function lockDocumentForUpload(
  tx: Tx,
  values: typeof driveDocuments.$inferInsert & { area: DriveArea },
): Promise<typeof driveDocuments.$inferSelect> {
  await tx.insert(driveDocuments).values(values).onConflictDoNothing();
  const [document] = await tx
    .select()
    .from(driveDocuments)
    .where(
      and(
        eq(driveDocuments.projectId, values.projectId),
        eq(driveDocuments.area, values.area),
        sql`lower(${driveDocuments.name}) = lower(${values.name})`,
      ),
    )
    .for('update');
  if (!document) throw new AppError('DOCUMENTS_NOT_FOUND');
  await tx
    .delete(driveFiles)
    .where(
      and(
        eq(driveFiles.documentId, document.id),
        eq(driveFiles.uploadState, 'pending'),
        sql`${driveFiles.expiresAt} < now()`,
      ),
    );
  return document;
}
