import type {
  DisciplineStatusDefinition,
  IssueStatus,
  IssueVisibility,
  Priority,
  Responsibility,
} from '../enums/project-enums.ts';

/** A discipline's state on an issue, as the rules need it. */
export interface IssueDisciplineState {
  readonly disciplineId: number;
  readonly status: string;
  /** Calendar date `YYYY-MM-DD`, or null. */
  readonly deadline: string | null;
}

/** The unread and mention counters of an issue for one user. */
export interface NotificationsSummary {
  readonly count: number;
  readonly mentions: number;
  /** ISO timestamp of the latest notification, or null. */
  readonly last: string | null;
}

/** The fields of an issue that rules, sorting, filtering and search read. */
export interface IssueFacts {
  readonly id: number;
  readonly code: string;
  readonly title: string;
  readonly description: string | null;
  readonly status: IssueStatus | string;
  readonly priority: Priority | string;
  readonly visibility: IssueVisibility | string;
  readonly category: number | null;
  readonly creationPhase: number | null;
  readonly resolutionPhase: number | null;
  /** Calendar date `YYYY-MM-DD`, or null. */
  readonly deadline: string | null;
  readonly createdAt: string;
  readonly createdByUserId: number;
  readonly visibilityUpdatedAt: string | null;
  readonly groupId: number | null;
  readonly disciplines: readonly IssueDisciplineState[];
  readonly localIds: readonly number[];
  readonly labelIds: readonly number[];
  readonly tagIds: readonly number[];
  readonly starred: boolean;
  readonly notificationsSummary: NotificationsSummary;
  readonly imageTitles: readonly string[];
  readonly documentReferences: readonly { title: string | null; rev: string | null }[];
}

/** What the rules need to know about the user looking at issues in a project. */
export interface IssueViewer {
  readonly userId: number;
  /** manageDisciplines: a manager; otherwise a collaborator (spec core §6). */
  readonly manageDisciplines: boolean;
  /** The disciplines the user answers for in this project (userDisciplines). */
  readonly disciplineIds: readonly number[];
  /** Groups of the project the user belongs to. */
  readonly groupIds: readonly number[];
}

/** The project's discipline statuses by name (system defaults merged with the project's settings). */
export type DisciplineStatusMap = ReadonlyMap<string, DisciplineStatusDefinition>;

/** The kind of user for pending purposes. */
export function viewerKind(viewer: Pick<IssueViewer, 'manageDisciplines'>): Responsibility {
  return viewer.manageDisciplines ? 'manager' : 'collaborator';
}

/** The system discipline statuses as a map; a project's settings override entries of it. */
export function disciplineStatusMap(definitions: readonly DisciplineStatusDefinition[]): DisciplineStatusMap {
  return new Map(definitions.map((d) => [d.key, d]));
}
