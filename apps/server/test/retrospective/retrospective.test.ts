import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import type { TestUser } from '../support/factories.ts';
import { addDisciplines, call, codeOf, createProject } from '../projects/project-test-kit.ts';
import {
  buildIssueWorld,
  createIssueAs,
  draft,
  UPDATE_ISSUE,
  type IssueWorld,
} from '../issues/issue-test-kit.ts';
import { commentAs } from '../issues/comment-test-kit.ts';

/**
 * The yearly retrospective (editor §2.2, §9) against hand-counted data: two projects, four people, actions dated
 * in 2023, 2024 and 2025 (the year's bounds included and excluded).
 */

let t: TestServer;
let w: IssueWorld;
let projectB: number;

const RETRO = `query($y: Int) { retrospective(year: $y) { year state interactions minInteractions issuesCreated
  issuesResolved projects projectRanking { projectId name interactions } companyTopPercent overallTopPercent } }`;

interface Retro {
  year: number;
  state: string;
  interactions: number;
  minInteractions: number;
  issuesCreated: number | null;
  issuesResolved: number | null;
  projects: number | null;
  projectRanking: { projectId: number; name: string; interactions: number }[];
  companyTopPercent: number | null;
  overallTopPercent: number | null;
}

async function retro(user: TestUser, year?: number): Promise<Retro> {
  return (await call<{ retrospective: Retro }>(t, user, RETRO, year === undefined ? {} : { y: year }))
    .retrospective;
}

/** Waits for the year's job to have run (the first reading queues it). */
async function computed(user: TestUser, year?: number): Promise<Retro> {
  return vi.waitFor(
    async () => {
      const r = await retro(user, year);
      if (r.state === 'preparing') throw new Error('still preparing');
      return r;
    },
    { timeout: 10_000, interval: 100 },
  );
}

const db = () => t.server.services.database.db;

async function dateIssue(issueId: number, at: string): Promise<void> {
  await db().execute(sql`update issues set created_at = ${at}::timestamptz where id = ${issueId}`);
  await db().execute(
    sql`update issue_history set created_at = ${at}::timestamptz where issue_id = ${issueId}`,
  );
}

async function dateComment(commentId: number, at: string): Promise<void> {
  await db().execute(
    sql`update issue_history set created_at = ${at}::timestamptz where comment_id = ${commentId}`,
  );
}

beforeAll(async () => {
  t = await startTestServer();
  w = await buildIssueWorld(t);
  projectB = await createProject(t, w.creator, 'Torre B');
  const [bDiscipline] = await addDisciplines(t, w.creator, projectB);
  const update = (user: TestUser, projectId: number, issueId: number, vars: Record<string, unknown>) =>
    call(t, user, UPDATE_ISSUE, { projectId, issueId, ...vars });

  // The creator: A1, A2, A3 in project A and B1 in project B in 2024; A1 resolved and A2 renamed in 2024.
  const a1 = await createIssueAs(t, w.creator, draft(w, { title: 'A1' }));
  const a2 = await createIssueAs(t, w.creator, draft(w, { title: 'A2' }));
  const a3 = await createIssueAs(t, w.creator, draft(w, { title: 'A3' }));
  const b1 = await createIssueAs(t, w.creator, {
    ...draft(w, { title: 'B1' }),
    projectId: projectB,
    disciplines: [{ disciplineId: bDiscipline, status: 'todo' }],
  });
  await update(w.creator, w.projectId, a1, {
    status: 'resolved',
    resolutionPhase: 7,
    disciplines: [{ disciplineId: w.disciplineIds[0], status: 'done' }],
  });
  await update(w.creator, w.projectId, a2, { title: 'A2 renamed' });
  // The collaborator of another company: five comments in 2024 (A1 ×2, A3 ×3), one on A2 on 1 January 2025.
  for (const issueId of [a1, a1, a3, a3, a3]) await commentAs(t, w.collaboratorSame, w, issueId);
  const late = await commentAs(t, w.collaboratorSame, w, a2);
  // The coordinator (the creator's company): one comment in 2024.
  await commentAs(t, w.coordinator, w, a1);
  for (const id of [a1, a2, a3, b1]) await dateIssue(id, '2024-06-01T12:00:00Z');
  await dateComment(late.id, '2025-01-01T00:00:00Z');
  // The year's first instant counts: A3 raised at 2024-01-01 00:00 UTC.
  await dateIssue(a3, '2024-01-01T00:00:00Z');
  // A4 raised on the last second of 2023; B1 resolved in 2025.
  const a4 = await createIssueAs(t, w.creator, draft(w, { title: 'A4' }));
  await dateIssue(a4, '2023-12-31T23:59:59Z');
  await update(w.creator, projectB, b1, {
    status: 'resolved',
    resolutionPhase: 7,
    disciplines: [{ disciplineId: bDiscipline, status: 'done' }],
  });
  await db().execute(
    sql`update issue_history set created_at = '2025-02-01T00:00:00Z' where issue_id = ${b1} and fields ? 'status'`,
  );
});

