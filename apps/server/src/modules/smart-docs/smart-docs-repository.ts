import { eq, sql, type SQL } from 'drizzle-orm';
import type { DriveViewer } from '@obra/domain';
import type { Db } from '../../db/database.ts';
import { drivePdfPages, smartDocsFiles, smartDocsPassages } from '../../db/schema/index.ts';
import { rows, visibleSql } from '../drive/drive-repository.ts';
import { projectFilesReadableSql } from '../files/files-repository.ts';

/** Where a source lives: a drive document (`drive`) or a project file (`files`, docs/api-drive.md). */
export type SourceArea = 'drive' | 'files';

/**
 * What a viewer may read among a project's revisions `f` (of documents `d`): confirmed drive revisions under the
 * drive's visibility (visibleSql, the twin of canSeeDocument), and confirmed project file versions (every
 * participant sees them: projectFilesReadableSql). The caller has loaded the viewer's drive access (a participant).
 */
function sourceReadableSql(viewer: DriveViewer, f: string, d: string): SQL {
  const doc = sql.raw(d);
  const file = sql.raw(f);
  return sql`((${doc}.area = 'drive' and ${file}.upload_state = 'confirmed' and ${visibleSql(viewer, f, d)})
    or ${projectFilesReadableSql(f, d)})`;
}

/** A passage to store: the page it comes from and its text. */
export interface NewPassage {
  pageNumber: number;
  text: string;
  /** Its embedding scaled to length 1, or null. */
  embedding?: number[] | null;
}

/** The prepared pages' text of a revision (drive.pdfPrepare wrote them), in page order. */
export async function pageTexts(db: Db, fileId: number): Promise<{ pageNumber: number; text: string }[]> {
  return db
    .select({ pageNumber: drivePdfPages.pageNumber, text: drivePdfPages.text })
    .from(drivePdfPages)
    .where(eq(drivePdfPages.fileId, fileId))
    .orderBy(drivePdfPages.pageNumber);
}

/** Whether the revision still exists (a revision deleted meanwhile is not indexed). */
export async function fileExists(db: Db, fileId: number): Promise<boolean> {
  const [row] = await rows(db, sql`select 1 as one from drive_files where id = ${fileId}`);
  return row !== undefined;
}

/** Replaces a revision's passages and records its index state, in the caller's transaction. */
export async function replaceIndex(
  tx: Db,
  fileId: number,
  passages: readonly NewPassage[],
  state: { state: 'indexed' | 'failed'; error: string | null },
): Promise<void> {
  await tx.delete(smartDocsPassages).where(eq(smartDocsPassages.fileId, fileId));
  for (let start = 0; start < passages.length; start += 500) {
    await tx.insert(smartDocsPassages).values(
      passages.slice(start, start + 500).map((p, i) => ({
        fileId,
        pageNumber: p.pageNumber,
        ordinal: start + i,
        text: p.text,
        embedding: p.embedding ?? null,
      })),
    );
  }
  const values = { ...state, passageCount: passages.length, indexedAt: new Date() };
  await tx
    .insert(smartDocsFiles)
    .values({ fileId, ...values })
    .onConflictDoUpdate({ target: smartDocsFiles.fileId, set: values });
}

/**
 * Confirmed PDF revisions (drive documents and project files) that were prepared but have no index state yet (the
 * demo's, files of older versions).
 */
export async function unindexedPreparedFiles(db: Db, limit: number): Promise<number[]> {
  const found = await rows(
    db,
    sql`select f.id from drive_files f join drive_documents d on d.id = f.document_id
      where d.area in ('drive', 'files') and f.upload_state = 'confirmed' and f.processing_state = 'success'
        and f.extension = 'pdf' and not exists (select 1 from smart_docs_files s where s.file_id = f.id)
      order by f.id limit ${limit}`,
  );
  return found.map((r) => Number(r['id']));
}

/**
 * A document the user may pick as a source: its newest revision they see, with its index state. A project file
 * (`area` files) is its newest version (`revisionName` 1, 2, …), without status or discipline.
 */
export interface SmartDocsSourceRow {
  area: SourceArea;
  fileId: number;
  documentId: number;
  documentName: string;
  fileName: string;
  revisionName: string;
  extension: string;
  /** The revision's document status (ANALYSING, APPROVED, …); null for a project file. */
  status: string | null;
  disciplineId: number | null;
  /** The discipline's abbreviation and name (`ARQ · Architecture`), or null. */
  disciplineName: string | null;
  processingState: string;
  indexState: string | null;
  indexError: string | null;
  passageCount: number;
}

