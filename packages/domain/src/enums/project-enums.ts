/**
 * The project enumerations of spec core §3 and editor §3.6. The server serves them through `projectEnums`;
 * the client uses only their list order for sorting (core §4).
 */

/** Who must act on an issue or discipline in a given status. */
export type Responsibility = 'manager' | 'collaborator';

/** Issue classification (category) codes of editor §3.6. */
export const ISSUE_CATEGORIES = [
  { id: 0, key: 'undefined' },
  { id: 1, key: 'informationDivergences' },
  { id: 2, key: 'missingInformation' },
  { id: 3, key: 'interference' },
  { id: 4, key: 'drawingFailure' },
  { id: 5, key: 'technicalInconsistency' },
  { id: 6, key: 'suggestion' },
  { id: 7, key: 'premisesNonCompliance' },
  { id: 8, key: 'premisesChange' },
  { id: 11, key: 'definition' },
  { id: 12, key: 'task' },
] as const;

/** An issue classification code. */
export type IssueCategoryId = (typeof ISSUE_CATEGORIES)[number]['id'];

/** Issue priorities, most urgent first. Any unknown value is shown as low (editor §3.6). */
export const PRIORITIES = [
  { key: 'high', deadlineAlert: true, responsibility: null },
  { key: 'medium', deadlineAlert: true, responsibility: null },
  { key: 'low', deadlineAlert: false, responsibility: null },
] as const satisfies readonly {
  key: string;
  deadlineAlert: boolean;
  responsibility: Responsibility | null;
}[];

/** An issue priority. */
export type Priority = (typeof PRIORITIES)[number]['key'];

/** Normalises any value to a priority; unknown values become low (editor §3.6). */
export function toPriority(value: unknown): Priority {
  return value === 'high' || value === 'medium' ? value : 'low';
}

/** Issue visibilities, from most private to most public. */
export const ISSUE_VISIBILITIES = [
  'creator',
  'group',
  'project_management',
  'semi_public',
  'public',
] as const;

/** Who may see an issue. */
export type IssueVisibility = (typeof ISSUE_VISIBILITIES)[number];

/** Comment visibilities (core §3 Comment); all four are the default filter (core §9). */
export const COMMENT_VISIBILITIES = ['creator', 'group', 'project_management', 'public'] as const;

/** Who may see a comment. */
export type CommentVisibility = (typeof COMMENT_VISIBILITIES)[number];

/**
 * Normalises a visibility as the indicator does (editor §3.6): `management` and `MANAGEMENT` mean
 * project_management, `PUBLIC` means public, anything unknown is a draft (creator).
 */
export function toIssueVisibility(value: unknown): IssueVisibility {
  if (typeof value !== 'string') return 'creator';
  const v = value.toLowerCase();
  if (v === 'management' || v === 'project_management') return 'project_management';
  if (v === 'public' || v === 'group' || v === 'semi_public') return v;
  return 'creator';
}

/** Issue statuses (editor §3.6) with their icon and the flags of core §3. */
export const ISSUE_STATUSES = [
  { key: 'active', icon: 'active', deadlineAlert: true, responsibility: 'collaborator' },
  { key: 'resolved', icon: 'yes', deadlineAlert: false, responsibility: 'manager' },
  { key: 'reproved', icon: 'delete', deadlineAlert: false, responsibility: null },
] as const satisfies readonly {
  key: string;
  icon: string;
  deadlineAlert: boolean;
  responsibility: Responsibility | null;
}[];

/** An issue status. */
export type IssueStatus = (typeof ISSUE_STATUSES)[number]['key'];

/** Groups that discipline statuses fall in: pending work, information only, or finished. */
export type DisciplineStatusGroup = 'pending' | 'info' | 'done';

