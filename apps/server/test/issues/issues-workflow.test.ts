import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { addDisciplines, call, codeOf, createProject } from '../projects/project-test-kit.ts';
import { buildIssueWorld, createIssueAs, draft, GET_ISSUE, type IssueWorld } from './issue-test-kit.ts';

let t: TestServer;
let w: IssueWorld;

beforeAll(async () => {
  t = await startTestServer();
  w = await buildIssueWorld(t);
});
afterAll(async () => {
  await t.close();
});

const d = (i: number) => w.disciplineIds[i] ?? 0;

const UPDATE_ISSUES = `mutation($projectId: Int!, $issuesIds: [Int!]!, $newValues: IssueBulkValuesInput!) {
  updateIssues(projectId: $projectId, issuesIds: $issuesIds, newValues: $newValues) {
    updated { id status priority disciplines { disciplineId status } }
    rejected { issueId code message }
  }
}`;

interface BulkAnswer {
  updateIssues: {
    updated: {
      id: number;
      status: string;
      priority: string;
      disciplines: { disciplineId: number; status: string }[];
    }[];
    rejected: { issueId: number; code: string; message: string }[];
  };
}

async function detail(id: number, user = w.creator) {
  return (
    await call<{
      issue: {
        status: string;
        priority: string;
        disciplines: { disciplineId: number; status: string }[];
        history: { fields: Record<string, unknown> }[];
      };
    }>(t, user, GET_ISSUE, { projectId: w.projectId, issueId: id })
  ).issue;
}

describe('updateIssues', () => {
  it('changes many issues in one call and reports each refused issue with its code, keeping the others', async () => {
    const a = await createIssueAs(t, w.creator, draft(w, { priority: 'low' }));
    const b = await createIssueAs(t, w.creator, draft(w, { priority: 'low' }));
    // A draft of another user: the creator cannot see it, so it is refused as NOT_FOUND.
    const hidden = await createIssueAs(t, w.coordinator, draft(w, { visibility: 'creator' }));
    const answer = await call<BulkAnswer>(t, w.creator, UPDATE_ISSUES, {
      projectId: w.projectId,
      issuesIds: [a, b, hidden],
      newValues: { priority: 'medium' },
    });
    expect(answer.updateIssues.updated.map((i) => i.id).sort()).toEqual([a, b].sort());
    expect(answer.updateIssues.updated.every((i) => i.priority === 'medium')).toBe(true);
    expect(answer.updateIssues.rejected).toEqual([
      { issueId: hidden, code: 'NOT_FOUND', message: expect.any(String) },
    ]);
    expect((await detail(a)).history.at(-1)?.fields).toEqual({ priority: { old: 'low', new: 'medium' } });
    expect((await detail(hidden, w.coordinator)).priority).toBe('high');
  });

  it('sets a discipline status on the issues that have it and applies the status rules to each', async () => {
    const single = await createIssueAs(t, w.creator, draft(w, { creationPhase: 3 }));
    const two = await createIssueAs(
      t,
      w.creator,
      draft(w, {
        creationPhase: 3,
        disciplines: [
          { disciplineId: d(0), status: 'todo' },
          { disciplineId: d(1), status: 'todo' },
        ],
      }),
    );
    const other = await createIssueAs(
      t,
      w.creator,
      draft(w, { disciplines: [{ disciplineId: d(1), status: 'todo' }] }),
    );
    const answer = await call<BulkAnswer>(t, w.creator, UPDATE_ISSUES, {
      projectId: w.projectId,
      issuesIds: [single, two, other],
      newValues: { disciplines: [{ disciplineId: d(0), status: 'done' }] },
    });
    expect(answer.updateIssues.rejected).toEqual([]);
    // No pending discipline left: resolved by itself. Another pending discipline: stays active. Not touched: as it was.
    expect((await detail(single)).status).toBe('resolved');
    const both = await detail(two);
    expect(both.status).toBe('active');
    expect(both.disciplines.find((x) => x.disciplineId === d(0))?.status).toBe('done');
    expect(both.disciplines.find((x) => x.disciplineId === d(1))?.status).toBe('todo');
    expect((await detail(other)).disciplines).toEqual([
      expect.objectContaining({ disciplineId: d(1), status: 'todo' }),
    ]);
  });

  it('refuses per issue what the rules refuse and lets a collaborator change only their own discipline', async () => {
    const mine = await createIssueAs(t, w.creator, draft(w));
    const notMine = await createIssueAs(
      t,
      w.creator,
      draft(w, { disciplines: [{ disciplineId: d(1), status: 'todo' }] }),
    );
    const asked = await call<BulkAnswer>(t, w.collaboratorSame, UPDATE_ISSUES, {
      projectId: w.projectId,
      issuesIds: [mine, notMine],
      newValues: { disciplines: [{ disciplineId: d(0), status: 'doing' }] },
    });
    expect(asked.updateIssues.updated.map((i) => i.id)).toEqual([mine]);
    // An issue with none of the caller's disciplines is theirs to read, not to change.
    expect(asked.updateIssues.rejected.map((r) => [r.issueId, r.code])).toEqual([[notMine, 'FORBIDDEN']]);
    expect((await detail(notMine)).disciplines.map((x) => x.status)).toEqual(['todo']);
    const priority = await call<BulkAnswer>(t, w.collaboratorSame, UPDATE_ISSUES, {
      projectId: w.projectId,
      issuesIds: [mine],
      newValues: { priority: 'low' },
    });
    expect(priority.updateIssues.rejected.map((r) => r.code)).toEqual(['FORBIDDEN']);
    const resolved = await call<BulkAnswer>(t, w.creator, UPDATE_ISSUES, {
      projectId: w.projectId,
      issuesIds: [mine],
      newValues: { status: 'resolved' },
    });
    expect(resolved.updateIssues.rejected.map((r) => r.code)).toEqual([
      'DISCIPLINE_STATUS_MUST_KEEP_ISSUE_ACTIVE',
    ]);
  });

  it('answers a rejection message in the caller language', async () => {
    const id = await createIssueAs(t, w.creator, draft(w));
    const res = await t.gql<BulkAnswer>(
      UPDATE_ISSUES,
      { projectId: w.projectId, issuesIds: [id], newValues: { status: 'resolved' } },
      { token: w.creator.token, headers: { 'accept-language': 'es' } },
    );
    const en = await t.gql<BulkAnswer>(
      UPDATE_ISSUES,
      { projectId: w.projectId, issuesIds: [id], newValues: { status: 'resolved' } },
      { token: w.creator.token, headers: { 'accept-language': 'en' } },
    );
    expect(res.data?.updateIssues.rejected[0]?.message).toBeTruthy();
    expect(res.data?.updateIssues.rejected[0]?.message).not.toBe(en.data?.updateIssues.rejected[0]?.message);
  });

  it('validates the call: ids required, known values, project participation', async () => {
    const id = await createIssueAs(t, w.creator, draft(w));
    expect(
      await codeOf(t, w.creator, UPDATE_ISSUES, {
        projectId: w.projectId,
        issuesIds: [],
        newValues: { priority: 'low' },
      }),
    ).toBe('REQUIRED_FIELD');
    expect(
      await codeOf(t, w.creator, UPDATE_ISSUES, {
        projectId: w.projectId,
        issuesIds: [id],
        newValues: { priority: 'urgent' },
      }),
    ).toBe('BAD_USER_INPUT');
    expect(
      await codeOf(t, w.outsider, UPDATE_ISSUES, {
        projectId: w.projectId,
        issuesIds: [id],
        newValues: { priority: 'low' },
      }),
    ).toBe('PROJECT_NOT_FOUND');
    expect(
      await codeOf(t, undefined, UPDATE_ISSUES, {
        projectId: w.projectId,
        issuesIds: [id],
        newValues: { priority: 'low' },
      }),
    ).toBe('UNAUTHENTICATED');
  });
});

