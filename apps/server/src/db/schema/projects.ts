import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { standardDisciplines } from './foundation.ts';
import { companies, users } from './identity.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const tstz = (name: string) => timestamp(name, { withTimezone: true });

/** Per-company limits kept beside the company (maximum active projects; -1 means unlimited). */
export const companySettings = pgTable('company_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  maxActiveProjects: integer('max_active_projects').notNull().default(-1),
  /** The drive without its trial limit (a platform admin's choice); else a 30-day trial from the first upload. */
  driveEnabled: boolean('drive_enabled').notNull().default(false),
  driveTrialStartedAt: tstz('drive_trial_started_at'),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/** Projects, owned by a company; status 0 inactive, 1 active (spec core §4). */
export const projects = pgTable(
  'projects',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
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
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
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
      id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
      projectId: integer('project_id')
        .notNull()
        .references(() => projects.id, { onDelete: 'cascade' }),
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

/** Which system classifications a project uses. */
export const projectCategories = pgTable(
  'project_categories',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.categoryId] })],
);

/** Which phases a project uses. */
export const projectPhases = pgTable(
  'project_phases',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    phaseId: integer('phase_id').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.phaseId] })],
);

/** Which discipline statuses a project uses. */
export const projectDisciplineStatuses = pgTable(
  'project_discipline_statuses',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.name] })],
);

/** Disciplines of a project: standard ones (with their catalogue id) or custom. */
export const projectDisciplines = pgTable(
  'project_disciplines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
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

/** Companies taking part in a project, with a project role and all or some disciplines. */
export const projectCompanies = pgTable(
  'project_companies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    roleId: integer('role_id').notNull(),
    allDisciplines: boolean('all_disciplines').notNull().default(false),
    disciplineIds: jsonb('discipline_ids')
      .notNull()
      .default(sql`'[]'::jsonb`),
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
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    roleId: integer('role_id').notNull(),
    allDisciplines: boolean('all_disciplines').notNull().default(false),
    disciplineIds: jsonb('discipline_ids')
      .notNull()
      .default(sql`'[]'::jsonb`),
    invitedByUserId: integer('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
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
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdByUserId: integer('created_by_user_id').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [index('project_groups_project_idx').on(t.projectId)],
);

/** Members of project groups. */
export const projectGroupUsers = pgTable(
  'project_group_users',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => projectGroups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('project_group_users_user_idx').on(t.userId)],
);

/** A user's personal tags in a project. */
export const projectUserTags = pgTable(
  'project_user_tags',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [index('project_user_tags_idx').on(t.projectId, t.userId)],
);

/** A user's own marks on a project (starred on the workspace home). */
export const projectUserSettings = pgTable(
  'project_user_settings',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    starred: boolean('starred').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] })],
);

/** Project duplication requests, run by a job; the copy is created inactive (spec core §4). */
export const projectCopies = pgTable('project_copies', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  sourceProjectId: integer('source_project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' }),
  targetProjectId: integer('target_project_id').references(() => projects.id, { onDelete: 'set null' }),
  targetProjectName: text('target_project_name').notNull(),
  requestedByUserId: integer('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  settings: jsonb('settings')
    .notNull()
    .default(sql`'{}'::jsonb`),
  status: text('status').notNull().default('pending'),
  error: text('error'),
  createdAt: createdAt(),
  finishedAt: tstz('finished_at'),
});
