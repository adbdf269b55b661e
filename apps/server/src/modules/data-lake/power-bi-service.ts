import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import { loadProjectAccess, requireParticipant } from '../projects/project-access.ts';

/**
 * A Power BI Desktop connection file (.pbids, "Power BI data source" file: JSON with a version and one connection).
 * Opening it starts Get data on the OData feed; Power BI then asks for the credentials (Basic: key id, secret).
 */
export interface PowerBiConnectionFile {
  version: '0.1';
  connections: {
    details: { protocol: 'odata'; address: { url: string } };
    options: Record<string, never>;
    mode: 'Import';
  }[];
}

/** The OData feed of one project (docs/bi.md): the service root with the custom option projectId. */
export function projectFeedUrl(origin: string, projectId: number): string {
  return `${origin.replace(/\/+$/, '')}/data-lake/odata?projectId=${projectId}`;
}

/**
 * The .pbids file of a project's feed, for the project's people (PROJECT_NOT_FOUND otherwise; platform
 * administrators read no project data through the feed, so FORBIDDEN). It holds the address only: never a key.
 */
export async function powerBiConnection(
  services: AppServices,
  actor: Actor,
  projectId: number,
  origin: string,
): Promise<{ projectName: string; file: PowerBiConnectionFile }> {
  const access = await loadProjectAccess(services.database.db, actor, projectId);
  requireParticipant(access);
  return {
    projectName: access.project.name,
    file: {
      version: '0.1',
      connections: [
        {
          details: { protocol: 'odata', address: { url: projectFeedUrl(origin, projectId) } },
          options: {},
          mode: 'Import',
        },
      ],
    },
  };
}
