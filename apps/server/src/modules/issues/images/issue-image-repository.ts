import { and, asc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/database.ts';
import { issueFiles, issueImages, issues } from '../../../db/schema/index.ts';
import { type ProjectAccess, audienceOf } from '../../projects/project-access.ts';
import { visibleIssuesWhere } from '../issue-repository.ts';

/** A stored file as an image shows it. */
export interface ImageFile {
  readonly key: string;
  readonly contentType: string;
  readonly thumbKey: string | null;
}

/** An image with its files, before the API mapping. */
export interface ImageView {
  readonly id: number;
  readonly issueId: number;
  readonly commentId: number | null;
  readonly index: number;
  readonly title: string;
  readonly markUp: unknown;
  readonly viewpoint: unknown;
  readonly original: ImageFile;
  readonly markedUp: ImageFile | null;
}

const markedUpFiles = alias(issueFiles, 'marked_up_files');

function fileOf(
  f: { key: string | null; contentType: string | null; thumbKey: string | null } | null,
): ImageFile | null {
  return f === null || f.key === null
    ? null
    : { key: f.key, contentType: f.contentType ?? 'application/octet-stream', thumbKey: f.thumbKey };
}

/** Images matching `where` (already restricted to what the caller sees), by owner and index, in one query. */
async function loadImages(db: Db, where: SQL | undefined, join?: 'issues'): Promise<ImageView[]> {
  const base = db
    .select({
      image: issueImages,
      original: {
        key: issueFiles.storageKey,
        contentType: issueFiles.contentType,
        thumbKey: issueFiles.thumbKey,
      },
      markedUp: {
        key: markedUpFiles.storageKey,
        contentType: markedUpFiles.contentType,
        thumbKey: markedUpFiles.thumbKey,
      },
    })
    .from(issueImages)
    .innerJoin(issueFiles, eq(issueFiles.id, issueImages.originalFileId))
    .leftJoin(markedUpFiles, eq(markedUpFiles.id, issueImages.markedUpFileId));
  const rows = await (join === 'issues' ? base.innerJoin(issues, eq(issues.id, issueImages.issueId)) : base)
    .where(where)
    .orderBy(
      asc(issueImages.issueId),
      asc(issueImages.commentId),
      asc(issueImages.index),
      asc(issueImages.id),
    );
  return rows.flatMap((r) => {
    const original = fileOf(r.original);
    if (!original) return [];
    const i = r.image;
    return [
      {
        id: i.id,
        issueId: i.issueId,
        commentId: i.commentId,
        index: i.index,
        title: i.title,
        markUp: i.markUp,
        viewpoint: i.viewpoint,
        original,
        markedUp: fileOf(r.markedUp),
      },
    ];
  });
}

/** The own images (not the comments') of issues the caller already sees. */
export function loadIssueImages(db: Db, issueIds: readonly number[]): Promise<ImageView[]> {
  if (issueIds.length === 0) return Promise.resolve([]);
  return loadImages(db, and(inArray(issueImages.issueId, [...issueIds]), isNull(issueImages.commentId)));
}

/** The titles of the own images of some issues (by index), for the list's search: nothing else of the images. */
export async function loadIssueImageTitles(
  db: Db,
  issueIds: readonly number[],
): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>(issueIds.map((id) => [id, []]));
  if (issueIds.length === 0) return map;
  const rows = await db
    .select({ issueId: issueImages.issueId, title: issueImages.title })
    .from(issueImages)
    .where(and(inArray(issueImages.issueId, [...issueIds]), isNull(issueImages.commentId)))
    .orderBy(issueImages.index, issueImages.id);
  for (const row of rows) if (row.title) map.get(row.issueId)?.push(row.title);
  return map;
}

/** The images of comments the caller already sees. */
export function loadCommentImages(db: Db, commentIds: readonly number[]): Promise<ImageView[]> {
  if (commentIds.length === 0) return Promise.resolve([]);
  return loadImages(db, inArray(issueImages.commentId, [...commentIds]));
}

/** issuesImages: every own image of the issues of the project the caller sees (visibility in SQL). */
export function loadProjectIssueImages(db: Db, access: ProjectAccess): Promise<ImageView[]> {
  return loadImages(
    db,
    and(
      eq(issueImages.projectId, access.project.id),
      isNull(issueImages.commentId),
      visibleIssuesWhere(audienceOf(access)),
    ),
    'issues',
  );
}

function groupImages(
  views: readonly ImageView[],
  key: (v: ImageView) => number | null,
  ids: readonly number[],
): Map<number, ImageView[]> {
  const map = new Map<number, ImageView[]>(ids.map((id) => [id, []]));
  for (const view of views) {
    const id = key(view);
    if (id !== null) map.get(id)?.push(view);
  }
  return map;
}

/** The own images of issues the caller already sees, by issue (every id present), in one query. */
export async function issueImagesByIssue(
  db: Db,
  issueIds: readonly number[],
): Promise<Map<number, ImageView[]>> {
  return groupImages(await loadIssueImages(db, issueIds), (v) => v.issueId, issueIds);
}

/** The images of comments the caller already sees, by comment (every id present), in one query. */
export async function commentImagesByComment(
  db: Db,
  commentIds: readonly number[],
): Promise<Map<number, ImageView[]>> {
  return groupImages(await loadCommentImages(db, commentIds), (v) => v.commentId, commentIds);
}

/** An image's row. */
export type IssueImageRow = typeof issueImages.$inferSelect;

/** What an image's row is written with (all but its id). */
export type IssueImageValues = Omit<typeof issueImages.$inferInsert, 'id'>;

/** Whether an image already uses any of these files (as its original or its marked-up rendering). */
export async function filesUsedByImages(db: Db, fileIds: readonly number[]): Promise<boolean> {
  const used = await db
    .select({ id: issueImages.id })
    .from(issueImages)
    .where(
      or(
        inArray(issueImages.originalFileId, [...fileIds]),
        inArray(issueImages.markedUpFileId, [...fileIds]),
      ),
    )
    .limit(1);
  return used.length > 0;
}

/** The images of an issue (commentId null) or of one of its comments, by index. */
export async function ownedImageRows(
  db: Db,
  owner: { issueId: number; commentId: number | null },
): Promise<IssueImageRow[]> {
  return db
    .select()
    .from(issueImages)
    .where(
      and(
        eq(issueImages.issueId, owner.issueId),
        owner.commentId === null ? isNull(issueImages.commentId) : eq(issueImages.commentId, owner.commentId),
      ),
    )
    .orderBy(issueImages.index, issueImages.id);
}

/** Deletes these images (their files stay, for the cleanup job). */
export async function deleteImageRows(db: Db, ids: readonly number[]): Promise<void> {
  await db.delete(issueImages).where(inArray(issueImages.id, [...ids]));
}

/** Writes an image's changed fields. */
export async function updateImageRow(db: Db, id: number, values: Partial<IssueImageValues>): Promise<void> {
  await db.update(issueImages).set(values).where(eq(issueImages.id, id));
}

/** Writes a new image; answers its row. */
export async function insertImageRow(db: Db, values: IssueImageValues): Promise<IssueImageRow> {
  const [row] = await db.insert(issueImages).values(values).returning();
  if (!row) throw new Error('image not stored');
  return row;
}
