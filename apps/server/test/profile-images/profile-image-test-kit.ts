import { sql } from 'drizzle-orm';
import type { TestServer } from '../support/test-server.ts';
import { buildCompanyWithAdmin, buildUser, type TestUser } from '../support/factories.ts';
import { call, codeOf, createProject } from '../projects/project-test-kit.ts';
import { PHOTO_JPG, put } from '../issues/image-test-kit.ts';

export const CREATE_UPLOAD = `mutation($kind: ProfileImageKind!, $filename: String!) {
  createProfileImageUpload(kind: $kind, filename: $filename) { url method fileId expiresAt maxSize } }`;

export const CONFIRM_UPLOAD = `mutation($fileId: String!) {
  confirmProfileImageUpload(fileId: $fileId) { fileId kind url width height size } }`;

export const UPDATE_PROJECT_IMAGE = `mutation($projectId: Int!, $image: String) {
  updateProject(projectId: $projectId, image: $image) { id image } }`;

export const UPDATE_PHOTO = `mutation($photo: String) { updateUserProfile(input: { photo: $photo }) { id photo } }`;

export const UPDATE_COMPANY_LOGO = `mutation($name: String!, $website: String, $logo: String) {
  updateCompanyProfile(input: { name: $name, website: $website, logo: $logo }) { id name website logo } }`;

export const ADMIN_UPDATE_COMPANY = `mutation($companyId: Int!, $input: AdminCompanyInput!) {
  adminUpdateCompany(companyId: $companyId, input: $input) { id name logo } }`;

export type Kind = 'PROJECT_IMAGE' | 'COMPANY_LOGO' | 'USER_PHOTO';

/** What createProfileImageUpload answers. */
export interface ProfileUpload {
  url: string;
  method: string;
  fileId: string;
  expiresAt: string;
  maxSize: number;
}

/** What confirmProfileImageUpload answers. */
export interface ProfileImageData {
  fileId: string;
  kind: Kind;
  url: string;
  width: number;
  height: number;
  size: number;
}

/** Asks for an upload address. */
export async function askUpload(
  t: TestServer,
  user: TestUser,
  kind: Kind,
  filename = 'foto.jpg',
): Promise<ProfileUpload> {
  return (await call<{ createProfileImageUpload: ProfileUpload }>(t, user, CREATE_UPLOAD, { kind, filename }))
    .createProfileImageUpload;
}

/** Uploads bytes (as a browser would, no bearer token) and returns the upload's id. */
export async function sendUpload(
  t: TestServer,
  user: TestUser,
  kind: Kind,
  body: Uint8Array = PHOTO_JPG,
  filename = 'foto.jpg',
): Promise<string> {
  const upload = await askUpload(t, user, kind, filename);
  const response = await put(upload.url, body);
  if (!response.ok) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
  return upload.fileId;
}

/** Confirms an upload that must pass. */
export async function confirmUpload(
  t: TestServer,
  user: TestUser,
  fileId: string,
): Promise<ProfileImageData> {
  return (await call<{ confirmProfileImageUpload: ProfileImageData }>(t, user, CONFIRM_UPLOAD, { fileId }))
    .confirmProfileImageUpload;
}

/** Uploads and confirms an image; returns it. */
export async function uploadProfileImage(
  t: TestServer,
  user: TestUser,
  kind: Kind,
  body: Uint8Array = PHOTO_JPG,
): Promise<ProfileImageData> {
  return confirmUpload(t, user, await sendUpload(t, user, kind, body));
}

/** Confirms an upload that must be refused and returns the code. */
export function confirmCode(t: TestServer, user: TestUser, fileId: string): Promise<string | undefined> {
  return codeOf(t, user, CONFIRM_UPLOAD, { fileId });
}

/** The stored row of an upload, undefined once it is gone. */
export async function uploadRow(
  t: TestServer,
  fileId: string,
): Promise<{ status: string; upload_key: string; storage_key: string | null } | undefined> {
  const { rows } = await t.server.services.database.executor.executeSql(
    'select status, upload_key, storage_key from profile_images where guid = $1',
    [fileId],
  );
  return rows[0] as { status: string; upload_key: string; storage_key: string | null } | undefined;
}

/** Moves an upload's times into the past, as if it had been confirmed `hours` ago. */
export async function ageUpload(t: TestServer, fileId: string, hours: number): Promise<void> {
  const minutes = Math.round(hours * 60);
  await t.server.services.database.db.execute(
    sql`update profile_images set ready_at = now() - make_interval(mins => ${minutes}::int), expires_at = now() - make_interval(mins => ${minutes}::int)
        where guid = ${fileId}`,
  );
}

/** A project owned by one company, with a coordinator company, a collaborator company and an outsider. */
export interface ImageWorld {
  projectId: number;
  companyId: number;
  /** Company administrator of the owner company: project administrator. */
  owner: TestUser;
  /** A collaborator of the owner company (also a project administrator through the company). */
  ownerCollaborator: TestUser;
  coordinator: TestUser;
  collaborator: TestUser;
  outsider: TestUser;
  platformAdmin: TestUser;
  demo: TestUser;
}

async function joinProject(t: TestServer, projectId: number, roleId: number): Promise<TestUser> {
  const company = await buildCompanyWithAdmin(t);
  await t.server.services.database.db.execute(
    sql`insert into project_companies (project_id, company_id, role_id, all_disciplines) values (${projectId}, ${company.companyId}, ${roleId}, true)`,
  );
  return company.admin;
}

/** Builds the world of the profile image tests. */
export async function buildImageWorld(t: TestServer): Promise<ImageWorld> {
  const { companyId, admin: owner } = await buildCompanyWithAdmin(t);
  const ownerCollaborator = await buildUser(t, { companyId, companyRole: 'collaborator' });
  const projectId = await createProject(t, owner, 'Torre Imagem');
  return {
    projectId,
    companyId,
    owner,
    ownerCollaborator,
    coordinator: await joinProject(t, projectId, 2),
    collaborator: await joinProject(t, projectId, 3),
    outsider: (await buildCompanyWithAdmin(t)).admin,
    platformAdmin: await buildUser(t, { isAdmin: true }),
    demo: await buildUser(t, { companyId, companyRole: 'admin', isDemo: true }),
  };
}
