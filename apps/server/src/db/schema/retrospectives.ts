import { index, integer, jsonb, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { tstz, cascadeRef } from './columns.ts';
import { users } from './identity.ts';

/** One project of a retrospective's ranking, as stored (the project's name at computation time). */
export interface StoredRetrospectiveProject {
  projectId: number;
  name: string;
  interactions: number;
}

/**
 * The yearly retrospective of each person who interacted in the year (editor §2.2, §9), computed by the
 * `retrospective.compute` job in one statement per year (docs/retrospective.md) and replaced at each run.
 */
export const userRetrospectives = pgTable(
  'user_retrospectives',
  {
    year: integer('year').notNull(),
    userId: cascadeRef('user_id', () => users.id),
    issuesCreated: integer('issues_created').notNull(),
    issuesResolved: integer('issues_resolved').notNull(),
    projects: integer('projects').notNull(),
    interactions: integer('interactions').notNull(),
    /** The project ranking by interactions, most first (every project of the year). */
    projectRanking: jsonb('project_ranking').$type<StoredRetrospectiveProject[]>().notNull(),
    /** Rank among the people of the person's company who interacted (1 = most), and how many they are. */
    companyRank: integer('company_rank'),
    companyPeople: integer('company_people'),
    /** Rank among everyone who interacted in the year, and how many they are. */
    overallRank: integer('overall_rank').notNull(),
    overallPeople: integer('overall_people').notNull(),
  },
  (t) => [primaryKey({ columns: [t.year, t.userId] }), index('user_retrospectives_user_idx').on(t.userId)],
);

/** When each year's retrospectives were last computed (a year without a row has not been computed yet). */
export const retrospectiveRuns = pgTable('retrospective_runs', {
  year: integer('year').primaryKey(),
  computedAt: tstz('computed_at').notNull().defaultNow(),
  people: integer('people').notNull(),
});
