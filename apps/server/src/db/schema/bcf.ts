import { integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { issueComments } from './issue-comments.ts';
import { issues } from './issues.ts';
import { projects } from './projects.ts';

const tstz = (name: string) => timestamp(name, { withTimezone: true });

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
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    guid: uuid('guid').notNull(),
    /** The topic number another server gave it (BCF 3.0 ServerAssignedId / BCF-API server_assigned_id). */
    serverAssignedId: text('server_assigned_id'),
    /** The topic fields as last imported (BcfTopic without comments and viewpoints). */
    topic: jsonb('topic').notNull(),
    importedAt: tstz('imported_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
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
    issueId: integer('issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    guid: uuid('guid').notNull(),
    /** author, date, modifiedAuthor, modifiedDate and viewpointGuid as the package gave them. */
    comment: jsonb('comment').notNull(),
  },
  (t) => [uniqueIndex('bcf_comments_issue_guid_key').on(t.issueId, t.guid)],
);
