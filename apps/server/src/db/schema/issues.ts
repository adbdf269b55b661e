import { sql } from 'drizzle-orm';
import {
  type PgColumnBuilderBase,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tstz, createdAt, identityId, cascadeRef } from './columns.ts';
import { userRef, users } from './identity.ts';
import { projectDisciplines, projectGroups, projectLabels, projectLocals, projects } from './projects.ts';

/**
 * Who wrote an issue or a comment, and who last edited it or changed its visibility, and when (spec core §3).
 * The author is required and keeps its account from being deleted; the others are forgotten with theirs.
 */
export const authorshipColumns = () => ({
  createdAt: createdAt(),
  createdByUserId: integer('created_by_user_id')
    .notNull()
    .references(() => users.id),
  editedAt: tstz('edited_at'),
  editedByUserId: userRef('edited_by_user_id'),
  visibilityUpdatedAt: tstz('visibility_updated_at'),
  visibilityUpdatedByUserId: userRef('visibility_updated_by_user_id'),
});

/** Issues of a project (spec core §3 Issue); code is `number` formatted, sequential per project, never reused. */
export const issues = pgTable(
  'issues',
  {
    id: identityId(),
    projectId: cascadeRef('project_id', () => projects.id),
    number: integer('number').notNull(),
    code: text('code').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    status: text('status').notNull(),
    priority: text('priority').notNull(),
    visibility: text('visibility').notNull(),
    categoryId: integer('category_id'),
    creationPhase: integer('creation_phase'),
    resolutionPhase: integer('resolution_phase'),
    deadline: date('deadline', { mode: 'string' }),
    groupId: integer('group_id').references(() => projectGroups.id),
    pin: jsonb('pin'),
    viewpoints: jsonb('viewpoints'),
    bimPins: jsonb('bim_pins'),
    ...authorshipColumns(),
    statusUpdatedAt: tstz('status_updated_at'),
    statusUpdatedByUserId: userRef('status_updated_by_user_id'),
    toProjectManagementAt: tstz('to_project_management_at'),
    toProjectManagementByUserId: userRef('to_project_management_by_user_id'),
    toPublicAt: tstz('to_public_at'),
    toPublicByUserId: userRef('to_public_by_user_id'),
    /** Normalised (lower, unaccented) code, title and description, kept by the service for search. */
    searchText: text('search_text').notNull().default(''),
    /** Project users mentioned in the issue (mentionedUsers of createIssue / updateIssue). */
    mentionedUserIds: jsonb('mentioned_user_ids')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** References to drive or external documents, stored as given (spec core §3 documentsReferences). */
    documentsReferences: jsonb('documents_references')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** References to code-compliance documents, stored as given (spec core §3 ccodeDocumentsReferences). */
    ccodeDocumentsReferences: jsonb('ccode_documents_references')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** What the AI assistant did for the issue (JSON, stored as given). */
    aiAssistantLogs: jsonb('ai_assistant_logs'),
  },
  (t) => [
    uniqueIndex('issues_project_number_key').on(t.projectId, t.number),
    index('issues_project_status_idx').on(t.projectId, t.status),
    index('issues_project_visibility_idx').on(t.projectId, t.visibility, t.createdByUserId),
    index('issues_group_idx').on(t.groupId),
    index('issues_project_default_sort_idx').on(
      t.projectId,
      t.visibilityUpdatedAt.desc(),
      t.createdAt.desc(),
    ),
    index('issues_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** The disciplines of an issue with their per-discipline status, deadline and completion. */
export const issueDisciplines = pgTable(
  'issue_disciplines',
  {
    issueId: cascadeRef('issue_id', () => issues.id),
    disciplineId: integer('discipline_id')
      .notNull()
      .references(() => projectDisciplines.id),
    status: text('status').notNull(),
    deadline: date('deadline', { mode: 'string' }),
    doneAt: tstz('done_at'),
  },
  (t) => [
    primaryKey({ columns: [t.issueId, t.disciplineId] }),
    index('issue_disciplines_status_idx').on(t.disciplineId, t.status),
  ],
);

/**
 * The entries of one of its project's trees (locations, labels) an issue is filed under; `entry` is the reference
 * to the tree, indexed for the issues of an entry (`<table>_<entry>_idx`).
 */
function issueTreeLinkTable<N extends string, E extends Record<string, PgColumnBuilderBase>>(
  name: N,
  entry: E,
) {
  return pgTable(name, { issueId: cascadeRef('issue_id', () => issues.id), ...entry }, (t) => {
    const entryColumn = t[Object.keys(entry)[0] as keyof typeof t];
    return [
      primaryKey({ columns: [t.issueId, entryColumn] }),
      index(`${name}_${entryColumn.name.replace(/_id$/, '')}_idx`).on(entryColumn),
    ];
  });
}

/** Locations of an issue. */
export const issueLocals = issueTreeLinkTable('issue_locals', {
  localId: cascadeRef('local_id', () => projectLocals.id),
});

/** Labels of an issue. */
export const issueLabels = issueTreeLinkTable('issue_labels', {
  labelId: cascadeRef('label_id', () => projectLabels.id),
});

/** Append-only history of an issue: the changed fields with old and new values. */
export const issueHistory = pgTable(
  'issue_history',
  {
    id: identityId(),
    issueId: cascadeRef('issue_id', () => issues.id),
    entityType: text('entity_type').notNull(),
    fields: jsonb('fields').notNull(),
    issueVisibility: text('issue_visibility').notNull(),
    commentVisibility: text('comment_visibility'),
    /** The comment of an entry with entityType 'comment' (no foreign key: comments are only soft-deleted). */
    commentId: integer('comment_id'),
    userId: userRef('user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('issue_history_issue_idx').on(t.issueId, t.createdAt),
    index('issue_history_comment_idx').on(t.commentId),
  ],
);

/** A user's own marks on an issue: starred and personal tags. */
export const issueUserStates = pgTable(
  'issue_user_states',
  {
    issueId: cascadeRef('issue_id', () => issues.id),
    userId: cascadeRef('user_id', () => users.id),
    starred: boolean('starred').notNull().default(false),
    tagIds: jsonb('tag_ids')
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (t) => [
    primaryKey({ columns: [t.issueId, t.userId] }),
    index('issue_user_states_user_idx').on(t.userId, t.starred),
  ],
);
