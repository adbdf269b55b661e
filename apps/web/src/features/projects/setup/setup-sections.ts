import type { ProjectDetails } from '../project-context.ts';

/**
 * The setup sections that are built (spec core §2 setup children, plus groups and the caller's tags), in menu
 * order. The naming rule lives in `drive`, the drive settings section.
 */
export const SETUP_SECTIONS = [
  'profile',
  'locals',
  'labels',
  'categories',
  'disciplinesStatus',
  'phases',
  'disciplines',
  'drive',
  'companies',
  'integrations',
  'groups',
  'userTags',
  'importSettings',
  'exportSettings',
  'duplicateProject',
] as const;

/** One setup section's name. */
export type SetupSection = (typeof SETUP_SECTIONS)[number];

/** The sections only the project's own people get: its groups and tags, and duplicating it (its owner). */
const MEMBERS_ONLY_SECTIONS: readonly SetupSection[] = ['groups', 'userTags', 'duplicateProject'];

/**
 * The sections of /admin/project/{projectId}/setup (spec core §2 Admin). Groups and tags belong to the people of
 * the project, and duplication to its owner, so platform administrators get neither.
 */
export const ADMIN_SETUP_SECTIONS: readonly SetupSection[] = SETUP_SECTIONS.filter(
  (section) => !MEMBERS_ONLY_SECTIONS.includes(section),
);

/** Which setup a screen is part of: a participant's (workspace) or a platform administrator's (admin). */
export type SetupAreaKind = 'workspace' | 'admin';

// The admin route table names the settings copies `import` and `export` (spec core §2 Admin).
const ADMIN_PATHS: Partial<Record<SetupSection, string>> = {
  importSettings: 'import',
  exportSettings: 'export',
};

/** The route segment of a section in an area. */
export function sectionPath(kind: SetupAreaKind, section: SetupSection): string {
  return kind === 'admin' ? (ADMIN_PATHS[section] ?? section) : section;
}

/** The base address of a project's setup in an area. */
export function setupBase(kind: SetupAreaKind, projectId: number): string {
  return kind === 'admin' ? `/admin/project/${projectId}/setup` : `/workspace/project/${projectId}/setup`;
}

/**
 * The sections a user sees. Settings copies and duplication are write-only tools, so they are hidden from
 * whoever may not run them; every other section is readable by all participants.
 */
export function visibleSections(
  permissions: ProjectDetails['permissions'],
  kind: SetupAreaKind = 'workspace',
): SetupSection[] {
  const all: readonly SetupSection[] = kind === 'admin' ? ADMIN_SETUP_SECTIONS : SETUP_SECTIONS;
  return all.filter((section) => {
    if (section === 'duplicateProject' || section === 'exportSettings' || section === 'importSettings') {
      return permissions.canDuplicate;
    }
    return true;
  });
}
