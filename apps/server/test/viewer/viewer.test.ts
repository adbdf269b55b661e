import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sheetReference } from '@obra/domain';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { buildDriveWorld, pdfBytes, rest, uploadFile, type DriveWorld } from '../drive/drive-test-kit.ts';
import { call } from '../projects/project-test-kit.ts';

let t: TestServer;
let w: DriveWorld;
let sheet: number;
let hidden: number;
let other: number;
let viewer: string;

interface OpenAnswer {
  documents: {
    id: number;
    name: string;
    revisions: { fileId: number; revisionName: string; kind: string; url: string }[];
  }[];
  code?: string;
  details?: Record<string, unknown>;
}

const CREATE = `mutation($projectId: Int!, $title: String, $status: String, $priority: String, $visibility: String,
  $disciplines: [IssueDisciplineInput!], $pin: JSON, $documentsReferences: [IssueDocumentReferenceInput!]) {
  createIssue(projectId: $projectId, title: $title, status: $status, priority: $priority, visibility: $visibility,
    disciplines: $disciplines, pin: $pin, documentsReferences: $documentsReferences) { id } }`;

async function pinnedIssue(title: string, visibility: string, revision: string, page = 1): Promise<number> {
  const reference = sheetReference({
    documentId: sheet,
    documentName: 'TRN-ARQ-ED-0001',
    revision,
    page,
    position: { x: 0.25, y: 0.5 },
  });
  const data = await call<{ createIssue: { id: number } }>(t, w.owner, CREATE, {
    projectId: w.projectId,
    title,
    status: 'active',
    priority: 'high',
    visibility,
    disciplines: [{ disciplineId: w.disciplineIds[0], status: 'todo' }],
    pin: { x: 0.25, y: 0.5 },
    documentsReferences: [reference],
  });
  return data.createIssue.id;
}

beforeAll(async () => {
  t = await startTestServer();
  w = await buildDriveWorld(t, 'Torre Viewer');
  viewer = `${w.base}/viewer`;
  const r0 = await uploadFile(t, w, w.owner, 'TRN-ARQ-ED-0001-R00.pdf', { visibility: 'public' });
  await uploadFile(t, w, w.owner, 'TRN-ARQ-ED-0001-R01.pdf', { visibility: 'public' });
  sheet = r0.documentId;
  hidden = (await uploadFile(t, w, w.owner, 'TRN-ARQ-ED-0002-R00.pdf', { visibility: 'company' })).documentId;
  other = (await uploadFile(t, w, w.owner, 'TRN-EST-ED-0003-R00.pdf', { visibility: 'public' })).documentId;
});
afterAll(async () => {
  await t.close();
});

