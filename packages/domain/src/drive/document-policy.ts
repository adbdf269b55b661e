import type { ProjectRole } from '../permissions/project-roles.ts';
import { DOCUMENT_STATUSES, type DocumentStatus } from '../enums/project-enums.ts';

/**
 * Who sees a drive document (Obra's reading of spec editor §6 "per-discipline permissions govern the visibility
 * and status a user may set on documents", after ISO 19650's work-in-progress → shared → published containers),
 * from the narrowest to the widest audience:
 * - `company`: the company that uploaded it (work in progress);
 * - `project_management`: that company and the project's managers (project administrators and coordinators);
 * - `discipline`: those, and every company that takes part in the document's discipline;
 * - `public`: everyone who takes part in the project.
 */
export const DOCUMENT_VISIBILITIES = ['company', 'project_management', 'discipline', 'public'] as const;

/** A drive document visibility. */
export type DocumentVisibility = (typeof DOCUMENT_VISIBILITIES)[number];

/** Whether a value is a document visibility. */
export function isDocumentVisibility(value: unknown): value is DocumentVisibility {
  return typeof value === 'string' && (DOCUMENT_VISIBILITIES as readonly string[]).includes(value);
}

/** Whether a value is a document status. */
export function isDocumentStatus(value: unknown): value is DocumentStatus {
  return typeof value === 'string' && (DOCUMENT_STATUSES as readonly string[]).includes(value);
}

/** Who looks at the drive: their company, project role and disciplines in the project. */
export interface DriveViewer {
  readonly userId: number;
  readonly companyId: number | null;
  /** null for platform administrators, who see no documents (they reach projects only for setup). */
  readonly role: ProjectRole | null;
  readonly disciplineIds: readonly number[];
}

/** What the rules need of a document revision. */
export interface DriveDocumentFacts {
  readonly companyId: number | null;
  readonly createdByUserId: number | null;
  readonly disciplineId: number | null;
  readonly visibility: DocumentVisibility;
  readonly status: DocumentStatus;
}

/** Whether a viewer manages the project (project administrator or coordinator). */
export function isDriveManager(viewer: DriveViewer): boolean {
  return viewer.role === 'project_admin' || viewer.role === 'coordinator';
}

/** Whether the viewer sees a document (the server applies the same rule in SQL: drive-visibility-sql.ts). */
export function canSeeDocument(viewer: DriveViewer, doc: DriveDocumentFacts): boolean {
  if (viewer.role === null) return false;
  if (doc.visibility === 'public') return true;
  const ownCompany = viewer.companyId !== null && doc.companyId === viewer.companyId;
  if (ownCompany) return true;
  if (doc.visibility === 'company') return false;
  if (isDriveManager(viewer)) return true;
  if (doc.visibility === 'project_management') return false;
  return doc.disciplineId !== null && viewer.disciplineIds.includes(doc.disciplineId);
}

/** Whether the viewer may upload in a discipline: managers in any, others in their own disciplines only. */
export function canUploadInDiscipline(viewer: DriveViewer, disciplineId: number | null): boolean {
  if (viewer.role === null) return false;
  if (isDriveManager(viewer)) return true;
  return disciplineId !== null && viewer.disciplineIds.includes(disciplineId);
}

/**
 * The statuses the viewer may give a document: managers any (approving and reproving is the coordinator's act);
 * the uploading company submits for analysis (ANALYSING) or withdraws (OBSOLETED) its own documents in its
 * disciplines; anyone else none.
 */
export function allowedDocumentStatuses(
  viewer: DriveViewer,
  doc: Pick<DriveDocumentFacts, 'companyId' | 'disciplineId'>,
): readonly DocumentStatus[] {
  if (viewer.role === null) return [];
  if (isDriveManager(viewer)) return DOCUMENT_STATUSES;
  const own = viewer.companyId !== null && doc.companyId === viewer.companyId;
  return own && canUploadInDiscipline(viewer, doc.disciplineId) ? ['ANALYSING', 'OBSOLETED'] : [];
}

/**
 * The visibilities the viewer may give a document: managers any; the uploading company any of its own documents
 * in its disciplines; anyone else none.
 */
export function allowedDocumentVisibilities(
  viewer: DriveViewer,
  doc: Pick<DriveDocumentFacts, 'companyId' | 'disciplineId'>,
): readonly DocumentVisibility[] {
  if (viewer.role === null) return [];
  if (isDriveManager(viewer)) return DOCUMENT_VISIBILITIES;
  const own = viewer.companyId !== null && doc.companyId === viewer.companyId;
  return own && canUploadInDiscipline(viewer, doc.disciplineId) ? DOCUMENT_VISIBILITIES : [];
}

/**
 * Whether the viewer may delete a document revision (editor §6 "document deletion is permission-controlled"):
 * managers any; its uploader while it is still being analysed (a mistaken upload), never an approved one.
 */
export function canDeleteDocument(viewer: DriveViewer, doc: DriveDocumentFacts): boolean {
  if (viewer.role === null) return false;
  if (isDriveManager(viewer)) return true;
  return doc.createdByUserId === viewer.userId && doc.status === 'ANALYSING';
}

/** What the viewer may do in the drive (GET /user-authorization). */
export interface DriveAuthorization {
  readonly canView: boolean;
  readonly canUpload: boolean;
  readonly canDeleteAny: boolean;
  readonly canChangeAnyStatus: boolean;
  readonly uploadDisciplineIds: readonly number[] | 'all';
  readonly statuses: readonly DocumentStatus[];
  readonly visibilities: readonly DocumentVisibility[];
}

/** The drive permissions of a viewer, for the web to show only what it may do. */
export function driveAuthorization(viewer: DriveViewer): DriveAuthorization {
  const participant = viewer.role !== null;
  const manager = isDriveManager(viewer);
  return {
    canView: participant,
    canUpload: participant && (manager || viewer.disciplineIds.length > 0),
    canDeleteAny: manager,
    canChangeAnyStatus: manager,
    uploadDisciplineIds: manager ? 'all' : participant ? viewer.disciplineIds : [],
    statuses: manager ? DOCUMENT_STATUSES : participant ? ['ANALYSING', 'OBSOLETED'] : [],
    visibilities: participant ? DOCUMENT_VISIBILITIES : [],
  };
}
