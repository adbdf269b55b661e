import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { driveFiles } from '../../db/schema/index.ts';
import {
  COLUMNS,
  pageOfFiles,
  rows,
  searchSql,
  toRecord,
  type DriveFileRecord,
} from '../drive/drive-repository.ts';

/**
 * The project's working files (`drive_documents.area = 'files'`, docs/api-drive.md "Project files"): the same
 * tables as the drive, without visibility (every participant sees every confirmed version). A "file" is a
 * document of that area (its name is the whole file name, case ignored); its versions are the rows of drive_files.
 */

/**
 * The project files' visibility rule (packages/domain/src/drive/project-files-policy.ts) as SQL over a version `f`
 * and its document `d`: a confirmed version of the `files` area. Every participant of the project sees every one
 * (the caller has checked the participation: loadDriveAccess); an unfinished upload is its sender's alone and is
 * never prepared nor indexed. Smart Docs reads project files through it.
 */
export function projectFilesReadableSql(f: string, d: string): SQL {
  return sql`(${sql.raw(d)}.area = 'files' and ${sql.raw(f)}.upload_state = 'confirmed')`;
}

/** Sort keys of the list. */
export const PROJECT_FILES_SORT_KEYS = ['fileName', 'uploadedAt', 'updatedAt'] as const;
export type ProjectFilesSortKey = (typeof PROJECT_FILES_SORT_KEYS)[number];

/** One page of the project's files: the newest confirmed version of each, searched, filtered and sorted. */
export async function listProjectFiles(
  db: Db,
  projectId: number,
  options: {
    search?: string | undefined;
    extension?: string[] | undefined;
    sort: ProjectFilesSortKey;
    order: 'asc' | 'desc';
    page: number;
    pageSize: number;
  },
): Promise<{ files: DriveFileRecord[]; total: number }> {
  const parts = [
    sql`f.project_id = ${projectId}`,
    sql`d.area = 'files'`,
    sql`f.upload_state = 'confirmed'`,
    sql`not exists (select 1 from drive_files n where n.document_id = f.document_id
      and n.upload_state = 'confirmed' and n.id > f.id)`,
  ];
  const search = options.search?.trim();
  if (search) parts.push(searchSql(search));
  if (options.extension?.length)
    parts.push(
      sql`f.extension in (select jsonb_array_elements_text(${JSON.stringify(options.extension.map((e) => e.toLowerCase()))}::jsonb))`,
    );
  return pageOfFiles(db, { ...options, where: parts });
}

/** Every confirmed version of a working file, newest first. */
export async function projectFileVersions(db: Db, documentId: number): Promise<DriveFileRecord[]> {
  const found = await rows(
    db,
    sql`select ${COLUMNS} from drive_files f join drive_documents d on d.id = f.document_id
      left join users u on u.id = f.created_by_user_id
      where f.document_id = ${documentId} and d.area = 'files' and f.upload_state = 'confirmed'
      order by f.id desc`,
  );
  return found.map(toRecord);
}

/** The highest numbered revision of a project file's versions (0 when it has none). */
export async function topVersionNumber(db: Db, documentId: number): Promise<number> {
  const [top] = await db
    .select({ top: sql<number>`coalesce(max(${driveFiles.revisionName}::int), 0)` })
    .from(driveFiles)
    .where(eq(driveFiles.documentId, documentId));
  return Number(top?.top ?? 0);
}

/** Stores a new version row; its id. */
export async function insertProjectFileVersion(
  db: Db,
  values: typeof driveFiles.$inferInsert,
): Promise<number | undefined> {
  const [created] = await db.insert(driveFiles).values(values).returning({ id: driveFiles.id });
  return created?.id;
}

/** Removes one version row. */
export async function deleteProjectFileVersionRow(db: Db, fileId: number): Promise<void> {
  await db.delete(driveFiles).where(eq(driveFiles.id, fileId));
}

/** Every version of a file, locked for the rest of the transaction. */
export function lockProjectFileVersions(db: Db, documentId: number) {
  return db
    .select({
      id: driveFiles.id,
      storageKey: driveFiles.storageKey,
      createdByUserId: driveFiles.createdByUserId,
      uploadState: driveFiles.uploadState,
    })
    .from(driveFiles)
    .where(eq(driveFiles.documentId, documentId))
    .for('update');
}

/** Removes every version row of a file. */
export async function deleteProjectFileVersions(db: Db, documentId: number): Promise<void> {
  await db.delete(driveFiles).where(eq(driveFiles.documentId, documentId));
}
