import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAVED_VIEWS_PER_USER } from '@obra/domain';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { buildIssueWorld, type IssueWorld } from '../issues/issue-test-kit.ts';
import { call, codeOf } from '../projects/project-test-kit.ts';
import { buildUser } from '../support/factories.ts';
import { savedViews } from '../../src/db/schema/index.ts';

const FIELDS = 'id projectId name filter columns viewMode shared own ownerName';
const LIST = `query($p: Int!) { savedViews(projectId: $p) { ${FIELDS} } }`;
const CREATE = `mutation($p: Int!, $i: SavedViewInput!) { createSavedView(projectId: $p, input: $i) { ${FIELDS} } }`;
const UPDATE = `mutation($p: Int!, $v: Int!, $i: SavedViewInput!) {
  updateSavedView(projectId: $p, viewId: $v, input: $i) { ${FIELDS} } }`;
const DELETE = 'mutation($p: Int!, $v: Int!) { deleteSavedView(projectId: $p, viewId: $v) }';

interface View {
  id: number;
  name: string;
  filter: Record<string, unknown>;
  columns: string[];
  viewMode: string;
  shared: boolean;
  own: boolean;
}

const filter = {
  standard: 'pendencies',
  search: 'viga',
  combination: 'and',
  conditions: [{ field: 'priority', values: ['high'] }],
  sort: { key: 'deadline', direction: 'desc' },
};

let t: TestServer;
let w: IssueWorld;
beforeAll(async () => {
  t = await startTestServer();
  w = await buildIssueWorld(t);
});
afterAll(async () => {
  await t.close();
});

async function create(user: IssueWorld['creator'], input: Record<string, unknown>): Promise<View> {
  const data = await call<{ createSavedView: View }>(t, user, CREATE, { p: w.projectId, i: input });
  return data.createSavedView;
}

async function list(user: IssueWorld['creator']): Promise<View[]> {
  return (await call<{ savedViews: View[] }>(t, user, LIST, { p: w.projectId })).savedViews;
}

