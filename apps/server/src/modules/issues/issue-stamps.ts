import type { DisciplineStatusMap } from '@obra/domain';
import type { issueDisciplines } from '../../db/schema/index.ts';
import type { IssueDisciplineInput } from './issue-input-checks.ts';

/**
 * The stamps a visibility brings: leaving the draft (any visibility but creator) publishes the issue
 * (visibilityUpdated*, the published date of the default sort); project_management and public also stamp
 * toProjectManagement* / toPublic*.
 */
export function visibilityStamps(visibility: string, userId: number, now: Date) {
  if (visibility === 'creator') return {};
  return {
    visibilityUpdatedAt: now,
    visibilityUpdatedByUserId: userId,
    ...(visibility === 'project_management'
      ? { toProjectManagementAt: now, toProjectManagementByUserId: userId }
      : {}),
    ...(visibility === 'public' ? { toPublicAt: now, toPublicByUserId: userId } : {}),
  };
}

/**
 * Rows of issue_disciplines for the given disciplines. doneAt is stamped on entering a status that stamps it,
 * kept while the status stays, and cleared when it leaves such a status.
 */
export function disciplineRowsFor(
  issueId: number,
  disciplines: readonly IssueDisciplineInput[],
  statuses: DisciplineStatusMap,
  previous: ReadonlyMap<number, { status: string; doneAt: Date | null }>,
  now: Date,
): (typeof issueDisciplines.$inferInsert)[] {
  return disciplines.map((d) => {
    const before = previous.get(d.disciplineId);
    const stamps = statuses.get(d.status)?.doneAt ?? false;
    const doneAt = !stamps ? null : before && before.status === d.status ? before.doneAt : now;
    return { issueId, disciplineId: d.disciplineId, status: d.status, deadline: d.deadline ?? null, doneAt };
  });
}
