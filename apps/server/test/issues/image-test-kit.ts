import fs from 'node:fs';
import path from 'node:path';
import type { TestServer } from '../support/test-server.ts';
import type { TestUser } from '../support/factories.ts';
import { call, codeOf } from '../projects/project-test-kit.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../fixtures/documents');

/** A public-domain 1280×1280 greyscale JPEG (a site photo). */
export const PHOTO_JPG = fs.readFileSync(path.join(FIXTURES, 'habs/1987-poplar-forest-159782pu-square.jpg'));
/** A 1308×736 PNG rendering (buildingSMART, CC BY-ND). */
export const RENDER_PNG = fs.readFileSync(path.join(FIXTURES, 'bcf-xml/Architectural.png'));

export const IMAGE_FIELDS =
  'id issueId issueCommentId index title original markedUp markedUpThumb markUp viewpoint';

export const SIGNED_URL = `mutation($projectId: Int!, $filename: String!) {
  createProjectIssueFileUploadSignedUrl(projectId: $projectId, filename: $filename) { url method fileId expiresAt maxSize } }`;

export const CONFIRM = `mutation($projectId: Int!, $fileId: String!) {
  confirmProjectIssueFileUpload(projectId: $projectId, fileId: $fileId) { fileId fileName contentType size width height url thumbnailUrl } }`;

export const ISSUES_IMAGES = `query($projectId: Int!) { issuesImages(projectId: $projectId) { id title markedUp issueId index } }`;

export const CREATE_WITH_IMAGES = `mutation($projectId: Int!, $title: String, $status: String, $priority: String, $visibility: String,
  $disciplines: [IssueDisciplineInput!], $pin: JSON, $groupId: Int, $images: [IssueImageInput!]) {
  createIssue(projectId: $projectId, title: $title, status: $status, priority: $priority, visibility: $visibility,
    disciplines: $disciplines, pin: $pin, groupId: $groupId, images: $images) { id } }`;

export const UPDATE_IMAGES = `mutation($projectId: Int!, $issueId: Int!, $images: [IssueImageInput!]) {
  updateIssue(projectId: $projectId, issueId: $issueId, images: $images) { id } }`;

export const ISSUE_IMAGES = `query($projectId: Int!, $issueId: Int!) { issue(projectId: $projectId, issueId: $issueId) {
  id cover images { ${IMAGE_FIELDS} } comments { id images { ${IMAGE_FIELDS} } } history { fields } } }`;

/** An image as the tests read it. */
export interface ImageData {
  id: number;
  issueId: number;
  issueCommentId: number | null;
  index: number;
  title: string;
  original: string;
  markedUp: string;
  markedUpThumb: string;
  markUp: unknown;
  viewpoint: unknown;
}

/** What createProjectIssueFileUploadSignedUrl answers. */
export interface SignedUpload {
  url: string;
  method: string;
  fileId: string;
  expiresAt: string;
  maxSize: number;
}

/** Asks for an upload address. */
export async function signedUpload(
  t: TestServer,
  user: TestUser,
  projectId: number,
  filename = 'foto.jpg',
): Promise<SignedUpload> {
  return (
    await call<{ createProjectIssueFileUploadSignedUrl: SignedUpload }>(t, user, SIGNED_URL, {
      projectId,
      filename,
    })
  ).createProjectIssueFileUploadSignedUrl;
}

/** PUTs bytes to an upload address as a browser would (no bearer token). */
export async function put(
  url: string,
  body: Uint8Array,
  contentType = 'application/octet-stream',
): Promise<Response> {
  return fetch(url, { method: 'PUT', body: new Uint8Array(body), headers: { 'content-type': contentType } });
}

/** Gets an upload address and uploads the bytes; returns the file id. */
export async function uploadImage(
  t: TestServer,
  user: TestUser,
  projectId: number,
  body: Uint8Array = PHOTO_JPG,
  filename = 'foto.jpg',
): Promise<string> {
  const upload = await signedUpload(t, user, projectId, filename);
  const response = await put(upload.url, body);
  if (!response.ok) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
  return upload.fileId;
}

/** Confirms an upload that must be refused and returns the error code. */
export function confirmCode(
  t: TestServer,
  user: TestUser,
  projectId: number,
  fileId: string,
): Promise<string | undefined> {
  return codeOf(t, user, CONFIRM, { projectId, fileId });
}

/** The bytes at a URL fetched without any credentials. */
export async function fetchBytes(
  url: string,
): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const response = await fetch(url);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/** The stored keys of an upload (undefined once it is gone). */
export async function fileKeys(
  t: TestServer,
  fileId: string,
): Promise<{ storage_key: string; thumb_key: string | null } | undefined> {
  const { rows } = await t.server.services.database.executor.executeSql(
    'select storage_key, thumb_key from issue_files where guid = $1',
    [fileId],
  );
  return rows[0] as { storage_key: string; thumb_key: string | null } | undefined;
}
