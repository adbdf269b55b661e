import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { call, codeOf } from '../projects/project-test-kit.ts';
import {
  buildIssueWorld,
  CREATE_ISSUE,
  createIssueAs,
  draft,
  GET_ISSUE,
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

interface IssueDetail {
  id: number;
  code: string;
  title: string;
  status: string;
  visibility: string;
  resolutionPhase: number | null;
  createdByUserId: number;
  visibilityUpdatedAt: string | null;
  toPublicAt: string | null;
  toPublicBy: number | null;
  disciplines: { disciplineId: number; status: string; doneAt: string | null }[];
  permissions: { edit: boolean; delete: boolean };
  history: { entityType: string; userId: number }[];
}

async function detail(id: number): Promise<IssueDetail> {
  return (
    await call<{ issue: IssueDetail }>(t, w.creator, GET_ISSUE, { projectId: w.projectId, issueId: id })
  ).issue;
}

describe('createIssue', () => {
  it('creates an issue with sequential codes, its disciplines, stamps and a history entry', async () => {
    const first = await createIssueAs(t, w.creator, draft(w));
    const second = await createIssueAs(t, w.creator, draft(w, { title: 'Segundo' }));
    const a = await detail(first);
    const b = await detail(second);
    expect(Number(b.code)).toBe(Number(a.code) + 1);
    expect(a).toMatchObject({
      title: 'Viga interfere com duto',
      status: 'active',
      visibility: 'public',
      createdByUserId: w.creator.id,
      toPublicBy: w.creator.id,
    });
    expect(a.visibilityUpdatedAt).not.toBeNull();
    expect(a.disciplines).toEqual([
      {
        disciplineId: w.disciplineIds[0],
        status: 'todo',
        deadline: null,
        doneAt: null,
        discipline: { id: w.disciplineIds[0], abbreviation: 'ARQ' },
      },
    ]);
    expect(a.history).toHaveLength(1);
    expect(a.history[0]).toMatchObject({ entityType: 'issue', userId: w.creator.id });
    expect(a.permissions).toEqual({ edit: true, delete: true });
  });

  it('decides the initial status: an active issue without pending disciplines is resolved', async () => {
    const id = await createIssueAs(
      t,
      w.creator,
      draft(w, { disciplines: [{ disciplineId: w.disciplineIds[0], status: 'done' }], creationPhase: 2 }),
    );
    const issue = await detail(id);
    expect(issue.status).toBe('resolved');
    expect(issue.resolutionPhase).toBe(2);
    expect(issue.disciplines[0]?.doneAt).not.toBeNull();
  });

  it('refuses each invalid draft with its code', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: ' ' }, 'REQUIRED_FIELD'],
      [{ priority: null }, 'REQUIRED_FIELD'],
      [{ disciplines: [] }, 'ISSUE_MUST_HAVE_DISCIPLINES'],
      [
        {
          disciplines: [
            { disciplineId: w.disciplineIds[0], status: 'todo' },
            { disciplineId: w.disciplineIds[0], status: 'doing' },
          ],
        },
        'DUPLICATED_DISCIPLINES',
      ],
      [{ pin: null }, 'INSERT_PIN_LOCATION'],
      [{ status: 'reproved' }, 'DISCIPLINE_STATUS_MUST_KEEP_ISSUE_ACTIVE'],
      [
        { status: 'resolved', disciplines: [{ disciplineId: w.disciplineIds[0], status: 'done' }] },
        'MISSING_RESOLUTION_PHASE',
      ],
      [
        { status: 'active', disciplines: [{ disciplineId: w.disciplineIds[0], status: 'done' }] },
        'MISSING_RESOLUTION_PHASE',
      ],
      [{ priority: 'urgent' }, 'BAD_USER_INPUT'],
      [{ visibility: 'everyone' }, 'BAD_USER_INPUT'],
      [{ disciplines: [{ disciplineId: 999_999, status: 'todo' }] }, 'BAD_USER_INPUT'],
      [{ disciplines: [{ disciplineId: w.disciplineIds[0], status: 'varies' }] }, 'BAD_USER_INPUT'],
      [{ locals: [999_999] }, 'BAD_USER_INPUT'],
      [{ category: 999 }, 'BAD_USER_INPUT'],
      [{ creationPhase: 999 }, 'BAD_USER_INPUT'],
      [{ deadline: '31/12/2030' }, 'BAD_USER_INPUT'],
      [{ groupId: 999_999 }, 'PROJECT_GROUP_NOT_FOUND'],
      [{ visibility: 'group' }, 'REQUIRED_FIELD'],
    ];
    for (const [overrides, code] of cases)
      expect([overrides, await codeOf(t, w.creator, CREATE_ISSUE, draft(w, overrides))]).toEqual([
        overrides,
        code,
      ]);
  });

  it('refuses people outside the project and inactive projects', async () => {
    expect(await codeOf(t, w.outsider, CREATE_ISSUE, draft(w))).toBe('PROJECT_NOT_FOUND');
    expect(await codeOf(t, undefined, CREATE_ISSUE, draft(w))).toBe('UNAUTHENTICATED');
  });

  it('lets a collaborator create an issue', async () => {
    const id = await createIssueAs(t, w.collaboratorSame, draft(w));
    expect((await detail(id)).createdByUserId).toBe(w.collaboratorSame.id);
  });
});
