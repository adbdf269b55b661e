import { doublePrecision, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
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
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    baseDocumentId: integer('base_document_id')
      .notNull()
      .references(() => driveDocuments.id, { onDelete: 'cascade' }),
    comparedDocumentId: integer('compared_document_id')
      .notNull()
      .references(() => driveDocuments.id, { onDelete: 'cascade' }),
    baseRevision: text('base_revision').notNull().default(''),
    comparedRevision: text('compared_revision').notNull().default(''),
    scale: doublePrecision('scale').notNull(),
    rotation: doublePrecision('rotation').notNull(),
    translateX: doublePrecision('translate_x').notNull(),
    translateY: doublePrecision('translate_y').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({
      name: 'viewer_alignments_pair_pk',
      columns: [t.userId, t.baseDocumentId, t.comparedDocumentId, t.baseRevision, t.comparedRevision],
    }),
  ],
);
