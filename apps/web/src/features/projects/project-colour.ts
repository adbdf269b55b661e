/** Mantine colours for projects without an image, far enough apart that neighbours never look alike. */
export const PROJECT_COLOURS = [
  'blue',
  'orange',
  'teal',
  'grape',
  'lime',
  'red',
  'cyan',
  'pink',
  'indigo',
  'yellow',
  'green',
  'violet',
] as const;

/**
 * A project's colour when it has no image (issue 21: projects get distinct colours): chosen by its id, so it is
 * the same everywhere and projects made one after the other differ, whatever their names.
 */
export function projectColour(projectId: number): (typeof PROJECT_COLOURS)[number] {
  const index =
    ((Math.trunc(projectId) % PROJECT_COLOURS.length) + PROJECT_COLOURS.length) % PROJECT_COLOURS.length;
  return PROJECT_COLOURS[index] ?? 'blue';
}

/** The issue list of a project opened on one of its standard tabs. */
export function projectIssuesTab(
  projectId: number,
  tab: 'pendencies' | 'latePendencies' | 'newMentions' | 'notifications',
): string {
  return `/workspace/project/${projectId}/issues?filter=${tab}`;
}
