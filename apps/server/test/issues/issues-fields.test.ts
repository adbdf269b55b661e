import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { call, codeOf } from '../projects/project-test-kit.ts';
import { buildIssueWorld, draft, GET_ISSUES, type IssueWorld } from './issue-test-kit.ts';

let t: TestServer;
let w: IssueWorld;
let childLocal: number;
let labelId: number;

const USER = 'id name lastName email photo company { name logo }';

const CREATE = `mutation($projectId: Int!, $title: String, $status: String, $priority: String, $visibility: String,
  $disciplines: [IssueDisciplineInput!], $pin: JSON, $locals: [Int!], $labels: [Int!],
  $documentsReferences: [IssueDocumentReferenceInput!], $ccodeDocumentsReferences: [IssueCcodeDocumentReferenceInput!], $aiAssistantLogs: JSON) {
  createIssue(projectId: $projectId, title: $title, status: $status, priority: $priority, visibility: $visibility,
    disciplines: $disciplines, pin: $pin, locals: $locals, labels: $labels, documentsReferences: $documentsReferences,
    ccodeDocumentsReferences: $ccodeDocumentsReferences, aiAssistantLogs: $aiAssistantLogs) { id } }`;

const DETAIL = `query($projectId: Int!, $issueId: Int!) { issue(projectId: $projectId, issueId: $issueId) {
  id cover aiAssistantLogs
  locals { localId local { id name abbreviation abbreviationTree } }
  labels { labelId label { id name abbreviation abbreviationTree } }
  disciplines { discipline { id name abbreviation standardDisciplineId } }
  documentsReferences { id index source documentId documentName revision page viewpoint markedUp markUp pin settings overlaidDocuments overlayMode }
  ccodeDocumentsReferences { title rev index viewpoint url markedUp markUp ccodeDocumentId pin page pages settings overlaidDocuments overlayMode }
  createdByUser { ${USER} } editedByUser { id } visibilityUpdatedByUser { id } statusUpdatedByUser { id }
  toProjectManagementByUser { id } toPublicByUser { id }
  history { userId user { ${USER} } } } }`;

const DOCUMENT = {
  id: 'ref-1',
  index: 0,
  source: 'drive',
  documentId: 42,
  documentName: 'ARQ-PB-001',
  revision: 'R02',
  page: 3,
  viewpoint: { x: 1, y: 2, scale: 1 },
  markedUp: 'https://example.test/m.png',
  markUp: { rects: [] },
  pin: { x: 5, y: 6 },
  settings: { opacity: 0.5 },
  overlaidDocuments: [{ documentId: 43 }],
  overlayMode: 'difference',
};
const CCODE = {
  title: 'Memorial de cálculo estrutural',
  rev: 'Rev7',
  index: 1,
  viewpoint: null,
  url: 'https://ccode.test/doc/9',
  markedUp: null,
  markUp: null,
  ccodeDocumentId: 'c-9',
  pin: { x: 1, y: 1 },
  page: 2,
  pages: [1, 2, 3],
  settings: null,
  overlaidDocuments: null,
  overlayMode: null,
};

beforeAll(async () => {
  t = await startTestServer();
  w = await buildIssueWorld(t);
  const locals = await call<{ setProjectLocals: { id: number; abbreviation: string }[] }>(
    t,
    w.creator,
    'mutation($p: Int!, $l: [ProjectTreeItemInput!]!) { setProjectLocals(projectId: $p, locals: $l) { id abbreviation } }',
    {
      p: w.projectId,
      l: [{ name: 'Bloco A', abbreviation: 'BLA', children: [{ name: 'Pavimento 2', abbreviation: 'P2' }] }],
    },
  );
  childLocal = locals.setProjectLocals.find((l) => l.abbreviation === 'P2')?.id ?? 0;
  const labels = await call<{ setProjectLabels: { id: number }[] }>(
    t,
    w.creator,
    'mutation($p: Int!, $l: [ProjectTreeItemInput!]!) { setProjectLabels(projectId: $p, labels: $l) { id } }',
    { p: w.projectId, l: [{ name: 'Segurança', abbreviation: 'SEG' }] },
  );
  labelId = labels.setProjectLabels[0]?.id ?? 0;
});
afterAll(async () => {
  await t.close();
});

