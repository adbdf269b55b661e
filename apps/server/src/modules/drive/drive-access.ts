import { AppError, type DriveViewer } from '@obra/domain';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../auth/actor.ts';
import { loadProjectAccess, requireActive, type ProjectAccess } from '../projects/project-access.ts';

/** The caller in a project's drive: the project access and the viewer the document rules read. */
export interface DriveAccess {
  readonly access: ProjectAccess;
  readonly viewer: DriveViewer;
}

/**
 * Loads the caller's drive access: PROJECT_NOT_FOUND for non-participants (loadProjectAccess), FORBIDDEN for
 * platform administrators (who reach projects for their setup only and see no documents, like issues).
 */
export async function loadDriveAccess(db: Db, actor: Actor, projectId: number): Promise<DriveAccess> {
  const access = await loadProjectAccess(db, actor, projectId);
  if (access.role === null) throw new AppError('FORBIDDEN');
  return {
    access,
    viewer: {
      userId: actor.account.id,
      companyId: actor.account.companyId,
      role: access.role,
      disciplineIds: access.userDisciplines,
    },
  };
}

/** Drive access for a write: the project must be active (FORBIDDEN_PROJECT_NOT_ACTIVE). */
export async function loadDriveWriter(db: Db, actor: Actor, projectId: number): Promise<DriveAccess> {
  const drive = await loadDriveAccess(db, actor, projectId);
  requireActive(drive.access);
  return drive;
}