describe('saved views', () => {
  it('saves a personal view with its filter, sort and columns (in the table order) and lists it to its owner only', async () => {
    const view = await create(w.collaboratorSame, {
      name: '  Minhas vigas ',
      filter,
      columns: ['deadline', 'code', 'title'],
      viewMode: 'table',
    });
    expect(view).toMatchObject({
      name: 'Minhas vigas',
      filter,
      columns: ['code', 'title', 'deadline'],
      viewMode: 'table',
      shared: false,
      own: true,
    });
    expect((await list(w.collaboratorSame)).map((v) => v.name)).toContain('Minhas vigas');
    expect((await list(w.collaboratorOther)).map((v) => v.name)).not.toContain('Minhas vigas');
    // Another person cannot change or delete it, and cannot even tell it exists.
    expect(await codeOf(t, w.collaboratorOther, DELETE, { p: w.projectId, v: view.id })).toBe(
      'SAVED_VIEW_NOT_FOUND',
    );
  });

  it('lets a manager share a view; everyone sees it, only the owner changes it', async () => {
    const view = await create(w.coordinator, {
      name: 'Late this week',
      filter: { ...filter, standard: 'latePendencies' },
      columns: ['code', 'title'],
      viewMode: 'list',
      shared: true,
    });
    const seen = (await list(w.collaboratorOther)).find((v) => v.id === view.id);
    expect(seen).toMatchObject({ shared: true, own: false, name: 'Late this week' });
    expect(
      await codeOf(t, w.collaboratorOther, UPDATE, { p: w.projectId, v: view.id, i: { name: 'x' } }),
    ).toBe('FORBIDDEN');
    expect(await codeOf(t, w.collaboratorOther, DELETE, { p: w.projectId, v: view.id })).toBe('FORBIDDEN');
    // Unsharing hides it again.
    await call(t, w.coordinator, UPDATE, { p: w.projectId, v: view.id, i: { shared: false } });
    expect((await list(w.collaboratorOther)).some((v) => v.id === view.id)).toBe(false);
  });

  it('refuses sharing by a collaborator', async () => {
    expect(
      await codeOf(t, w.collaboratorSame, CREATE, {
        p: w.projectId,
        i: { name: 'Shared?', filter, columns: ['code'], viewMode: 'list', shared: true },
      }),
    ).toBe('FORBIDDEN');
    const own = await create(w.collaboratorSame, {
      name: 'Mine',
      filter,
      columns: ['code'],
      viewMode: 'list',
    });
    expect(
      await codeOf(t, w.collaboratorSame, UPDATE, { p: w.projectId, v: own.id, i: { shared: true } }),
    ).toBe('FORBIDDEN');
  });

  it('renames keeping the rest, refuses a name already taken (any case) and deletes', async () => {
    const a = await create(w.groupMember, { name: 'Alpha', filter, columns: ['code'], viewMode: 'list' });
    await create(w.groupMember, { name: 'Beta', filter, columns: ['code'], viewMode: 'list' });
    expect(
      await codeOf(t, w.groupMember, CREATE, {
        p: w.projectId,
        i: { name: 'alpha', filter, columns: ['code'], viewMode: 'list' },
      }),
    ).toBe('SAVED_VIEW_NAME_TAKEN');
    expect(await codeOf(t, w.groupMember, UPDATE, { p: w.projectId, v: a.id, i: { name: 'BETA' } })).toBe(
      'SAVED_VIEW_NAME_TAKEN',
    );
    const renamed = await call<{ updateSavedView: View }>(t, w.groupMember, UPDATE, {
      p: w.projectId,
      v: a.id,
      i: { name: 'Gamma' },
    });
    expect(renamed.updateSavedView).toMatchObject({ name: 'Gamma', filter, columns: ['code'] });
    // Another user may use the same name.
    await create(w.collaboratorOther, { name: 'Gamma', filter, columns: ['code'], viewMode: 'list' });
    await call(t, w.groupMember, DELETE, { p: w.projectId, v: a.id });
    expect((await list(w.groupMember)).map((v) => v.name)).toEqual(['Beta']);
    expect(await codeOf(t, w.groupMember, DELETE, { p: w.projectId, v: a.id })).toBe('SAVED_VIEW_NOT_FOUND');
  });

  it('refuses bad input with BAD_USER_INPUT and outsiders with PROJECT_NOT_FOUND', async () => {
    const bad = [
      { name: '', filter, columns: ['code'], viewMode: 'list' },
      { name: 'x', filter: { ...filter, standard: 'nope' }, columns: ['code'], viewMode: 'list' },
      { name: 'x', filter, columns: ['password'], viewMode: 'list' },
      { name: 'x', filter, columns: ['code'], viewMode: 'grid' },
    ];
    for (const i of bad)
      expect(await codeOf(t, w.creator, CREATE, { p: w.projectId, i })).toBe('BAD_USER_INPUT');
    expect(await codeOf(t, w.outsider, LIST, { p: w.projectId })).toBe('PROJECT_NOT_FOUND');
  });

  it('keeps at most the per-user limit of views', async () => {
    const user = w.creator;
    const existing = (await list(user)).filter((v) => v.own).length;
    // The views up to the limit are written directly: the API's own path is covered above.
    const { db } = t.server.services.database;
    const rows = Array.from({ length: SAVED_VIEWS_PER_USER - existing }, (_, i) => ({
      projectId: w.projectId,
      ownerId: user.id,
      name: `V${i}`,
      filter,
      columns: ['code'],
      viewMode: 'list',
    }));
    await db.insert(savedViews).values(rows);
    expect(
      await codeOf(t, user, CREATE, {
        p: w.projectId,
        i: { name: 'One more', filter, columns: ['code'], viewMode: 'list' },
      }),
    ).toBe('SAVED_VIEW_LIMIT_REACHED');
  });

  it('is not for demo users (shared accounts)', async () => {
    const demo = await buildUser(t, { isDemo: true });
    expect(
      await codeOf(t, demo, CREATE, {
        p: w.projectId,
        i: { name: 'D', filter, columns: ['code'], viewMode: 'list' },
      }),
    ).toBe('FORBIDDEN_DEMO_MODE');
  });
});
