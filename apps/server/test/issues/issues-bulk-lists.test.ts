import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import {
  buildIssueWorld,
  setFlatTrees,
  createIssueAs,
  draft,
  GET_ISSUE,
  type IssueWorld,
} from './issue-test-kit.ts';
import { call, codeOf } from '../projects/project-test-kit.ts';

// Bulk edit's add/remove of locations, labels and disciplines (issue 21), each issue under the update rules.

const UPDATE_ISSUES = `mutation($p: Int!, $ids: [Int!]!, $v: IssueBulkValuesInput!) {
  updateIssues(projectId: $p, issuesIds: $ids, newValues: $v) {
    updated { id status locals { localId } labels { labelId } disciplines { disciplineId status } }
    rejected { issueId code message } } }`;

interface BulkAnswer {
  updateIssues: {
    updated: {
      id: number;
      status: string;
      locals: { localId: number }[];
      labels: { labelId: number }[];
      disciplines: { disciplineId: number; status: string }[];
    }[];
    rejected: { issueId: number; code: string; message: string }[];
  };
}

let t: TestServer;
let w: IssueWorld;
let locals: number[];
let labels: number[];
beforeAll(async () => {
  t = await startTestServer();
  w = await buildIssueWorld(t);
  ({ locals, labels } = await setFlatTrees(t, w.creator, w.projectId, { locals: 'Torre', labels: 'Rótulo' }));
});
afterAll(async () => {
  await t.close();
});

const bulk = (user: IssueWorld['creator'], ids: number[], v: Record<string, unknown>) =>
  call<BulkAnswer>(t, user, UPDATE_ISSUES, { p: w.projectId, ids, v });

