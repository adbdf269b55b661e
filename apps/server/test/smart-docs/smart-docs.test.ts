import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { codeOf } from '../projects/project-test-kit.ts';
import { subscribeAs } from '../issues/subscription-test-kit.ts';
import { startOpenAiTestServer, type OpenAiTestServer } from '../support/openai-test-server.ts';
import { buildDriveWorld, rest, uploadFile, type DriveWorld } from '../drive/drive-test-kit.ts';
import { enableAssistant } from '../ai/ai-test-kit.ts';
import { cutPage, searchTerms } from '../../src/modules/smart-docs/smart-docs-passages.ts';
import { ANSWER, SEARCH, search, settled, sources, textPdf } from './smart-docs-test-kit.ts';

/**
 * Smart Docs (issue 31 item 4): the smartDocs.index job after the drive's PDF preparation, passages with their
 * pages, full-text retrieval over the sources the user chose, the drive's visibility inside the retrieval, and the
 * answer streamed from a real local OpenAI-protocol server.
 */

const FIRE =
  'Stair doors shall have a fire rating of 90 minutes and close automatically. The fire rating label stays visible.';
const SECRET =
  'The structural reserve of the basement slab is classified and shown to the structure team only.';

let ai: OpenAiTestServer;
let t: TestServer;
let w: DriveWorld;
let specs: number;
let secret: number;
let scan: number;
let image: number;

beforeAll(async () => {
  ai = await startOpenAiTestServer();
  t = await startTestServer({ AI_BASE_URL: ai.url, AI_MODEL: 'scripted-model', AI_TIMEOUT_MS: '3000' });
  w = await buildDriveWorld(t, 'Torre Smart');
  for (const user of [w.owner, w.collabArq, w.collabEst]) await enableAssistant(t, user);
  const pdf = await textPdf([
    'General specifications. Scope of the works and the site rules for every contractor.',
    FIRE,
    'Finishes: the lobby floor is polished granite.',
  ]);
  specs = (await uploadFile(t, w, w.owner, 'TRN-ARQ-ED-0001-R00.pdf', {}, pdf)).id;
  // Discipline visibility in EST: the ARQ collaborator may not see it.
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
  scan = (await uploadFile(t, w, w.owner, 'TRN-ARQ-ED-0003-R00.pdf', {}, await textPdf(['']))).id;
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  image = (await uploadFile(t, w, w.owner, 'TRN-ARQ-ED-0004-R00.png', {}, png)).id;
  await settled(t, w.owner, w.projectId, [specs, secret, scan, image]);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await ai?.close();
});

describe('passages', () => {
  it('cuts a page at sentence ends and never crosses pages', () => {
    const text = `${'Alpha beta gamma. '.repeat(60)}`;
    const parts = cutPage(text, 200);
    expect(parts.length).toBeGreaterThan(5);
    expect(parts.every((p) => p.length <= 200 && p.endsWith('.'))).toBe(true);
    expect(cutPage('   ')).toEqual([]);
    expect(cutPage('x'.repeat(450), 200).map((p) => p.length)).toEqual([200, 200, 50]);
    expect(searchTerms('What fire rating do the stair-doors need?')).toEqual([
      'fire',
      'rating',
      'stair',
      'doors',
      'need',
    ]);
  });
});

describe('indexing', () => {
  it('indexes each page of a PDF, and marks a PDF without text and an image as unable', async () => {
    const list = await sources(t, w.owner, w.projectId);
    const byId = new Map(list.map((s) => [s.fileId, s]));
    expect(byId.get(specs)).toMatchObject({ state: 'indexed', revisionName: 'R00', status: 'ANALYSING' });
    expect(byId.get(specs)?.passageCount).toBe(3);
    expect(byId.get(scan)?.state).toBe('unable');
    expect(byId.get(image)?.state).toBe('unable');
  });

  it('indexes a new revision by itself', async () => {
    const r01 = await uploadFile(
      t,
      w,
      w.owner,
      'TRN-ARQ-ED-0001-R01.pdf',
      {},
      await textPdf(['Revised: stair doors now need a fire rating of 120 minutes.']),
    );
    const list = await settled(t, w.owner, w.projectId, [r01.id]);
    expect(list.find((s) => s.documentId === r01.documentId)).toMatchObject({
      fileId: r01.id,
      revisionName: 'R01',
      state: 'indexed',
    });
    const found = await search(t, w.owner, {
      projectId: w.projectId,
      fileIds: [r01.id],
      question: '120 minutes',
    });
    expect(found[0]).toMatchObject({ revisionName: 'R01', pageNumber: 1 });
    // The older revision keeps its own passages.
    const old = await search(t, w.owner, {
      projectId: w.projectId,
      fileIds: [specs],
      question: '90 minutes',
    });
    expect(old[0]).toMatchObject({ revisionName: 'R00', pageNumber: 2 });
  });
});

