import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestServer } from '../support/test-server.ts';
import { leastOfThree } from '../support/statement-count.ts';
import type { TestUser } from '../support/factories.ts';
import type { IssueWorld } from './issue-test-kit.ts';
import { setUpBenchProject } from '../../../../bench/issues/issues-bench-world.ts';
import { fieldSelections, fullSelection } from './schema-selection-test-kit.ts';

let t: TestServer;
let w: IssueWorld;
let selection: string;

// A project of 600 generated issues with every kind of child a page can carry: disciplines, locals, labels,
// the viewer's stars, tags and unread marks, comments with their images, issue images, history.
beforeAll(async () => {
  ({ t, w } = await setUpBenchProject(600, 7));
  // Every field of Issue and of what it reaches, read from the served schema: a field added later is counted too.
  selection = await fullSelection(t, w.creator, 'Issue');
});
afterAll(async () => {
  await t.close();
});

const FLAGS = ['includeImages', 'includeComments', 'includeCommentsImages', 'includeHistory'] as const;

function pageQuery(heavy: boolean): string {
  const flags = heavy ? FLAGS.map((f) => `, ${f}: true`).join('') : '';
  return `query($projectId: Int!, $first: Int) { getIssues(projectId: $projectId, first: $first${flags}) {
    issues { ${selection} } pageInfo { hasNextPage endCursor } } }`;
}

interface Counted {
  drizzle: number;
  driver: number;
  issues: Record<string, unknown>[];
}

const statementsOf = (counted: Counted) => counted.drizzle + counted.driver;

/**
 * The statements one call sends, counted by Drizzle and at the database client (job-queue polling left out); the
 * least of three tries (support/statement-count.ts).
 */
function countFor(user: TestUser, first: number, heavy: boolean): Promise<Counted> {
  return leastOfThree(() => countOnce(user, first, heavy), statementsOf);
}

async function countOnce(user: TestUser, first: number, heavy: boolean): Promise<Counted> {
  const { database } = t.server.services;
  const client = (database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const original = client.query;
  let driver = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    const [text] = args;
    const sqlText = typeof text === 'string' ? text : ((text as { text?: string } | undefined)?.text ?? '');
    if (!/pgboss/i.test(sqlText)) driver += 1;
    return original.apply(this, args);
  };
  const before = database.stats.queries;
  try {
    const res = await t.gql<{ getIssues: { issues: Record<string, unknown>[] } }>(
      pageQuery(heavy),
      { projectId: w.projectId, first },
      { token: user.token },
    );
    if (res.errors?.length || !res.data) throw new Error(JSON.stringify(res.errors));
    return { drizzle: database.stats.queries - before, driver, issues: res.data.getIssues.issues };
  } finally {
    client.query = original;
  }
}

const some = (issues: Record<string, unknown>[], pick: (i: Record<string, unknown>) => unknown) =>
  issues.some((i) => {
    const v = pick(i);
    return Array.isArray(v) ? v.length > 0 : Boolean(v);
  });

/** Which kinds of children a page carries: a page without some kind may skip that kind's one query. */
function kindsOf(issues: Record<string, unknown>[]): Record<string, boolean> {
  const comments = (i: Record<string, unknown>) => (i.comments ?? []) as { images?: unknown[] }[];
  return {
    disciplines: some(issues, (i) => i.disciplines),
    locals: some(issues, (i) => i.locals),
    labels: some(issues, (i) => i.labels),
    tags: some(issues, (i) => (i.userPersonalData as { tags: unknown[] }).tags),
    starred: some(issues, (i) => (i.userPersonalData as { starred: boolean }).starred),
    unread: some(issues, (i) => (i.notificationsSummary as { count: number }).count),
    images: some(issues, (i) => i.images),
    comments: some(issues, comments),
    commentImages: some(issues, (i) => comments(i).some((c) => (c.images ?? []).length > 0)),
    history: some(issues, (i) => i.history),
  };
}

describe('getIssues query count (no N+1)', () => {
  it.each([
    ['the light variant', false],
    ['every include flag on', true],
  ])(
    'sends the same statements for pages of 50, 200 and 500 issues asking every field, %s',
    async (_name, heavy) => {
      for (const user of [w.creator, w.groupMember]) {
        const pages = [
          await countFor(user, 1, heavy),
          await countFor(user, 50, heavy),
          await countFor(user, 200, heavy),
          await countFor(user, 500, heavy),
        ];
        const [one, ...larger] = pages;
        expect(pages.map((p) => p.issues.length)).toEqual([1, 50, 200, 500]);
        // The larger pages carry the same kinds of children, so any difference would be a query per issue.
        expect(larger.map((p) => kindsOf(p.issues))).toEqual(
          larger.map(() => kindsOf(pages[3]?.issues ?? [])),
        );
        expect(larger.map((p) => p.drizzle)).toEqual(larger.map(() => pages[3]?.drizzle));
        expect(larger.map((p) => p.driver)).toEqual(larger.map(() => pages[3]?.driver));
        // One issue may lack some kinds of children and skip their queries, never need more.
        expect(one?.drizzle).toBeLessThanOrEqual(pages[3]?.drizzle ?? 0);
        expect(pages[3]?.drizzle).toBeGreaterThan(0);
      }
    },
  );

  it('counts pages whose issues really carry every kind of child (the counts above are not vacuous)', async () => {
    const { issues } = await countFor(w.creator, 50, true);
    expect(Object.entries(kindsOf(issues)).filter(([, present]) => !present)).toEqual([]);
  });
});

