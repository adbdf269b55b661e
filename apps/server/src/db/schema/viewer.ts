import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, identityId, cascadeRef, setNullRef } from './columns.ts';
import { issues } from './issues.ts';
import { users } from './identity.ts';
import { projects } from './projects.ts';
import { driveDocuments } from './drive.ts';

/**
 * Saved alignments of the document viewer (issue 15, spec editor §2.1 alignBackgroundImage): how one user laid a
 * compared document over a base document (similarity transform from the compared sheet's page units to the base
 * sheet's), kept for later views of the same pair. Personal: another user aligns for themselves.
 * Two documents are aligned whatever their revisions (revisions '' here); two revisions of one document are a pair
 * of their own, named by their revisions (migration 0018).
 */
export const viewerAlignments = pgTable(
  'viewer_alignments',
  {
    userId: cascadeRef('user_id', () => users.id),
    projectId: cascadeRef('project_id', () => projects.id),
    baseDocumentId: cascadeRef('base_document_id', () => driveDocuments.id),
    comparedDocumentId: cascadeRef('compared_document_id', () => driveDocuments.id),
    baseRevision: text('base_revision').notNull().default(''),
    comparedRevision: text('compared_revision').notNull().default(''),
    scale: doublePrecision('scale').notNull(),
    rotation: doublePrecision('rotation').notNull(),
    translateX: doublePrecision('translate_x').notNull(),
    translateY: doublePrecision('translate_y').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({
      name: 'viewer_alignments_pair_pk',
      columns: [t.userId, t.baseDocumentId, t.comparedDocumentId, t.baseRevision, t.comparedRevision],
    }),
  ],
);

/**
 * Markups drawn on a document's sheet in the viewer (issue 15, "markups on documents"): the markup editor's
 * document (editor §3.2) for one page of one revision, in the pixels of the page image it was drawn on (`scale`
 * pixels per page unit, so it is laid back on the sheet at any zoom). Private to its author (issueId null), or
 * shared with an issue: then whoever sees that issue sees it (the issue visibility rules, checked in SQL).
 * Newer revisions show it with the "revision changed" marker, as pins (migration 0020).
 */
export const viewerMarkups = pgTable(
  'viewer_markups',
  {
    id: identityId(),
    projectId: cascadeRef('project_id', () => projects.id),
    documentId: cascadeRef('document_id', () => driveDocuments.id),
    revision: text('revision').notNull(),
    page: integer('page').notNull(),
    userId: cascadeRef('user_id', () => users.id),
    // An issue deleted leaves its shared markups to their authors, private again.
    issueId: setNullRef('issue_id', () => issues.id),
    scale: doublePrecision('scale').notNull(),
    markUp: jsonb('mark_up').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('viewer_markups_document_idx').on(t.documentId, t.page),
    index('viewer_markups_issue_idx')
      .on(t.issueId)
      .where(sql`${t.issueId} is not null`),
    index('viewer_markups_user_idx').on(t.userId),
  ],
);
