import { isDriveManager, type DriveViewer } from './document-policy.ts';

/**
 * The project's working files (the `files` module, docs/api-drive.md "Project files"): no naming rule, no status,
 * no visibility — every participant of the project sees every confirmed file and may upload one (or a new version
 * of one). A version is deleted by the project's managers (administrators and coordinators) or by whoever uploaded
 * it; anyone their own pending upload. Platform administrators (no role) see and do nothing.
 */
export interface ProjectFileFacts {
  readonly createdByUserId: number | null;
}

/** Whether the viewer sees the project's working files. */
export function canSeeProjectFiles(viewer: DriveViewer): boolean {
  return viewer.role !== null;
}

/** Whether the viewer may delete a version of a working file. */
export function canDeleteProjectFile(viewer: DriveViewer, file: ProjectFileFacts): boolean {
  if (viewer.role === null) return false;
  return isDriveManager(viewer) || (file.createdByUserId !== null && file.createdByUserId === viewer.userId);
}

/** What the viewer may do in the project's files (GET /user-authorization of the files module). */
export interface ProjectFilesAuthorization {
  canView: boolean;
  canUpload: boolean;
  canDeleteAny: boolean;
}

export function projectFilesAuthorization(viewer: DriveViewer): ProjectFilesAuthorization {
  const view = canSeeProjectFiles(viewer);
  return { canView: view, canUpload: view, canDeleteAny: view && isDriveManager(viewer) };
}
