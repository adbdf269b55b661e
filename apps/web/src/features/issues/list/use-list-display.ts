import { useMemo } from 'react';
import type { ProjectDetails } from '../../projects/project-context.ts';
import type { DisciplineLabel } from '../shared/discipline-tags.tsx';
import { personName, type ListDisplay } from './list-display.ts';
import type { IssueList } from './use-issue-list.ts';
import { useRowLabels } from './row-labels.ts';

/** What rows need to show names, tags and flags; null until the viewer is known. */
export function useListDisplay(
  project: ProjectDetails,
  list: Pick<IssueList, 'viewer' | 'statuses' | 'today' | 'context'>,
): ListDisplay | null {
  const { viewer, statuses, today, context } = list;
  const labels = useRowLabels();
  return useMemo(() => {
    if (!viewer) return null;
    const disciplineLabels = new Map<number, DisciplineLabel>(
      project.disciplines.map((d) => [d.id, { abbreviation: d.abbreviation, name: d.name }]),
    );
    const userNames = new Map((context?.projectUsers ?? []).map((u) => [u.id, personName(u)]));
    const categoryKeys = new Map(project.categories.map((c) => [c.id, c.name]));
    const localLabels = new Map(
      project.locals.map((l) => [l.id, { abbreviation: l.abbreviationTree || l.abbreviation, name: l.name }]),
    );
    return {
      projectId: project.id,
      statuses,
      today,
      viewer,
      disciplineLabels,
      userNames,
      categoryKeys,
      localLabels,
      labels,
    };
  }, [
    project.id,
    project.disciplines,
    project.categories,
    project.locals,
    viewer,
    statuses,
    today,
    context,
    labels,
  ]);
}