/**
 * The drive documents of a project the viewer sees, each by its newest revision they see (the drive list's rule):
 * the sources Smart Docs offers.
 */
export async function visibleSources(
  db: Db,
  viewer: DriveViewer,
  projectId: number,
): Promise<SmartDocsSourceRow[]> {
  const found = await rows(
    db,
    sql`select f.id, f.document_id, d.name as document_name, f.file_name, f.revision_name, f.extension, f.status,
        d.discipline_id, pd.abbreviation || ' · ' || pd.name as discipline_name, f.processing_state,
        s.state as index_state, s.error as index_error,
        coalesce(s.passage_count, 0) as passage_count
      from drive_files f join drive_documents d on d.id = f.document_id
        left join smart_docs_files s on s.file_id = f.id
        left join project_disciplines pd on pd.id = d.discipline_id
      where f.project_id = ${projectId} and d.area = 'drive' and f.upload_state = 'confirmed'
        and ${visibleSql(viewer, 'f', 'd')}
        and not exists (select 1 from drive_files n where n.document_id = f.document_id
          and n.upload_state = 'confirmed' and n.id > f.id and ${visibleSql(viewer, 'n', 'd')})
      order by lower(d.name), f.id`,
  );
  return found.map((r) => toSourceRow(r, 'drive'));
}

function toSourceRow(r: Record<string, unknown>, area: SourceArea): SmartDocsSourceRow {
  return {
    area,
    fileId: Number(r['id']),
    documentId: Number(r['document_id']),
    documentName: String(r['document_name']),
    fileName: String(r['file_name']),
    revisionName: String(r['revision_name']),
    extension: String(r['extension']),
    status: area === 'drive' ? String(r['status']) : null,
    disciplineId: area === 'drive' && r['discipline_id'] !== null ? Number(r['discipline_id']) : null,
    disciplineName: area === 'drive' ? ((r['discipline_name'] as string | null) ?? null) : null,
    processingState: String(r['processing_state']),
    indexState: (r['index_state'] as string | null) ?? null,
    indexError: (r['index_error'] as string | null) ?? null,
    passageCount: Number(r['passage_count']),
  };
}

/**
 * The project's files (`files` area) as sources, each by its newest confirmed version (what the files page lists):
 * every participant sees them all (projectFilesReadableSql).
 */
export async function projectFileSources(db: Db, projectId: number): Promise<SmartDocsSourceRow[]> {
  const found = await rows(
    db,
    sql`select f.id, f.document_id, d.name as document_name, f.file_name, f.revision_name, f.extension,
        f.processing_state, s.state as index_state, s.error as index_error,
        coalesce(s.passage_count, 0) as passage_count
      from drive_files f join drive_documents d on d.id = f.document_id
        left join smart_docs_files s on s.file_id = f.id
      where f.project_id = ${projectId} and ${projectFilesReadableSql('f', 'd')}
        and not exists (select 1 from drive_files n where n.document_id = f.document_id
          and n.upload_state = 'confirmed' and n.id > f.id)
      order by lower(d.name), f.id`,
  );
  return found.map((r) => toSourceRow(r, 'files'));
}

/** A found passage with where it comes from. */
export interface PassageHit {
  passageId: number;
  /** A drive document's revision, or a project file's version. */
  area: SourceArea;
  fileId: number;
  documentId: number;
  documentName: string;
  revisionName: string;
  pageNumber: number;
  text: string;
  rank: number;
}

/**
 * Which revisions a search reads: some by id (drive revisions and project file versions), all of some drive
 * disciplines, or both (never empty: callers check).
 */
export interface SourceScope {
  fileIds: readonly number[];
  disciplineIds: readonly number[];
}

/**
 * The ids among `fileIds` that the viewer may read in the project: confirmed drive revisions they see, and confirmed
 * project file versions.
 */
export async function visibleFileIds(
  db: Db,
  viewer: DriveViewer,
  projectId: number,
  fileIds: readonly number[],
): Promise<Set<number>> {
  if (fileIds.length === 0) return new Set();
  const found = await rows(
    db,
    sql`select f.id from drive_files f join drive_documents d on d.id = f.document_id
      where f.project_id = ${projectId}
        and f.id in (select value::int from jsonb_array_elements_text(${JSON.stringify(fileIds)}::jsonb))
        and ${sourceReadableSql(viewer, 'f', 'd')}`,
  );
  return new Set(found.map((r) => Number(r['id'])));
}

