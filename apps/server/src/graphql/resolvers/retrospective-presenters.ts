import { RETROSPECTIVE_MIN_INTERACTIONS } from '@obra/domain';
import type { Retrospective } from '../../modules/retrospective/retrospective-service.ts';

/** A retrospective as the API shows it: every state with the same fields, null where it has none. */
export function presentRetrospective(r: Retrospective) {
  const empty = {
    year: r.year,
    state: r.state,
    minInteractions: RETROSPECTIVE_MIN_INTERACTIONS,
    computedAt: null,
    interactions: 0,
    issuesCreated: null,
    issuesResolved: null,
    projects: null,
    projectRanking: [],
    companyTopPercent: null,
    overallTopPercent: null,
  };
  switch (r.state) {
    case 'preparing':
      return empty;
    case 'noData':
      return { ...empty, computedAt: r.computedAt, interactions: r.interactions };
    case 'ready':
      return {
        ...empty,
        computedAt: r.computedAt,
        interactions: r.interactions,
        issuesCreated: r.issuesCreated,
        issuesResolved: r.issuesResolved,
        projects: r.projects,
        projectRanking: r.projectRanking,
        companyTopPercent: r.companyTopPercent,
        overallTopPercent: r.overallTopPercent,
      };
  }
}
