import {
  viewerKind,
  type DisciplineStatusMap,
  type IssueDisciplineState,
  type IssueViewer,
} from './issue-types.ts';

/**
 * The disciplines of an issue that are pending for this user: the user's own disciplines whose status has a
 * responsibility matching the user's kind (manager with manageDisciplines, else collaborator; spec core §4).
 * A manager answers for every discipline of the project, so all disciplines count for them.
 */
export function pendingDisciplinesFor(
  disciplines: readonly IssueDisciplineState[],
  viewer: IssueViewer,
  statuses: DisciplineStatusMap,
): IssueDisciplineState[] {
  const kind = viewerKind(viewer);
  const mine = new Set(viewer.disciplineIds);
  return disciplines.filter((d) => {
    if (kind === 'collaborator' && !mine.has(d.disciplineId)) return false;
    return statuses.get(d.status)?.responsibility === kind;
  });
}

/** The pending flag of an issue for a user (computed on the client in the original; here in domain). */
export function isPendingFor(
  disciplines: readonly IssueDisciplineState[],
  viewer: IssueViewer,
  statuses: DisciplineStatusMap,
): boolean {
  return pendingDisciplinesFor(disciplines, viewer, statuses).length > 0;
}