function scopeSql(viewer: DriveViewer, scope: SourceScope): SQL {
  const parts: SQL[] = [];
  if (scope.fileIds.length > 0)
    parts.push(
      sql`f.id in (select value::int from jsonb_array_elements_text(${JSON.stringify(scope.fileIds)}::jsonb))`,
    );
  if (scope.disciplineIds.length > 0)
    // A discipline stands for its drive documents' newest revision the viewer sees (what the drive lists).
    parts.push(sql`(d.area = 'drive' and d.discipline_id in (select value::int from jsonb_array_elements_text(${JSON.stringify(
      scope.disciplineIds,
    )}::jsonb)) and not exists (select 1 from drive_files n where n.document_id = f.document_id
        and n.upload_state = 'confirmed' and n.id > f.id and ${visibleSql(viewer, 'n', 'd')}))`);
  return parts.length > 0 ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
}

const HIT_COLUMNS = sql`p.id, d.area, p.file_id, f.document_id, d.name as document_name, f.revision_name,
  p.page_number, p.text`;

function toHit(r: Record<string, unknown>): PassageHit {
  return {
    passageId: Number(r['id']),
    area: r['area'] === 'files' ? 'files' : 'drive',
    fileId: Number(r['file_id']),
    documentId: Number(r['document_id']),
    documentName: String(r['document_name']),
    revisionName: String(r['revision_name']),
    pageNumber: Number(r['page_number']),
    text: String(r['text']),
    rank: Number(r['rank']),
  };
}

/**
 * The passages of the project's revisions that the viewer may read (confirmed drive revisions they see, confirmed
 * project file versions), within the chosen sources.
 */
function readableSql(viewer: DriveViewer, projectId: number, scope: SourceScope): SQL {
  return sql`f.project_id = ${projectId} and ${sourceReadableSql(viewer, 'f', 'd')} and ${scopeSql(viewer, scope)}`;
}

/**
 * The passages of the chosen sources that match any of `terms` (already reduced to letters and digits), best
 * first by ts_rank_cd (terms found close together and often rank higher). The visibility (the drive's, the project
 * files') is part of the statement: a revision the viewer may not read, or deleted, cannot match.
 */
export async function searchPassages(
  db: Db,
  viewer: DriveViewer,
  projectId: number,
  scope: SourceScope,
  terms: readonly string[],
  limit: number,
): Promise<PassageHit[]> {
  if (terms.length === 0) return [];
  const query = terms.join(' | ');
  const found = await rows(
    db,
    sql`select ${HIT_COLUMNS}, ts_rank_cd(p.tsv, q) as rank
      from smart_docs_passages p
        join drive_files f on f.id = p.file_id
        join drive_documents d on d.id = f.document_id,
        to_tsquery('simple', immutable_unaccent(lower(${query}))) q
      where p.tsv @@ q and ${readableSql(viewer, projectId, scope)}
      order by rank desc, p.id
      limit ${limit}`,
  );
  return found.map(toHit);
}

/**
 * The passages of the chosen sources nearest to `embedding` (length 1) by cosine similarity (the dot product of
 * the stored unit vectors, computed in SQL over the chosen sources: no vector extension needed), best first, under
 * the same visibility as the full-text search.
 */
export async function nearestPassages(
  db: Db,
  viewer: DriveViewer,
  projectId: number,
  scope: SourceScope,
  embedding: readonly number[],
  limit: number,
): Promise<PassageHit[]> {
  const literal = `{${embedding.map((x) => (Number.isFinite(x) ? String(x) : '0')).join(',')}}`;
  const found = await rows(
    db,
    sql`select * from (
        select ${HIT_COLUMNS},
          (select sum(a * b) from unnest(p.embedding, ${literal}::real[]) as v(a, b)) as rank
        from smart_docs_passages p
          join drive_files f on f.id = p.file_id
          join drive_documents d on d.id = f.document_id
        where p.embedding is not null and cardinality(p.embedding) = ${embedding.length}
          and ${readableSql(viewer, projectId, scope)}
      ) near
      order by rank desc, id
      limit ${limit}`,
  );
  return found.map(toHit);
}
