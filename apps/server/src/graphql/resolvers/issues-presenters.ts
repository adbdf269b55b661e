import { canDeleteIssue, canEditIssue } from '@obra/domain';
import { issueEditorOf, type ProjectAccess } from '../../modules/projects/project-access.ts';
import type { issueHistory } from '../../db/schema/index.ts';
import type { IssueView } from '../../modules/issues/issue-repository.ts';
import { presentCcodeReferences, presentDocumentReferences } from './issue-images-presenters.ts';
import { listOrigin } from './issue-request-cache.ts';

type HistoryRow = typeof issueHistory.$inferSelect;

/** An issue history entry (its user and unread mark are resolved by the extension fields). */
export function presentHistoryEntry(h: HistoryRow) {
  return {
    _id: h.id,
    issueId: h.issueId,
    userId: h.userId,
    entityType: h.entityType,
    fields: h.fields,
    issueVisibility: h.issueVisibility,
    dataTime: h.createdAt,
  };
}

/** The parent of IssueHistoryEntry's fields (codegen mapper). */
export type IssueHistoryParent = ReturnType<typeof presentHistoryEntry>;

/** The parent of IssueLocal's fields: the local is resolved from the project's tree (codegen mapper). */
export interface IssueLocalParent {
  localId: number;
  projectId: number;
}

/** The parent of IssueLabel's fields (codegen mapper). */
export interface IssueLabelParent {
  labelId: number;
  projectId: number;
}

/**
 * The API shape of an issue: row columns mapped explicitly to the spec's names, and who it is presented to
 * (`origin`: a list item serving none of the heavy children until attachIssueOrigin says otherwise). Comments,
 * images, notifications and the users are resolved by the extension fields through the request's loaders.
 */
export function presentIssue(
  access: ProjectAccess,
  view: IssueView,
  history: readonly HistoryRow[] = [],
  userTags?: ReadonlyMap<number, { id: number; name: string }>,
) {
  const r = view.row;
  return {
    id: r.id,
    projectId: r.projectId,
    code: r.code,
    title: r.title,
    description: r.description,
    status: r.status,
    priority: r.priority,
    visibility: r.visibility,
    category: r.categoryId,
    creationPhase: r.creationPhase,
    resolutionPhase: r.resolutionPhase,
    deadline: r.deadline,
    groupId: r.groupId,
    pin: r.pin,
    viewpoints: r.viewpoints,
    bimPins: r.bimPins,
    createdAt: r.createdAt,
    createdByUserId: r.createdByUserId,
    editedAt: r.editedAt,
    editedByUserId: r.editedByUserId,
    visibilityUpdatedAt: r.visibilityUpdatedAt,
    visibilityUpdatedByUserId: r.visibilityUpdatedByUserId,
    statusUpdatedAt: r.statusUpdatedAt,
    statusUpdatedByUserId: r.statusUpdatedByUserId,
    toProjectManagementAt: r.toProjectManagementAt,
    toProjectManagementBy: r.toProjectManagementByUserId,
    toPublicAt: r.toPublicAt,
    toPublicBy: r.toPublicByUserId,
    disciplines: view.disciplines.map((d) => ({
      disciplineId: d.disciplineId,
      status: d.status,
      deadline: d.deadline,
      doneAt: d.doneAt,
      discipline: d.discipline ? { ...d.discipline, projectId: r.projectId } : null,
    })),
    // projectId rides along for the local / label field resolvers (one tree query per project and request).
    locals: view.localIds.map((localId): IssueLocalParent => ({ localId, projectId: r.projectId })),
    labels: view.labelIds.map((labelId): IssueLabelParent => ({ labelId, projectId: r.projectId })),
    documentsReferences: presentDocumentReferences(r.documentsReferences),
    ccodeDocumentsReferences: presentCcodeReferences(r.ccodeDocumentsReferences),
    aiAssistantLogs: r.aiAssistantLogs,
    userPersonalData: {
      starred: view.starred,
      // A tag the user deleted since is left out (tag ids are kept on the issue until it is tagged again).
      tags: view.tagIds
        .filter((tagId) => !userTags || userTags.has(tagId))
        .map((tagId) => ({ tagId, tag: userTags?.get(tagId) ?? null })),
    },
    mentionedUsers: Array.isArray(r.mentionedUserIds)
      ? r.mentionedUserIds.filter((v): v is number => typeof v === 'number')
      : [],
    permissions: {
      edit: canEditIssue(
        issueEditorOf(access),
        r,
        view.disciplines.map((d) => d.disciplineId),
      ),
      delete: canDeleteIssue(issueEditorOf(access), r),
    },
    history: history.map(presentHistoryEntry),
    // Read with the list page's rows when its query selects them; otherwise the request's loader reads them.
    imageTitles: view.imageTitles,
    cover: view.cover,
    origin: listOrigin(access),
  };
}

/** The parent of Issue's fields (codegen mapper). */
export type IssueParent = ReturnType<typeof presentIssue>;