const COPY = `mutation($s: Int!, $t: Int!, $ids: [Int!]!, $v: String!, $g: Int, $r: JSON) {
  copyProjectIssues(sourceProjectId: $s, targetProjectId: $t, issuesIds: $ids, visibility: $v, groupId: $g, replacements: $r) {
    copies { sourceIssueId issueId code } rejected { issueId code }
  }
}`;

describe('copyProjectIssues', () => {
  it('copies visible issues with new codes, the given visibility and disciplines matched by standard discipline', async () => {
    const target = await createProject(t, w.creator, 'Torre Cópia');
    const targetDisciplines = await addDisciplines(t, w.creator, target);
    const a = await createIssueAs(t, w.creator, draft(w, { title: 'Copiar esta' }));
    const custom = await createIssueAs(
      t,
      w.creator,
      draft(w, { disciplines: [{ disciplineId: d(2), status: 'todo' }] }),
    );
    const hidden = await createIssueAs(t, w.coordinator, draft(w, { visibility: 'creator' }));
    const answer = await call<{
      copyProjectIssues: {
        copies: { sourceIssueId: number; issueId: number; code: string }[];
        rejected: { issueId: number; code: string }[];
      };
    }>(t, w.creator, COPY, {
      s: w.projectId,
      t: target,
      ids: [a, custom, hidden],
      v: 'project_management',
      r: { disciplines: { [String(d(2))]: targetDisciplines[1] } },
    });
    expect(answer.copyProjectIssues.copies.map((c) => c.sourceIssueId)).toEqual([a, custom]);
    expect(answer.copyProjectIssues.copies.map((c) => c.code)).toEqual(['001', '002']);
    expect(answer.copyProjectIssues.rejected).toEqual([{ issueId: hidden, code: 'NOT_FOUND' }]);
    const copyId = answer.copyProjectIssues.copies[0]?.issueId;
    const copy = (
      await call<{
        issue: {
          title: string;
          visibility: string;
          projectId: number;
          disciplines: { disciplineId: number }[];
          history: { fields: Record<string, unknown> }[];
        };
      }>(t, w.creator, GET_ISSUE, { projectId: target, issueId: copyId })
    ).issue;
    expect(copy).toMatchObject({ title: 'Copiar esta', visibility: 'project_management', projectId: target });
    expect(copy.disciplines.map((x) => x.disciplineId)).toEqual([targetDisciplines[0]]);
    expect(copy.history[0]?.fields['copiedFrom']).toEqual({
      old: null,
      new: { projectId: w.projectId, issueId: a, code: expect.any(String) },
    });
    const second = answer.copyProjectIssues.copies[1]?.issueId;
    const replaced = (
      await call<{ issue: { disciplines: { disciplineId: number }[] } }>(t, w.creator, GET_ISSUE, {
        projectId: target,
        issueId: second,
      })
    ).issue;
    expect(replaced.disciplines.map((x) => x.disciplineId)).toEqual([targetDisciplines[1]]);
  });

  it('rejects an issue left without disciplines and refuses callers who cannot create in the target', async () => {
    const target = await createProject(t, w.creator, 'Torre Sem Disciplinas');
    const a = await createIssueAs(t, w.creator, draft(w));
    const answer = await call<{
      copyProjectIssues: { copies: unknown[]; rejected: { issueId: number; code: string }[] };
    }>(t, w.creator, COPY, { s: w.projectId, t: target, ids: [a], v: 'public' });
    expect(answer.copyProjectIssues.copies).toEqual([]);
    expect(answer.copyProjectIssues.rejected).toEqual([{ issueId: a, code: 'ISSUE_MUST_HAVE_DISCIPLINES' }]);
    expect(
      await codeOf(t, w.collaboratorSame, COPY, { s: w.projectId, t: target, ids: [a], v: 'public' }),
    ).toBe('PROJECT_NOT_FOUND');
    expect(await codeOf(t, w.creator, COPY, { s: w.projectId, t: target, ids: [a], v: 'everyone' })).toBe(
      'BAD_USER_INPUT',
    );
    expect(
      await codeOf(t, w.creator, COPY, {
        s: w.projectId,
        t: target,
        ids: [a],
        v: 'public',
        r: { disciplines: 'x' },
      }),
    ).toBe('BAD_USER_INPUT');
    expect(await codeOf(t, w.creator, COPY, { s: w.projectId, t: w.projectId, ids: [a], v: 'public' })).toBe(
      'INVALID_ACTION',
    );
    expect(await codeOf(t, w.creator, COPY, { s: w.projectId, t: target, ids: [], v: 'public' })).toBe(
      'REQUIRED_FIELD',
    );
    const group = await codeOf(t, w.creator, COPY, {
      s: w.projectId,
      t: target,
      ids: [a],
      v: 'group',
      g: 999999,
    });
    expect(group).toBe('PROJECT_GROUP_NOT_FOUND');
  });
});

