import {
  hasPendingDisciplines,
  isPendingFor,
  type DisciplineStatusMap,
  type IssueDisciplineState,
  type IssueEditor as PolicyEditor,
  type IssueStatus,
  type IssueViewer,
} from '@obra/domain';

/**
 * Who is looking at the issue: the domain issue policy's editor (user, project role, disciplines), which decides
 * what they may change (issueEditScope, settableDisciplineStatuses, canSetDisciplineDeadline in @obra/domain),
 * and manageDisciplines for the pending rules.
 */
export interface IssueEditor extends PolicyEditor {
  readonly manageDisciplines: boolean;
}

/**
 * The issue statuses the rules allow next (spec core §4): with pending disciplines only active; without them
 * anything but active. The current status is always included.
 */
export function allowedIssueStatuses(
  current: string,
  disciplines: readonly IssueDisciplineState[],
  statuses: DisciplineStatusMap,
): IssueStatus[] {
  const pending = hasPendingDisciplines(disciplines, statuses);
  const all: IssueStatus[] = ['active', 'resolved', 'reproved'];
  return all.filter((s) => s === current || (pending ? s === 'active' : s !== 'active'));
}

/** The editor as the pending rules see them: their disciplines; groups play no part on the issue screen. */
export function pendingViewer(editor: IssueEditor): IssueViewer {
  return {
    userId: editor.userId,
    manageDisciplines: editor.manageDisciplines,
    disciplineIds: editor.userDisciplines,
    groupIds: [],
  };
}

/** The issue's pending flag for the viewer (spec core §4) on an active issue. */
export function isIssuePendingFor(
  issue: { status: string; disciplines: readonly IssueDisciplineState[] },
  editor: IssueEditor,
  statuses: DisciplineStatusMap,
): boolean {
  if (issue.status !== 'active') return false;
  return isPendingFor(issue.disciplines, pendingViewer(editor), statuses);
}

/** The disciplines with one status changed: what updateIssue receives (same set, same deadlines). */
export function withDisciplineStatus(
  disciplines: readonly IssueDisciplineState[],
  disciplineId: number,
  status: string,
): { disciplineId: number; status: string; deadline: string | null }[] {
  return disciplines.map((d) => ({
    disciplineId: d.disciplineId,
    status: d.disciplineId === disciplineId ? status : d.status,
    deadline: d.deadline,
  }));
}

/** The disciplines with one deadline changed. */
export function withDisciplineDeadline(
  disciplines: readonly IssueDisciplineState[],
  disciplineId: number,
  deadline: string | null,
): { disciplineId: number; status: string; deadline: string | null }[] {
  return disciplines.map((d) => ({
    disciplineId: d.disciplineId,
    status: d.status,
    deadline: d.disciplineId === disciplineId ? deadline : d.deadline,
  }));
}

/**
 * True when sending these disciplines leaves an active issue without pending work, so the rules resolve it,
 * and it has no phase to resolve in (neither a resolution nor a creation phase): the server would refuse with
 * MISSING_RESOLUTION_PHASE, so the resolution phase is asked in the same step.
 */
export function needsResolutionPhase(
  issue: { status: string; resolutionPhase: number | null; creationPhase: number | null },
  next: readonly IssueDisciplineState[],
  statuses: DisciplineStatusMap,
): boolean {
  return (
    issue.status === 'active' &&
    issue.resolutionPhase === null &&
    issue.creationPhase === null &&
    !hasPendingDisciplines(next, statuses)
  );
}

/**
 * The resolution phase offered first: the issue's own (resolution, then creation) phase, else the phase the
 * project is in, the latest of the phases it has active (phases run in order, 0 to 13).
 */
export function defaultResolutionPhase(
  issue: { resolutionPhase: number | null; creationPhase: number | null },
  phases: readonly { id: number; active: boolean }[],
): number | null {
  if (issue.resolutionPhase !== null) return issue.resolutionPhase;
  if (issue.creationPhase !== null) return issue.creationPhase;
  const active = phases.filter((p) => p.active).map((p) => p.id);
  return active.length > 0 ? Math.max(...active) : null;
}
