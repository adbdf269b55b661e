import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  retrospectiveRuns,
  userRetrospectives,
  type StoredRetrospectiveProject,
} from '../../db/schema/index.ts';

/** A person's stored retrospective of a year. */
export interface RetrospectiveRecord {
  year: number;
  userId: number;
  issuesCreated: number;
  issuesResolved: number;
  projects: number;
  interactions: number;
  projectRanking: StoredRetrospectiveProject[];
  companyRank: number | null;
  companyPeople: number | null;
  overallRank: number;
  overallPeople: number;
}

/**
 * Computes every person's retrospective of the year in one statement and stores it in place of the year's
 * previous rows; answers how many people it stored. An interaction is an entry of an issue's history written by
 * the person in the year (raising an issue, each change of it, each comment written, edited or deleted).
 * `issuesResolved` counts the issues the person interacted with in the year that were set to resolved in the year
 * (by anyone); `projects` the projects of their interactions. Ranks are competition ranks by interactions among
 * the people who interacted in the year, in their company and overall. Call it inside a unit of work.
 */
export async function storeYearRetrospectives(
  tx: Db,
  year: number,
  bounds: { start: Date; end: Date },
): Promise<number> {
  const start = bounds.start.toISOString();
  const end = bounds.end.toISOString();
  await tx.delete(userRetrospectives).where(eq(userRetrospectives.year, year));
  const inserted = await tx.execute(sql`
    with acts as (
      select h.user_id, h.issue_id, i.project_id
        from issue_history h join issues i on i.id = h.issue_id
       where h.created_at >= ${start}::timestamptz and h.created_at < ${end}::timestamptz
         and h.user_id is not null
    ),
    resolved_issues as (
      select distinct h.issue_id
        from issue_history h
       where h.created_at >= ${start}::timestamptz and h.created_at < ${end}::timestamptz
         and h.entity_type = 'issue' and h.fields -> 'status' ->> 'new' = 'resolved'
    ),
    per_project as (
      select a.user_id, a.project_id, count(*)::int as n from acts a group by a.user_id, a.project_id
    ),
    per_user as (
      select pp.user_id, sum(pp.n)::int as interactions, count(*)::int as projects,
             jsonb_agg(jsonb_build_object('projectId', pp.project_id, 'name', p.name, 'interactions', pp.n)
                       order by pp.n desc, p.name, pp.project_id) as ranking
        from per_project pp join projects p on p.id = pp.project_id
       group by pp.user_id
    ),
    created as (
      select i.created_by_user_id as user_id, count(*)::int as n
        from issues i
       where i.created_at >= ${start}::timestamptz and i.created_at < ${end}::timestamptz
       group by i.created_by_user_id
    ),
    resolved as (
      select a.user_id, count(distinct a.issue_id)::int as n
        from acts a join resolved_issues r on r.issue_id = a.issue_id
       group by a.user_id
    ),
    ranked as (
      select pu.*, u.company_id,
             rank() over (order by pu.interactions desc)::int as overall_rank,
             count(*) over ()::int as overall_people,
             rank() over (partition by u.company_id order by pu.interactions desc)::int as company_rank,
             count(*) over (partition by u.company_id)::int as company_people
        from per_user pu join users u on u.id = pu.user_id
    )
    insert into user_retrospectives (year, user_id, issues_created, issues_resolved, projects, interactions,
                                     project_ranking, company_rank, company_people, overall_rank, overall_people)
    select ${year}::int, r.user_id, coalesce(c.n, 0), coalesce(s.n, 0), r.projects, r.interactions, r.ranking,
           case when r.company_id is null then null else r.company_rank end,
           case when r.company_id is null then null else r.company_people end,
           r.overall_rank, r.overall_people
      from ranked r
      left join created c on c.user_id = r.user_id
      left join resolved s on s.user_id = r.user_id
    returning user_id`);
  const people = rowsOf(inserted).length;
  await tx
    .insert(retrospectiveRuns)
    .values({ year, people, computedAt: new Date() })
    .onConflictDoUpdate({ target: retrospectiveRuns.year, set: { people, computedAt: sql`now()` } });
  return people;
}

function rowsOf(result: unknown): unknown[] {
  if (Array.isArray(result)) return result;
  return (result as { rows?: unknown[] }).rows ?? [];
}

/** When the year was last computed, or null when it never was. */
export async function readRetrospectiveRun(db: Db, year: number): Promise<Date | null> {
  const [row] = await db
    .select({ computedAt: retrospectiveRuns.computedAt })
    .from(retrospectiveRuns)
    .where(eq(retrospectiveRuns.year, year))
    .limit(1);
  return row?.computedAt ?? null;
}

/** A person's stored retrospective of the year, or null when they did not interact in it. */
export async function readUserRetrospective(
  db: Db,
  userId: number,
  year: number,
): Promise<RetrospectiveRecord | null> {
  const [row] = await db
    .select()
    .from(userRetrospectives)
    .where(and(eq(userRetrospectives.userId, userId), eq(userRetrospectives.year, year)))
    .limit(1);
  return row ?? null;
}
