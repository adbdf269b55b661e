import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { codeOf } from '../projects/project-test-kit.ts';
import { subscribeAs } from '../issues/subscription-test-kit.ts';
import { startOpenAiTestServer, type OpenAiTestServer } from '../support/openai-test-server.ts';
import {
  buildDriveWorld,
  put,
  rest,
  uploadFile,
  type Created,
  type DriveWorld,
} from '../drive/drive-test-kit.ts';
import { enableAssistant } from '../ai/ai-test-kit.ts';
import { queueMissingSmartDocsIndexes } from '../../src/modules/smart-docs/smart-docs-index-service.ts';
import { ANSWER, SEARCH, SOURCES, search, settled, sources, textPdf } from './smart-docs-test-kit.ts';

/**
 * Project files as Smart Docs sources (issue 31 item 4, "among the drive documents (and project files) that they
 * may see"; docs/ai.md "Smart Docs"): a PDF project file is prepared and indexed on upload like a drive revision,
 * offered by its newest version, searched under the project files' own rule (every participant of the project sees
 * every confirmed version; nobody else anything), cited with its version and page, opened by the viewer there, and
 * forgotten when deleted. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */

const CRANE =
  'The tower crane of block B is dismantled on Friday. The access road stays closed from seven to noon.';
const SECRET =
  'The structural reserve of the basement slab is classified and shown to the structure team only.';
const NEIGHBOUR = 'Facade scaffolding inspection report for the neighbouring tower.';

let ai: OpenAiTestServer;
let t: TestServer;
let w: DriveWorld;
/** The same project, through the project files' routes. */
let files: DriveWorld;
/** Another project, whose people take no part in `w`'s. */
let other: DriveWorld;
let minutes: { id: number; documentId: number };
let photo: { id: number; documentId: number };
let secret: number;
let neighbour: number;

beforeAll(async () => {
  ai = await startOpenAiTestServer();
  t = await startTestServer({ AI_BASE_URL: ai.url, AI_MODEL: 'scripted-model', AI_TIMEOUT_MS: '3000' });
  w = await buildDriveWorld(t, 'Torre Arquivos IA');
  files = { ...w, base: `/project-files/projects/${w.projectId}` };
  other = await buildDriveWorld(t, 'Torre Vizinha');
  for (const user of [w.owner, w.collabArq, w.collabEst, w.outsider, other.collabArq])
    await enableAssistant(t, user);
  // A working file sent by the EST collaborator: every participant sees it, the ARQ collaborator included.
  minutes = await uploadFile(
    t,
    files,
    w.collabEst,
    'Ata de reunião 12.pdf',
    {},
    await textPdf(['Meeting minutes of week 12. Present: the coordinators of every company.', CRANE]),
  );
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  photo = await uploadFile(t, files, w.owner, 'Foto da obra.png', {}, png);
  // A drive document restricted to EST: the ARQ collaborator may not see it.
  secret = (
    await uploadFile(
      t,
      w,
      w.owner,
      'TRN-EST-ED-0002-R00.pdf',
      { visibility: 'discipline' },
      await textPdf([SECRET]),
    )
  ).id;
  neighbour = (
    await uploadFile(
      t,
      { ...other, base: `/project-files/projects/${other.projectId}` },
      other.owner,
      'Relatório fachada.pdf',
      {},
      await textPdf([NEIGHBOUR]),
    )
  ).id;
  await settled(t, w.owner, w.projectId, [minutes.id, photo.id, secret]);
  await enableAssistant(t, other.owner);
  await settled(t, other.owner, other.projectId, [neighbour]);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await ai?.close();
});

