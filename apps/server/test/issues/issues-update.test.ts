import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { call, codeOf } from '../projects/project-test-kit.ts';
import {
  buildIssueWorld,
  createIssueAs,
  draft,
  GET_ISSUE,
  UPDATE_ISSUE,
  type IssueWorld,
} from './issue-test-kit.ts';

let t: TestServer;
let w: IssueWorld;

beforeAll(async () => {
  t = await startTestServer();
  w = await buildIssueWorld(t);
});
afterAll(async () => {
  await t.close();
});

interface Detail {
  status: string;
  title: string;
  visibility: string;
  resolutionPhase: number | null;
  statusUpdatedByUserId: number | null;
  editedByUserId: number | null;
  visibilityUpdatedAt: string | null;
  visibilityUpdatedByUserId: number | null;
  toProjectManagementBy: number | null;
  toPublicBy: number | null;
  disciplines: { disciplineId: number; status: string }[];
  history: { fields: Record<string, { old: unknown; new: unknown }> }[];
}

async function detail(id: number): Promise<Detail> {
  return (await call<{ issue: Detail }>(t, w.creator, GET_ISSUE, { projectId: w.projectId, issueId: id }))
    .issue;
}

function update(user = w.creator, variables: Record<string, unknown>) {
  return call(t, user, UPDATE_ISSUE, { projectId: w.projectId, ...variables });
}

const d0 = () => w.disciplineIds[0] ?? 0;

describe('updateIssue', () => {
  it('changes fields, stamps the editor and records the changed fields in the history', async () => {
    const id = await createIssueAs(t, w.creator, draft(w));
    await update(w.creator, { issueId: id, title: 'Novo título', priority: 'low' });
    const issue = await detail(id);
    expect(issue.title).toBe('Novo título');
    expect(issue.editedByUserId).toBe(w.creator.id);
    expect(issue.history.at(-1)?.fields).toEqual({
      title: { old: 'Viga interfere com duto', new: 'Novo título' },
      priority: { old: 'high', new: 'low' },
    });
  });

  it('a visibility-only change does not mark the issue edited; a change of its text does', async () => {
    const id = await createIssueAs(t, w.creator, draft(w));
    const editedAt = async () =>
      (
        await call<{ issue: { editedAt: string | null; editedByUserId: number | null } }>(
          t,
          w.creator,
          'query($p: Int!, $i: Int!) { issue(projectId: $p, issueId: $i) { editedAt editedByUserId } }',
          { p: w.projectId, i: id },
        )
      ).issue;
    const before = await editedAt();
    await update(w.coordinator, { issueId: id, visibility: 'project_management' });
    const issue = await detail(id);
    expect(issue.visibilityUpdatedByUserId).toBe(w.coordinator.id);
    expect(issue.history.at(-1)?.fields).toEqual({
      visibility: { old: 'public', new: 'project_management' },
    });
    expect(await editedAt()).toEqual(before);
    await update(w.coordinator, { issueId: id, title: 'Título revisto' });
    expect((await editedAt()).editedByUserId).toBe(w.coordinator.id);
  });

  it('editing only the resolution phase records no location pin change, however the same pin is sent back', async () => {
    const pin = { x: 412.5, y: 208.25, color: 'red', image: { index: 0, title: 'planta' } };
    const id = await createIssueAs(t, w.creator, draft(w, { pin }));
    // The same pin as the form sends it back: other key order, and the editor's float noise on the point.
    const sentBack = { image: { title: 'planta', index: 0 }, color: 'red', y: 208.25, x: 412.5 + 1e-9 };
    await update(w.creator, { issueId: id, resolutionPhase: 2, pin: sentBack });
    const issue = await detail(id);
    expect(issue.history.at(-1)?.fields).toEqual({ resolutionPhase: { old: null, new: 2 } });
    expect(issue.resolutionPhase).toBe(2);
    const moved = { ...pin, x: 500 };
    await update(w.creator, { issueId: id, pin: moved });
    expect((await detail(id)).history.at(-1)?.fields).toEqual({ pin: { old: pin, new: moved } });
  });

  it('applies the status rules: resolves without pending disciplines, reactivates with them, refuses contradictions', async () => {
    const id = await createIssueAs(t, w.creator, draft(w, { creationPhase: 3 }));
    await update(w.creator, { issueId: id, disciplines: [{ disciplineId: d0(), status: 'done' }] });
    expect(await detail(id)).toMatchObject({
      status: 'resolved',
      resolutionPhase: 3,
      statusUpdatedByUserId: w.creator.id,
    });
    await update(w.creator, { issueId: id, disciplines: [{ disciplineId: d0(), status: 'review' }] });
    expect((await detail(id)).status).toBe('active');
    expect(
      await codeOf(t, w.creator, UPDATE_ISSUE, { projectId: w.projectId, issueId: id, status: 'resolved' }),
    ).toBe('DISCIPLINE_STATUS_MUST_KEEP_ISSUE_ACTIVE');
    await update(w.creator, { issueId: id, disciplines: [{ disciplineId: d0(), status: 'follow' }] });
    expect(
      await codeOf(t, w.creator, UPDATE_ISSUE, { projectId: w.projectId, issueId: id, status: 'active' }),
    ).toBe('DISCIPLINE_STATUS_MUST_KEEP_ISSUE_NOT_ACTIVE');
    const noPhase = await createIssueAs(t, w.creator, draft(w));
    expect(
      await codeOf(t, w.creator, UPDATE_ISSUE, {
        projectId: w.projectId,
        issueId: noPhase,
        disciplines: [{ disciplineId: d0(), status: 'done' }],
      }),
    ).toBe('MISSING_RESOLUTION_PHASE');
  });

  it('stamps visibility changes', async () => {
    const id = await createIssueAs(t, w.creator, draft(w, { visibility: 'creator' }));
    expect((await detail(id)).visibilityUpdatedAt).toBeNull();
    await update(w.creator, { issueId: id, visibility: 'project_management' });
    expect(await detail(id)).toMatchObject({
      visibilityUpdatedByUserId: w.creator.id,
      toProjectManagementBy: w.creator.id,
      toPublicBy: null,
    });
    await update(w.creator, { issueId: id, visibility: 'public' });
    expect((await detail(id)).toPublicBy).toBe(w.creator.id);
  });

  it('lets a collaborator change only the statuses of their own disciplines, to statuses open to them', async () => {
    const id = await createIssueAs(
      t,
      w.creator,
      draft(w, {
        disciplines: [
          { disciplineId: d0(), status: 'todo' },
          { disciplineId: w.disciplineIds[1], status: 'todo' },
        ],
      }),
    );
    const mine = (status: string, other = 'todo') => [
      { disciplineId: d0(), status },
      { disciplineId: w.disciplineIds[1], status: other },
    ];
    await update(w.collaboratorSame, { issueId: id, disciplines: mine('doing') });
    expect((await detail(id)).disciplines.find((d) => d.disciplineId === d0())?.status).toBe('doing');
    const refused = async (user: typeof w.creator, variables: Record<string, unknown>) =>
      codeOf(t, user, UPDATE_ISSUE, { projectId: w.projectId, issueId: id, ...variables });
    expect(await refused(w.collaboratorSame, { disciplines: mine('todo') })).toBe('FORBIDDEN');
    expect(await refused(w.collaboratorSame, { disciplines: mine('doing', 'doing') })).toBe('FORBIDDEN');
    expect(await refused(w.collaboratorSame, { title: 'Meu título' })).toBe('FORBIDDEN');
    expect(await refused(w.groupMember, { disciplines: mine('doing') })).toBe('FORBIDDEN');
    expect(await refused(w.outsider, { title: 'x' })).toBe('PROJECT_NOT_FOUND');
    expect(await refused(w.creator, { title: ' ' })).toBe('REQUIRED_FIELD');
    expect(await refused(w.creator, { disciplines: [] })).toBe('ISSUE_MUST_HAVE_DISCIPLINES');
    expect(await refused(w.creator, { pin: null })).toBe('INSERT_PIN_LOCATION');
    expect(await refused(w.creator, { groupId: 999_999 })).toBe('PROJECT_GROUP_NOT_FOUND');
    expect(await refused(w.creator, { priority: 'urgent' })).toBe('BAD_USER_INPUT');
  });

  it('lets a collaborator edit the issues they created, and answers NOT_FOUND for issues they cannot see', async () => {
    const own = await createIssueAs(t, w.collaboratorOther, draft(w));
    await update(w.collaboratorOther, { issueId: own, title: 'Meu' });
    expect((await detail(own)).title).toBe('Meu');
    const hidden = await createIssueAs(t, w.creator, draft(w, { visibility: 'creator' }));
    expect(
      await codeOf(t, w.collaboratorOther, UPDATE_ISSUE, {
        projectId: w.projectId,
        issueId: hidden,
        title: 'x',
      }),
    ).toBe('NOT_FOUND');
  });
});

