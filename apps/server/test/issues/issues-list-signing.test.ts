import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestServer } from '../support/test-server.ts';
import type { TestUser } from '../support/factories.ts';
import type { IssueWorld } from './issue-test-kit.ts';
import { setUpBenchProject } from '../../../../bench/issues/issues-bench-world.ts';

let t: TestServer;
let w: IssueWorld;

// A project of generated issues of every visibility, many with images (the list's thumbnails, `cover`).
beforeAll(async () => {
  ({ t, w } = await setUpBenchProject(240, 5));
});
afterAll(async () => {
  await t.close();
});

interface ListedIssue {
  id: number;
  cover: string | null;
}

async function listPage(user: TestUser): Promise<{ issues: ListedIssue[]; text: string }> {
  const res = await t.gql<{ getIssues: { issues: ListedIssue[] } }>(
    `query($projectId: Int!) { getIssues(projectId: $projectId, first: 500) { issues { id title cover } } }`,
    { projectId: w.projectId },
    { token: user.token },
  );
  if (res.errors?.length || !res.data) throw new Error(JSON.stringify(res.errors));
  return { issues: res.data.getIssues.issues, text: JSON.stringify(res.data) };
}

/** The storage keys of every image file (original, marked up, thumbnail) of some issues, comments' included. */
async function imageKeysOf(issueIds: readonly number[]): Promise<string[]> {
  const { rows } = await t.server.services.database.executor.executeSql(
    `select f.storage_key, f.thumb_key from issue_images i
       join issue_files f on f.id = i.original_file_id or f.id = i.marked_up_file_id
     where i.issue_id = any($1::int[])`,
    [issueIds],
  );
  return (rows as { storage_key: string; thumb_key: string | null }[]).flatMap((r) =>
    r.thumb_key ? [r.storage_key, r.thumb_key] : [r.storage_key],
  );
}

/** The GET keys the server's signer signed while `run` ran, each with how many times. */
async function signedDuring(run: () => Promise<unknown>): Promise<Map<string, number>> {
  const spy = vi.spyOn(t.server.services.files.signer, 'signedPath');
  try {
    await run();
    const counts = new Map<string, number>();
    for (const [method, key] of spy.mock.calls)
      if (method === 'GET') counts.set(key, (counts.get(key) ?? 0) + 1);
    return counts;
  } finally {
    spy.mockRestore();
  }
}

describe('the list signs thumbnail URLs once per key', () => {
  it('signs each thumbnail once over two reads of the list, and answers the same URLs', async () => {
    let first: ListedIssue[] = [];
    let second: ListedIssue[] = [];
    const signed = await signedDuring(async () => {
      first = (await listPage(w.creator)).issues;
      second = (await listPage(w.creator)).issues;
    });
    const covers = first.filter((i) => i.cover !== null);
    expect(covers.length).toBeGreaterThan(10);
    expect(second).toEqual(first);
    // Every cover's key was signed, and none twice.
    const keys = new Set(covers.map((i) => new URL(i.cover ?? '').pathname.replace(/^\/files\//, '')));
    expect([...signed.keys()].sort()).toEqual([...keys].sort());
    expect([...signed.values()].every((n) => n === 1)).toBe(true);
  });

  it("never gives a reader the URL of an image of an issue they may not see, after others' reads", async () => {
    // A manager sees issues a collaborator of another discipline does not; the manager reads first, so the
    // signer holds URLs of images the collaborator may not see.
    const manager = await listPage(w.coordinator);
    const reader = await listPage(w.collaboratorOther);
    const seen = new Set(reader.issues.map((i) => i.id));
    const hidden = manager.issues.filter((i) => !seen.has(i.id));
    const hiddenWithCover = hidden.filter((i) => i.cover !== null);
    expect(hiddenWithCover.length).toBeGreaterThan(0);
    // The reader's answer names no file of any issue outside their list (whoever read it before).
    const { rows } = await t.server.services.database.executor.executeSql(
      'select id from issues where project_id = $1',
      [w.projectId],
    );
    const invisible = (rows as { id: number }[]).map((r) => r.id).filter((id) => !seen.has(id));
    const keys = await imageKeysOf(invisible);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(reader.text).not.toContain(key);
    // And each cover the reader got is of their own issue's images.
    const visibleKeys = new Set(await imageKeysOf([...seen]));
    for (const issue of reader.issues.filter((i) => i.cover !== null))
      expect(visibleKeys.has(new URL(issue.cover ?? '').pathname.replace(/^\/files\//, ''))).toBe(true);
  });
});

describe('the page statement is a named prepared statement', () => {
  it('is sent under one name for one shape of page, and answers the same page', async () => {
    const { database } = t.server.services;
    const client = (database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
      .$client;
    const original = client.query;
    const names: (string | undefined)[] = [];
    client.query = function (this: unknown, ...args: unknown[]) {
      const [config] = args;
      if (typeof config === 'object' && config && /"children"/.test((config as { text?: string }).text ?? ''))
        names.push((config as { name?: string }).name);
      return original.apply(this, args);
    };
    try {
      const first = await listPage(w.groupMember);
      const second = await listPage(w.groupMember);
      expect(second.text).toBe(first.text);
      expect(first.issues.length).toBeGreaterThan(0);
    } finally {
      client.query = original;
    }
    // node-postgres gets the statement with a name derived from its text; PGlite runs it as it comes.
    if (database.kind === 'postgres') {
      expect(names).toHaveLength(2);
      expect(names[0]).toMatch(/^obra_/);
      expect(names[1]).toBe(names[0]);
    }
  });
});