const SET_TAGS =
  'mutation($p: Int!, $tags: [ProjectUserTagInput!]!) { setProjectUserTags(projectId: $p, tags: $tags) { id name } }';
const TAG_ISSUE =
  'mutation($p: Int!, $i: Int!, $tags: [Int!]!) { setProjectIssueUserTags(projectId: $p, issueId: $i, tags: $tags) }';
const TAGS_OF = `query($p: Int!, $i: Int!) { issue(projectId: $p, issueId: $i) { userPersonalData { tags { tagId tag { id name } } } } }`;

describe('setProjectIssueUserTags', () => {
  it('tags an issue with the caller own tags, privately, and drops a deleted tag', async () => {
    const id = await createIssueAs(t, w.creator, draft(w));
    const tags = (
      await call<{ setProjectUserTags: { id: number; name: string }[] }>(t, w.coordinator, SET_TAGS, {
        p: w.projectId,
        tags: [{ name: 'Revisar' }, { name: 'Obra' }],
      })
    ).setProjectUserTags;
    const ids = tags.map((x) => x.id);
    expect(await call(t, w.coordinator, TAG_ISSUE, { p: w.projectId, i: id, tags: ids })).toEqual({
      setProjectIssueUserTags: true,
    });
    const mine = await call<{
      issue: { userPersonalData: { tags: { tagId: number; tag: { name: string } }[] } };
    }>(t, w.coordinator, TAGS_OF, { p: w.projectId, i: id });
    expect(mine.issue.userPersonalData.tags.map((x) => x.tag.name).sort()).toEqual(['Obra', 'Revisar']);
    const theirs = await call<{ issue: { userPersonalData: { tags: unknown[] } } }>(t, w.creator, TAGS_OF, {
      p: w.projectId,
      i: id,
    });
    expect(theirs.issue.userPersonalData.tags).toEqual([]);
    const revisar = tags.find((x) => x.name === 'Revisar');
    await call(t, w.coordinator, SET_TAGS, { p: w.projectId, tags: [revisar] });
    const after = await call<{ issue: { userPersonalData: { tags: { tagId: number }[] } } }>(
      t,
      w.coordinator,
      TAGS_OF,
      { p: w.projectId, i: id },
    );
    expect(after.issue.userPersonalData.tags.map((x) => x.tagId)).toEqual([revisar?.id]);
  });

  it('refuses tags of someone else, hidden issues and outsiders', async () => {
    const id = await createIssueAs(t, w.creator, draft(w));
    const others = (
      await call<{ setProjectUserTags: { id: number }[] }>(t, w.creator, SET_TAGS, {
        p: w.projectId,
        tags: [{ name: 'Meu' }],
      })
    ).setProjectUserTags;
    expect(
      await codeOf(t, w.coordinator, TAG_ISSUE, { p: w.projectId, i: id, tags: others.map((x) => x.id) }),
    ).toBe('BAD_USER_INPUT');
    const draftId = await createIssueAs(t, w.creator, draft(w, { visibility: 'creator' }));
    expect(await codeOf(t, w.coordinator, TAG_ISSUE, { p: w.projectId, i: draftId, tags: [] })).toBe(
      'NOT_FOUND',
    );
    expect(await codeOf(t, w.outsider, TAG_ISSUE, { p: w.projectId, i: id, tags: [] })).toBe(
      'PROJECT_NOT_FOUND',
    );
  });
});

