import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { driveFiles } from './drive.ts';
import { projects } from './projects.ts';

const tstz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The conversion of one IFC drive revision into That Open Engine fragments (issue 17, docs/bim.md). The
 * bim.convert job moves `state` from queued to processing, then success (fragmentsKey, propertiesKey,
 * elementCount) or failed (`error`: notIfc, unreadable, tooLarge, noGeometry, conversionFailed). The
 * revision's `drive_files.processing_state` mirrors `state` for the drive's lists.
 */
export const bimConversions = pgTable(
  'bim_conversions',
  {
    fileId: integer('file_id')
      .primaryKey()
      .references(() => driveFiles.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('queued'),
    error: text('error'),
    /** The IFC schema the file declares (IFC2X3, IFC4, IFC4X3). */
    schema: text('schema'),
    fragmentsKey: text('fragments_key'),
    fragmentsSize: bigint('fragments_size', { mode: 'number' }),
    propertiesKey: text('properties_key'),
    elementCount: integer('element_count'),
    attempts: integer('attempts').notNull().default(0),
    queuedAt: tstz('queued_at').notNull().defaultNow(),
    startedAt: tstz('started_at'),
    finishedAt: tstz('finished_at'),
  },
  (t) => [index('bim_conversions_project_idx').on(t.projectId, t.state)],
);
