import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Facts about this installation (instance id, first start, seed versions). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The catalogue of standard disciplines; kept in step with the domain list at start-up. */
export const standardDisciplines = pgTable('standard_disciplines', {
  id: integer('id').primaryKey(),
  key: text('key').notNull().unique(),
  abbreviation: text('abbreviation').notNull(),
});
