import { sql } from 'drizzle-orm';
import type { TestServer } from '../support/test-server.ts';
import { buildCompanyWithAdmin, buildUser, type TestUser } from '../support/factories.ts';
import { addDisciplines, call, createProject } from '../projects/project-test-kit.ts';

/** A small valid PDF (its bytes start as a PDF must). */
export function pdfBytes(label = 'sheet'): Buffer {
  return Buffer.from(
    `%PDF-1.4\n% ${label}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
}

/** A REST answer. */
export interface RestAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

/** Calls a REST route of the drive as a user (or anonymously). */
export async function rest<T = Record<string, unknown>>(
  t: TestServer,
  user: TestUser | undefined,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<RestAnswer<T>> {
  const response = await fetch(`${t.url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(user ? { authorization: `Bearer ${user.token}` } : {}),
      ...headers,
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/** A project with a naming rule and people in every position the drive rules tell apart. */
export interface DriveWorld {
  projectId: number;
  base: string;
  disciplineIds: number[];
  /** Company administrator of the owner company: project administrator. */
  owner: TestUser;
  /** Same company as the owner (so also project administrator, same company). */
  ownerColleague: TestUser;
  /** A company taking part as coordinator, without disciplines. */
  coordinator: TestUser;
  /** A collaborator company in ARQ (disciplineIds[0]). */
  collabArq: TestUser;
  /** A collaborator company in EST (disciplineIds[1]). */
  collabEst: TestUser;
  outsider: TestUser;
  platformAdmin: TestUser;
}

/** The naming rule of the world's project: TRN-ARQ-ED-0001-R00.pdf. */
export const RULE = ['project', 'discipline', 'phase', 'sequence', 'revision'];

export async function join(
  t: TestServer,
  projectId: number,
  roleId: number,
  disciplineIds: number[],
): Promise<TestUser> {
  const company = await buildCompanyWithAdmin(t);
  await t.server.services.database.db.execute(
    sql`insert into project_companies (project_id, company_id, role_id, all_disciplines, discipline_ids)
        values (${projectId}, ${company.companyId}, ${roleId}, false, ${JSON.stringify(disciplineIds)}::jsonb)`,
  );
  return company.admin;
}

/** Builds the world. */
export async function buildDriveWorld(t: TestServer, name = 'Torre Drive'): Promise<DriveWorld> {
  const owner = await buildCompanyWithAdmin(t);
  const ownerColleague = await buildUser(t, { companyId: owner.companyId, companyRole: 'collaborator' });
  const projectId = await createProject(t, owner.admin, name);
  const disciplineIds = await addDisciplines(t, owner.admin, projectId);
  await call(
    t,
    owner.admin,
    'mutation($p: Int!, $r: [String!]!, $s: String!) { setProjectDocumentsNamingRule(projectId: $p, documentsNamingRule: $r, documentsNamingRuleSeparator: $s) { documentsNamingRule } }',
    { p: projectId, r: RULE, s: '-' },
  );
  const [arq, est] = disciplineIds;
  if (arq === undefined || est === undefined) throw new Error('disciplines missing');
  return {
    projectId,
    base: `/project-drive/projects/${projectId}`,
    disciplineIds,
    owner: owner.admin,
    ownerColleague,
    coordinator: await join(t, projectId, 2, []),
    collabArq: await join(t, projectId, 3, [arq]),
    collabEst: await join(t, projectId, 3, [est]),
    outsider: (await buildCompanyWithAdmin(t)).admin,
    platformAdmin: await buildUser(t, { isAdmin: true }),
  };
}

/** A created (unconfirmed) drive file and where to send it. */
export interface Created {
  file: { id: number; fileName: string; uploadState: string } & Record<string, unknown>;
  upload: { url: string; method: string; headers: Record<string, string> };
}

/** PUTs bytes to an upload address. */
export async function put(url: string, bytes: Buffer, headers: Record<string, string> = {}): Promise<number> {
  const response = await fetch(url, { method: 'PUT', body: new Uint8Array(bytes), headers });
  await response.arrayBuffer();
  return response.status;
}

/** Creates, uploads and confirms a file; returns the confirmed file. */
export async function uploadFile(
  t: TestServer,
  w: DriveWorld,
  user: TestUser,
  fileName: string,
  fields: Record<string, unknown> = {},
  bytes: Buffer = pdfBytes(fileName),
): Promise<Record<string, unknown> & { id: number; documentId: number }> {
  const created = await rest<Created>(t, user, 'POST', `${w.base}/files`, {
    fileName,
    fileSize: bytes.length,
    ...fields,
  });
  if (created.status !== 201)
    throw new Error(`create ${fileName}: ${created.status} ${JSON.stringify(created.body)}`);
  const status = await put(created.body.upload.url, bytes, created.body.upload.headers);
  if (status !== 200) throw new Error(`put ${fileName}: ${status}`);
  const confirmed = await rest<Record<string, unknown> & { id: number; documentId: number }>(
    t,
    user,
    'PATCH',
    `${w.base}/files/${created.body.file.id}/confirm-upload`,
  );
  if (confirmed.status !== 200) throw new Error(`confirm ${fileName}: ${JSON.stringify(confirmed.body)}`);
  return confirmed.body;
}

/** The entries of a zip archive (names and stored bytes), read from its central directory. */
export function zipEntries(zip: Buffer): { name: string; size: number }[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a zip');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: { name: string; size: number }[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory');
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    entries.push({ name: zip.subarray(at + 46, at + 46 + nameLength).toString('utf8'), size });
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}

/** Starts a bulk download and polls it until it is no longer processing (the drive.bulkZip job runs it). */
export async function bulkZip(
  t: TestServer,
  w: DriveWorld,
  user: TestUser,
  filesIds: number[],
): Promise<RestAnswer<{ status: string; url: string | null; errorCode: string | null; code?: string }>> {
  const started = await rest<{ bulkDownloadId: string; code?: string }>(
    t,
    user,
    'POST',
    `${w.base}/files/bulk-downloads`,
    { filesIds },
  );
  if (started.status !== 202) return started as never;
  for (let i = 0; i < 600; i++) {
    const state = await rest<{ status: string; url: string | null; errorCode: string | null }>(
      t,
      user,
      'GET',
      `${w.base}/files/bulk-downloads/${started.body.bulkDownloadId}`,
    );
    if (state.body.status !== 'processing') return state;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('bulk download still processing');
}

/** Downloads a bulk zip and lists its entry names. */
export async function zipNames(url: string): Promise<string[]> {
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`zip download ${response.status}`);
  return zipEntries(Buffer.from(await response.arrayBuffer()))
    .map((e) => e.name)
    .sort();
}