describe('issue fields of spec core §3', () => {
  it('stores document references as given and serves locals, labels and user sub-objects', async () => {
    const child = childLocal;
    const created = await call<{ createIssue: { id: number } }>(
      t,
      w.creator,
      CREATE,
      draft(w, {
        locals: [child],
        labels: [labelId],
        documentsReferences: [DOCUMENT],
        ccodeDocumentsReferences: [CCODE],
        aiAssistantLogs: [{ role: 'assistant', text: 'Sugestão' }],
      }),
    );
    const { issue } = await call<{
      issue: Record<string, unknown> & { history: { userId: number; user: { id: number } }[] };
    }>(t, w.coordinator, DETAIL, { projectId: w.projectId, issueId: created.createIssue.id });
    expect(issue['locals']).toEqual([
      {
        localId: child,
        local: { id: child, name: 'Pavimento 2', abbreviation: 'P2', abbreviationTree: 'BLA.P2' },
      },
    ]);
    expect(issue['labels']).toEqual([
      { labelId, label: { id: labelId, name: 'Segurança', abbreviation: 'SEG', abbreviationTree: 'SEG' } },
    ]);
    expect(issue['disciplines']).toEqual([
      {
        discipline: {
          id: w.disciplineIds[0],
          name: 'Arquitetura',
          abbreviation: 'ARQ',
          standardDisciplineId: 1,
        },
      },
    ]);
    expect(issue['documentsReferences']).toEqual([{ ...DOCUMENT, documentId: '42' }]);
    expect(issue['ccodeDocumentsReferences']).toEqual([CCODE]);
    expect(issue['aiAssistantLogs']).toEqual([{ role: 'assistant', text: 'Sugestão' }]);
    expect(issue['cover']).toBeNull();
    expect(issue['createdByUser']).toMatchObject({
      id: w.creator.id,
      email: w.creator.email,
      lastName: 'Test',
      company: { logo: null },
    });
    expect(issue['toPublicByUser']).toEqual({ id: w.creator.id });
    expect(issue['statusUpdatedByUser']).toEqual({ id: w.creator.id });
    expect(issue['editedByUser']).toBeNull();
    expect(issue.history[0]?.user.id).toBe(w.creator.id);
  });

  it('searches the title and rev of code-document references', async () => {
    const created = await call<{ createIssue: { id: number } }>(
      t,
      w.creator,
      CREATE,
      draft(w, {
        title: 'Outra',
        ccodeDocumentsReferences: [{ title: 'Relatório de sondagem', rev: 'SPT-12' }],
      }),
    );
    const search = async (text: string) =>
      (
        await call<{ getIssues: { issues: { id: number }[] } }>(t, w.creator, GET_ISSUES, {
          projectId: w.projectId,
          filter: { search: text },
        })
      ).getIssues.issues.map((i) => i.id);
    expect(await search('relatorio sondagem')).toEqual([created.createIssue.id]);
    expect(await search('spt-12')).toEqual([created.createIssue.id]);
  });

  it('updates and clears references, and bounds their number', async () => {
    const created = await call<{ createIssue: { id: number } }>(
      t,
      w.creator,
      CREATE,
      draft(w, { documentsReferences: [DOCUMENT] }),
    );
    const update = `mutation($p: Int!, $i: Int!, $d: [IssueDocumentReferenceInput!]) { updateIssue(projectId: $p, issueId: $i, documentsReferences: $d) { id } }`;
    await call(t, w.creator, update, { p: w.projectId, i: created.createIssue.id, d: null });
    const { issue } = await call<{ issue: { documentsReferences: unknown[]; editedByUser: { id: number } } }>(
      t,
      w.creator,
      DETAIL,
      { projectId: w.projectId, issueId: created.createIssue.id },
    );
    expect(issue.documentsReferences).toEqual([]);
    expect(issue.editedByUser).toEqual({ id: w.creator.id });
    const many = Array.from({ length: 201 }, (_, index) => ({ index }));
    expect(await codeOf(t, w.creator, update, { p: w.projectId, i: created.createIssue.id, d: many })).toBe(
      'BAD_USER_INPUT',
    );
  });
});
