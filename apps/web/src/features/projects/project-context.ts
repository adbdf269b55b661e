import { useOutletContext } from 'react-router';
import type { ProjectDataQuery } from '../../gql/generated.ts';

/** The project as its screens read it. */
export type ProjectDetails = ProjectDataQuery['projectData'];

/** What the project layout hands to the screens inside it. */
export interface ProjectOutletContext {
  project: ProjectDetails;
  /** Loads the project again after a change. */
  reload: () => void;
}

/** The project of the current /workspace/project/{projectId} route. */
export function useProject(): ProjectOutletContext {
  return useOutletContext<ProjectOutletContext>();
}
