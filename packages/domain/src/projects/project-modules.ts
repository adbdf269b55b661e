/**
 * The modules of a project (editor §2.4: issues, dashboards, BIM model viewer, project settings, drive, files).
 * A project stores the ones it has switched on; only those that are built are ever advertised.
 */
export const PROJECT_MODULES = ['issues', 'dashboards', 'bim', 'setup', 'drive', 'files'] as const;

/** One module's name. */
export type ProjectModule = (typeof PROJECT_MODULES)[number];

/** The modules Obra has built so far, in menu order. A module joins this list when its screens and API work. */
export const BUILT_PROJECT_MODULES: readonly ProjectModule[] = [
  'issues',
  'dashboards',
  'bim',
  'drive',
  'files',
  'setup',
];

/** The modules a project offers: those it has switched on that are built, in menu order. */
export function availableModules(stored: readonly unknown[]): ProjectModule[] {
  return BUILT_PROJECT_MODULES.filter((module) => stored.includes(module));
}
