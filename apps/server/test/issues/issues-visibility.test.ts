import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canSeeIssue, ISSUE_VISIBILITIES, type IssueVisibility } from '@obra/domain';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import type { TestUser } from '../support/factories.ts';
import { call, codeOf } from '../projects/project-test-kit.ts';
import {
  buildIssueWorld,
  createIssueAs,
  draft,
  GET_ISSUE,
  GET_ISSUES,
  type IssueWorld,
  ISSUE_VISIBILITY_MATRIX,
  viewerOf,
} from './issue-test-kit.ts';

let t: TestServer;
let w: IssueWorld;
const issueByVisibility = new Map<IssueVisibility, number>();

beforeAll(async () => {
  t = await startTestServer();
  w = await buildIssueWorld(t);
  for (const visibility of ISSUE_VISIBILITIES)
    issueByVisibility.set(
      visibility,
      await createIssueAs(
        t,
        w.creator,
        draft(w, { visibility, groupId: w.groupId, title: `Issue ${visibility}` }),
      ),
    );
});
afterAll(async () => {
  await t.close();
});

const EXPECTED: Record<string, readonly boolean[]> = ISSUE_VISIBILITY_MATRIX;

const viewer = (name: string): TestUser => viewerOf(w, name);

describe('issue visibility', () => {
  it.each(Object.keys(EXPECTED))(
    '%s sees exactly the issues the matrix (and canSeeIssue) allows, in the list and the detail',
    async (name) => {
      const user = viewer(name);
      const list = await call<{ getIssues: { issues: { id: number }[] } }>(t, user, GET_ISSUES, {
        projectId: w.projectId,
      });
      const listed = new Set(list.getIssues.issues.map((i) => i.id));
      const expected = EXPECTED[name] ?? [];
      for (const [index, visibility] of ISSUE_VISIBILITIES.entries()) {
        const id = issueByVisibility.get(visibility) ?? 0;
        const sees = expected[index] ?? false;
        const actor = {
          userId: user.id,
          manageDisciplines: name === 'creator' || name === 'coordinator',
          groupIds: name === 'groupMember' ? [w.groupId] : [],
        };
        expect([
          visibility,
          canSeeIssue(actor, { visibility, createdByUserId: w.creator.id, groupId: w.groupId }),
        ]).toEqual([visibility, sees]);
        expect([visibility, listed.has(id)]).toEqual([visibility, sees]);
        const code = await codeOf(t, user, GET_ISSUE, { projectId: w.projectId, issueId: id });
        expect([visibility, code]).toEqual([visibility, sees ? undefined : 'NOT_FOUND']);
      }
    },
  );

  it('answers a hidden issue exactly like a missing one', async () => {
    const hidden = issueByVisibility.get('creator') ?? 0;
    const a = await t.gql(
      GET_ISSUE,
      { projectId: w.projectId, issueId: hidden },
      { token: w.collaboratorSame.token },
    );
    const b = await t.gql(
      GET_ISSUE,
      { projectId: w.projectId, issueId: 987_654 },
      { token: w.collaboratorSame.token },
    );
    expect(a.errors?.[0]?.message).toBe(b.errors?.[0]?.message);
    expect(a.errors?.[0]?.extensions?.code).toBe(b.errors?.[0]?.extensions?.code);
  });

  it('keeps people of companies outside the project out of everything', async () => {
    expect(await codeOf(t, w.outsider, GET_ISSUES, { projectId: w.projectId })).toBe('PROJECT_NOT_FOUND');
    for (const id of issueByVisibility.values())
      expect(await codeOf(t, w.outsider, GET_ISSUE, { projectId: w.projectId, issueId: id })).toBe(
        'PROJECT_NOT_FOUND',
      );
  });

  it('refuses to delete a group that issues use', async () => {
    const code = await codeOf(
      t,
      w.creator,
      'mutation($p: Int!, $g: Int!) { deleteProjectGroup(projectId: $p, groupId: $g) }',
      { p: w.projectId, g: w.groupId },
    );
    expect(code).toBe('GROUP_HAS_ISSUES');
  });
});
