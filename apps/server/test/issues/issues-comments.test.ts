import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { errorMessage } from '@obra/domain';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { buildUser } from '../support/factories.ts';
import { call, codeOf } from '../projects/project-test-kit.ts';
import { buildIssueWorld, createIssueAs, draft, type IssueWorld } from './issue-test-kit.ts';
import {
  COMMENT_HISTORY,
  CREATE_COMMENT,
  DELETE_COMMENT,
  UPDATE_COMMENT,
  commentAs,
  detailAs,
  setProjectStatus,
  type CommentData,
} from './comment-test-kit.ts';

let t: TestServer;
let w: IssueWorld;
let issueId: number;

beforeAll(async () => {
  t = await startTestServer();
  w = await buildIssueWorld(t);
  issueId = await createIssueAs(t, w.creator, draft(w));
});
afterAll(async () => {
  await t.close();
});

interface HistoryEntry {
  _id: number;
  userId: number;
  user: { id: number; email: string } | null;
  issueId: number;
  entityType: string;
  fields: Record<string, { old: unknown; new: unknown }>;
  issueVisibility: string;
  commentVisibility: string;
  dataTime: string;
}

async function history(commentId: number, user = w.collaboratorSame): Promise<HistoryEntry[]> {
  return (
    await call<{ getProjectIssueCommentHistory: HistoryEntry[] }>(t, user, COMMENT_HISTORY, {
      projectId: w.projectId,
      commentId,
    })
  ).getProjectIssueCommentHistory;
}