describe('retrieval', () => {
  it('finds the passage with its document, revision and page, best first', async () => {
    const found = await search(t, w.owner, {
      projectId: w.projectId,
      fileIds: [specs, secret],
      question: 'What fire rating do the specifications require for the stair doors?',
    });
    expect(found[0]).toMatchObject({ fileId: specs, revisionName: 'R00', pageNumber: 2 });
    expect(found[0]?.text).toContain('90 minutes');
    expect(found.some((p) => p.pageNumber === 3)).toBe(false);
  });

  it('reads only the chosen sources: by discipline, or one by one', async () => {
    const question = 'basement slab structural reserve';
    const est = w.disciplineIds[1] as number;
    expect(
      (await search(t, w.owner, { projectId: w.projectId, disciplineIds: [est], question }))[0]?.fileId,
    ).toBe(secret);
    expect(await search(t, w.owner, { projectId: w.projectId, fileIds: [specs], question })).toEqual([]);
    expect(await codeOf(t, w.owner, SEARCH, { i: { projectId: w.projectId, question, fileIds: [] } })).toBe(
      'REQUIRED_FIELD',
    );
    expect(
      await codeOf(t, w.owner, SEARCH, { i: { projectId: w.projectId, question: '  ', fileIds: [specs] } }),
    ).toBe('CONTENT_MUST_BE_NON_EMPTY_STRING');
  });

  it('never shows a partner a document they may not see: by title, by id, by a quoted sentence', async () => {
    const partner = w.collabArq;
    const est = w.disciplineIds[1] as number;
    const arq = w.disciplineIds[0] as number;
    const listed = await sources(t, partner, w.projectId);
    expect(listed.map((s) => s.fileId)).not.toContain(secret);
    expect(listed.map((s) => s.documentName)).toContain('TRN-ARQ-ED-0001');
    const all = { projectId: w.projectId, disciplineIds: [arq, est] };
    // By title (the document's name) and by a quoted sentence, over every discipline.
    expect(await search(t, partner, { ...all, question: 'TRN-EST-ED-0002' })).toEqual([]);
    expect(await search(t, partner, { ...all, question: `"${SECRET}"` })).toEqual([]);
    expect(await search(t, partner, { ...all, fileIds: [specs], question: SECRET })).toEqual([]);
    // By id.
    expect(
      await codeOf(t, partner, SEARCH, {
        i: { projectId: w.projectId, fileIds: [secret], question: SECRET },
      }),
    ).toBe('DOCUMENT_NOT_FOUND');
    // The EST collaborator sees it.
    expect((await search(t, w.collabEst, { ...all, question: SECRET }))[0]?.fileId).toBe(secret);
    // Someone outside the project gets nothing either.
    expect(
      await codeOf(t, w.outsider, SEARCH, {
        i: { projectId: w.projectId, fileIds: [specs], question: 'fire' },
      }),
    ).toBe('FORBIDDEN');
  });

  it('forgets a deleted revision: Document not found', async () => {
    const gone = await uploadFile(
      t,
      w,
      w.owner,
      'TRN-ARQ-ED-0009-R00.pdf',
      {},
      await textPdf(['Temporary memo about scaffolding.']),
    );
    await settled(t, w.owner, w.projectId, [gone.id]);
    expect((await rest(t, w.owner, 'DELETE', `${w.base}/files/${gone.id}`)).status).toBe(204);
    expect(
      await codeOf(t, w.owner, SEARCH, {
        i: { projectId: w.projectId, fileIds: [gone.id], question: 'scaffolding' },
      }),
    ).toBe('DOCUMENT_NOT_FOUND');
    const left = await t.server.services.database.db.execute(
      sql`select count(*)::int as n from smart_docs_passages where file_id = ${gone.id}`,
    );
    expect((left as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });

  it('refuses users without the assistant flag', async () => {
    expect(
      await codeOf(t, w.coordinator, SEARCH, {
        i: { projectId: w.projectId, fileIds: [specs], question: 'fire' },
      }),
    ).toBe('FORBIDDEN');
  });
});

describe('answer', () => {
  it('streams the passages, then the answer the model wrote from them', async () => {
    ai.queue.push({ text: ['Stair doors need ', '90 minutes [1].'] });
    const live = await subscribeAs<{
      kind: string;
      text: string | null;
      passages: { pageNumber: number }[] | null;
    }>(
      t,
      w.owner,
      ANSWER,
      { i: { projectId: w.projectId, fileIds: [specs], question: 'fire rating of the stair doors' } },
      'smartDocsAnswer',
    );
    try {
      await live.waitFor((e) => e.kind === 'done' || e.kind === 'error', 15_000);
    } finally {
      await live.close();
    }
    const kinds = live.events.map((e) => e.kind);
    expect(kinds[0]).toBe('passages');
    expect(live.events[0]?.passages?.[0]?.pageNumber).toBe(2);
    expect(kinds.filter((k) => k === 'token').length).toBe(2);
    expect(live.events.at(-1)).toMatchObject({ kind: 'done', text: 'Stair doors need 90 minutes [1].' });
    const sent = ai.received.at(-1);
    expect(sent?.messages[0]?.content).toContain('90 minutes');
    expect(sent?.messages[0]?.content).toContain('page 2');
    expect(sent?.messages[0]?.content).not.toContain(SECRET);
  });

  it('without a model: the passages, then AI_NOT_CONFIGURED', async () => {
    const plain = await startTestServer();
    try {
      const pw = await buildDriveWorld(plain, 'Torre Sem Modelo');
      await enableAssistant(plain, pw.owner);
      const file = await uploadFile(
        plain,
        pw,
        pw.owner,
        'TRN-ARQ-ED-0001-R00.pdf',
        {},
        await textPdf([FIRE]),
      );
      await settled(plain, pw.owner, pw.projectId, [file.id]);
      const live = await subscribeAs<{ kind: string; code: string | null; passages: unknown[] | null }>(
        plain,
        pw.owner,
        ANSWER,
        { i: { projectId: pw.projectId, fileIds: [file.id], question: 'fire rating' } },
        'smartDocsAnswer',
      );
      try {
        await live.waitFor((e) => e.kind === 'error', 15_000);
      } finally {
        await live.close();
      }
      expect(live.events.map((e) => e.kind)).toEqual(['passages', 'error']);
      expect(live.events[0]?.passages?.length).toBe(1);
      expect(live.events[1]?.code).toBe('AI_NOT_CONFIGURED');
    } finally {
      await plain.close();
    }
  }, 60_000);
});
