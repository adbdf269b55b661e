import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tstz, createdAt, updatedAt, uuidId, cascadeRef } from './columns.ts';
import { issueComments } from './issue-comments.ts';
import { issues } from './issues.ts';
import { projects } from './projects.ts';
import { users } from './identity.ts';

/**
 * The BCF identity of an issue (issue 16): its topic GUID (unique in the project; re-importing the same topic
 * updates the issue) and what BCF carries that Obra's issue has no field for (TopicType and TopicStatus as
 * given, labels that matched no project label, Stage, ReferenceLinks, BimSnippet, header files, related topics,
 * document references, creation and modification authors and dates), written back on export.
 */
export const bcfTopics = pgTable(
  'bcf_topics',
  {
    issueId: integer('issue_id')
      .primaryKey()
      .references(() => issues.id, { onDelete: 'cascade' }),
    projectId: cascadeRef('project_id', () => projects.id),
    guid: uuid('guid').notNull(),
    /** The topic number another server gave it (BCF 3.0 ServerAssignedId / BCF-API server_assigned_id). */
    serverAssignedId: text('server_assigned_id'),
    /** The topic fields as last imported (BcfTopic without comments and viewpoints). */
    topic: jsonb('topic').notNull(),
    importedAt: tstz('imported_at').notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('bcf_topics_project_guid_key').on(t.projectId, t.guid)],
);

/** The BCF identity of a comment: its GUID in its topic, original author and dates, and its viewpoint. */
export const bcfComments = pgTable(
  'bcf_comments',
  {
    commentId: integer('comment_id')
      .primaryKey()
      .references(() => issueComments.id, { onDelete: 'cascade' }),
    issueId: cascadeRef('issue_id', () => issues.id),
    guid: uuid('guid').notNull(),
    /** author, date, modifiedAuthor, modifiedDate and viewpointGuid as the package gave them. */
    comment: jsonb('comment').notNull(),
  },
  (t) => [uniqueIndex('bcf_comments_issue_guid_key').on(t.issueId, t.guid)],
);

/**
 * A BCF-XML import or export run as a job (issue 30): who asked, in which project, the package in the file
 * store (an import's upload, an export's result), the progress (topics done of the total) and the result report.
 * An import's `done` moves in the same transaction as the topics it counts, so a job retried after a crash goes
 * on from the first topic not written.
 */
export const bcfJobs = pgTable(
  'bcf_jobs',
  {
    id: uuidId(),
    projectId: cascadeRef('project_id', () => projects.id),
    userId: cascadeRef('user_id', () => users.id),
    /** import | export */
    kind: text('kind').notNull(),
    /** queued | running | completed | failed */
    state: text('state').notNull().default('queued'),
    /** The import's package or the export's result in the file store. */
    storageKey: text('storage_key'),
    fileName: text('file_name').notNull(),
    size: bigint('size', { mode: 'number' }),
    /** The package's SHA-256 (imports): a package sent again while its job is unfinished joins that job. */
    sha256: text('sha256'),
    /** The import's mapping, or the export's { version, filter, ids }. */
    options: jsonb('options').notNull(),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    /** The import report (items so far while running), or the export's { topics }. */
    report: jsonb('report'),
    errorCode: text('error_code'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: tstz('finished_at'),
  },
  (t) => [index('bcf_jobs_project_user_idx').on(t.projectId, t.userId, t.createdAt)],
);
