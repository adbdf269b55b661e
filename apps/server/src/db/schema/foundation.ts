import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.ts';

/** Facts about this installation (instance id, first start, seed versions). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/** The catalogue of standard disciplines; kept in step with the domain list at start-up. */
export const standardDisciplines = pgTable('standard_disciplines', {
  id: integer('id').primaryKey(),
  key: text('key').notNull().unique(),
  abbreviation: text('abbreviation').notNull(),
});
