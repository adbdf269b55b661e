import {
  AppError,
  hasRetrospectiveData,
  isRetrospectiveYear,
  RETROSPECTIVE_RANKING_SIZE,
  retrospectiveYearBounds,
  topPercent,
} from '@obra/domain';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import type { StoredRetrospectiveProject } from '../../db/schema/index.ts';
import {
  readRetrospectiveRun,
  readUserRetrospective,
  storeYearRetrospectives,
} from './retrospective-repository.ts';

/**
 * The yearly retrospective (editor §2.2, §9; docs/retrospective.md): each person's year, computed for everybody
 * at once by the `retrospective.compute` job and read from its table. A year never computed is queued at its
 * first reading and answered as `preparing`.
 */

/** A person's retrospective of a year as the API shows it. */
export type Retrospective =
  | { state: 'preparing'; year: number }
  | { state: 'noData'; year: number; computedAt: Date; interactions: number }
  | {
      state: 'ready';
      year: number;
      computedAt: Date;
      issuesCreated: number;
      issuesResolved: number;
      projects: number;
      interactions: number;
      projectRanking: StoredRetrospectiveProject[];
      companyTopPercent: number | null;
      overallTopPercent: number;
    };

/** The caller's retrospective of `year` (any year from 2000 to the current one). */
export async function myRetrospective(
  services: AppServices,
  actor: Actor,
  year: number,
): Promise<Retrospective> {
  if (!isRetrospectiveYear(year, new Date())) throw new AppError('BAD_USER_INPUT', { field: 'year' });
  const { db } = services.database;
  const computedAt = await readRetrospectiveRun(db, year);
  if (!computedAt) {
    await services.jobs.send('retrospective.compute', { year });
    return { state: 'preparing', year };
  }
  const row = await readUserRetrospective(db, actor.account.id, year);
  if (!row || !hasRetrospectiveData(row.interactions))
    return { state: 'noData', year, computedAt, interactions: row?.interactions ?? 0 };
  return {
    state: 'ready',
    year,
    computedAt,
    issuesCreated: row.issuesCreated,
    issuesResolved: row.issuesResolved,
    projects: row.projects,
    interactions: row.interactions,
    projectRanking: row.projectRanking.slice(0, RETROSPECTIVE_RANKING_SIZE),
    companyTopPercent:
      row.companyRank !== null && row.companyPeople !== null
        ? topPercent(row.companyRank, row.companyPeople)
        : null,
    overallTopPercent: topPercent(row.overallRank, row.overallPeople),
  };
}

/** The job: computes and stores everybody's retrospective of the year; answers how many people have one. */
export async function computeRetrospectives(services: AppServices, year: number): Promise<number> {
  return unitOfWork(services, (tx) => storeYearRetrospectives(tx, year, retrospectiveYearBounds(year)));
}
