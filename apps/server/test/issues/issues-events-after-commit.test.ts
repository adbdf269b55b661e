import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import sharp from 'sharp';
import { startTestServer, type GqlResponse, type TestServer } from '../support/test-server.ts';
import type { TestUser } from '../support/factories.ts';
import { PROJECT_EVENTS_CHANNEL } from '../../src/realtime/project-events.ts';
import { addDisciplines, call, createProject } from '../projects/project-test-kit.ts';
import {
  buildIssueWorld,
  CREATE_ISSUE,
  createIssueAs,
  draft,
  UPDATE_ISSUE,
  type IssueWorld,
} from './issue-test-kit.ts';
import {
  commentAs,
  CREATE_COMMENT,
  DELETE_COMMENT,
  MARK_COMMENT_UNREAD,
  MARK_READ,
  MARK_UNREAD,
  UPDATE_COMMENT,
} from './comment-test-kit.ts';
import {
  COMMENT_CHANGED,
  NOTIFICATIONS_CHANGED,
  subscribeAs,
  untilLive,
  type CommentChange,
  type LiveSubscription,
} from './subscription-test-kit.ts';

/**
 * Every mutation that changes issues or comments publishes its live events only once its transaction has
 * committed, and nothing when it rolls back. The rollback is forced at COMMIT itself (a deferred trigger the test
 * installs), so the whole mutation has run and emitted its events before the database refuses it. Events of one
 * subscription arrive in order: once a later "sentinel" event has arrived, an event of the refused mutation would
 * have arrived before it.
 */

const ISSUE_CHANGED = `subscription($projectId: Int!) { projectIssueChanged(projectId: $projectId) {
  kind projectId issueId issue { id title priority status disciplines { disciplineId status } images { title } } } }`;

interface IssueChange {
  kind: string;
  projectId: number;
  issueId: number;
  issue: {
    id: number;
    title: string;
    priority: string;
    status: string;
    disciplines: { disciplineId: number; status: string }[];
    images: { title: string }[];
  } | null;
}
interface NotificationsChange {
  projectId: number;
  issueId: number;
  notificationsSummary: { count: number };
}

const UPDATE_ISSUES = `mutation($projectId: Int!, $issuesIds: [Int!]!, $newValues: IssueBulkValuesInput!) {
  updateIssues(projectId: $projectId, issuesIds: $issuesIds, newValues: $newValues) { updated { id } rejected { issueId code } } }`;
const COPY = `mutation($s: Int!, $t: Int!, $ids: [Int!]!, $v: String!) {
  copyProjectIssues(sourceProjectId: $s, targetProjectId: $t, issuesIds: $ids, visibility: $v) {
    copies { sourceIssueId issueId } rejected { issueId code } } }`;
const SIGNED_URL = `mutation($projectId: Int!, $filename: String!) {
  createProjectIssueFileUploadSignedUrl(projectId: $projectId, filename: $filename) { url fileId } }`;
const UPDATE_IMAGES = `mutation($projectId: Int!, $issueId: Int!, $images: [IssueImageInput!]) {
  updateIssue(projectId: $projectId, issueId: $issueId, images: $images) { id } }`;
const DELETE_ISSUE = 'mutation($p: Int!, $i: Int!) { deleteIssue(projectId: $p, issueId: $i) }';

// A check PostgreSQL runs at COMMIT on every row written to the issue tables: while test_refuse_commit has a row,
// every commit that touched them fails, after the mutation has done all its work.
const REFUSE_AT_COMMIT = `
  create table test_refuse_commit (id int primary key);
  create function test_refuse_commit() returns trigger language plpgsql as $$
  begin
    if exists (select 1 from test_refuse_commit) then raise exception 'commit refused by the test'; end if;
    return null;
  end $$;
  ${['issues', 'issue_comments', 'issue_notifications']
    .map(
      (
        table,
      ) => `create constraint trigger ${table}_refuse_commit after insert or update or delete on ${table}
        deferrable initially deferred for each row execute function test_refuse_commit();`,
    )
    .join('\n')}
`;

