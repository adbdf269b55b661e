import type { CommentVisibility, IssueVisibility } from '../enums/project-enums.ts';
import { toIssueVisibility } from '../enums/project-enums.ts';

/** Who is looking, within one project they take part in. */
export interface ProjectActor {
  readonly userId: number;
  /** manageDisciplines: project coordinators and managers. */
  readonly manageDisciplines: boolean;
  readonly groupIds: readonly number[];
}

/** The visibility facts of an issue. */
export interface IssueVisibilityFacts {
  readonly visibility: IssueVisibility | string;
  readonly createdByUserId: number;
  readonly groupId: number | null;
}

/**
 * Who sees an issue (spec core §6, editor §3.6): a draft (creator) only its creator; group the creator and the
 * group's members; project_management the creator and the coordinators; semi_public the creator, the group
 * participants and the coordinators; public every participant of the project. The caller must already know
 * the actor takes part in the project.
 */
export function canSeeIssue(actor: ProjectActor, issue: IssueVisibilityFacts): boolean {
  if (issue.createdByUserId === actor.userId) return true;
  const inGroup = issue.groupId !== null && actor.groupIds.includes(issue.groupId);
  switch (toIssueVisibility(issue.visibility)) {
    case 'creator':
      return false;
    case 'group':
      return inGroup;
    case 'project_management':
      return actor.manageDisciplines;
    case 'semi_public':
      return inGroup || actor.manageDisciplines;
    case 'public':
      return true;
  }
}

/** The visibility facts of a comment. */
export interface CommentVisibilityFacts {
  readonly visibility: CommentVisibility | string;
  readonly createdByUserId: number;
  readonly groupId: number | null;
}

/**
 * Who sees a comment, among those who see its issue: creator only its author; group the author and the
 * group's members; project_management the author and the coordinators; public everyone who sees the issue.
 */
export function canSeeComment(
  actor: ProjectActor,
  issue: IssueVisibilityFacts,
  comment: CommentVisibilityFacts,
): boolean {
  if (!canSeeIssue(actor, issue)) return false;
  if (comment.createdByUserId === actor.userId) return true;
  switch (comment.visibility) {
    case 'group':
      return comment.groupId !== null && actor.groupIds.includes(comment.groupId);
    case 'project_management':
      return actor.manageDisciplines;
    case 'public':
      return true;
    default:
      return false;
  }
}

/** The group kept with a comment: only for group visibility; dropped otherwise (spec core §5). */
export function commentGroupFor(
  visibility: CommentVisibility,
  groupId: number | null | undefined,
): number | null {
  return visibility === 'group' ? (groupId ?? null) : null;
}