describe('opening documents', () => {
  it('gives the revisions the caller sees, newest first, with addresses that serve the bytes', async () => {
    const answer = await rest<OpenAnswer>(t, w.collabEst, 'POST', `${viewer}/documents`, {
      documentIds: [sheet],
    });
    expect(answer.status).toBe(200);
    const [doc] = answer.body.documents;
    expect(doc).toMatchObject({ id: sheet, name: 'TRN-ARQ-ED-0001' });
    expect(doc!.revisions.map((r) => [r.revisionName, r.kind])).toEqual([
      ['R01', 'pdf'],
      ['R00', 'pdf'],
    ]);
    const bytes = await fetch(doc!.revisions[1]!.url);
    expect(bytes.status).toBe(200);
    expect(Buffer.from(await bytes.arrayBuffer()).equals(pdfBytes('TRN-ARQ-ED-0001-R00.pdf'))).toBe(true);
  });

  it('opens several documents for a comparison, in the order asked', async () => {
    const answer = await rest<OpenAnswer>(t, w.collabArq, 'POST', `${viewer}/documents`, {
      documentIds: [other, sheet],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.documents.map((d) => d.id)).toEqual([other, sheet]);
  });

  it('refuses a document the caller may not read with the access error, and a whole list that names one', async () => {
    const alone = await rest<OpenAnswer>(t, w.collabArq, 'POST', `${viewer}/documents`, {
      documentIds: [hidden],
    });
    expect(alone.status).toBe(403);
    expect(alone.body).toMatchObject({ code: 'DOCUMENT_ACCESS_DENIED', details: { documentId: hidden } });
    const list = await rest<OpenAnswer>(t, w.collabArq, 'POST', `${viewer}/documents`, {
      documentIds: [sheet, hidden],
    });
    expect(list.status).toBe(403);
    expect(list.body.code).toBe('DOCUMENT_ACCESS_DENIED');
    expect(list.body.documents).toBeUndefined();
    // The uploading company reads it.
    const own = await rest<OpenAnswer>(t, w.ownerColleague, 'POST', `${viewer}/documents`, {
      documentIds: [hidden],
    });
    expect(own.status).toBe(200);
  });

  it('answers not found for an unknown document, and hides the project from outsiders', async () => {
    const unknown = await rest(t, w.owner, 'POST', `${viewer}/documents`, { documentIds: [999999] });
    expect(unknown.status).toBe(404);
    expect(unknown.body['code']).toBe('DOCUMENTS_NOT_FOUND');
    const outsider = await rest(t, w.outsider, 'POST', `${viewer}/documents`, { documentIds: [sheet] });
    expect(outsider.body['code']).toBe('PROJECT_NOT_FOUND');
    const anonymous = await rest(t, undefined, 'POST', `${viewer}/documents`, { documentIds: [sheet] });
    expect(anonymous.status).toBe(401);
    const empty = await rest(t, w.owner, 'POST', `${viewer}/documents`, { documentIds: [] });
    expect(empty.status).toBe(400);
  });
});

describe('pins of issues on a sheet', () => {
  let publicIssue: number;
  let managementIssue: number;

  beforeAll(async () => {
    publicIssue = await pinnedIssue('Porta fora de posição', 'public', 'R00', 1);
    managementIssue = await pinnedIssue('Custo da revisão', 'project_management', 'R01', 2);
  });

  it('lists the pins of the issues each caller may see, with status and position', async () => {
    const owner = await rest<{ pins: Record<string, unknown>[] }>(
      t,
      w.owner,
      'GET',
      `${viewer}/documents/${sheet}/pins`,
    );
    expect(owner.status).toBe(200);
    expect(owner.body.pins).toEqual([
      expect.objectContaining({
        issueId: publicIssue,
        status: 'active',
        revision: 'R00',
        page: 1,
        x: 0.25,
        y: 0.5,
      }),
      expect.objectContaining({ issueId: managementIssue, revision: 'R01', page: 2 }),
    ]);
    const collaborator = await rest<{ pins: { issueId: number; title: string }[] }>(
      t,
      w.collabEst,
      'GET',
      `${viewer}/documents/${sheet}/pins`,
    );
    expect(collaborator.body.pins.map((p) => p.issueId)).toEqual([publicIssue]);
    expect(collaborator.body.pins[0]?.title).toBe('Porta fora de posição');
  });

  it('lists no pins of other documents, and refuses the pins of a document the caller may not read', async () => {
    const none = await rest<{ pins: unknown[] }>(t, w.owner, 'GET', `${viewer}/documents/${other}/pins`);
    expect(none.body.pins).toEqual([]);
    const refused = await rest(t, w.collabArq, 'GET', `${viewer}/documents/${hidden}/pins`);
    expect(refused.status).toBe(403);
    expect(refused.body['code']).toBe('DOCUMENT_ACCESS_DENIED');
  });

  it('keeps the reference on the issue, where the issue view reads it', async () => {
    const data = await call<{ issue: { documentsReferences: Record<string, unknown>[] } }>(
      t,
      w.collabEst,
      'query($p: Int!, $i: Int!) { issue(projectId: $p, issueId: $i) { documentsReferences { source documentId documentName revision page pin } } }',
      { p: w.projectId, i: publicIssue },
    );
    expect(data.issue.documentsReferences).toEqual([
      {
        source: 'drive',
        documentId: String(sheet),
        documentName: 'TRN-ARQ-ED-0001',
        revision: 'R00',
        page: 1,
        pin: { x: 0.25, y: 0.5 },
      },
    ]);
  });
});

describe('saved alignments', () => {
  const alignment = { scale: 1.25, rotation: 0.1, translateX: -30, translateY: 12.5 };
  const path = () => `${viewer}/alignments?baseDocumentId=${sheet}&comparedDocumentId=${other}`;

  it('keeps an alignment per user and pair, and forgets it', async () => {
    expect((await rest(t, w.collabArq, 'GET', path())).body).toEqual({ alignment: null });
    const saved = await rest(t, w.collabArq, 'PUT', path(), { alignment });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ alignment });
    expect((await rest(t, w.collabArq, 'GET', path())).body).toEqual({ alignment });
    const changed = { ...alignment, scale: 0.8 };
    await rest(t, w.collabArq, 'PUT', path(), { alignment: changed });
    expect((await rest(t, w.collabArq, 'GET', path())).body).toEqual({ alignment: changed });
    // Personal: another user has none; the reverse pair is another pair.
    expect((await rest(t, w.collabEst, 'GET', path())).body).toEqual({ alignment: null });
    const reverse = `${viewer}/alignments?baseDocumentId=${other}&comparedDocumentId=${sheet}`;
    expect((await rest(t, w.collabArq, 'GET', reverse)).body).toEqual({ alignment: null });
    expect((await rest(t, w.collabArq, 'DELETE', path())).status).toBe(204);
    expect((await rest(t, w.collabArq, 'GET', path())).body).toEqual({ alignment: null });
  });

  it('refuses an unusable alignment, a pair of one document and a document the caller may not read', async () => {
    const bad = await rest(t, w.owner, 'PUT', path(), { alignment: { ...alignment, scale: 0 } });
    expect(bad.status).toBe(400);
    expect(bad.body['code']).toBe('BAD_USER_INPUT');
    const same = await rest(
      t,
      w.owner,
      'GET',
      `${viewer}/alignments?baseDocumentId=${sheet}&comparedDocumentId=${sheet}`,
    );
    expect(same.status).toBe(400);
    expect(same.body['code']).toBe('REQUIRED_FIELD');
    const hiddenPair = await rest(
      t,
      w.collabArq,
      'PUT',
      `${viewer}/alignments?baseDocumentId=${sheet}&comparedDocumentId=${hidden}`,
      { alignment },
    );
    expect(hiddenPair.status).toBe(403);
    expect(hiddenPair.body['code']).toBe('DOCUMENT_ACCESS_DENIED');
  });

  it('keeps the alignment of two revisions of one document for that pair of revisions', async () => {
    const revisions = (base: string, compared: string) =>
      `${viewer}/alignments?baseDocumentId=${sheet}&comparedDocumentId=${sheet}&baseRevision=${base}&comparedRevision=${compared}`;
    expect((await rest(t, w.collabArq, 'GET', revisions('R01', 'R00'))).body).toEqual({ alignment: null });
    const saved = await rest(t, w.collabArq, 'PUT', revisions('R01', 'R00'), { alignment });
    expect(saved.status).toBe(200);
    // Revision names are matched as the drive shows them, whatever the case.
    expect((await rest(t, w.collabArq, 'GET', revisions('r01', 'r00'))).body).toEqual({ alignment });
    // Another order of the two revisions, the documents' own pair and another user are other alignments.
    expect((await rest(t, w.collabArq, 'GET', revisions('R00', 'R01'))).body).toEqual({ alignment: null });
    expect((await rest(t, w.collabEst, 'GET', revisions('R01', 'R00'))).body).toEqual({ alignment: null });
    const documents = `${viewer}/alignments?baseDocumentId=${sheet}&comparedDocumentId=${other}`;
    const documentPair = { ...alignment, scale: 2 };
    await rest(t, w.collabArq, 'PUT', documents, { alignment: documentPair });
    expect((await rest(t, w.collabArq, 'GET', revisions('R01', 'R00'))).body).toEqual({ alignment });
    // Two documents keep one alignment whatever revisions are named.
    expect(
      (await rest(t, w.collabArq, 'GET', `${documents}&baseRevision=R00&comparedRevision=R00`)).body,
    ).toEqual({ alignment: documentPair });
    expect((await rest(t, w.collabArq, 'DELETE', revisions('R01', 'R00'))).status).toBe(204);
    expect((await rest(t, w.collabArq, 'GET', revisions('R01', 'R00'))).body).toEqual({ alignment: null });
    expect((await rest(t, w.collabArq, 'GET', documents)).body).toEqual({ alignment: documentPair });
    await rest(t, w.collabArq, 'DELETE', documents);
  });

  it('refuses a revision pair naming one revision twice or a revision that does not exist', async () => {
    const pair = (base: string, compared: string) =>
      `${viewer}/alignments?baseDocumentId=${sheet}&comparedDocumentId=${sheet}&baseRevision=${base}&comparedRevision=${compared}`;
    const twice = await rest(t, w.owner, 'PUT', pair('R01', 'r01'), { alignment });
    expect(twice.status).toBe(400);
    expect(twice.body['code']).toBe('BAD_USER_INPUT');
    const missing = await rest(t, w.owner, 'GET', pair('R01', 'R07'));
    expect(missing.status).toBe(404);
    expect(missing.body['code']).toBe('DOCUMENTS_NOT_FOUND');
  });
});
