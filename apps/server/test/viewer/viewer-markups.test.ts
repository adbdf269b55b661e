import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { buildDriveWorld, rest, uploadFile, type DriveWorld } from '../drive/drive-test-kit.ts';
import { call } from '../projects/project-test-kit.ts';

let t: TestServer;
let w: DriveWorld;
let sheet: number;
let hidden: number;
let markups: string;
let publicIssue: number;
let managementIssue: number;

interface Markup {
  id: number;
  revision: string;
  page: number;
  scale: number;
  markUp: { rects: { id: string }[] };
  issueId: number | null;
  issueCode: string | null;
  mine: boolean;
  authorName: string;
}

const CREATE = `mutation($projectId: Int!, $title: String, $status: String, $priority: String, $visibility: String,
  $disciplines: [IssueDisciplineInput!], $pin: JSON) {
  createIssue(projectId: $projectId, title: $title, status: $status, priority: $priority, visibility: $visibility,
    disciplines: $disciplines, pin: $pin) { id } }`;

async function issue(title: string, visibility: string): Promise<number> {
  const data = await call<{ createIssue: { id: number } }>(t, w.owner, CREATE, {
    projectId: w.projectId,
    title,
    status: 'active',
    priority: 'high',
    visibility,
    disciplines: [{ disciplineId: w.disciplineIds[0], status: 'todo' }],
    pin: { x: 0.5, y: 0.5 },
  });
  return data.createIssue.id;
}

/** A markup document of the editor (markup schema) with one rectangle. */
function drawing(id: string) {
  return {
    version: 2,
    rects: [
      {
        id,
        name: 'Rectangle',
        kind: 'rect',
        x: 10,
        y: 20,
        width: 100,
        height: 50,
        rotation: 0,
        scaleX: 1,
        scaleY: 1,
        highlight: false,
        style: { stroke: '#e03131', fill: null, strokeWidth: 4, opacity: 1 },
      },
    ],
    circles: [],
    lines: [],
    arrows: [],
    texts: [],
    pin: null,
    viewpoint: null,
  };
}

async function list(user: DriveWorld['owner']): Promise<Markup[]> {
  const answer = await rest<{ markups: Markup[] }>(t, user, 'GET', markups);
  expect(answer.status).toBe(200);
  return answer.body.markups;
}

beforeAll(async () => {
  t = await startTestServer();
  w = await buildDriveWorld(t, 'Torre Markups');
  sheet = (await uploadFile(t, w, w.owner, 'TRN-ARQ-ED-0001-R00.pdf', { visibility: 'public' })).documentId;
  await uploadFile(t, w, w.owner, 'TRN-ARQ-ED-0001-R01.pdf', { visibility: 'public' });
  hidden = (await uploadFile(t, w, w.owner, 'TRN-ARQ-ED-0002-R00.pdf', { visibility: 'company' })).documentId;
  markups = `${w.base}/viewer/documents/${sheet}/markups`;
  publicIssue = await issue('Fachada: revisar cotas', 'public');
  managementIssue = await issue('Custo da fachada', 'project_management');
});
afterAll(async () => {
  await t.close();
});