let t: TestServer;
let w: IssueWorld;
/** Another user's view of the project's issues (collaborator of the issues' discipline: sees public issues). */
let issues: LiveSubscription<IssueChange>;
let comments: LiveSubscription<CommentChange>;
/** The creator's own unread marks. */
let marks: LiveSubscription<NotificationsChange>;
/** An issue whose changes mark the end of a check (see the file comment). */
let sentinel: number;
let sentinels = 0;
/** The server's pub/sub publish, watched (it still publishes). */
let publish: MockInstance<(channel: string, ...args: unknown[]) => void>;

/** Uploads a small JPEG for the project's issues and returns its file id. */
async function uploadImage(): Promise<string> {
  const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#808080' } })
    .jpeg()
    .toBuffer();
  const { createProjectIssueFileUploadSignedUrl: upload } = await call<{
    createProjectIssueFileUploadSignedUrl: { url: string; fileId: string };
  }>(t, w.creator, SIGNED_URL, { projectId: w.projectId, filename: 'foto.jpg' });
  const response = await fetch(upload.url, { method: 'PUT', body: new Uint8Array(bytes) });
  if (!response.ok) throw new Error(`upload failed: ${response.status}`);
  return upload.fileId;
}

async function sql(text: string): Promise<void> {
  await t.server.services.database.executor.executeSql(text, []);
}

/**
 * Runs a mutation while every commit is refused; it must fail and publish nothing at all (subscribers would drop
 * some such events themselves, e.g. of an issue that does not exist: the pub/sub is watched directly).
 */
async function refusedAtCommit(run: () => Promise<GqlResponse>): Promise<void> {
  await sql('insert into test_refuse_commit values (1)');
  const before = publish.mock.calls.length;
  try {
    const response = await run();
    expect(response.errors?.length, JSON.stringify(response.data)).toBeGreaterThan(0);
  } finally {
    await sql('delete from test_refuse_commit');
  }
  expect(publish.mock.calls.slice(before).filter(([channel]) => channel === PROJECT_EVENTS_CHANNEL)).toEqual(
    [],
  );
}

function gql(user: TestUser, query: string, variables: Record<string, unknown>): Promise<GqlResponse> {
  return t.gql(query, variables, { token: user.token });
}

/**
 * The events a subscription received while `work` ran. `poke` causes a sentinel event (`isSentinel`) on it: once
 * before the work, so that events still on their way from earlier steps are left out, and once after.
 */
async function eventsDuring<T>(
  sub: LiveSubscription<T>,
  work: () => Promise<void>,
  poke: () => Promise<void>,
  isSentinel: (event: T) => boolean,
): Promise<T[]> {
  const sentinelAfter = async (from: number) => {
    await poke();
    return sub.events.indexOf(await sub.waitFor((e) => sub.events.indexOf(e) >= from && isSentinel(e)));
  };
  const start = (await sentinelAfter(sub.events.length)) + 1;
  await work();
  const end = await sentinelAfter(start);
  return sub.events.slice(start, end);
}

/** The issue events of the project `issues` hears while `work` runs. */
function issueEventsDuring(work: () => Promise<void>): Promise<IssueChange[]> {
  let title = '';
  return eventsDuring(
    issues,
    work,
    async () => {
      title = `sentinela ${++sentinels}`;
      await call(t, w.creator, UPDATE_ISSUE, { projectId: w.projectId, issueId: sentinel, title });
    },
    (e) => e.issueId === sentinel && e.issue?.title === title,
  );
}

function commentEventsDuring(work: () => Promise<void>): Promise<CommentChange[]> {
  let message = '';
  return eventsDuring(
    comments,
    work,
    async () => {
      message = `sentinela ${++sentinels}`;
      await commentAs(t, w.creator, w, sentinel, { message });
    },
    (e) => e.issueId === sentinel && e.comment.message === message,
  );
}

/** The creator's unread-mark events while `work` runs (the sentinel marks the sentinel issue unread). */
function markEventsDuring(work: () => Promise<void>): Promise<NotificationsChange[]> {
  return eventsDuring(
    marks,
    work,
    async () => {
      await call(t, w.creator, MARK_UNREAD, { projectId: w.projectId, ids: [sentinel] });
    },
    (e) => e.issueId === sentinel,
  );
}

