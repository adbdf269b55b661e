import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tstz, createdAt, updatedAt, identityId, cascadeRef, setNullRef } from './columns.ts';
import { driveDocuments, driveFiles } from './drive.ts';
import { userRef } from './identity.ts';
import { projects } from './projects.ts';

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
    projectId: cascadeRef('project_id', () => projects.id),
    state: text('state').notNull().default('queued'),
    error: text('error'),
    /** The IFC schema the file declares (IFC2X3, IFC4, IFC4X3). */
    schema: text('schema'),
    fragmentsKey: text('fragments_key'),
    fragmentsSize: bigint('fragments_size', { mode: 'number' }),
    propertiesKey: text('properties_key'),
    elementCount: integer('element_count'),
    /**
     * Where the model lies (BimBounds of bim-convert.ts: its elements' box in IFC world coordinates and the
     * conversion's translation; migration 0021), which the viewer loads a federated model's models by, nearest
     * the camera first. Null until recorded (revisions converted before: read by the bim.convert job, queued when a job-running process starts);
     * `{}` for a model without geometry or whose bounds could not be read.
     */
    bounds: jsonb('bounds'),
    attempts: integer('attempts').notNull().default(0),
    queuedAt: tstz('queued_at').notNull().defaultNow(),
    startedAt: tstz('started_at'),
    finishedAt: tstz('finished_at'),
  },
  (t) => [index('bim_conversions_project_idx').on(t.projectId, t.state)],
);

/**
 * Federated models (editor §2.2 "federated models (name, an option to always load the latest revisions)"): a
 * named set of model documents of a project, shared in the project. Names are unique in the project, ignoring
 * case (FEDERATED_MODEL_ALREADY_EXISTS).
 */
export const bimFederatedModels = pgTable(
  'bim_federated_models',
  {
    id: identityId(),
    projectId: cascadeRef('project_id', () => projects.id),
    name: text('name').notNull(),
    createdByUserId: userRef('created_by_user_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('bim_federated_models_name_key').on(t.projectId, sql`lower(${t.name})`)],
);

/**
 * The models of a federated model: one IFC document each, pinned to a revision (`fileId`) or, with `fileId`
 * null, "always load the latest" revision the viewer sees. A pinned revision the viewer may not see (or that was
 * deleted: set null keeps the document) falls back to the latest viewable one with the spec's warning.
 */
export const bimFederatedModelItems = pgTable(
  'bim_federated_model_items',
  {
    federatedModelId: cascadeRef('federated_model_id', () => bimFederatedModels.id),
    documentId: cascadeRef('document_id', () => driveDocuments.id),
    fileId: setNullRef('file_id', () => driveFiles.id),
    /** Whether the item was pinned to a revision (a pinned revision deleted later keeps it pinned, to nothing). */
    pinned: boolean('pinned').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.federatedModelId, t.documentId] })],
);

/**
 * Saved views of the model viewer (editor §2.2 "Model viewer: views"), shared in the project: a name and a BCF
 * viewpoint (camera, visibility, selection, clipping planes; packages/domain bcf-model.ts), on one model document
 * (every revision of it) or on one federated model. Whoever sees the model reads them; their author or a project
 * manager deletes them (docs/bim.md "Saved views").
 */
export const bimViews = pgTable(
  'bim_views',
  {
    id: identityId(),
    projectId: cascadeRef('project_id', () => projects.id),
    documentId: integer('document_id').references(() => driveDocuments.id, { onDelete: 'cascade' }),
    federatedModelId: integer('federated_model_id').references(() => bimFederatedModels.id, {
      onDelete: 'cascade',
    }),
    name: text('name').notNull(),
    viewpoint: jsonb('viewpoint').notNull(),
    createdByUserId: userRef('created_by_user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('bim_views_document_idx').on(t.documentId),
    index('bim_views_federated_idx').on(t.federatedModelId),
    check('bim_views_one_target', sql`(${t.documentId} is null) <> (${t.federatedModelId} is null)`),
  ],
);
