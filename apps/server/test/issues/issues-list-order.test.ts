import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sortIssues, type IssueFacts } from '@obra/domain';
import type { TestServer } from '../support/test-server.ts';
import type { TestUser } from '../support/factories.ts';
import type { IssueWorld } from './issue-test-kit.ts';
import { call, codeOf } from '../projects/project-test-kit.ts';
import { setUpBenchProject } from '../../../../bench/issues/issues-bench-world.ts';

let t: TestServer;
let w: IssueWorld;

// 600 generated issues: the creator has starred issues, unread marks (some of them mentions) and drafts of
// their own, so pages cross from marked issues to published ones to drafts (see issue-sort-sql.ts).
beforeAll(async () => {
  ({ t, w } = await setUpBenchProject(600, 11));
});
afterAll(async () => {
  await t.close();
});

interface ListedIssue {
  id: number;
  code: string;
  title: string;
  status: string;
  priority: string;
  visibility: string;
  deadline: string | null;
  createdAt: string;
  createdByUserId: number;
  visibilityUpdatedAt: string | null;
  groupId: number | null;
  userPersonalData: { starred: boolean };
  notificationsSummary: { count: number; mentions: number; last: string | null };
}

const PAGE = `query($projectId: Int!, $first: Int, $after: String, $filter: JSON) { getIssues(projectId: $projectId, first: $first, after: $after, filter: $filter) {
  issues { id code title status priority visibility deadline createdAt createdByUserId visibilityUpdatedAt groupId
    userPersonalData { starred } notificationsSummary { count mentions last } }
  pageInfo { hasNextPage endCursor } } }`;

type Page = {
  getIssues: { issues: ListedIssue[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
};

async function page(
  user: TestUser,
  first: number,
  after: string | null,
  filter?: Record<string, unknown>,
): Promise<Page['getIssues']> {
  return (await call<Page>(t, user, PAGE, { projectId: w.projectId, first, after, filter })).getIssues;
}

async function walk(user: TestUser, first: number, filter?: Record<string, unknown>): Promise<ListedIssue[]> {
  const all: ListedIssue[] = [];
  let after: string | null = null;
  for (;;) {
    const data: Page['getIssues'] = await page(user, first, after, filter);
    all.push(...data.issues);
    if (!data.pageInfo.hasNextPage) return all;
    after = data.pageInfo.endCursor;
  }
}

const ids = (issues: readonly ListedIssue[]) => issues.map((i) => i.id);

/** The facts the domain's sort reads; the rest is irrelevant to the order. */
function factsOf(i: ListedIssue): IssueFacts {
  return {
    ...i,
    description: null,
    category: null,
    creationPhase: null,
    resolutionPhase: null,
    disciplines: [],
    localIds: [],
    labelIds: [],
    tagIds: [],
    starred: i.userPersonalData.starred,
    imageTitles: [],
    documentReferences: [],
  };
}

describe('getIssues order across pages', () => {
  it.each([
    ['the creator (stars, unread marks, own drafts)', () => w.creator],
    ['a group member', () => w.groupMember],
  ])('walks in DEFAULT_ISSUE_SORT order, page by page as in pages of 500, for %s', async (_name, who) => {
    const user = who();
    const small = await walk(user, 11);
    const large = await walk(user, 500);
    expect(small.map((i) => i.id)).toEqual(large.map((i) => i.id));
    expect(new Set(small.map((i) => i.id)).size).toBe(small.length);
    expect(small.map((i) => i.id)).toEqual(sortIssues(small.map(factsOf)).map((i) => i.id));
  });

  it('reads a search (sorted whole) in the same order, and takes the cursors of the unfiltered list and back', async () => {
    // Every generated title has " no " in it: this search matches every issue.
    const all = ids(await walk(w.creator, 500));
    const searched = await walk(w.creator, 13, { search: 'no' });
    expect(ids(searched)).toEqual(all);
    const plain = await page(w.creator, 40, null);
    expect(ids((await page(w.creator, 60, plain.pageInfo.endCursor, { search: 'no' })).issues)).toEqual(
      all.slice(40, 100),
    );
    const narrow = await page(w.creator, 120, null, { search: 'no' });
    expect(ids((await page(w.creator, 60, narrow.pageInfo.endCursor)).issues)).toEqual(all.slice(120, 180));
  });

  it('refuses a cursor it did not make, whatever its shape, as BAD_USER_INPUT', async () => {
    const forged = (values: unknown[]) => Buffer.from(JSON.stringify(values)).toString('base64url');
    const { endCursor } = (await page(w.creator, 3, null)).pageInfo;
    const real = JSON.parse(Buffer.from(endCursor ?? '', 'base64url').toString('utf8')) as string[];
    for (const after of [
      forged(real.map(() => 'x')),
      forged(real.slice(0, 5)),
      forged([...real.slice(0, 10), 'yesterday']),
      forged([1, 2, 3]),
    ])
      expect(await codeOf(t, w.creator, PAGE, { projectId: w.projectId, first: 3, after })).toBe(
        'BAD_USER_INPUT',
      );
  });

  it('crosses every region of the order in the walk above (the test is not vacuous)', async () => {
    const listed = await walk(w.creator, 500);
    expect(listed.some((i) => i.userPersonalData.starred)).toBe(true);
    expect(listed.some((i) => !i.userPersonalData.starred && i.notificationsSummary.mentions > 0)).toBe(true);
    expect(
      listed.some(
        (i) =>
          !i.userPersonalData.starred &&
          i.notificationsSummary.count > 0 &&
          i.notificationsSummary.mentions === 0,
      ),
    ).toBe(true);
    expect(listed.some((i) => i.notificationsSummary.count === 0 && i.visibilityUpdatedAt !== null)).toBe(
      true,
    );
    expect(listed.some((i) => i.notificationsSummary.count === 0 && i.visibilityUpdatedAt === null)).toBe(
      true,
    );
  });
});
