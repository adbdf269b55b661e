/** Where the admin lists link a project: its setup in the admin area (spec core §2 Admin). */
export function adminProjectSetupPath(project: { id: number }): string {
  return `/admin/project/${project.id}/setup`;
}