describe('createProjectIssueComment', () => {
  it('creates a comment with its author, permissions and a history entry; images must point at uploads', async () => {
    expect(
      await codeOf(t, w.collaboratorSame, CREATE_COMMENT, {
        projectId: w.projectId,
        issueId,
        message: 'x',
        visibility: 'public',
        images: [{ title: 'x' }],
      }),
    ).toBe('BAD_USER_INPUT');
    expect(
      await codeOf(t, w.collaboratorSame, CREATE_COMMENT, {
        projectId: w.projectId,
        issueId,
        message: 'x',
        visibility: 'public',
        images: 'x',
      }),
    ).toBe('BAD_USER_INPUT');
    const c = await commentAs(t, w.collaboratorSame, w, issueId, {
      message: '  Cota errada no eixo 3. ',
      images: [],
    });
    expect(c).toMatchObject({
      issueId,
      message: 'Cota errada no eixo 3.',
      visibility: 'public',
      issueVisibility: 'public',
      groupId: null,
      group: null,
      permissions: { edit: true, delete: true },
      createdByUserId: w.collaboratorSame.id,
      createdByUser: { id: w.collaboratorSame.id, email: w.collaboratorSame.email },
      editedAt: null,
      deletedAt: null,
      hasNotification: false,
      mentionedUsers: [],
    });
    expect(c.createdByUser?.company?.name).toBeTruthy();
    const entries = await history(c.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      userId: w.collaboratorSame.id,
      user: { id: w.collaboratorSame.id },
      issueId,
      entityType: 'comment',
      issueVisibility: 'public',
      commentVisibility: 'public',
      fields: {
        message: { old: null, new: 'Cota errada no eixo 3.' },
        visibility: { old: null, new: 'public' },
      },
    });
  });

  it('keeps the group only for group visibility', async () => {
    const inGroup = await commentAs(t, w.creator, w, issueId, { visibility: 'group', groupId: w.groupId });
    expect(inGroup).toMatchObject({ groupId: w.groupId, group: { id: w.groupId, name: 'Fachadas' } });
    const publicOne = await commentAs(t, w.creator, w, issueId, { visibility: 'public', groupId: w.groupId });
    expect(publicOne.groupId).toBeNull();
  });

  it('refuses missing fields, bad values and outsiders with the catalogue codes', async () => {
    const base = { projectId: w.projectId, issueId, message: 'ok', visibility: 'public' };
    const res = await t.gql(
      CREATE_COMMENT,
      { ...base, message: '  ', visibility: null },
      { token: w.creator.token },
    );
    expect(res.errors?.[0]?.extensions?.code).toBe('REQUIRED_FIELD');
    expect(res.errors?.[0]?.extensions?.['details']).toEqual({ fields: ['message', 'visibility'] });
    expect(await codeOf(t, w.creator, CREATE_COMMENT, { ...base, visibility: 'semi_public' })).toBe(
      'BAD_USER_INPUT',
    );
    expect(await codeOf(t, w.creator, CREATE_COMMENT, { ...base, visibility: 'group' })).toBe(
      'REQUIRED_FIELD',
    );
    expect(
      await codeOf(t, w.creator, CREATE_COMMENT, { ...base, visibility: 'group', groupId: 999_999 }),
    ).toBe('PROJECT_GROUP_NOT_FOUND');
    expect(await codeOf(t, w.creator, CREATE_COMMENT, { ...base, mentionedUsers: [w.outsider.id] })).toBe(
      'BAD_USER_INPUT',
    );
    expect(await codeOf(t, w.creator, CREATE_COMMENT, { ...base, issueId: 999_999 })).toBe('NOT_FOUND');
    expect(await codeOf(t, w.outsider, CREATE_COMMENT, base)).toBe('PROJECT_NOT_FOUND');
    expect(await codeOf(t, undefined, CREATE_COMMENT, base)).toBe('UNAUTHENTICATED');
    const demo = await buildUser(t, { companyId: w.creator.companyId, isDemo: true });
    expect(await codeOf(t, demo, CREATE_COMMENT, base)).toBe('FORBIDDEN_DEMO_MODE');
  });

  it("answers a service's BAD_USER_INPUT with the catalogue message in the user's language", async () => {
    const base = { projectId: w.projectId, issueId, message: 'ok' };
    const { db } = t.server.services.database;
    await db.execute(sql`update users set locale_id = 'pt-BR' where id = ${w.creator.id}`);
    try {
      const res = await t.gql(
        CREATE_COMMENT,
        { ...base, visibility: 'semi_public' },
        { token: w.creator.token },
      );
      expect(res.errors?.[0]?.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        details: { field: 'visibility' },
      });
      expect(res.errors?.[0]?.message).toBe(errorMessage('pt-BR', 'BAD_USER_INPUT'));
      const es = await t.gql(
        CREATE_COMMENT,
        { ...base, visibility: 'semi_public' },
        { token: w.collaboratorSame.token, headers: { 'accept-language': 'es' } },
      );
      expect(es.errors?.[0]?.message).toBe(errorMessage('es', 'BAD_USER_INPUT'));
    } finally {
      await db.execute(sql`update users set locale_id = null where id = ${w.creator.id}`);
    }
  });

  it('refuses comments on an issue the caller may not see (NOT_FOUND) and on an inactive project', async () => {
    const draftIssue = await createIssueAs(t, w.creator, draft(w, { visibility: 'creator' }));
    expect(
      await codeOf(t, w.collaboratorSame, CREATE_COMMENT, {
        projectId: w.projectId,
        issueId: draftIssue,
        message: 'x',
        visibility: 'public',
      }),
    ).toBe('NOT_FOUND');
    await setProjectStatus(t, w.projectId, 0);
    try {
      expect(
        await codeOf(t, w.creator, CREATE_COMMENT, {
          projectId: w.projectId,
          issueId,
          message: 'x',
          visibility: 'public',
        }),
      ).toBe('FORBIDDEN_PROJECT_NOT_ACTIVE');
    } finally {
      await setProjectStatus(t, w.projectId, 1);
    }
  });
});

