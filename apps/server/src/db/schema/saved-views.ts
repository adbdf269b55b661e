import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, identityId, cascadeRef } from './columns.ts';
import { users } from './identity.ts';
import { projects } from './projects.ts';

/**
 * Saved views of the issue list (issue 21): a named filter, sort, columns and display mode of one user in one
 * project; `shared` shows it to everyone in the project (only managers may share: docs/web-issues.md).
 * `filter` is the domain's SavedViewFilter (standard tab, search, combination, conditions, sort).
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: identityId(),
    projectId: cascadeRef('project_id', () => projects.id),
    ownerId: cascadeRef('owner_id', () => users.id),
    name: text('name').notNull(),
    filter: jsonb('filter').notNull(),
    columns: jsonb('columns').$type<string[]>().notNull(),
    viewMode: text('view_mode').notNull().default('list'),
    shared: boolean('shared').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('saved_views_owner_name_key').on(t.projectId, t.ownerId, sql`lower(${t.name})`),
    index('saved_views_project_shared_idx').on(t.projectId, t.shared),
  ],
);