beforeAll(async () => {
  t = await startTestServer();
  w = await buildIssueWorld(t);
  await sql(REFUSE_AT_COMMIT);
  publish = vi.spyOn(t.server.services.pubsub, 'publish') as unknown as typeof publish;
  sentinel = await createIssueAs(t, w.creator, draft(w, { title: 'sentinela' }));
  const vars = { projectId: w.projectId };
  issues = await subscribeAs(t, w.collaboratorSame, ISSUE_CHANGED, vars, 'projectIssueChanged');
  comments = await subscribeAs(t, w.collaboratorSame, COMMENT_CHANGED, vars, 'projectIssueCommentChanged');
  marks = await subscribeAs(t, w.creator, NOTIFICATIONS_CHANGED, vars, 'projectNotificationsChanged');
  await untilLive([issues], () =>
    call(t, w.creator, UPDATE_ISSUE, { ...vars, issueId: sentinel, title: 'x' }),
  );
  await untilLive([comments], () => commentAs(t, w.creator, w, sentinel).then(() => undefined));
  await untilLive([marks], () => call(t, w.creator, MARK_UNREAD, { ...vars, ids: [sentinel] }));
});
afterAll(async () => {
  await Promise.all([issues.close(), comments.close(), marks.close()]);
  await t.close();
});

/** The world's first two disciplines, to do (the first one `first`): the issue stays active when one is done. */
function twoDisciplines(first = 'todo') {
  return [
    { disciplineId: w.disciplineIds[0], status: first },
    { disciplineId: w.disciplineIds[1], status: 'todo' },
  ];
}