describe('bulk add and remove', () => {
  it('adds and removes locations and labels on each issue, keeping what else each issue had', async () => {
    const [l0, l1, l2] = locals as [number, number, number];
    const [b0, b1] = labels as [number, number];
    const first = await createIssueAs(t, w.creator, draft(w, { locals: [l0], labels: [b0] }));
    const second = await createIssueAs(t, w.creator, draft(w, { locals: [l1, l2] }));
    const answer = await bulk(w.creator, [first, second], {
      addLocals: [l2],
      removeLocals: [l1],
      addLabels: [b1],
      removeLabels: [b0],
    });
    expect(answer.updateIssues.rejected).toEqual([]);
    const byId = new Map(answer.updateIssues.updated.map((i) => [i.id, i]));
    expect(
      byId
        .get(first)
        ?.locals.map((x) => x.localId)
        .sort(),
    ).toEqual([l0, l2].sort());
    expect(byId.get(first)?.labels.map((x) => x.labelId)).toEqual([b1]);
    expect(byId.get(second)?.locals.map((x) => x.localId)).toEqual([l2]);
    expect(byId.get(second)?.labels.map((x) => x.labelId)).toEqual([b1]);
    // The history says what changed.
    const issue = await call<{ issue: { history: { fields: Record<string, unknown> }[] } }>(
      t,
      w.creator,
      GET_ISSUE,
      {
        projectId: w.projectId,
        issueId: second,
      },
    );
    expect(issue.issue.history.some((h) => 'locals' in h.fields)).toBe(true);
  });

  it('adds disciplines in the given status and removes others; an issue left without any is refused alone', async () => {
    const [d0, d1, d2] = w.disciplineIds as [number, number, number];
    const single = await createIssueAs(t, w.creator, draft(w));
    const double = await createIssueAs(
      t,
      w.creator,
      draft(w, {
        disciplines: [
          { disciplineId: d0, status: 'todo' },
          { disciplineId: d1, status: 'doing' },
        ],
      }),
    );
    const answer = await bulk(w.creator, [single, double], {
      removeDisciplines: [d0],
      addDisciplines: [{ disciplineId: d1, status: 'todo' }],
    });
    // `double` keeps d1 in its own status (adding does not reset work done) and loses d0.
    expect(answer.updateIssues.updated.map((i) => i.id).sort()).toEqual([single, double].sort());
    const byId = new Map(answer.updateIssues.updated.map((i) => [i.id, i]));
    expect(byId.get(single)?.disciplines).toEqual([{ disciplineId: d1, status: 'todo' }]);
    expect(byId.get(double)?.disciplines).toEqual([{ disciplineId: d1, status: 'doing' }]);

    const answer2 = await bulk(w.creator, [single, double], {
      removeDisciplines: [d1],
      addDisciplines: [{ disciplineId: d2, status: 'todo' }],
    });
    expect(answer2.updateIssues.rejected).toEqual([]);
    const alone = await createIssueAs(t, w.creator, draft(w));
    const answer3 = await bulk(w.creator, [alone, single], { removeDisciplines: [d0, d2] });
    expect(answer3.updateIssues.rejected.map((r) => [r.issueId, r.code])).toEqual([
      [alone, 'ISSUE_MUST_HAVE_DISCIPLINES'],
      [single, 'ISSUE_MUST_HAVE_DISCIPLINES'],
    ]);
    expect(answer3.updateIssues.rejected[0]?.message.length).toBeGreaterThan(0);
  });

  it('applies the status rules per issue: a pending discipline reopens a resolved issue; an issue left with only done work and no phase is refused', async () => {
    const [d0, d1, d2] = w.disciplineIds as [number, number, number];
    const resolved = await createIssueAs(
      t,
      w.creator,
      draft(w, {
        status: 'resolved',
        resolutionPhase: 1,
        disciplines: [{ disciplineId: d0, status: 'done' }],
      }),
    );
    const reopened = await bulk(w.creator, [resolved], {
      addDisciplines: [{ disciplineId: d2, status: 'todo' }],
    });
    expect(reopened.updateIssues.updated[0]).toMatchObject({ id: resolved, status: 'active' });

    const noPhase = await createIssueAs(
      t,
      w.creator,
      draft(w, {
        disciplines: [
          { disciplineId: d0, status: 'todo' },
          { disciplineId: d1, status: 'done' },
        ],
      }),
    );
    const withPhase = await createIssueAs(
      t,
      w.creator,
      draft(w, {
        creationPhase: 1,
        disciplines: [
          { disciplineId: d0, status: 'todo' },
          { disciplineId: d1, status: 'done' },
        ],
      }),
    );
    const answer = await bulk(w.creator, [noPhase, withPhase], { removeDisciplines: [d0] });
    expect(answer.updateIssues.rejected.map((r) => [r.issueId, r.code])).toEqual([
      [noPhase, 'MISSING_RESOLUTION_PHASE'],
    ]);
    expect(answer.updateIssues.updated[0]).toMatchObject({ id: withPhase, status: 'resolved' });
  });

  it('refuses issues a collaborator may not change, and conflicting changes as a whole', async () => {
    const [l0] = locals as [number];
    const theirs = await createIssueAs(
      t,
      w.creator,
      draft(w, { disciplines: [{ disciplineId: w.disciplineIds[1], status: 'todo' }] }),
    );
    const answer = await bulk(w.collaboratorSame, [theirs], { addLocals: [l0] });
    expect(answer.updateIssues.updated).toEqual([]);
    expect(answer.updateIssues.rejected[0]?.issueId).toBe(theirs);
    expect(
      await codeOf(t, w.creator, UPDATE_ISSUES, {
        p: w.projectId,
        ids: [theirs],
        v: { locals: [l0], addLocals: [l0] },
      }),
    ).toBe('BAD_USER_INPUT');
    expect(
      await codeOf(t, w.creator, UPDATE_ISSUES, {
        p: w.projectId,
        ids: [theirs],
        v: { addLabels: [labels[0]], removeLabels: [labels[0]] },
      }),
    ).toBe('BAD_USER_INPUT');
    // A location of another project is refused for the issue.
    const refused = await bulk(w.creator, [theirs], { addLocals: [999_999] });
    expect(refused.updateIssues.rejected[0]?.issueId).toBe(theirs);
  });
});