describe('indexing project files', () => {
  it('indexes a PDF project file by page on upload, and marks a photo as unable', async () => {
    const list = await sources(t, w.collabArq, w.projectId);
    expect(list.find((s) => s.fileId === minutes.id)).toMatchObject({
      area: 'files',
      documentName: 'Ata de reunião 12.pdf',
      revisionName: '1',
      status: null,
      state: 'indexed',
      passageCount: 2,
    });
    expect(list.find((s) => s.fileId === photo.id)).toMatchObject({ area: 'files', state: 'unable' });
    // The drive's own rule still holds beside them: the ARQ collaborator is not offered the EST document.
    expect(list.map((s) => s.fileId)).not.toContain(secret);
    expect((await sources(t, w.collabEst, w.projectId)).find((s) => s.fileId === secret)?.area).toBe('drive');
  });

  it('offers a file by its newest version, indexed by itself; the older version keeps its passages', async () => {
    const second = await uploadFile(
      t,
      files,
      w.owner,
      'ATA DE REUNIÃO 12.pdf',
      {},
      await textPdf(['Correction: the tower crane is dismantled on Monday instead.']),
    );
    const list = await settled(t, w.owner, w.projectId, [second.id]);
    const listed = list.filter((s) => s.documentId === minutes.documentId);
    expect(listed).toMatchObject([{ fileId: second.id, revisionName: '2', state: 'indexed' }]);
    expect(
      (await search(t, w.collabArq, { projectId: w.projectId, fileIds: [second.id], question: 'Monday' }))[0],
    ).toMatchObject({ area: 'files', revisionName: '2', pageNumber: 1 });
    expect(
      (
        await search(t, w.collabArq, { projectId: w.projectId, fileIds: [minutes.id], question: 'Friday' })
      )[0],
    ).toMatchObject({ fileId: minutes.id, revisionName: '1', pageNumber: 2 });
  });

  it('queues at start the prepared project files that have no index', async () => {
    await t.server.services.database.db.execute(
      sql`delete from smart_docs_files where file_id = ${minutes.id}`,
    );
    await t.server.services.database.db.execute(
      sql`delete from smart_docs_passages where file_id = ${minutes.id}`,
    );
    expect(await queueMissingSmartDocsIndexes(t.server.services)).toBeGreaterThanOrEqual(1);
    for (let i = 0; i < 300; i++) {
      const found = await search(t, w.owner, {
        projectId: w.projectId,
        fileIds: [minutes.id],
        question: 'tower crane',
      });
      if (found.length > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the project file was not indexed again');
  });
});

describe('retrieval from project files', () => {
  it('finds the passage with the file, version and page, and the viewer opens the file there', async () => {
    const found = await search(t, w.collabArq, {
      projectId: w.projectId,
      fileIds: [minutes.id],
      question: 'When is the tower crane dismantled?',
    });
    expect(found[0]).toMatchObject({
      area: 'files',
      fileId: minutes.id,
      documentId: minutes.documentId,
      documentName: 'Ata de reunião 12.pdf',
      revisionName: '1',
      pageNumber: 2,
    });
    expect(found[0]?.text).toContain('Friday');
    // The citation's link is the viewer's document route: it opens the project file with its versions and pages.
    const opened = await rest<{
      documents: {
        id: number;
        area: string;
        revisions: { revisionName: string; kind: string; pages: unknown[] | null }[];
      }[];
    }>(t, w.collabArq, 'POST', `${w.base}/viewer/documents`, { documentIds: [minutes.documentId] });
    expect(opened.status).toBe(200);
    // It says it is a project file (the viewer's way back is then the project's files).
    expect(opened.body.documents[0]?.area).toBe('files');
    const revisions = opened.body.documents[0]?.revisions ?? [];
    expect(revisions.map((r) => r.revisionName)).toEqual(['2', '1']);
    expect(revisions[1]).toMatchObject({ kind: 'pdf' });
    expect(revisions[1]?.pages).toHaveLength(2);
    const refused = await rest(t, other.collabArq, 'POST', `${w.base}/viewer/documents`, {
      documentIds: [minutes.documentId],
    });
    expect(refused.status).not.toBe(200);
  });

  it('searches project files beside drive documents, never bringing in a drive document the user may not see', async () => {
    const est = w.disciplineIds[1] as number;
    const arq = w.disciplineIds[0] as number;
    const mixed = { projectId: w.projectId, fileIds: [minutes.id], disciplineIds: [arq, est] };
    expect(await search(t, w.collabArq, { ...mixed, question: `"${SECRET}"` })).toEqual([]);
    expect(await search(t, w.collabArq, { ...mixed, question: 'TRN-EST-ED-0002' })).toEqual([]);
    expect(
      (await search(t, w.collabArq, { ...mixed, question: 'tower crane' })).map((p) => p.fileId),
    ).toEqual([minutes.id]);
    // The EST collaborator, who sees both, finds both by their own words.
    const both = await search(t, w.collabEst, { ...mixed, question: 'crane basement slab' });
    expect(new Set(both.map((p) => p.area))).toEqual(new Set(['files', 'drive']));
    // A discipline stands for drive documents only: choosing every discipline reads no project file.
    expect(
      await search(t, w.owner, {
        projectId: w.projectId,
        disciplineIds: [arq, est],
        question: 'tower crane',
      }),
    ).toEqual([]);
  });

  it('gives a partner who may not see the file nothing of it: by title, by a quoted sentence, by id', async () => {
    const partner = other.collabArq;
    // Their own project's sources do not list it, and no question over them reaches it.
    const listed = await sources(t, partner, other.projectId);
    expect(listed.map((s) => s.fileId)).not.toContain(minutes.id);
    expect(listed.map((s) => s.documentName)).not.toContain('Ata de reunião 12.pdf');
    const own = { projectId: other.projectId, fileIds: [neighbour] };
    // (Words the two files share, "tower", may find the partner's own file: never the other project's.)
    for (const question of ['Ata de reunião 12', `"${CRANE}"`, 'tower crane dismantled Friday']) {
      const found = await search(t, partner, { ...own, question });
      expect(found.every((p) => p.fileId === neighbour && !p.text.includes('crane'))).toBe(true);
    }
    expect((await search(t, partner, { ...own, question: 'scaffolding' }))[0]?.fileId).toBe(neighbour);
    // By id, through their project: Document not found.
    expect(
      await codeOf(t, partner, SEARCH, {
        i: { projectId: other.projectId, fileIds: [minutes.id], question: CRANE },
      }),
    ).toBe('DOCUMENT_NOT_FOUND');
    // Through the file's own project, where they take no part: refused before any search.
    expect(await codeOf(t, partner, SOURCES, { p: w.projectId })).toMatch(/FORBIDDEN|PROJECT_NOT_FOUND/);
    expect(
      await codeOf(t, partner, SEARCH, {
        i: { projectId: w.projectId, fileIds: [minutes.id], question: CRANE },
      }),
    ).toMatch(/FORBIDDEN|PROJECT_NOT_FOUND/);
    expect(
      await codeOf(t, w.outsider, SEARCH, {
        i: { projectId: w.projectId, fileIds: [minutes.id], question: CRANE },
      }),
    ).toMatch(/FORBIDDEN|PROJECT_NOT_FOUND/);
  });

  it("never reads someone else's unfinished upload", async () => {
    const bytes = await textPdf(['Unfinished upload about the concrete pour schedule.']);
    const created = await rest<Created>(t, w.owner, 'POST', `${files.base}/files`, {
      fileName: 'Rascunho.pdf',
      fileSize: bytes.length,
    });
    expect(created.status).toBe(201);
    expect(await put(created.body.upload.url, bytes, created.body.upload.headers)).toBe(200);
    expect((await sources(t, w.collabArq, w.projectId)).map((s) => s.fileId)).not.toContain(
      created.body.file.id,
    );
    expect(
      await codeOf(t, w.collabArq, SEARCH, {
        i: { projectId: w.projectId, fileIds: [created.body.file.id], question: 'concrete pour' },
      }),
    ).toBe('DOCUMENT_NOT_FOUND');
  });

  it('forgets a deleted project file: Document not found, and its passages are gone', async () => {
    const gone = await uploadFile(
      t,
      files,
      w.collabArq,
      'Memo andaimes.pdf',
      {},
      await textPdf(['Temporary memo about the scaffolding anchors.']),
    );
    await settled(t, w.collabArq, w.projectId, [gone.id]);
    expect(
      (await search(t, w.owner, { projectId: w.projectId, fileIds: [gone.id], question: 'anchors' }))[0]
        ?.area,
    ).toBe('files');
    expect((await rest(t, w.collabArq, 'DELETE', `${files.base}/files/${gone.id}`)).status).toBe(204);
    expect(
      await codeOf(t, w.owner, SEARCH, {
        i: { projectId: w.projectId, fileIds: [gone.id], question: 'anchors' },
      }),
    ).toBe('DOCUMENT_NOT_FOUND');
    expect((await sources(t, w.owner, w.projectId)).map((s) => s.fileId)).not.toContain(gone.id);
    const left = await t.server.services.database.db.execute(
      sql`select count(*)::int as n from smart_docs_passages where file_id = ${gone.id}`,
    );
    expect((left as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });
});

describe('answers from project files', () => {
  it('streams the file passages, and tells the model the file, its version and page', async () => {
    ai.queue.push({ text: ['On Friday [1].'] });
    const live = await subscribeAs<{
      kind: string;
      text: string | null;
      passages: { area: string; pageNumber: number }[] | null;
    }>(
      t,
      w.collabArq,
      ANSWER,
      { i: { projectId: w.projectId, fileIds: [minutes.id], question: 'When does the crane go?' } },
      'smartDocsAnswer',
    );
    try {
      await live.waitFor((e) => e.kind === 'done' || e.kind === 'error', 15_000);
    } finally {
      await live.close();
    }
    expect(live.events[0]?.passages?.[0]).toMatchObject({ area: 'files', pageNumber: 2 });
    expect(live.events.at(-1)).toMatchObject({ kind: 'done', text: 'On Friday [1].' });
    const prompt = ai.received.at(-1)?.messages[0]?.content ?? '';
    expect(prompt).toContain('Ata de reunião 12.pdf, project file version 1, page 2');
    expect(prompt).not.toContain(SECRET);
  });
});