describe('issue mutations publish after commit, nothing on rollback', () => {
  it('createIssue', async () => {
    const refused = await issueEventsDuring(() =>
      refusedAtCommit(() => gql(w.creator, CREATE_ISSUE, draft(w, { title: 'Recusada' }))),
    );
    expect(refused.filter((e) => e.kind === 'created')).toEqual([]);
    let id = 0;
    const kept = await issueEventsDuring(async () => {
      id = await createIssueAs(t, w.creator, draft(w, { title: 'Criada' }));
    });
    expect(kept.filter((e) => e.kind === 'created')).toEqual([
      expect.objectContaining({ issueId: id, issue: expect.objectContaining({ title: 'Criada' }) }),
    ]);
  });

  it('updateIssue, including a discipline status change', async () => {
    const id = await createIssueAs(t, w.creator, draft(w, { disciplines: twoDisciplines() }));
    const change = { projectId: w.projectId, issueId: id, title: 'Alterada' };
    const done = twoDisciplines('done');
    const status = { projectId: w.projectId, issueId: id, disciplines: done };
    const refused = await issueEventsDuring(async () => {
      await refusedAtCommit(() => gql(w.creator, UPDATE_ISSUE, change));
      await refusedAtCommit(() => gql(w.collaboratorSame, UPDATE_ISSUE, status));
    });
    expect(refused.filter((e) => e.issueId === id)).toEqual([]);
    // One change at a time: a subscriber reads the issue when the event is delivered.
    const renamed = await issueEventsDuring(async () => {
      await call(t, w.creator, UPDATE_ISSUE, change);
    });
    expect(renamed.filter((e) => e.issueId === id).map((e) => [e.kind, e.issue?.title])).toEqual([
      ['updated', 'Alterada'],
    ]);
    const statusChanged = await issueEventsDuring(async () => {
      await call(t, w.collaboratorSame, UPDATE_ISSUE, status);
    });
    expect(statusChanged.filter((e) => e.issueId === id).map((e) => e.issue?.disciplines)).toEqual([done]);
  });

  it('updateIssue with images', async () => {
    const id = await createIssueAs(t, w.creator, draft(w));
    const images = async (title: string) => [{ title, original: await uploadImage() }];
    const refusedImages = await images('Recusada');
    const refused = await issueEventsDuring(() =>
      refusedAtCommit(() =>
        gql(w.creator, UPDATE_IMAGES, { projectId: w.projectId, issueId: id, images: refusedImages }),
      ),
    );
    expect(refused.filter((e) => e.issueId === id)).toEqual([]);
    const keptImages = await images('Foto');
    const kept = await issueEventsDuring(async () => {
      await call(t, w.creator, UPDATE_IMAGES, { projectId: w.projectId, issueId: id, images: keptImages });
    });
    expect(kept.filter((e) => e.issueId === id).map((e) => e.issue?.images)).toEqual([[{ title: 'Foto' }]]);
  });

  it('deleteIssue', async () => {
    const id = await createIssueAs(t, w.creator, draft(w));
    const vars = { p: w.projectId, i: id };
    const refused = await issueEventsDuring(() => refusedAtCommit(() => gql(w.creator, DELETE_ISSUE, vars)));
    expect(refused.filter((e) => e.issueId === id)).toEqual([]);
    const kept = await issueEventsDuring(async () => {
      await call(t, w.creator, DELETE_ISSUE, vars);
    });
    expect(kept.filter((e) => e.issueId === id).map((e) => [e.kind, e.issue])).toEqual([['deleted', null]]);
  });

  it('updateIssues: one event per changed issue, none for an unchanged or refused one', async () => {
    const a = await createIssueAs(t, w.creator, draft(w, { priority: 'low' }));
    const b = await createIssueAs(t, w.creator, draft(w, { priority: 'low' }));
    const unchanged = await createIssueAs(t, w.creator, draft(w, { priority: 'medium' }));
    const hidden = await createIssueAs(t, w.coordinator, draft(w, { visibility: 'creator' }));
    const ids = [a, b, unchanged, hidden];
    const bulk = { projectId: w.projectId, issuesIds: ids, newValues: { priority: 'medium' } };
    const refused = await issueEventsDuring(() => refusedAtCommit(() => gql(w.creator, UPDATE_ISSUES, bulk)));
    expect(refused.filter((e) => ids.includes(e.issueId))).toEqual([]);
    const kept = await issueEventsDuring(async () => {
      const answer = await call<{ updateIssues: { rejected: { issueId: number }[] } }>(
        t,
        w.creator,
        UPDATE_ISSUES,
        bulk,
      );
      expect(answer.updateIssues.rejected.map((r) => r.issueId)).toEqual([hidden]);
    });
    const mine = kept.filter((e) => ids.includes(e.issueId));
    expect(mine.map((e) => [e.kind, e.issueId, e.issue?.priority]).sort()).toEqual(
      [
        ['updated', a, 'medium'],
        ['updated', b, 'medium'],
      ].sort(),
    );
  });

  it('updateIssues changing a discipline status', async () => {
    const a = await createIssueAs(t, w.creator, draft(w, { disciplines: twoDisciplines() }));
    const bulk = {
      projectId: w.projectId,
      issuesIds: [a],
      newValues: { disciplines: [{ disciplineId: w.disciplineIds[0], status: 'done' }] },
    };
    const refused = await issueEventsDuring(() =>
      refusedAtCommit(() => gql(w.collaboratorSame, UPDATE_ISSUES, bulk)),
    );
    expect(refused.filter((e) => e.issueId === a)).toEqual([]);
    const kept = await issueEventsDuring(async () => {
      await call(t, w.collaboratorSame, UPDATE_ISSUES, bulk);
    });
    expect(kept.filter((e) => e.issueId === a).map((e) => e.issue?.disciplines)).toEqual([
      twoDisciplines('done'),
    ]);
  });

  it('copyProjectIssues: one created event per copy in the target project', async () => {
    const target = await createProject(t, w.creator, 'Torre Destino');
    const targetDisciplines = await addDisciplines(t, w.creator, target);
    const targetSentinel = await createIssueAs(t, w.creator, {
      ...draft(w),
      projectId: target,
      disciplines: [{ disciplineId: targetDisciplines[0], status: 'todo' }],
    });
    // The coordinator's company takes part in the target project (the creator's company owns it).
    const copies = await subscribeAs<IssueChange>(
      t,
      w.coordinator,
      ISSUE_CHANGED,
      { projectId: target },
      'projectIssueChanged',
    );
    try {
      let title = '';
      const poke = async () => {
        title = `sentinela ${++sentinels}`;
        await call(t, w.creator, UPDATE_ISSUE, { projectId: target, issueId: targetSentinel, title });
      };
      await untilLive([copies], poke);
      const copyEventsDuring = (work: () => Promise<void>) =>
        eventsDuring(copies, work, poke, (e) => e.issueId === targetSentinel && e.issue?.title === title);
      const a = await createIssueAs(t, w.creator, draft(w, { title: 'Copiar A' }));
      const b = await createIssueAs(t, w.creator, draft(w, { title: 'Copiar B' }));
      const vars = { s: w.projectId, t: target, ids: [a, b], v: 'public' };
      const refused = await copyEventsDuring(() => refusedAtCommit(() => gql(w.creator, COPY, vars)));
      expect(refused.filter((e) => e.kind === 'created')).toEqual([]);
      const kept = await copyEventsDuring(async () => {
        await call(t, w.creator, COPY, vars);
      });
      expect(kept.filter((e) => e.kind === 'created').map((e) => [e.projectId, e.issue?.title])).toEqual([
        [target, 'Copiar A'],
        [target, 'Copiar B'],
      ]);
    } finally {
      await copies.close();
    }
  });
});

