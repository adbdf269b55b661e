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

// Resolving the last pending discipline of an issue without any phase resolves the issue, which needs a
// resolution phase (MISSING_RESOLUTION_PHASE): the person who resolves the discipline gives it in the same
// update, a collaborator of that discipline included.

let t: TestServer;
let w: IssueWorld;
let phase: number;

beforeAll(async () => {
  t = await startTestServer();
  w = await buildIssueWorld(t);
  const data = await call<{ projectData: { phases: { id: number; active: boolean }[] } }>(
    t,
    w.creator,
    'query($p: Int!) { projectData(projectId: $p) { phases { id active } } }',
    { p: w.projectId },
  );
  const active = data.projectData.phases.filter((p) => p.active).map((p) => p.id);
  expect(active.length).toBeGreaterThan(0);
  phase = Math.max(...active);
});
afterAll(async () => {
  await t.close();
});

async function issueState(id: number): Promise<{ status: string; resolutionPhase: number | null }> {
  return (
    await call<{ issue: { status: string; resolutionPhase: number | null } }>(t, w.creator, GET_ISSUE, {
      projectId: w.projectId,
      issueId: id,
    })
  ).issue;
}

describe('resolving the last pending discipline of an issue without phases', () => {
  it('lets the collaborator of the discipline give the resolution phase in the same update', async () => {
    const id = await createIssueAs(t, w.creator, draft(w));
    const done = [{ disciplineId: w.disciplineIds[0], status: 'done' }];
    const update = (extra: Record<string, unknown>) => ({
      projectId: w.projectId,
      issueId: id,
      disciplines: done,
      ...extra,
    });
    expect(await codeOf(t, w.collaboratorSame, UPDATE_ISSUE, update({}))).toBe('MISSING_RESOLUTION_PHASE');
    await call(t, w.collaboratorSame, UPDATE_ISSUE, update({ resolutionPhase: phase }));
    expect(await issueState(id)).toMatchObject({ status: 'resolved', resolutionPhase: phase });
  });

  it('still refuses a collaborator a resolution phase that resolves nothing', async () => {
    const id = await createIssueAs(t, w.creator, draft(w));
    const doing = [{ disciplineId: w.disciplineIds[0], status: 'doing' }];
    expect(
      await codeOf(t, w.collaboratorSame, UPDATE_ISSUE, {
        projectId: w.projectId,
        issueId: id,
        disciplines: doing,
        resolutionPhase: phase,
      }),
    ).toBe('FORBIDDEN');
    expect(await issueState(id)).toMatchObject({ status: 'active', resolutionPhase: null });
  });
});