const GENERAL = `query($p: Int!) { projectIssuesGeneralData(projectId: $p) {
  userTags { id name } mentionableUsers { id name } groups { id name usersId } mentionableIssues { id code title } } }`;

describe('projectIssuesGeneralData', () => {
  it('gives the caller tags, the people to mention, the groups and only the issues they see', async () => {
    const visible = await createIssueAs(t, w.creator, draft(w, { title: 'Visível a todos' }));
    const secret = await createIssueAs(
      t,
      w.creator,
      draft(w, { title: 'Rascunho secreto', visibility: 'creator' }),
    );
    const data = (
      await call<{
        projectIssuesGeneralData: {
          userTags: unknown[];
          mentionableUsers: { id: number }[];
          groups: { id: number }[];
          mentionableIssues: { id: number; title: string }[];
        };
      }>(t, w.collaboratorOther, GENERAL, { p: w.projectId })
    ).projectIssuesGeneralData;
    expect(data.userTags).toEqual([]);
    // The people to mention are mentionableUsers (issue 12 #7: mentions are the spec's mention records).
    const mentionIds = data.mentionableUsers.map((m) => m.id);
    expect(mentionIds).toEqual(
      expect.arrayContaining([w.creator.id, w.coordinator.id, w.groupMember.id, w.collaboratorSame.id]),
    );
    expect(mentionIds).not.toContain(w.collaboratorOther.id);
    expect(mentionIds).not.toContain(w.outsider.id);
    expect(data.groups.map((g) => g.id)).toEqual([w.groupId]);
    const issueIds = data.mentionableIssues.map((i) => i.id);
    expect(issueIds).toContain(visible);
    expect(issueIds).not.toContain(secret);
    expect(await codeOf(t, w.outsider, GENERAL, { p: w.projectId })).toBe('PROJECT_NOT_FOUND');
  });
});

describe('issue history visibility', () => {
  it('shows entries made while the issue was a draft only to those who saw the draft', async () => {
    const id = await createIssueAs(t, w.creator, draft(w, { visibility: 'creator', title: 'Rascunho' }));
    await call(
      t,
      w.creator,
      'mutation($p: Int!, $i: Int!) { updateIssue(projectId: $p, issueId: $i, title: "Título provisório") { id } }',
      { p: w.projectId, i: id },
    );
    await call(
      t,
      w.creator,
      'mutation($p: Int!, $i: Int!) { updateIssue(projectId: $p, issueId: $i, visibility: "public") { id } }',
      { p: w.projectId, i: id },
    );
    const own = await detail(id);
    expect(own.history).toHaveLength(3);
    const other = await detail(id, w.collaboratorOther);
    expect(other.history.map((h) => Object.keys(h.fields))).toEqual([['visibility']]);
  });
});