describe('updateProjectIssueComment', () => {
  async function update(user = w.collaboratorSame, vars: Record<string, unknown>): Promise<CommentData> {
    return (
      await call<{ updateProjectIssueComment: CommentData }>(t, user, UPDATE_COMMENT, {
        projectId: w.projectId,
        ...vars,
      })
    ).updateProjectIssueComment;
  }

  it('edits the message and the visibility, stamps them and records the changed fields', async () => {
    const c = await commentAs(t, w.collaboratorSame, w, issueId, { message: 'Primeira versão' });
    const edited = await update(w.collaboratorSame, {
      commentId: c.id,
      message: 'Segunda versão',
      visibility: 'project_management',
    });
    expect(edited).toMatchObject({
      message: 'Segunda versão',
      visibility: 'project_management',
      editedByUser: { id: w.collaboratorSame.id },
    });
    expect(edited.editedAt).not.toBeNull();
    expect(edited.visibilityUpdatedAt).not.toBeNull();
    const entries = await history(c.id);
    expect(entries.map((e) => e.fields)).toEqual([
      expect.objectContaining({ message: { old: null, new: 'Primeira versão' } }),
      {
        message: { old: 'Primeira versão', new: 'Segunda versão' },
        visibility: { old: 'public', new: 'project_management' },
      },
    ]);
    expect(entries[1]?.commentVisibility).toBe('project_management');
  });

  it('a visibility-only change is not an edit: editedAt stays, the history records the visibility', async () => {
    const c = await commentAs(t, w.collaboratorSame, w, issueId, { message: 'Só a visibilidade muda' });
    expect(c.editedAt).toBeNull();
    const changed = await update(w.collaboratorSame, {
      commentId: c.id,
      message: 'Só a visibilidade muda',
      visibility: 'project_management',
    });
    expect(changed.visibility).toBe('project_management');
    expect(changed.visibilityUpdatedAt).not.toBeNull();
    expect(changed.editedAt).toBeNull();
    expect(changed.editedByUser).toBeNull();
    expect((await history(c.id)).at(-1)?.fields).toEqual({
      visibility: { old: 'public', new: 'project_management' },
    });
    const edited = await update(w.collaboratorSame, {
      commentId: c.id,
      message: 'Agora o texto muda',
      visibility: 'project_management',
    });
    expect(edited.editedAt).not.toBeNull();
  });

  it('keeps the stored group for group visibility and drops it when the visibility becomes creator', async () => {
    const c = await commentAs(t, w.groupMember, w, issueId, { visibility: 'group', groupId: w.groupId });
    const kept = await update(w.groupMember, { commentId: c.id, message: 'Ajuste', visibility: 'group' });
    expect(kept.groupId).toBe(w.groupId);
    const dropped = await update(w.groupMember, {
      commentId: c.id,
      message: 'Ajuste',
      visibility: 'creator',
      groupId: w.groupId,
    });
    expect(dropped.groupId).toBeNull();
    const entries = await history(c.id, w.groupMember);
    expect(entries.at(-1)?.fields).toEqual({
      visibility: { old: 'group', new: 'creator' },
      groupId: { old: w.groupId, new: null },
    });
  });

  it('writes no history entry when nothing changes', async () => {
    const c = await commentAs(t, w.collaboratorSame, w, issueId, { message: 'Igual' });
    await update(w.collaboratorSame, { commentId: c.id, message: 'Igual', visibility: 'public' });
    expect(await history(c.id)).toHaveLength(1);
  });

  it('lets only the author edit, and answers the catalogue codes', async () => {
    const c = await commentAs(t, w.collaboratorSame, w, issueId);
    const base = { projectId: w.projectId, commentId: c.id, message: 'x', visibility: 'public' };
    expect(await codeOf(t, w.creator, UPDATE_COMMENT, base)).toBe('FORBIDDEN');
    expect(await codeOf(t, w.collaboratorSame, UPDATE_COMMENT, { ...base, message: '' })).toBe(
      'REQUIRED_FIELD',
    );
    expect(await codeOf(t, w.collaboratorSame, UPDATE_COMMENT, { ...base, visibility: 'everyone' })).toBe(
      'BAD_USER_INPUT',
    );
    expect(
      await codeOf(t, w.collaboratorSame, UPDATE_COMMENT, { ...base, visibility: 'group', groupId: 999_999 }),
    ).toBe('PROJECT_GROUP_NOT_FOUND');
    expect(await codeOf(t, w.collaboratorSame, UPDATE_COMMENT, { ...base, visibility: 'group' })).toBe(
      'REQUIRED_FIELD',
    );
    expect(
      await codeOf(t, w.collaboratorSame, UPDATE_COMMENT, { ...base, mentionedUsers: [w.outsider.id] }),
    ).toBe('BAD_USER_INPUT');
    expect(await codeOf(t, w.collaboratorSame, UPDATE_COMMENT, { ...base, commentId: 999_999 })).toBe(
      'NOT_FOUND',
    );
    expect(await codeOf(t, w.outsider, UPDATE_COMMENT, base)).toBe('PROJECT_NOT_FOUND');
    await setProjectStatus(t, w.projectId, 0);
    try {
      expect(await codeOf(t, w.collaboratorSame, UPDATE_COMMENT, base)).toBe('FORBIDDEN_PROJECT_NOT_ACTIVE');
    } finally {
      await setProjectStatus(t, w.projectId, 1);
    }
    await call(t, w.collaboratorSame, DELETE_COMMENT, { projectId: w.projectId, commentId: c.id });
    expect(await codeOf(t, w.collaboratorSame, UPDATE_COMMENT, base)).toBe('INVALID_ACTION');
  });
});