const DELETE = 'mutation($p: Int!, $i: Int!) { deleteIssue(projectId: $p, issueId: $i) }';
const STAR =
  'mutation($p: Int!, $i: Int!, $s: Boolean!) { setProjectIssueStarring(projectId: $p, issueId: $i, starred: $s) }';

describe('deleteIssue and setProjectIssueStarring', () => {
  it('lets the creator delete a draft, managers any issue, and nobody else', async () => {
    const draftId = await createIssueAs(t, w.collaboratorSame, draft(w, { visibility: 'creator' }));
    const published = await createIssueAs(t, w.collaboratorSame, draft(w));
    expect(await codeOf(t, w.collaboratorSame, DELETE, { p: w.projectId, i: published })).toBe('FORBIDDEN');
    expect(await codeOf(t, w.collaboratorOther, DELETE, { p: w.projectId, i: draftId })).toBe('NOT_FOUND');
    expect(await call(t, w.collaboratorSame, DELETE, { p: w.projectId, i: draftId })).toEqual({
      deleteIssue: true,
    });
    expect(await call(t, w.coordinator, DELETE, { p: w.projectId, i: published })).toEqual({
      deleteIssue: true,
    });
    expect(await codeOf(t, w.creator, GET_ISSUE, { projectId: w.projectId, issueId: published })).toBe(
      'NOT_FOUND',
    );
    expect(await codeOf(t, w.outsider, DELETE, { p: w.projectId, i: published })).toBe('PROJECT_NOT_FOUND');
  });

  it('stars and unstars an issue for the caller only', async () => {
    const id = await createIssueAs(t, w.creator, draft(w));
    const starred = async (user: typeof w.creator) =>
      (
        await call<{ issue: { userPersonalData: { starred: boolean } } }>(t, user, GET_ISSUE, {
          projectId: w.projectId,
          issueId: id,
        })
      ).issue.userPersonalData.starred;
    await call(t, w.collaboratorSame, STAR, { p: w.projectId, i: id, s: true });
    expect([await starred(w.collaboratorSame), await starred(w.creator)]).toEqual([true, false]);
    await call(t, w.collaboratorSame, STAR, { p: w.projectId, i: id, s: false });
    expect(await starred(w.collaboratorSame)).toBe(false);
    expect(await codeOf(t, w.outsider, STAR, { p: w.projectId, i: id, s: true })).toBe('PROJECT_NOT_FOUND');
    expect(await codeOf(t, w.creator, STAR, { p: w.projectId, i: 987_654, s: true })).toBe('NOT_FOUND');
  });
});
