import { type AnyPgColumn, integer, timestamp, uuid } from 'drizzle-orm/pg-core';

// The column shapes every area's tables repeat, written once so that a table reads as what is particular to it.
// Each helper returns a new builder (drizzle's builders are mutable and belong to one table).

/** A point in time; the schema keeps every one with its time zone. */
export const tstz = <N extends string>(name: N) => timestamp(name, { withTimezone: true });

/** When the row was written. */
export const createdAt = () => tstz('created_at').notNull().defaultNow();

/** When the row last changed (the services set it on update). */
export const updatedAt = () => tstz('updated_at').notNull().defaultNow();

/** A numeric primary key the database hands out. */
export const identityId = () => integer('id').primaryKey().generatedAlwaysAsIdentity();

/** A random UUID primary key (jobs and sessions whose id is shown or sent around). */
export const uuidId = () => uuid('id').primaryKey().defaultRandom();

/** A required reference to a row the referring row cannot outlive: deleting that row deletes this one. */
export const cascadeRef = <N extends string>(name: N, target: () => AnyPgColumn) =>
  integer(name).notNull().references(target, { onDelete: 'cascade' });

/** An optional reference (an author, an editor) that is forgotten, not followed, when its row is deleted. */
export const setNullRef = <N extends string>(name: N, target: () => AnyPgColumn) =>
  integer(name).references(target, { onDelete: 'set null' });
