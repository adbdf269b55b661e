import type { Readable } from 'node:stream';

/** The platforms Obra connects to (docs/integrations.md); a company's administrator chooses one. */
export const PLATFORMS = ['webdav', 'aps'] as const;
/** One platform. */
export type Platform = (typeof PLATFORMS)[number];

/** A "customer" of the platform (spec core §7): an APS hub, a WebDAV top-level folder. */
export interface PartnerCustomer {
  id: string;
  name: string;
}

/** A project of the platform, under a customer. */
export interface PartnerProject {
  id: string;
  name: string;
  customerId: string;
}

/** The project of the platform an Obra project is linked to. */
export interface PartnerProjectRef {
  customerId: string;
  projectId: string;
}

/** A folder of a partner project; the root's id is `/`, its parent null. */
export interface PartnerFolder {
  id: string;
  name: string;
  parentId: string | null;
}

/** One version of a file, newest first in a file's list. */
export interface PartnerFileVersion {
  id: string;
  number: number;
  size: number | null;
  mimeType: string | null;
  modifiedAt: string | null;
}

/** A file with its versions. */
export interface PartnerFile {
  id: string;
  name: string;
  folderId: string;
  size: number | null;
  mimeType: string | null;
  modifiedAt: string | null;
  versions: PartnerFileVersion[];
}

/** An entry of a folder. */
export type PartnerFolderItem =
  | { type: 'folder'; id: string; name: string; modifiedAt: string | null }
  | {
      type: 'file';
      id: string;
      name: string;
      size: number | null;
      mimeType: string | null;
      modifiedAt: string | null;
    };

/** The bytes of a version, streamed from the platform. */
export interface PartnerDownload {
  name: string;
  size: number | null;
  mimeType: string | null;
  body: Readable;
}

/** Credentials of a user's account as the connector needs them (never leaves the server). */
export interface PartnerCredentials {
  accountName: string;
  /** A WebDAV (app) password, or an OAuth token set as JSON. */
  secret: string;
  expiresAt: Date | null;
}

/**
 * One user's session with the company's platform: every call of spec core §7 goes through this interface, whatever
 * the platform. Adapters answer AppError codes only: INTEGRATION_PLATFORM_UNAVAILABLE (down, time-out),
 * INTEGRATION_PLATFORM_ERROR (an answer it could not read), INTEGRATION_LOGIN_FAILED (credentials refused),
 * NOT_FOUND, INTEGRATION_NOT_SUPPORTED (a call the platform has no equivalent of).
 */
export interface DocumentPlatformConnector {
  readonly platform: Platform;
  /** The e-mail the platform has registered for the account, or null when it keeps none. */
  accountEmail(): Promise<string | null>;
  customers(): Promise<PartnerCustomer[]>;
  projects(customerId: string): Promise<PartnerProject[]>;
  folder(project: PartnerProjectRef, folderId: string): Promise<PartnerFolder>;
  folderItems(project: PartnerProjectRef, folderId: string): Promise<PartnerFolderItem[]>;
  /** A file with its versions; with a folder, the file must be in it (null: wherever it is in the project). */
  file(project: PartnerProjectRef, folderId: string | null, fileId: string): Promise<PartnerFile>;
  download(project: PartnerProjectRef, fileId: string, versionId?: string): Promise<PartnerDownload>;
  /** New credentials when the current ones are near expiry (OAuth), else undefined. */
  refresh(): Promise<PartnerCredentials | undefined>;
  /** Revokes the credentials at the platform, when it has such a call. */
  revoke(): Promise<void>;
  /** A short-lived read-only viewer token (APS only). */
  viewerToken(): Promise<{ accessToken: string; expiresIn: number }>;
}
