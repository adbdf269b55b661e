import {
  ISSUE_STATUSES,
  toIssueVisibility,
  toPriority,
  type IssueStatus,
  type IssueVisibility,
  type Priority,
} from '@obra/domain';

/** The icon names of editor §3.6: active, yes (resolved), delete (reproved). */
export type StatusIconName = (typeof ISSUE_STATUSES)[number]['icon'];

/** How an issue status is shown: its key (unknown values stay unknown) and the icon of editor §3.6. */
export interface StatusLook {
  readonly status: IssueStatus | null;
  readonly icon: StatusIconName | null;
  readonly color: string;
}

const STATUS_COLORS: Record<IssueStatus, string> = { active: 'blue', resolved: 'green', reproved: 'red' };

/** The look of an issue status; a value the server does not know keeps a neutral look without an icon. */
export function statusLook(value: string): StatusLook {
  const known = ISSUE_STATUSES.find((s) => s.key === value);
  if (!known) return { status: null, icon: null, color: 'gray' };
  return { status: known.key, icon: known.icon, color: STATUS_COLORS[known.key] };
}

const PRIORITY_COLORS: Record<Priority, string> = { high: 'red', medium: 'orange', low: 'gray' };

/** The look of a priority: high, medium or low; any other value is shown as low (editor §3.6). */
export function priorityLook(value: string): { priority: Priority; color: string } {
  const priority = toPriority(value);
  return { priority, color: PRIORITY_COLORS[priority] };
}

const VISIBILITY_COLORS: Record<IssueVisibility, string> = {
  creator: 'gray',
  group: 'violet',
  project_management: 'indigo',
  semi_public: 'cyan',
  public: 'teal',
};

/**
 * The look of a visibility (editor §3.6): creator (draft), group, project_management or management,
 * semi_public, public; MANAGEMENT and PUBLIC are recognised; anything else is a draft. Semi-public carries
 * an explanatory hint.
 */
export function visibilityLook(value: string): {
  visibility: IssueVisibility;
  color: string;
  hasHint: boolean;
} {
  const visibility = toIssueVisibility(value);
  return { visibility, color: VISIBILITY_COLORS[visibility], hasHint: visibility === 'semi_public' };
}
