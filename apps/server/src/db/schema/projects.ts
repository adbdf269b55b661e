import { sql } from 'drizzle-orm';
import {
  type PgColumnBuilderBase,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tstz, createdAt, updatedAt, identityId, cascadeRef, setNullRef } from './columns.ts';
import { standardDisciplines } from './foundation.ts';
import { companies, userRef, users } from './identity.ts';

/** Per-company limits kept beside the company (maximum active projects; -1 means unlimited). */
export const companySettings = pgTable('company_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  maxActiveProjects: integer('max_active_projects').notNull().default(-1),
  /** The drive without its trial limit (a platform admin's choice); else a 30-day trial from the first upload. */
  driveEnabled: boolean('drive_enabled').notNull().default(false),
  driveTrialStartedAt: tstz('drive_trial_started_at'),
  updatedAt: updatedAt(),
});

/** Projects, owned by a company; status 0 inactive, 1 active (spec core §4). */
export const projects = pgTable(
  'projects',
  {
    id: identityId(),
    guid: uuid('guid').notNull().defaultRandom(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    image: text('image'),
    status: integer('status').notNull().default(1),
    modules: jsonb('modules')
      .notNull()
      .default(sql`'["issues","dashboards","bim","setup","drive","files"]'::jsonb`),
    allowPublicView: boolean('allow_public_view').notNull().default(false),
    documentsNamingRule: jsonb('documents_naming_rule')
      .notNull()
      .default(sql`'[]'::jsonb`),
    documentsNamingRuleSeparator: text('documents_naming_rule_separator').notNull().default('-'),
    /** Next issue number; codes are sequential per project and never reused. */
    nextIssueNumber: integer('next_issue_number').notNull().default(1),
    createdByUserId: userRef('created_by_user_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('projects_guid_key').on(t.guid),
    index('projects_company_idx').on(t.companyId, t.status),
  ],
);

/** A tree of locations, or of labels, of a project (same shape, spec core §3). */
function treeTable(name: string) {
  return pgTable(
    name,
    {
      id: identityId(),
      projectId: cascadeRef('project_id', () => projects.id),
      parentId: integer('parent_id'),
      name: text('name').notNull(),
      abbreviation: text('abbreviation').notNull(),
      position: integer('position').notNull().default(0),
      createdAt: createdAt(),
    },
    (t) => [index(`${name}_project_idx`).on(t.projectId, t.parentId, t.position)],
  );
}

/** Locations of a project, as a tree. */
export const projectLocals = treeTable('project_locals');
/** Labels of a project, as a tree. */
export const projectLabels = treeTable('project_labels');

/**
 * Which entries of a catalogue a project uses (classifications, phases, discipline statuses): one row per entry
 * (`entry` names its key column), switched off with `active` rather than deleted.
 */
function projectChoiceTable<N extends string, E extends Record<string, PgColumnBuilderBase>>(
  name: N,
  entry: E,
) {
  return pgTable(
    name,
    {
      projectId: cascadeRef('project_id', () => projects.id),
      ...entry,
      active: boolean('active').notNull().default(true),
    },
    (t) => [
      primaryKey({ columns: [t.projectId, ...Object.keys(entry).map((key) => t[key as keyof typeof t])] }),
    ],
  );
}

/** Which system classifications a project uses. */
export const projectCategories = projectChoiceTable('project_categories', {
  categoryId: integer('category_id').notNull(),
});

/** Which phases a project uses. */
export const projectPhases = projectChoiceTable('project_phases', { phaseId: integer('phase_id').notNull() });

/** Which discipline statuses a project uses. */
export const projectDisciplineStatuses = projectChoiceTable('project_discipline_statuses', {
  name: text('name').notNull(),
});

/** Disciplines of a project: standard ones (with their catalogue id) or custom. */
export const projectDisciplines = pgTable(
  'project_disciplines',
  {
    id: identityId(),
    projectId: cascadeRef('project_id', () => projects.id),
    guid: uuid('guid').notNull().defaultRandom(),
    standardDisciplineId: integer('standard_discipline_id').references(() => standardDisciplines.id),
    name: text('name').notNull(),
    abbreviation: text('abbreviation').notNull(),
    removedAt: tstz('removed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('project_disciplines_project_idx').on(t.projectId),
    uniqueIndex('project_disciplines_abbreviation_key')
      .on(t.projectId, sql`lower(${t.abbreviation})`)
      .where(sql`${t.removedAt} is null`),
  ],
);

/**
 * The terms on which a company takes part in a project: its project role and all or some disciplines. An invitation
 * carries the terms the participation will have once accepted.
 */
const participationColumns = () => ({
  projectId: cascadeRef('project_id', () => projects.id),
  companyId: cascadeRef('company_id', () => companies.id),
  roleId: integer('role_id').notNull(),
  allDisciplines: boolean('all_disciplines').notNull().default(false),
  disciplineIds: jsonb('discipline_ids')
    .notNull()
    .default(sql`'[]'::jsonb`),
});

/** Companies taking part in a project, with a project role and all or some disciplines. */
export const projectCompanies = pgTable(
  'project_companies',
  {
    id: identityId(),
    ...participationColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('project_companies_key').on(t.projectId, t.companyId),
    index('project_companies_company_idx').on(t.companyId),
  ],
);

/** Invitations for a company to take part in a project; accepted by the company's administrator. */
export const projectCompanyInvites = pgTable(
  'project_company_invites',
  {
    id: identityId(),
    ...participationColumns(),
    invitedByUserId: userRef('invited_by_user_id'),
    status: text('status').notNull().default('pending'),
    respondedAt: tstz('responded_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('project_company_invites_pending_key')
      .on(t.projectId, t.companyId)
      .where(sql`${t.status} = 'pending'`),
    index('project_company_invites_company_idx').on(t.companyId, t.status),
  ],
);

/** Groups of users inside a project (issue and comment visibility 'group'). */
export const projectGroups = pgTable(
  'project_groups',
  {
    id: identityId(),
    projectId: cascadeRef('project_id', () => projects.id),
    name: text('name').notNull(),
    createdByUserId: userRef('created_by_user_id'),
    createdAt: createdAt(),
  },
  (t) => [index('project_groups_project_idx').on(t.projectId)],
);

/** Members of project groups. */
export const projectGroupUsers = pgTable(
  'project_group_users',
  {
    groupId: cascadeRef('group_id', () => projectGroups.id),
    userId: cascadeRef('user_id', () => users.id),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('project_group_users_user_idx').on(t.userId)],
);

/** A user's personal tags in a project. */
export const projectUserTags = pgTable(
  'project_user_tags',
  {
    id: identityId(),
    projectId: cascadeRef('project_id', () => projects.id),
    userId: cascadeRef('user_id', () => users.id),
    name: text('name').notNull(),
  },
  (t) => [index('project_user_tags_idx').on(t.projectId, t.userId)],
);

/** A user's own marks on a project (starred on the workspace home). */
export const projectUserSettings = pgTable(
  'project_user_settings',
  {
    projectId: cascadeRef('project_id', () => projects.id),
    userId: cascadeRef('user_id', () => users.id),
    starred: boolean('starred').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] })],
);

/** Project duplication requests, run by a job; the copy is created inactive (spec core §4). */
export const projectCopies = pgTable('project_copies', {
  id: identityId(),
  sourceProjectId: cascadeRef('source_project_id', () => projects.id),
  targetProjectId: setNullRef('target_project_id', () => projects.id),
  targetProjectName: text('target_project_name').notNull(),
  requestedByUserId: userRef('requested_by_user_id'),
  settings: jsonb('settings')
    .notNull()
    .default(sql`'{}'::jsonb`),
  status: text('status').notNull().default('pending'),
  error: text('error'),
  createdAt: createdAt(),
  finishedAt: tstz('finished_at'),
});
