// Issue 30 #11: conversions and document preparations waiting on a busy server showed only "waiting"; the file and
// the model list now give their place in the queue. Here no process runs jobs (JOBS=none), so everything queued
// stays queued: three PDFs are 1st, 2nd and 3rd of the preparation queue, an IFC model 1st of the conversion queue.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { buildDriveWorld, pdfBytes, rest, uploadFile, type DriveWorld } from './drive-test-kit.ts';

const HOUSE = fs.readFileSync(
  path.join(import.meta.dirname, '../../../../fixtures/ifc/web-ifc/IfcOpenHouse_IFC4.ifc'),
);

let t: TestServer;
let w: DriveWorld;

beforeAll(async () => {
  t = await startTestServer({ JOBS: 'none' });
  w = await buildDriveWorld(t, 'Torre Fila');
});
afterAll(async () => {
  await t.close();
});

type Answer = { processingState: string; queuePosition: number | null };

describe('the place of a queued file in its queue', () => {
  it('is given for queued PDF preparations and model conversions, in the order they were queued', async () => {
    const pdfs: { id: number }[] = [];
    for (let i = 0; i < 3; i++)
      pdfs.push(await uploadFile(t, w, w.owner, `TRN-ARQ-ED-098${i}-R00.pdf`, {}, pdfBytes(`fila ${i}`)));
    const answers = await Promise.all(
      pdfs.map((f) => rest<Answer>(t, w.owner, 'GET', `${w.base}/files/${f.id}`)),
    );
    expect(answers.map((a) => [a.body.processingState, a.body.queuePosition])).toEqual([
      ['queued', 1],
      ['queued', 2],
      ['queued', 3],
    ]);
    // The list says the same.
    const listed = await rest<{ files: (Answer & { id: number })[] }>(t, w.owner, 'GET', `${w.base}/files`);
    expect(listed.body.files.find((f) => f.id === pdfs[2]?.id)?.queuePosition).toBe(3);

    const model = await uploadFile(t, w, w.owner, 'TRN-ARQ-ED-0990-R00.ifc', {}, HOUSE);
    const models = await rest<{ models: (Answer & { fileId: number })[] }>(
      t,
      w.owner,
      'GET',
      `/bim/projects/${w.projectId}/models`,
    );
    expect(models.body.models.find((m) => m.fileId === model.id)).toMatchObject({
      processingState: 'queued',
      queuePosition: 1,
    });
    // A file whose processing is not queued has no place.
    const text = await uploadFile(t, w, w.owner, 'TRN-ARQ-ED-0991-R00.txt', {}, Buffer.from('notas'));
    expect(
      (await rest<Answer>(t, w.owner, 'GET', `${w.base}/files/${text.id}`)).body.queuePosition,
    ).toBeNull();
  });
});
