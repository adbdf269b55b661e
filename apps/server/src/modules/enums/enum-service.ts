import {
  COMMENT_VISIBILITIES,
  DISCIPLINE_STATUSES,
  ISSUE_CATEGORIES,
  ISSUE_STATUSES,
  ISSUE_VISIBILITIES,
  PRIORITIES,
  PROJECT_PHASES,
  translateShared,
  type Locale,
  type Responsibility,
} from '@obra/domain';
import type { Db } from '../../db/database.ts';
import { listStandardDisciplines } from './enum-repository.ts';

/** A localised project enumeration set, shaped as the API's ProjectEnums. */
export interface ProjectEnumsView {
  systemIssueCategories: { id: number; name: string; label: string }[];
  systemPriorities: Flags[];
  systemVisibilities: { name: string; label: string; description: string; forComments: boolean }[];
  systemProjectPhases: { id: number; key: string; name: string; abbreviation: string }[];
  systemIssueStatus: (Flags & { icon: string })[];
  systemIssueDisciplineStatus: (Flags & {
    keepIssueActive: boolean;
    allowCollaboratorUpdateTo: boolean;
    deadline: boolean;
    doneAt: boolean;
    statusGroup: 'pending' | 'info' | 'done';
    allowDisable: boolean;
  })[];
}

interface Flags {
  name: string;
  label: string;
  deadlineAlert: boolean;
  responsibility: Responsibility | null;
}

/** Builds the enumerations in the caller's language; order is significant (clients sort by it). */
export function projectEnums(locale: Locale): ProjectEnumsView {
  const t = (key: string): string => translateShared(locale, 'enums', key) ?? key;
  const commentVisibilities: readonly string[] = COMMENT_VISIBILITIES;
  return {
    systemIssueCategories: ISSUE_CATEGORIES.map((c) => ({
      id: c.id,
      name: c.key,
      label: t(`categories.${c.key}`),
    })),
    systemPriorities: PRIORITIES.map((p) => ({ ...p, name: p.key, label: t(`priorities.${p.key}`) })),
    systemVisibilities: ISSUE_VISIBILITIES.map((v) => ({
      name: v,
      label: t(`visibilities.${v}`),
      description: t(`visibilityHints.${v}`),
      forComments: commentVisibilities.includes(v),
    })),
    systemProjectPhases: PROJECT_PHASES.map((p) => ({ ...p, name: t(`phases.${p.key}`) })),
    systemIssueStatus: ISSUE_STATUSES.map((s) => ({ ...s, name: s.key, label: t(`issueStatuses.${s.key}`) })),
    systemIssueDisciplineStatus: DISCIPLINE_STATUSES.map((s) => ({
      ...s,
      name: s.key,
      label: t(`disciplineStatuses.${s.key}`),
    })),
  };
}

/** The standard disciplines from the database catalogue, named in the caller's language. */
export async function standardDisciplines(
  db: Db,
  locale: Locale,
): Promise<{ id: number; key: string; name: string; abbreviation: string }[]> {
  const rows = await listStandardDisciplines(db);
  return rows.map((r) => ({
    id: r.id,
    key: r.key,
    abbreviation: r.abbreviation,
    name: translateShared(locale, 'enums', `standardDisciplines.${r.key}`) ?? r.key,
  }));
}