describe('deleteProjectIssueComment', () => {
  it('soft-deletes: the comment stays as a tombstone whose message only its author still reads', async () => {
    const c = await commentAs(t, w.collaboratorSame, w, issueId, { message: 'Texto apagado' });
    expect(
      await call(t, w.collaboratorSame, DELETE_COMMENT, { projectId: w.projectId, commentId: c.id }),
    ).toEqual({ deleteProjectIssueComment: true });
    const mine = (await detailAs(t, w.collaboratorSame, w, issueId)).comments.find((x) => x.id === c.id);
    expect(mine).toMatchObject({
      message: 'Texto apagado',
      deletedByUserId: w.collaboratorSame.id,
      permissions: { edit: false, delete: false },
    });
    expect(mine?.deletedAt).not.toBeNull();
    const theirs = (await detailAs(t, w.collaboratorOther, w, issueId)).comments.find((x) => x.id === c.id);
    expect(theirs).toMatchObject({ message: null, deletedByUserId: w.collaboratorSame.id });
    const entries = await history(c.id, w.collaboratorOther);
    expect(entries).toHaveLength(2);
    expect(JSON.stringify(entries)).not.toContain('Texto apagado');
    expect(Object.keys(entries[1]?.fields ?? {})).toEqual(['deletedAt']);
    expect(JSON.stringify(await history(c.id, w.collaboratorSame))).toContain('Texto apagado');
  });

  it('lets the author and project managers delete, nobody else', async () => {
    const c = await commentAs(t, w.collaboratorSame, w, issueId);
    const vars = { projectId: w.projectId, commentId: c.id };
    expect(await codeOf(t, w.collaboratorOther, DELETE_COMMENT, vars)).toBe('FORBIDDEN');
    expect(await codeOf(t, w.outsider, DELETE_COMMENT, vars)).toBe('PROJECT_NOT_FOUND');
    expect(await codeOf(t, w.creator, DELETE_COMMENT, { ...vars, commentId: 999_999 })).toBe('NOT_FOUND');
    await setProjectStatus(t, w.projectId, 0);
    try {
      expect(await codeOf(t, w.creator, DELETE_COMMENT, vars)).toBe('FORBIDDEN_PROJECT_NOT_ACTIVE');
    } finally {
      await setProjectStatus(t, w.projectId, 1);
    }
    const seen = (await detailAs(t, w.coordinator, w, issueId)).comments.find((x) => x.id === c.id);
    expect(seen?.permissions).toEqual({ edit: false, delete: true });
    expect(await call(t, w.coordinator, DELETE_COMMENT, vars)).toEqual({ deleteProjectIssueComment: true });
    expect(await codeOf(t, w.collaboratorSame, DELETE_COMMENT, vars)).toBe('INVALID_ACTION');
  });
});

describe('getProjectIssueCommentHistory', () => {
  it('answers NOT_FOUND for missing and hidden comments, PROJECT_NOT_FOUND outside the project', async () => {
    const c = await commentAs(t, w.creator, w, issueId, { visibility: 'creator' });
    const vars = { projectId: w.projectId, commentId: c.id };
    expect(await codeOf(t, w.collaboratorSame, COMMENT_HISTORY, vars)).toBe('NOT_FOUND');
    expect(await codeOf(t, w.creator, COMMENT_HISTORY, { ...vars, commentId: 999_999 })).toBe('NOT_FOUND');
    expect(await codeOf(t, w.outsider, COMMENT_HISTORY, vars)).toBe('PROJECT_NOT_FOUND');
    expect(await codeOf(t, undefined, COMMENT_HISTORY, vars)).toBe('UNAUTHENTICATED');
  });

  it('keeps comment entries out of the issue history', async () => {
    const d = await detailAs(t, w.creator, w, issueId);
    expect(d.history.every((h) => h.entityType === 'issue')).toBe(true);
  });
});