// getIssues reads only the columns the query's fields need (issue-list-shape.ts). Each field asked alone must
// answer exactly what it answers beside every other field: a field mapped to too few columns would differ here.
describe('getIssues answers each Issue field asked alone as in the full selection', () => {
  // The generated issues were never edited: give half of them every "who and when" column, so that a field
  // mapped to too few columns answers null alone and a user beside the others.
  beforeAll(async () => {
    const by = w.coordinator.id;
    await t.server.services.database.db.execute(sql`
      update issues set edited_at = now(), edited_by_user_id = ${by}, status_updated_at = now(),
        status_updated_by_user_id = ${by}, to_project_management_at = now(),
        to_project_management_by_user_id = ${by}, to_public_at = now(), to_public_by_user_id = ${by},
        visibility_updated_by_user_id = ${by}
      where project_id = ${w.projectId} and id % 2 = 0`);
  });

  async function page(user: TestUser, fields: string, heavy: boolean): Promise<Record<string, unknown>[]> {
    const flags = heavy ? FLAGS.map((f) => `, ${f}: true`).join('') : '';
    const res = await t.gql<{ getIssues: { issues: Record<string, unknown>[] } }>(
      `query($projectId: Int!, $first: Int) { getIssues(projectId: $projectId, first: $first${flags}) {
        issues { ${fields} } } }`,
      { projectId: w.projectId, first: 60 },
      { token: user.token },
    );
    if (res.errors?.length || !res.data) throw new Error(JSON.stringify(res.errors));
    return res.data.getIssues.issues;
  }

  it.each([
    ['the creator, light variant', 'creator', false],
    ['the creator, every include flag on', 'creator', true],
    ['a group member, light variant', 'groupMember', false],
  ] as const)('for %s', async (_name, who, heavy) => {
    const user = w[who];
    const fields = await fieldSelections(t, user, 'Issue');
    expect(fields.length).toBeGreaterThan(20);
    const full = await page(user, fields.map((f) => f.selection).join(' '), heavy);
    expect(full).toHaveLength(60);
    const differing: string[] = [];
    for (const field of fields) {
      const alone = await page(user, `id ${field.selection}`, heavy);
      const expected = full.map((issue) => ({ id: issue.id, [field.name]: issue[field.name] }));
      const got = alone.map((issue) => ({ id: issue.id, [field.name]: issue[field.name] }));
      if (JSON.stringify(got) !== JSON.stringify(expected)) differing.push(field.name);
    }
    expect(differing).toEqual([]);
  });
});

// The list's search reads image titles (issues-list.graphql): the page statement reads them with the rows, in the
// order of the images, as the detail's loader does; asking for them costs no statement of its own.
describe('getIssues reads image titles with the page', () => {
  function lightPage(fields: string): Promise<Counted> {
    return leastOfThree(() => lightPageOnce(fields), statementsOf);
  }

  async function lightPageOnce(fields: string): Promise<Counted> {
    const { database } = t.server.services;
    const before = database.stats.queries;
    const res = await t.gql<{ getIssues: { issues: Record<string, unknown>[] } }>(
      `query($projectId: Int!) { getIssues(projectId: $projectId, first: 500) { issues { ${fields} } } }`,
      { projectId: w.projectId },
      { token: w.creator.token },
    );
    if (res.errors?.length || !res.data) throw new Error(JSON.stringify(res.errors));
    return { drizzle: database.stats.queries - before, driver: 0, issues: res.data.getIssues.issues };
  }

  it('sends no more statements for imageTitles and answers what the detail answers', async () => {
    const bare = await lightPage('id');
    const titled = await lightPage('id imageTitles');
    expect(titled.drizzle).toBe(bare.drizzle);
    const withTitles = titled.issues.filter((i) => (i.imageTitles as string[]).length > 0);
    expect(withTitles.length).toBeGreaterThan(0);
    for (const issue of withTitles.slice(0, 5)) {
      const detail = await t.gql<{ issue: { imageTitles: string[] } }>(
        `query($projectId: Int!, $issueId: Int!) { issue(projectId: $projectId, issueId: $issueId) { imageTitles } }`,
        { projectId: w.projectId, issueId: issue.id },
        { token: w.creator.token },
      );
      expect(issue.imageTitles).toEqual(detail.data?.issue.imageTitles);
    }
  });

  // The list shows each issue's first image as a thumbnail (issue 21): `cover` is read in the page statement.
  it('sends no more statements for cover and answers what the detail answers', async () => {
    const bare = await lightPage('id');
    const covered = await lightPage('id imageTitles cover');
    expect(covered.drizzle).toBe(bare.drizzle);
    const path = (url: unknown) => (typeof url === 'string' ? new URL(url).pathname : url);
    const withCover = covered.issues.filter((i) => i.cover !== null);
    expect(withCover.length).toBeGreaterThan(0);
    expect(covered.issues.filter((i) => i.cover === null).length).toBeGreaterThan(0);
    for (const issue of [
      ...withCover.slice(0, 5),
      ...covered.issues.filter((i) => i.cover === null).slice(0, 3),
    ]) {
      const detail = await t.gql<{ issue: { cover: string | null; images: { markedUpThumb: string }[] } }>(
        `query($projectId: Int!, $issueId: Int!) { issue(projectId: $projectId, issueId: $issueId) { cover images { markedUpThumb } } }`,
        { projectId: w.projectId, issueId: issue.id },
        { token: w.creator.token },
      );
      const first = detail.data?.issue.images[0]?.markedUpThumb ?? null;
      expect(path(issue.cover)).toEqual(path(detail.data?.issue.cover));
      expect(path(issue.cover)).toEqual(path(first));
    }
  });
});