/** A per-discipline status definition with its responsibility and flags. */
export interface DisciplineStatusDefinition {
  /** The status name, as stored on an issue discipline. */
  readonly key: string;
  /** manager or collaborator must act; null when nobody has to. */
  readonly responsibility: Responsibility | null;
  /** Whether a deadline on this status raises an alert. */
  readonly deadlineAlert: boolean;
  /** Whether this status keeps the issue active. */
  readonly keepIssueActive: boolean;
  /** Whether a collaborator may set a discipline to this status. */
  readonly allowCollaboratorUpdateTo: boolean;
  /** Whether a deadline can be set while in this status. */
  readonly deadline: boolean;
  /** Whether entering this status stamps doneAt. */
  readonly doneAt: boolean;
  /** Coarse group used by dashboards and tags. */
  readonly statusGroup: DisciplineStatusGroup;
  /** Whether a project may switch this status off. */
  readonly allowDisable: boolean;
}

/**
 * Per-discipline statuses on an issue (editor §3.6), in their sort order. `varies` is not settable: it is
 * how a group of disciplines with different statuses is shown.
 */
export const DISCIPLINE_STATUSES: readonly DisciplineStatusDefinition[] = [
  {
    key: 'active',
    responsibility: 'collaborator',
    deadlineAlert: true,
    keepIssueActive: true,
    allowCollaboratorUpdateTo: false,
    deadline: true,
    doneAt: false,
    statusGroup: 'pending',
    allowDisable: false,
  },
  {
    key: 'todo',
    responsibility: 'collaborator',
    deadlineAlert: true,
    keepIssueActive: true,
    allowCollaboratorUpdateTo: false,
    deadline: true,
    doneAt: false,
    statusGroup: 'pending',
    allowDisable: true,
  },
  {
    key: 'doing',
    responsibility: 'collaborator',
    deadlineAlert: true,
    keepIssueActive: true,
    allowCollaboratorUpdateTo: true,
    deadline: true,
    doneAt: false,
    statusGroup: 'pending',
    allowDisable: true,
  },
  {
    key: 'participate',
    responsibility: 'collaborator',
    deadlineAlert: true,
    keepIssueActive: true,
    allowCollaboratorUpdateTo: false,
    deadline: true,
    doneAt: false,
    statusGroup: 'pending',
    allowDisable: true,
  },
  {
    key: 'review',
    responsibility: 'manager',
    deadlineAlert: true,
    keepIssueActive: true,
    allowCollaboratorUpdateTo: true,
    deadline: true,
    doneAt: false,
    statusGroup: 'pending',
    allowDisable: true,
  },
  {
    key: 'validate',
    responsibility: 'manager',
    deadlineAlert: true,
    keepIssueActive: true,
    allowCollaboratorUpdateTo: true,
    deadline: true,
    doneAt: false,
    statusGroup: 'pending',
    allowDisable: true,
  },
  {
    key: 'follow',
    responsibility: null,
    deadlineAlert: false,
    keepIssueActive: false,
    allowCollaboratorUpdateTo: true,
    deadline: false,
    doneAt: false,
    statusGroup: 'info',
    allowDisable: true,
  },
  {
    key: 'aware',
    responsibility: null,
    deadlineAlert: false,
    keepIssueActive: false,
    allowCollaboratorUpdateTo: true,
    deadline: false,
    doneAt: false,
    statusGroup: 'info',
    allowDisable: true,
  },
  {
    key: 'validated',
    responsibility: null,
    deadlineAlert: false,
    keepIssueActive: false,
    allowCollaboratorUpdateTo: false,
    deadline: false,
    doneAt: true,
    statusGroup: 'done',
    allowDisable: true,
  },
  {
    key: 'done',
    responsibility: null,
    deadlineAlert: false,
    keepIssueActive: false,
    allowCollaboratorUpdateTo: true,
    deadline: false,
    doneAt: true,
    statusGroup: 'done',
    allowDisable: true,
  },
  {
    key: 'resolved',
    responsibility: null,
    deadlineAlert: false,
    keepIssueActive: false,
    allowCollaboratorUpdateTo: true,
    deadline: false,
    doneAt: true,
    statusGroup: 'done',
    allowDisable: false,
  },
];