describe('comment mutations publish after commit, nothing on rollback', () => {
  it('createProjectIssueComment', async () => {
    const id = await createIssueAs(t, w.creator, draft(w));
    const vars = { projectId: w.projectId, issueId: id, message: 'Comentário', visibility: 'public' };
    const refused = await commentEventsDuring(() =>
      refusedAtCommit(() => gql(w.creator, CREATE_COMMENT, vars)),
    );
    expect(refused.filter((e) => e.issueId === id)).toEqual([]);
    const kept = await commentEventsDuring(async () => {
      await call(t, w.creator, CREATE_COMMENT, vars);
    });
    expect(kept.filter((e) => e.issueId === id).map((e) => [e.kind, e.comment.message])).toEqual([
      ['created', 'Comentário'],
    ]);
  });

  it('updateProjectIssueComment and deleteProjectIssueComment', async () => {
    const id = await createIssueAs(t, w.creator, draft(w));
    const comment = await commentAs(t, w.creator, w, id);
    const edit = { projectId: w.projectId, commentId: comment.id, message: 'Editado', visibility: 'public' };
    const remove = { projectId: w.projectId, commentId: comment.id };
    const refused = await commentEventsDuring(async () => {
      await refusedAtCommit(() => gql(w.creator, UPDATE_COMMENT, edit));
      await refusedAtCommit(() => gql(w.creator, DELETE_COMMENT, remove));
    });
    expect(refused.filter((e) => e.commentId === comment.id)).toEqual([]);
    const edited = await commentEventsDuring(async () => {
      await call(t, w.creator, UPDATE_COMMENT, edit);
    });
    expect(edited.filter((e) => e.commentId === comment.id).map((e) => [e.kind, e.comment.message])).toEqual([
      ['updated', 'Editado'],
    ]);
    const deleted = await commentEventsDuring(async () => {
      await call(t, w.creator, DELETE_COMMENT, remove);
    });
    expect(deleted.filter((e) => e.commentId === comment.id).map((e) => e.kind)).toEqual(['deleted']);
  });
});

describe('unread mark mutations publish after commit, nothing on rollback', () => {
  it('setProjectIssuesUnread, deleteProjectIssueNotifications and setProjectIssueCommentUnread', async () => {
    const id = await createIssueAs(t, w.creator, draft(w));
    const comment = await commentAs(t, w.coordinator, w, id);
    const unread = { projectId: w.projectId, ids: [id] };
    const read = { ids: [id] };
    const commentUnread = { projectId: w.projectId, issueId: id, commentId: comment.id };
    await call(t, w.creator, MARK_UNREAD, unread);
    const refused = await markEventsDuring(async () => {
      await refusedAtCommit(() => gql(w.creator, MARK_READ, read));
      await call(t, w.creator, MARK_READ, read);
      await refusedAtCommit(() => gql(w.creator, MARK_UNREAD, unread));
      await refusedAtCommit(() => gql(w.creator, MARK_COMMENT_UNREAD, commentUnread));
    });
    // Only the committed mark-read is heard of.
    expect(refused.map((e) => [e.issueId, e.notificationsSummary.count])).toEqual([[id, 0]]);
    const kept = await markEventsDuring(async () => {
      await call(t, w.creator, MARK_UNREAD, unread);
      await call(t, w.creator, MARK_READ, read);
      await call(t, w.creator, MARK_COMMENT_UNREAD, commentUnread);
    });
    // One event per committed change (each subscriber reads the count when it is delivered, so counts may run ahead).
    expect(kept.map((e) => e.issueId)).toEqual([id, id, id]);
  });
});
