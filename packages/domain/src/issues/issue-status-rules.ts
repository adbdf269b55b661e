import { AppError } from '../errors/app-error.ts';
import type { IssueStatus } from '../enums/project-enums.ts';
import type { DisciplineStatusMap, IssueDisciplineState } from './issue-types.ts';

/** True when a discipline status keeps its issue active (it has work pending for someone). */
export function isPendingStatus(status: string, statuses: DisciplineStatusMap): boolean {
  return statuses.get(status)?.keepIssueActive ?? false;
}

/** True when any discipline of the issue is pending (issue-level, regardless of who looks). */
export function hasPendingDisciplines(
  disciplines: readonly IssueDisciplineState[],
  statuses: DisciplineStatusMap,
): boolean {
  return disciplines.some((d) => isPendingStatus(d.status, statuses));
}

/** The input of the status rules: the current status, the requested one (if any) and the new disciplines. */
export interface StatusDecisionInput {
  readonly currentStatus: IssueStatus;
  /** The status the user asked for in this change; undefined when the change did not touch the status. */
  readonly requestedStatus?: IssueStatus | undefined;
  readonly disciplines: readonly IssueDisciplineState[];
  readonly statuses: DisciplineStatusMap;
  readonly resolutionPhase: number | null;
  readonly creationPhase: number | null;
}

/** The decided status, and the resolution phase to store when the issue gets resolved. */
export interface StatusDecision {
  readonly status: IssueStatus;
  readonly resolutionPhase: number | null;
  /** True when the status changed by the rules rather than by the request. */
  readonly automatic: boolean;
}

/**
 * The four issue-status rules (spec core §4, editor §4.6): pending disciplines keep an issue active; without
 * them it cannot be active; an active issue without pending disciplines is resolved automatically; a resolved
 * issue with pending disciplines becomes active again. A requested status that contradicts them fails with
 * DISCIPLINE_STATUS_MUST_KEEP_ISSUE_ACTIVE / _NOT_ACTIVE. Resolving needs a resolution phase
 * (MISSING_RESOLUTION_PHASE); an automatic resolution falls back to the creation phase.
 */
export function decideIssueStatus(input: StatusDecisionInput): StatusDecision {
  const pending = hasPendingDisciplines(input.disciplines, input.statuses);
  const requested = input.requestedStatus;
  if (requested !== undefined && requested !== input.currentStatus) {
    if (pending && requested !== 'active') throw new AppError('DISCIPLINE_STATUS_MUST_KEEP_ISSUE_ACTIVE');
    if (!pending && requested === 'active')
      throw new AppError('DISCIPLINE_STATUS_MUST_KEEP_ISSUE_NOT_ACTIVE');
    if (requested === 'resolved') {
      if (input.resolutionPhase === null) throw new AppError('MISSING_RESOLUTION_PHASE');
      return { status: 'resolved', resolutionPhase: input.resolutionPhase, automatic: false };
    }
    return { status: requested, resolutionPhase: input.resolutionPhase, automatic: false };
  }
  const current = input.currentStatus;
  if (pending && current !== 'active') {
    // A resolved (or reproved) issue whose disciplines have work again is active again.
    return { status: 'active', resolutionPhase: input.resolutionPhase, automatic: true };
  }
  if (!pending && current === 'active') {
    const phase = input.resolutionPhase ?? input.creationPhase;
    if (phase === null) throw new AppError('MISSING_RESOLUTION_PHASE');
    return { status: 'resolved', resolutionPhase: phase, automatic: true };
  }
  return { status: current, resolutionPhase: input.resolutionPhase, automatic: false };
}