/** The display-only aggregate status for mixed disciplines. */
export const VARIES_DISCIPLINE_STATUS = 'varies';

/** Project phases 0–13 (editor §3.6) with Obra's abbreviations. */
export const PROJECT_PHASES = [
  { id: 0, key: 'NOT_DEFINED', abbreviation: 'ND' },
  { id: 1, key: 'BRIEFING', abbreviation: 'BR' },
  { id: 2, key: 'ASSUMPTIONS', abbreviation: 'AS' },
  { id: 3, key: 'FEASIBILITY_STUDY', abbreviation: 'FS' },
  { id: 4, key: 'CONCEPTUAL_STUDY', abbreviation: 'CS' },
  { id: 5, key: 'PRELIMINARY_STUDY', abbreviation: 'PS' },
  { id: 6, key: 'PRELIMINARY_DESIGN', abbreviation: 'PD' },
  { id: 7, key: 'BASIC_DESIGN', abbreviation: 'BD' },
  { id: 8, key: 'PRE_EXECUTIVE', abbreviation: 'PE' },
  { id: 9, key: 'EXECUTIVE_DESIGN', abbreviation: 'ED' },
  { id: 10, key: 'AS_BUILT', abbreviation: 'AB' },
  { id: 11, key: 'CONSTRUCTION_READY', abbreviation: 'CR' },
  { id: 12, key: 'LEGAL_DESIGN', abbreviation: 'LD' },
  { id: 13, key: 'CUSTOMIZATION', abbreviation: 'CU' },
] as const;

/** A project phase key. */
export type ProjectPhaseKey = (typeof PROJECT_PHASES)[number]['key'];

/** Project status values (core §4): 0 inactive, 1 active. */
export const PROJECT_STATUS = { inactive: 0, active: 1 } as const;

/** Document statuses of the project drive (editor §3.6). */
export const DOCUMENT_STATUSES = [
  'ANALYSING',
  'APPROVED_WITH_NOTES',
  'APPROVED',
  'OBSOLETED',
  'REPROVED',
] as const;

/** A drive document status. */
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** Standard issue filters (core §4, editor §3.6). */
export const STANDARD_ISSUE_FILTERS = [
  'pendencies',
  'latePendencies',
  'notifications',
  'newMentions',
  'validate',
  'starred',
  'actives',
  'all',
  'custom',
] as const;

/** A standard issue filter. */
export type StandardIssueFilter = (typeof STANDARD_ISSUE_FILTERS)[number];

/** Issue sort keys (editor §3.6) in the default order (core §9). */
export const ISSUE_SORT_KEYS = [
  'starred',
  'mentionNotifications',
  'notifications',
  'visibilityUpdatedAt',
  'priority',
  'status',
  'deadline',
  'createdAt',
  'title',
] as const;

/** An issue sort key. */
export type IssueSortKey = (typeof ISSUE_SORT_KEYS)[number];

/** Dashboards of a project (editor §3.6). */
export const DASHBOARDS = [
  'status',
  'disciplines-priorities',
  'locals-priorities',
  'locals-disciplines',
  'earned-value',
] as const;

/** Supported interface languages; the first is the fallback. */
export const LOCALES = ['en', 'es', 'pt-BR'] as const;

/** An interface language. */
export type Locale = (typeof LOCALES)[number];

/** Picks a supported locale from a language tag or an Accept-Language header, falling back to en. */
export function resolveLocale(value: string | null | undefined): Locale {
  if (!value) return 'en';
  for (const part of value.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    if (tag.startsWith('pt')) return 'pt-BR';
    if (tag.startsWith('es')) return 'es';
    if (tag.startsWith('en')) return 'en';
  }
  return 'en';
}
