import {
  disciplineStatusMap,
  DISCIPLINE_STATUSES,
  type DisciplineStatusDefinition,
  type DisciplineStatusGroup,
  type DisciplineStatusMap,
  type Responsibility,
} from '@obra/domain';

/** A project's discipline status as projectData serves it (spec core §3 disciplinesStatus). */
export interface ProjectDisciplineStatusSetting {
  readonly name: string;
  readonly statusGroup: DisciplineStatusGroup;
  readonly responsibility: Responsibility | null;
  readonly deadline: boolean;
  readonly doneAt?: boolean;
  readonly keepIssueActive: boolean;
  readonly deadlineAlert: boolean;
  readonly allowCollaboratorUpdateTo: boolean;
  readonly allowDisable: boolean;
  readonly active: boolean;
}

/**
 * The project's discipline statuses as the domain rules read them: the project's settings (even switched-off
 * statuses, which old issues may still carry) over the system defaults.
 */
export function projectStatusMap(
  settings: readonly ProjectDisciplineStatusSetting[] | undefined,
): DisciplineStatusMap {
  const byKey = new Map(DISCIPLINE_STATUSES.map((d) => [d.key, d]));
  for (const s of settings ?? []) {
    const base = byKey.get(s.name);
    const definition: DisciplineStatusDefinition = {
      key: s.name,
      responsibility: s.responsibility,
      deadlineAlert: s.deadlineAlert,
      keepIssueActive: s.keepIssueActive,
      allowCollaboratorUpdateTo: s.allowCollaboratorUpdateTo,
      deadline: s.deadline,
      doneAt: s.doneAt ?? base?.doneAt ?? false,
      statusGroup: s.statusGroup,
      allowDisable: s.allowDisable,
    };
    byKey.set(s.name, definition);
  }
  return disciplineStatusMap([...byKey.values()]);
}
