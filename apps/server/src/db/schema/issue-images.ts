import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tstz, createdAt, identityId, cascadeRef } from './columns.ts';
import { userRef } from './identity.ts';
import { issues } from './issues.ts';
import { issueComments } from './issue-comments.ts';
import { projects } from './projects.ts';

/**
 * Files uploaded for issue and comment images (DESIGN §3 Files). A row is written when the signed upload URL is
 * handed out (status `pending`, until expiresAt); it becomes `confirmed` once the server has checked the stored
 * bytes (size, type by content) and written the thumbnail. Pending rows past expiresAt, and confirmed files no
 * image uses, are removed with their objects by the files.cleanup job.
 */
export const issueFiles = pgTable(
  'issue_files',
  {
    id: identityId(),
    /** The id clients use (createProjectIssueFileUploadSignedUrl → images.original / markedUp). */
    guid: uuid('guid').notNull().defaultRandom(),
    projectId: cascadeRef('project_id', () => projects.id),
    createdByUserId: userRef('created_by_user_id'),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull(),
    status: text('status').notNull().default('pending'),
    /** Detected from the content at confirmation. */
    contentType: text('content_type'),
    size: integer('size'),
    width: integer('width'),
    height: integer('height'),
    thumbKey: text('thumb_key'),
    thumbWidth: integer('thumb_width'),
    thumbHeight: integer('thumb_height'),
    createdAt: createdAt(),
    confirmedAt: tstz('confirmed_at'),
    /** Until when a pending upload may still arrive and be confirmed. */
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [
    uniqueIndex('issue_files_guid_key').on(t.guid),
    uniqueIndex('issue_files_storage_key_key').on(t.storageKey),
    index('issue_files_cleanup_idx').on(t.status, t.expiresAt),
  ],
);

/**
 * Images of an issue (commentId null) or of one of its comments (spec core §3: id, index, title, original,
 * markedUp, markedUpThumb, markUp, viewpoint). They follow the visibility of what they belong to.
 */
export const issueImages = pgTable(
  'issue_images',
  {
    id: identityId(),
    projectId: cascadeRef('project_id', () => projects.id),
    issueId: cascadeRef('issue_id', () => issues.id),
    commentId: integer('comment_id').references(() => issueComments.id, { onDelete: 'cascade' }),
    index: integer('index').notNull(),
    title: text('title').notNull().default(''),
    /** The title normalised like the issue search text (issue images are searchable, spec core §5). */
    searchTitle: text('search_title').notNull().default(''),
    // No action (checked at the end of the statement, so a project's cascade still goes through): a file in use
    // is never removed by the cleanup.
    originalFileId: integer('original_file_id')
      .notNull()
      .references(() => issueFiles.id),
    markedUpFileId: integer('marked_up_file_id').references(() => issueFiles.id),
    markUp: jsonb('mark_up'),
    viewpoint: jsonb('viewpoint'),
    createdAt: createdAt(),
    createdByUserId: userRef('created_by_user_id'),
  },
  (t) => [
    index('issue_images_issue_idx').on(t.issueId, t.commentId, t.index),
    index('issue_images_comment_idx')
      .on(t.commentId, t.index)
      .where(sql`${t.commentId} is not null`),
    index('issue_images_project_idx').on(t.projectId),
    // A file belongs to one image at most (its visibility is that image's).
    uniqueIndex('issue_images_original_key').on(t.originalFileId),
    uniqueIndex('issue_images_marked_up_key')
      .on(t.markedUpFileId)
      .where(sql`${t.markedUpFileId} is not null`),
  ],
);
