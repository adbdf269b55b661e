// Pure rules of saved views; their schema (zod) is in saved-view-schema.ts, so that the web's list carries no
// schema library.

/** The columns the issue table can show, in their order (the web's columns menu and saved views). */
export const ISSUE_TABLE_COLUMNS = [
  'code',
  'title',
  'status',
  'priority',
  'visibility',
  'disciplines',
  'deadline',
  'notifications',
  'createdAt',
  'createdBy',
  'category',
  'visibilityUpdatedAt',
] as const;

/** A column of the issue table. */
export type IssueTableColumn = (typeof ISSUE_TABLE_COLUMNS)[number];

/** The longest name of a saved view. */
export const SAVED_VIEW_NAME_MAX = 60;
/** How many views one person may keep in one project (their own, shared or not). */
export const SAVED_VIEWS_PER_USER = 50;

/** Columns kept in the table's order, each once. */
export function orderedColumns(columns: readonly string[]): IssueTableColumn[] {
  return ISSUE_TABLE_COLUMNS.filter((c) => columns.includes(c));
}

/**
 * Who may share a view with the whole project: the people who manage disciplines (project administrators and
 * coordinators, spec core §6). A shared view appears in everyone's views menu, so it is the coordination
 * team's to curate; collaborators keep personal views. Platform administrators take no part in issues.
 */
export function canShareSavedViews(actor: { manageDisciplines: boolean; isParticipant: boolean }): boolean {
  return actor.isParticipant && actor.manageDisciplines;
}

/**
 * Who may change (rename, re-save, share or unshare) and delete a view: its owner only. A shared view is read
 * by everyone; a manager who wants another version saves it under their own name.
 */
export function canEditSavedView(view: { ownerId: number }, userId: number): boolean {
  return view.ownerId === userId;
}