describe('markups on document sheets', () => {
  it('keeps a private markup that only its author receives', async () => {
    const saved = await rest<{ markup: Markup }>(t, w.collabEst, 'POST', markups, {
      revision: 'r00',
      page: 1,
      scale: 0.7,
      markUp: drawing('private-1'),
      issueId: null,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.markup).toMatchObject({
      revision: 'R00',
      page: 1,
      scale: 0.7,
      issueId: null,
      mine: true,
    });
    expect(saved.body.markup.markUp.rects[0]?.id).toBe('private-1');
    expect((await list(w.collabEst)).map((m) => m.id)).toEqual([saved.body.markup.id]);
    // Nobody else, not even the project's owner, receives it.
    expect(await list(w.owner)).toEqual([]);
    expect(await list(w.collabArq)).toEqual([]);
  });

  it('shares a markup with an issue: whoever sees the issue receives it, nobody else', async () => {
    const shared = await rest<{ markup: Markup }>(t, w.owner, 'POST', markups, {
      revision: 'R01',
      page: 2,
      scale: 1,
      markUp: drawing('shared-public'),
      issueId: publicIssue,
    });
    expect(shared.status).toBe(200);
    const management = await rest<{ markup: Markup }>(t, w.owner, 'POST', markups, {
      revision: 'R01',
      page: 2,
      scale: 1,
      markUp: drawing('shared-management'),
      issueId: managementIssue,
    });
    expect(management.status).toBe(200);
    const seenByCollaborator = await list(w.collabArq);
    expect(seenByCollaborator.map((m) => m.markUp.rects[0]?.id)).toEqual(['shared-public']);
    expect(seenByCollaborator[0]).toMatchObject({
      issueId: publicIssue,
      mine: false,
      revision: 'R01',
      page: 2,
    });
    const seenByOwner = (await list(w.owner)).map((m) => m.markUp.rects[0]?.id).sort();
    expect(seenByOwner).toEqual(['shared-management', 'shared-public']);
    // The hidden issue's markup is not reachable by id either: only the author changes or removes a markup.
    const change = await rest(t, w.collabArq, 'PUT', `${markups}/${management.body.markup.id}`, {
      scale: 1,
      markUp: drawing('taken'),
      issueId: null,
    });
    expect(change.status).toBe(404);
    const remove = await rest(t, w.collabArq, 'DELETE', `${markups}/${shared.body.markup.id}`);
    expect(remove.status).toBe(404);
    expect((await list(w.owner)).length).toBe(2);
  });

  it('refuses sharing with an issue the author does not see, and a malformed markup', async () => {
    const hiddenIssue = await rest(t, w.collabArq, 'POST', markups, {
      revision: 'R00',
      page: 1,
      scale: 1,
      markUp: drawing('sneaky'),
      issueId: managementIssue,
    });
    expect(hiddenIssue.status).toBe(404);
    expect(hiddenIssue.body['code']).toBe('NOT_FOUND');
    const bad = await rest(t, w.collabArq, 'POST', markups, {
      revision: 'R00',
      page: 1,
      scale: 1,
      markUp: { version: 2, rects: [{ id: 'x', kind: 'rect', width: 'wide' }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body['code']).toBe('BAD_USER_INPUT');
    const unknownRevision = await rest(t, w.collabArq, 'POST', markups, {
      revision: 'R09',
      page: 1,
      scale: 1,
      markUp: drawing('r09'),
    });
    expect(unknownRevision.status).toBe(404);
    expect(await list(w.collabArq)).toHaveLength(1);
  });

  it('lets the author change, re-share and remove their markup', async () => {
    const own = (await list(w.collabEst)).find((m) => m.mine);
    const changed = await rest<{ markup: Markup }>(t, w.collabEst, 'PUT', `${markups}/${own!.id}`, {
      scale: 0.7,
      markUp: drawing('private-2'),
      issueId: publicIssue,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.markup).toMatchObject({
      id: own!.id,
      issueId: publicIssue,
      revision: 'R00',
      page: 1,
    });
    // Shared now: the other collaborator receives it.
    expect((await list(w.collabArq)).map((m) => m.markUp.rects[0]?.id)).toContain('private-2');
    const removed = await rest(t, w.collabEst, 'DELETE', `${markups}/${own!.id}`);
    expect(removed.status).toBe(204);
    expect((await list(w.collabArq)).map((m) => m.markUp.rects[0]?.id)).not.toContain('private-2');
  });

  it('leaves a markup to its author, private again, when its issue is deleted', async () => {
    const doomed = await issue('Provisório', 'public');
    const saved = await rest<{ markup: Markup }>(t, w.collabEst, 'POST', markups, {
      revision: 'R00',
      page: 3,
      scale: 1,
      markUp: drawing('orphan'),
      issueId: doomed,
    });
    expect(saved.status).toBe(200);
    expect((await list(w.collabArq)).map((m) => m.markUp.rects[0]?.id)).toContain('orphan');
    await call(t, w.owner, 'mutation($p: Int!, $i: Int!) { deleteIssue(projectId: $p, issueId: $i) }', {
      p: w.projectId,
      i: doomed,
    });
    expect((await list(w.collabArq)).map((m) => m.markUp.rects[0]?.id)).not.toContain('orphan');
    const own = (await list(w.collabEst)).find((m) => m.id === saved.body.markup.id);
    expect(own).toMatchObject({ issueId: null, mine: true });
  });

  it('refuses the markups of a document the caller may not read', async () => {
    const refused = await rest(t, w.collabArq, 'GET', `${w.base}/viewer/documents/${hidden}/markups`);
    expect(refused.status).toBe(403);
    expect(refused.body['code']).toBe('DOCUMENT_ACCESS_DENIED');
    const write = await rest(t, w.collabArq, 'POST', `${w.base}/viewer/documents/${hidden}/markups`, {
      revision: 'R00',
      page: 1,
      scale: 1,
      markUp: drawing('no'),
    });
    expect(write.status).toBe(403);
    const outsider = await rest(t, w.outsider, 'GET', markups);
    expect(outsider.body['code']).toBe('PROJECT_NOT_FOUND');
  });
});