afterAll(async () => {
  await t.close();
});

describe('the 2024 retrospective', () => {
  it('is prepared by a job at the first reading, then counts the creator’s year exactly', async () => {
    expect((await retro(w.creator)).state).toMatch(/preparing|ready/);
    const r = await computed(w.creator);
    expect(r).toEqual({
      year: 2024,
      state: 'ready',
      // A1, A2, A3, B1 raised, A1 resolved, A2 renamed (A4 is 2023's, B1's resolution 2025's).
      interactions: 6,
      minInteractions: 5,
      issuesCreated: 4,
      issuesResolved: 1,
      projects: 2,
      projectRanking: [
        { projectId: w.projectId, name: 'Torre Issues', interactions: 5 },
        { projectId: projectB, name: 'Torre B', interactions: 1 },
      ],
      // First of the two people of the company who interacted (the coordinator commented once): top 50 %.
      companyTopPercent: 50,
      // First of three people overall: top 34 %.
      overallTopPercent: 34,
    });
  });

  it('counts a commenter of another company: interactions, the resolved issue they took part in, ranks', async () => {
    expect(await computed(w.collaboratorSame)).toEqual({
      year: 2024,
      state: 'ready',
      interactions: 5,
      minInteractions: 5,
      issuesCreated: 0,
      issuesResolved: 1,
      projects: 1,
      projectRanking: [{ projectId: w.projectId, name: 'Torre Issues', interactions: 5 }],
      companyTopPercent: 100,
      overallTopPercent: 67,
    });
  });

  it('shows no data under five interactions, and for someone who never interacted', async () => {
    expect(await computed(w.coordinator)).toMatchObject({
      state: 'noData',
      interactions: 1,
      issuesCreated: null,
    });
    expect(await computed(w.outsider)).toMatchObject({
      state: 'noData',
      interactions: 0,
      projectRanking: [],
    });
  });

  it('works for any year: 2023 and 2025 have their own counts', async () => {
    expect(await computed(w.creator, 2023)).toMatchObject({ year: 2023, state: 'noData', interactions: 1 });
    expect(await computed(w.creator, 2025)).toMatchObject({ year: 2025, state: 'noData', interactions: 1 });
    expect(await computed(w.collaboratorSame, 2025)).toMatchObject({ state: 'noData', interactions: 1 });
  });

  it('refuses a year in the future or before 2000', async () => {
    expect(await codeOf(t, w.creator, RETRO, { y: new Date().getUTCFullYear() + 1 })).toBe('BAD_USER_INPUT');
    expect(await codeOf(t, w.creator, RETRO, { y: 1999 })).toBe('BAD_USER_INPUT');
    expect(await codeOf(t, undefined, RETRO, {})).toBe('UNAUTHENTICATED');
  });
});
