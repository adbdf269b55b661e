// Issue 30 #3: three simultaneous confirm-upload calls on one drive file answered 200, 500, 500 (the first moved the
// bytes to their final key while the others still read them under the upload key). docs/api-drive.md promises that
// confirming again answers the file, and no 5xx for anything a client sends. Checked for every upload confirmation
// of the product: drive files, project files, issue images and profile images — and that the file's preparation
// job is queued once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { buildDriveWorld, pdfBytes, put, rest, type Created, type DriveWorld } from './drive-test-kit.ts';
import { CONFIRM, PHOTO_JPG, put as putImage, signedUpload } from '../issues/image-test-kit.ts';
import { askUpload, CONFIRM_UPLOAD } from '../profile-images/profile-image-test-kit.ts';
import { gqlAt } from '../resilience/support/gql-client.ts';

let t: TestServer;
let w: DriveWorld;

beforeAll(async () => {
  t = await startTestServer();
  w = await buildDriveWorld(t, 'Torre Confirmação');
});
afterAll(async () => {
  await t.close();
});

const CALLS = 3;

async function jobsFor(name: string, fileId: number): Promise<number> {
  const { rows } = await t.server.services.database.executor.executeSql(
    "select count(*)::int as n from pgboss.job where name = $1 and (data->>'fileId')::int = $2",
    [name, fileId],
  );
  return (rows[0] as { n: number }).n;
}

describe('simultaneous confirmations of one upload', () => {
  for (const area of [
    { name: 'drive files', base: () => w.base, fileName: (i: number) => `TRN-ARQ-ED-07${i}0-R00.pdf` },
    {
      name: 'project files',
      base: () => `/project-files/projects/${w.projectId}`,
      fileName: (i: number) => `Memorial simultâneo ${i}.pdf`,
    },
  ]) {
    it(`${area.name}: every call answers the confirmed file, and the preparation is queued once`, async () => {
      for (let i = 0; i < 4; i++) {
        const bytes = Buffer.concat([pdfBytes(`simultaneous ${i}`), Buffer.alloc(512 * 1024, 32)]);
        const created = await rest<Created>(t, w.owner, 'POST', `${area.base()}/files`, {
          fileName: area.fileName(i),
          fileSize: bytes.length,
        });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        expect(await put(created.body.upload.url, bytes, created.body.upload.headers)).toBe(200);
        const answers = await Promise.all(
          Array.from({ length: CALLS }, () =>
            rest<{ id: number; uploadState: string }>(
              t,
              w.owner,
              'PATCH',
              `${area.base()}/files/${created.body.file.id}/confirm-upload`,
            ),
          ),
        );
        expect(
          answers.map((a) => a.status),
          JSON.stringify(answers.map((a) => a.body)),
        ).toEqual(Array(CALLS).fill(200));
        for (const a of answers)
          expect(a.body).toMatchObject({ id: created.body.file.id, uploadState: 'confirmed' });
        expect(await jobsFor('drive.pdfPrepare', created.body.file.id)).toBe(1);
        // The bytes are there, whole.
        const url = await rest<{ url: string }>(
          t,
          w.owner,
          'GET',
          `${area.base()}/files/${created.body.file.id}/download-url`,
        );
        expect(Buffer.from(await (await fetch(url.body.url)).arrayBuffer()).equals(bytes)).toBe(true);
      }
    });
  }

  it('issue images: every call answers the confirmed image', async () => {
    for (let i = 0; i < 4; i++) {
      const upload = await signedUpload(t, w.owner, w.projectId);
      expect((await putImage(upload.url, PHOTO_JPG)).status).toBe(200);
      const answers = await Promise.all(
        Array.from({ length: CALLS }, () =>
          gqlAt<{ confirmProjectIssueFileUpload: { fileId: string; size: number } }>(
            t.url,
            CONFIRM,
            { projectId: w.projectId, fileId: upload.fileId },
            { token: w.owner.token },
          ),
        ),
      );
      for (const a of answers) {
        expect(a.errors, JSON.stringify(a.errors)).toBeUndefined();
        expect(a.data?.confirmProjectIssueFileUpload).toMatchObject({
          fileId: upload.fileId,
          size: PHOTO_JPG.length,
        });
      }
    }
  });

  it('profile images: every call answers the ready image', async () => {
    for (let i = 0; i < 4; i++) {
      const upload = await askUpload(t, w.owner, 'USER_PHOTO');
      expect((await putImage(upload.url, PHOTO_JPG)).status).toBe(200);
      const answers = await Promise.all(
        Array.from({ length: CALLS }, () =>
          gqlAt<{ confirmProfileImageUpload: { fileId: string; url: string } }>(
            t.url,
            CONFIRM_UPLOAD,
            { fileId: upload.fileId },
            { token: w.owner.token },
          ),
        ),
      );
      const urls = new Set<string>();
      for (const a of answers) {
        expect(a.errors, JSON.stringify(a.errors)).toBeUndefined();
        expect(a.data?.confirmProfileImageUpload.fileId).toBe(upload.fileId);
        urls.add(a.data?.confirmProfileImageUpload.url ?? '');
      }
      expect(urls.size).toBe(1);
      // The image is served at its address.
      expect((await fetch(new URL([...urls][0] ?? '', t.url))).status).toBe(200);
    }
  });
});
