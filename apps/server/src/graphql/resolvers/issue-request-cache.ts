import type { ProjectAccess } from '../../modules/projects/project-access.ts';
import type { NotificationsSummary } from '../../modules/issues/notifications/issue-notification-sql.ts';
import { ALL_COMMENTS, type CommentsFilter } from '../../modules/issues/comments/issue-comment-repository.ts';

// Who an issue object was presented to, and what it serves: carried by the object itself (IssueParent.origin),
// so that its extension fields (comments, images, notifications) need no lookup. The per-request batching lives
// in the context's DataLoaders (graphql/loaders.ts).

/** What the list serves of each issue (getIssues' light-variant flags); the detail serves everything. */
export interface IssueInclude {
  readonly images: boolean;
  readonly comments: boolean;
  readonly commentsImages: boolean;
  readonly history: boolean;
  readonly commentsFilter: CommentsFilter;
}

/** Everything: the detail (getIssue / issue) and subscription payloads. */
export const INCLUDE_ALL: IssueInclude = {
  images: true,
  comments: true,
  commentsImages: true,
  history: true,
  commentsFilter: ALL_COMMENTS,
};
/** A list without the flags: none of the heavy children. */
export const INCLUDE_NONE: IssueInclude = {
  images: false,
  comments: false,
  commentsImages: false,
  history: false,
  commentsFilter: ALL_COMMENTS,
};

/** Who an issue object was presented to, and what it serves. */
export interface IssueOrigin {
  readonly access: ProjectAccess;
  /** True for getIssue / issue and subscription payloads: notifications are served. */
  readonly detail: boolean;
  readonly include: IssueInclude;
  /** The caller's unread marks on the issue, when its list page read them with its rows. */
  readonly summary?: NotificationsSummary | undefined;
}

/** An issue as presented: none of the heavy children (INCLUDE_NONE), no notifications. */
export function listOrigin(access: ProjectAccess): IssueOrigin {
  return { access, detail: false, include: INCLUDE_NONE };
}

/**
 * Sets who an issue object is presented to, as a detail (`true`: everything) or in a list (the list's flags, and
 * the caller's unread marks when the page read them), for its extension fields.
 */
export function attachIssueOrigin<T extends { origin: IssueOrigin }>(
  issue: T,
  access: ProjectAccess,
  detail: boolean | IssueInclude,
  summary?: NotificationsSummary,
): T {
  issue.origin =
    typeof detail === 'boolean'
      ? { access, detail, include: detail ? INCLUDE_ALL : INCLUDE_NONE }
      : { access, detail: false, include: detail, summary };
  return issue;
}
