import type { IssueFacts } from '@obra/domain';
import type { IssueListFieldsFragment } from '../../../gql/generated.ts';

/** An issue as the list loads it (getIssues, 500 a page). */
export type IssueRow = IssueListFieldsFragment;

/**
 * The facts the domain's filter, sort and search rules read, mapped from a loaded row: the search looks in the
 * code, title, description, image titles and code-document references, as getIssues does (spec core §5).
 */
export function toIssueFacts(row: IssueRow): IssueFacts {
  return {
    id: row.id,
    code: row.code,
    title: row.title,
    description: row.description,
    status: row.status,
    priority: row.priority,
    visibility: row.visibility,
    category: row.category,
    creationPhase: row.creationPhase,
    resolutionPhase: row.resolutionPhase,
    deadline: row.deadline,
    createdAt: row.createdAt,
    createdByUserId: row.createdByUserId,
    visibilityUpdatedAt: row.visibilityUpdatedAt,
    groupId: row.groupId,
    disciplines: row.disciplines.map((d) => ({
      disciplineId: d.disciplineId,
      status: d.status,
      deadline: d.deadline,
    })),
    localIds: row.locals.map((l) => l.localId),
    labelIds: row.labels.map((l) => l.labelId),
    tagIds: row.userPersonalData.tags.map((t) => t.tagId),
    starred: row.userPersonalData.starred,
    notificationsSummary: {
      count: row.notificationsSummary.count,
      mentions: row.notificationsSummary.mentions,
      last: row.notificationsSummary.last,
    },
    imageTitles: row.imageTitles,
    documentReferences: row.ccodeDocumentsReferences.map((r) => ({
      title: r.title ?? null,
      rev: r.rev ?? null,
    })),
  };
}
