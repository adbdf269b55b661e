import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializeMarkup, EMPTY_MARKUP } from '@obra/domain';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { buildIssueWorld, createIssueAs, draft, type IssueWorld } from './issue-test-kit.ts';

/**
 * markUp is the editor's markup document (domain markup schema): the server refuses a malformed one with
 * BAD_USER_INPUT on the image's markUp field instead of storing anything it is given.
 */
let t: TestServer;
let w: IssueWorld;

beforeAll(async () => {
  t = await startTestServer();
  w = await buildIssueWorld(t);
});
afterAll(async () => {
  await t.close();
});

const UPDATE_IMAGES = `mutation($projectId: Int!, $issueId: Int!, $images: [IssueImageInput!]) {
  updateIssue(projectId: $projectId, issueId: $issueId, images: $images) { id } }`;

async function answer(markUp: unknown) {
  const issueId = await createIssueAs(t, w.creator, draft(w));
  const res = await t.gql(
    UPDATE_IMAGES,
    { projectId: w.projectId, issueId, images: [{ original: 'not-an-upload', title: 'planta', markUp }] },
    { token: w.creator.token },
  );
  return res.errors?.[0]?.extensions;
}

describe('markUp validation', () => {
  it('refuses markup that is not a markup document, naming the image field', async () => {
    for (const bad of [
      'not json',
      [1, 2, 3],
      { version: 2, rects: [{ id: 'r1', kind: 'rect', width: 'wide' }] },
      { version: 99, rects: [] },
    ])
      expect(await answer(bad)).toMatchObject({
        code: 'BAD_USER_INPUT',
        details: { field: 'images.0.markUp' },
      });
  });

  it('lets a valid document through to the next check (here: the upload that does not exist)', async () => {
    const next = await answer(serializeMarkup({ ...EMPTY_MARKUP, pin: { x: 3, y: 4, color: 'red' } }));
    expect(next?.['details']).not.toMatchObject({ field: 'images.0.markUp' });
  });
});
