import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { startOpenAiTestServer, type OpenAiTestServer } from '../support/openai-test-server.ts';
import { buildDriveWorld, uploadFile, type DriveWorld } from '../drive/drive-test-kit.ts';
import { enableAssistant } from '../ai/ai-test-kit.ts';
import { fuseByRank, unitVector } from '../../src/modules/smart-docs/smart-docs-passages.ts';
import { search, settled, textPdf } from './smart-docs-test-kit.ts';

/**
 * Smart Docs with an embedding model (AI_EMBEDDING_MODEL) on the local OpenAI-protocol server: passages stored with
 * their embeddings, the question's nearest passages merged with the full-text ones by reciprocal rank fusion, under
 * the same visibility. The scripted embedding reads meaning from a few words in English and Portuguese, so that a
 * Portuguese question finds an English passage that shares none of its words.
 */

function meaning(text: string): number[] {
  const t = text.toLowerCase();
  if (/fire|fogo/.test(t)) return [1, 0, 0, 0.1];
  if (/granite|granito/.test(t)) return [0, 1, 0, 0.1];
  if (/slab|laje/.test(t)) return [0, 0, 1, 0.1];
  return [0, 0, 0, 1];
}

let ai: OpenAiTestServer;
let t: TestServer;
let w: DriveWorld;
let specs: number;
let secret: number;

beforeAll(async () => {
  ai = await startOpenAiTestServer();
  ai.embed = meaning;
  t = await startTestServer({
    AI_BASE_URL: ai.url,
    AI_MODEL: 'scripted-model',
    AI_EMBEDDING_MODEL: 'scripted-embeddings',
    AI_TIMEOUT_MS: '3000',
  });
  w = await buildDriveWorld(t, 'Torre Vetores');
  for (const user of [w.owner, w.collabArq]) await enableAssistant(t, user);
  specs = (
    await uploadFile(
      t,
      w,
      w.owner,
      'TRN-ARQ-ED-0001-R00.pdf',
      {},
      await textPdf([
        'General specifications of the works.',
        'Stair doors shall have a fire rating of 90 minutes.',
        'The lobby floor is polished granite.',
      ]),
    )
  ).id;
  secret = (
    await uploadFile(
      t,
      w,
      w.owner,
      'TRN-EST-ED-0002-R00.pdf',
      { visibility: 'discipline' },
      await textPdf(['The basement slab keeps a structural reserve.']),
    )
  ).id;
  await settled(t, w.owner, w.projectId, [specs, secret]);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await ai?.close();
});

describe('fusion', () => {
  it('merges ranked lists by reciprocal rank, agreeing items first', () => {
    const fused = fuseByRank(
      [
        [{ id: 1 }, { id: 2 }, { id: 3 }],
        [{ id: 3 }, { id: 4 }, { id: 1 }],
      ],
      (x) => x.id,
    );
    expect(fused.map((x) => x.id)).toEqual([1, 3, 2, 4]);
    expect(unitVector([3, 4])).toEqual([0.6, 0.8]);
  });
});

describe('vectors', () => {
  it("stores each passage's embedding at unit length", async () => {
    const found = await t.server.services.database.db.execute(
      sql`select page_number, embedding from smart_docs_passages where file_id = ${specs} order by page_number`,
    );
    const rows = (found as unknown as { rows: { page_number: number; embedding: number[] }[] }).rows;
    expect(rows.map((r) => r.page_number)).toEqual([1, 2, 3]);
    for (const row of rows) {
      expect(row.embedding).toHaveLength(4);
      expect(Math.hypot(...row.embedding)).toBeCloseTo(1, 5);
    }
    expect(ai.embedded).toContain('Stair doors shall have a fire rating of 90 minutes.');
  });

  it('finds by meaning what shares no word with the question, merged with the words by rank', async () => {
    const question = 'Qual a resistência ao fogo exigida?';
    const found = await search(t, w.owner, { projectId: w.projectId, fileIds: [specs], question });
    expect(found[0]).toMatchObject({ fileId: specs, pageNumber: 2 });
    // Words and meaning together: "granite" matches page 3 by both.
    const granite = await search(t, w.owner, {
      projectId: w.projectId,
      fileIds: [specs],
      question: 'granite',
    });
    expect(granite[0]?.pageNumber).toBe(3);
  });

  it('never brings a hidden document near: the partner asking its meaning gets nothing of it', async () => {
    const all = { projectId: w.projectId, disciplineIds: w.disciplineIds.slice(0, 2) };
    const partner = await search(t, w.collabArq, { ...all, question: 'e a laje?' });
    expect(partner.map((p) => p.fileId)).not.toContain(secret);
    const owner = await search(t, w.owner, { ...all, question: 'e a laje?' });
    expect(owner[0]?.fileId).toBe(secret);
  });
});
