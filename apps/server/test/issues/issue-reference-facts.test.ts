import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { buildIssueWorld, setFlatTrees, type IssueWorld } from './issue-test-kit.ts';
import { call, createProject } from '../projects/project-test-kit.ts';
import { loadReferenceFacts } from '../../src/modules/issues/issue-repository.ts';

// What an issue's fields point at, read in one statement (issue 29: the load step of createIssue and
// updateIssue; checkReferenceFacts decides on it). Runs on PGlite and, in CI's second pass, on PostgreSQL.

let t: TestServer;
let w: IssueWorld;
let locals: number[];
let labels: number[];
let otherGroupId: number;
let otherLocal: number;
beforeAll(async () => {
  t = await startTestServer();
  w = await buildIssueWorld(t);
  ({ locals, labels } = await setFlatTrees(
    t,
    w.creator,
    w.projectId,
    { locals: 'Torre', labels: 'Rótulo' },
    2,
  ));
  const db = t.server.services.database.db;
  await db.execute(
    sql`insert into project_categories (project_id, category_id, active) values (${w.projectId}, 3, false)`,
  );
  await db.execute(
    sql`insert into project_phases (project_id, phase_id, active) values (${w.projectId}, 5, false)`,
  );
  await db.execute(sql`update project_disciplines set removed_at = now() where id = ${w.disciplineIds[2]}`);
  await db.execute(
    sql`insert into project_discipline_statuses (project_id, name, active) values (${w.projectId}, 'doing', false)`,
  );
  const otherProject = await createProject(t, w.creator, 'Torre Sul');
  const group = await call<{ createProjectGroup: { id: number } }>(
    t,
    w.creator,
    'mutation($p: Int!) { createProjectGroup(projectId: $p, name: "Outra") { id } }',
    { p: otherProject },
  );
  otherGroupId = group.createProjectGroup.id;
  otherLocal = (await setFlatTrees(t, w.creator, otherProject, { locals: 'Sul' }, 1)).locals[0]!;
});
afterAll(async () => {
  await t.close();
});

const facts = (fields: Record<string, unknown>) =>
  loadReferenceFacts(t.server.services.database.db, w.projectId, fields);

describe('loadReferenceFacts', () => {
  it('reads nothing the fields do not name', async () => {
    expect(await facts({ title: 'x' })).toEqual({
      disciplineIds: new Set(),
      localsKnown: true,
      labelsKnown: true,
      groupKnown: true,
    });
  });

  it("answers which sent disciplines are the project's and not removed", async () => {
    const [d0, d1, removed] = w.disciplineIds as [number, number, number];
    const answer = await facts({
      disciplines: [d0, d1, removed, 999_999, d0].map((disciplineId) => ({ disciplineId, status: 'todo' })),
    });
    expect([...answer.disciplineIds].sort((a, b) => a - b)).toEqual([d0, d1].sort((a, b) => a - b));
  });

  it("answers the project's switched-on discipline statuses when disciplines are sent", async () => {
    const [d0] = w.disciplineIds as [number];
    const answer = await facts({ disciplines: [{ disciplineId: d0, status: 'todo' }] });
    expect(answer.activeStatuses?.has('todo')).toBe(true);
    expect(answer.activeStatuses?.has('active')).toBe(true);
    expect(answer.activeStatuses?.has('doing')).toBe(false);
    expect(answer.activeStatuses?.size).toBeGreaterThan(2);
  });

  it("knows the project's locations and labels, each once, and refuses another project's or an unknown one", async () => {
    expect(await facts({ locals: [locals[0], locals[1], locals[0]], labels: [labels[1]] })).toMatchObject({
      localsKnown: true,
      labelsKnown: true,
    });
    expect(await facts({ locals: [locals[0], 999_999] })).toMatchObject({
      localsKnown: false,
      labelsKnown: true,
    });
    expect(await facts({ locals: [otherLocal], labels: [999_999] })).toMatchObject({
      localsKnown: false,
      labelsKnown: false,
    });
  });

  it('answers the active categories and phases: the catalogue less what the project switched off', async () => {
    const answer = await facts({ category: 3, creationPhase: 4 });
    expect(answer.activeCategories?.has(3)).toBe(false);
    expect(answer.activeCategories?.has(1)).toBe(true);
    expect(answer.activePhases?.has(5)).toBe(false);
    expect(answer.activePhases?.has(4)).toBe(true);
    expect((await facts({ resolutionPhase: 1 })).activePhases?.size).toBeGreaterThan(5);
  });

  it("knows the project's own groups only", async () => {
    expect((await facts({ groupId: w.groupId })).groupKnown).toBe(true);
    expect((await facts({ groupId: otherGroupId })).groupKnown).toBe(false);
    expect((await facts({ groupId: 999_999 })).groupKnown).toBe(false);
  });
});
