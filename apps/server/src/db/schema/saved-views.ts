import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';
import { projects } from './projects.ts';

const tstz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Saved views of the issue list (issue 21): a named filter, sort, columns and display mode of one user in one
 * project; `shared` shows it to everyone in the project (only managers may share: docs/web-issues.md).
 * `filter` is the domain's SavedViewFilter (standard tab, search, combination, conditions, sort).
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    filter: jsonb('filter').notNull(),
    columns: jsonb('columns').$type<string[]>().notNull(),
    viewMode: text('view_mode').notNull().default('list'),
    shared: boolean('shared').notNull().default(false),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saved_views_owner_name_key').on(t.projectId, t.ownerId, sql`lower(${t.name})`),
    index('saved_views_project_shared_idx').on(t.projectId, t.shared),
  ],
);
