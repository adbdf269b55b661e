import {
  COMMENT_VISIBILITIES,
  commentGroupFor,
  commentTextProblems,
  type CommentVisibility,
} from '@obra/domain';

/** The four comment visibilities (spec core §3, §6), most private first. */
export const COMMENT_VISIBILITY_ORDER: readonly CommentVisibility[] = COMMENT_VISIBILITIES;

/** The comment filter shows all four visibilities by default (spec core §9). */
export const DEFAULT_COMMENT_FILTER: ReadonlySet<CommentVisibility> = new Set(COMMENT_VISIBILITIES);

/** Whether a value is a comment visibility. */
export function isCommentVisibility(value: string): value is CommentVisibility {
  return (COMMENT_VISIBILITIES as readonly string[]).includes(value);
}

/** A comment as the visibility rules read it. */
export interface CommentFacts {
  readonly visibility: string;
  readonly deletedAt: string | null;
  readonly permissions: { readonly edit: boolean; readonly delete: boolean };
}

/** The comments whose visibility is checked in the filter (an unknown visibility is kept: nothing is hidden by surprise). */
export function filterCommentsByVisibility<T extends CommentFacts>(
  comments: readonly T[],
  shown: ReadonlySet<string>,
): T[] {
  return comments.filter((c) => !isCommentVisibility(c.visibility) || shown.has(c.visibility));
}

/** What a comment's author wrote in the composer. */
export interface CommentDraft {
  readonly message: string;
  readonly visibility: CommentVisibility;
  readonly groupId: number | null;
}

/** A problem of a draft, by field, as error codes of the catalogue. */
export type CommentDraftErrors = Partial<Record<'message' | 'groupId', 'REQUIRED_FIELD' | 'TEXT_TOO_LONG'>>;

/**
 * Checks a draft before it is sent (spec core §5): a message and a visibility are needed, and group visibility
 * needs a group; the message must fit its limit (the domain's commentTextProblems, as the server checks).
 */
export function validateCommentDraft(draft: CommentDraft): CommentDraftErrors {
  const errors: CommentDraftErrors = {};
  if (draft.message.trim() === '') errors.message = 'REQUIRED_FIELD';
  else if (commentTextProblems(draft).length > 0) errors.message = 'TEXT_TOO_LONG';
  if (draft.visibility === 'group' && draft.groupId === null) errors.groupId = 'REQUIRED_FIELD';
  return errors;
}

/** The values sent for a draft: the trimmed message, and the group only with group visibility (spec core §5). */
export function commentVariables(draft: CommentDraft): {
  message: string;
  visibility: CommentVisibility;
  groupId: number | null;
} {
  return {
    message: draft.message.trim(),
    visibility: draft.visibility,
    groupId: commentGroupFor(draft.visibility, draft.groupId),
  };
}

/** Which actions a reader has on a comment; a deleted comment (a tombstone) has none. */
export function commentActions(comment: CommentFacts): {
  edit: boolean;
  changeVisibility: boolean;
  delete: boolean;
  markUnread: boolean;
} {
  const alive = comment.deletedAt === null;
  return {
    edit: alive && comment.permissions.edit,
    changeVisibility: alive && comment.permissions.edit,
    delete: alive && comment.permissions.delete,
    markUnread: alive,
  };
}

/**
 * The audience sentence key of a comment visibility (under `issue:comments.audience`): public comments reach
 * everyone who sees the issue, so on a restricted issue they say so.
 */
export function audienceKey(visibility: CommentVisibility, issueVisibility: string): string {
  if (visibility === 'public' && issueVisibility !== 'public') return 'publicRestricted';
  return visibility;
}
