// Fault tests (1) and (4) of issue 8: a web process killed with SIGKILL during a stream of writes, and a worker
// killed in the middle of a job. Before them, three processes start together on an empty database. They run on a PostgreSQL server of their own (support/own-postgres.ts) with real
// Obra processes (`main.ts --role=web|worker`), whatever DATABASE_URL says.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { buildIssueWorld, CREATE_ISSUE, draft, type IssueWorld } from '../issues/issue-test-kit.ts';
import { CREATE_COMMENT } from '../issues/comment-test-kit.ts';
import { call } from '../projects/project-test-kit.ts';
import { startOwnPostgres, type OwnPostgres } from './support/own-postgres.ts';
import { sharedSecrets, startObraProcess, type ObraProcess } from './support/obra-process.ts';
import { gqlAt } from './support/gql-client.ts';
import { waitUntil } from './support/ports.ts';

const UPDATE_ISSUES = `mutation($projectId: Int!, $ids: [Int!]!, $deadline: String) {
  updateIssues(projectId: $projectId, issuesIds: $ids, newValues: { deadline: $deadline }) { updated { id } rejected { issueId code } } }`;

let postgres: OwnPostgres;
let sql: pg.Pool;
let control: TestServer;
let env: Record<string, string>;
let world: IssueWorld;
let controlDir: string;
let victim: ObraProcess;
let survivor: ObraProcess;
let firstWorker: ObraProcess;
const started: ObraProcess[] = [];

beforeAll(async () => {
  postgres = await startOwnPostgres();
  const url = await postgres.createDatabase('obra_crash');
  sql = new pg.Pool({ connectionString: url, max: 2 });
  // JOB_TIMEOUT_SECONDS short so that the job of a killed worker is retried within the test.
  env = { ...sharedSecrets(), DATABASE_URL: url, RATE_LIMIT_MULTIPLIER: '100', JOB_TIMEOUT_SECONDS: '3' };
  // The test's own view of the deployment: one more web process, in-process, that builds the data and checks it.
  // Two web processes and a worker start together on the empty database, as a deployment does: one migrates and
  // creates the job queues, the others wait for it or find them made (they once deadlocked creating the queues).
  [victim, survivor, firstWorker] = await Promise.all([launch('web'), launch('web'), launch('worker')]);
  controlDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obra-control-'));
  control = await startTestServer(
    { ...env, ROLE: 'web' },
    { dataDir: controlDir, database: { url, drop: async () => undefined } },
  );
  world = await buildIssueWorld(control);
});

afterAll(async () => {
  await Promise.all(started.map((p) => p.kill()));
  await control?.close({ keepData: true });
  if (controlDir) fs.rmSync(controlDir, { recursive: true, force: true });
  for (const p of started) fs.rmSync(p.dataDir, { recursive: true, force: true });
  await sql?.end();
  await postgres?.destroy();
});

async function launch(role: 'web' | 'worker'): Promise<ObraProcess> {
  const process = await startObraProcess(role, env);
  started.push(process);
  return process;
}

interface BulkCall {
  ids: number[];
  deadline: string;
  acknowledged: boolean;
}

describe('a web process killed with SIGKILL during a stream of writes', () => {
  it('keeps every acknowledged write and applies no updateIssues by halves', async () => {
    const createdAcks = new Map<number, string>();
    const commentAcks = new Map<number, string>();
    const bulkCalls: BulkCall[] = [];
    let inFlight = 0;
    let inFlightAtKill = -1;
    let killed = false;
    let sequence = 0;
    const tracked = async <T>(work: () => Promise<T>): Promise<T> => {
      inFlight++;
      try {
        return await work();
      } finally {
        inFlight--;
      }
    };
    // Each writer creates issues one by one, sets a deadline of its own on each batch of three with one
    // updateIssues, and comments; it stops at its first failed request (the process is gone).
    const writer = async (w: number): Promise<void> => {
      const batch: number[] = [];
      for (let i = 0; ; i++) {
        const title = `crash-w${w}-i${i}`;
        const created = await tracked(() =>
          gqlAt<{ createIssue: { id: number } }>(victim.url, CREATE_ISSUE, draft(world, { title }), {
            token: world.creator.token,
          }),
        );
        if (!created.data?.createIssue) return;
        createdAcks.set(created.data.createIssue.id, title);
        batch.push(created.data.createIssue.id);
        if (batch.length === 3) {
          const call: BulkCall = { ids: batch.splice(0), deadline: dateOf(++sequence), acknowledged: false };
          bulkCalls.push(call);
          const updated = await tracked(() =>
            gqlAt(
              victim.url,
              UPDATE_ISSUES,
              { projectId: world.projectId, ids: call.ids, deadline: call.deadline },
              { token: world.creator.token },
            ),
          );
          if (!updated.data) return;
          call.acknowledged = true;
          const message = `crash-comment-w${w}-i${i}`;
          const comment = await tracked(() =>
            gqlAt<{ createProjectIssueComment: { id: number } }>(
              victim.url,
              CREATE_COMMENT,
              {
                projectId: world.projectId,
                issueId: call.ids[0],
                message,
                visibility: 'public',
              },
              { token: world.creator.token },
            ),
          );
          if (!comment.data?.createProjectIssueComment) return;
          commentAcks.set(comment.data.createProjectIssueComment.id, message);
        }
      }
    };
    const writers = Promise.all(Array.from({ length: 6 }, (_, w) => writer(w)));
    await waitUntil(
      'a stream of acknowledged writes',
      async () => (bulkCalls.filter((c) => c.acknowledged).length >= 6 ? true : undefined),
      60_000,
      20,
    );
    inFlightAtKill = inFlight;
    killed = true;
    await victim.kill();
    await writers;

    expect(killed).toBe(true);
    // The kill landed in the middle of the stream: requests were on the wire.
    expect(inFlightAtKill).toBeGreaterThan(0);
    const issues = await sql.query<{
      id: number;
      title: string;
      deadline: string | null;
      disciplines: number;
    }>(
      `select i.id, i.title, to_char(i.deadline, 'YYYY-MM-DD') as deadline,
              (select count(*)::int from issue_disciplines d where d.issue_id = i.id) as disciplines
         from issues i where i.project_id = $1`,
      [world.projectId],
    );
    const byId = new Map(issues.rows.map((r) => [r.id, r]));
    for (const [id, title] of createdAcks)
      expect(byId.get(id)?.title, `acknowledged issue ${id}`).toBe(title);
    // A created issue is whole: never an issue row without the discipline it was created with.
    for (const row of issues.rows) expect(row.disciplines, `disciplines of issue ${row.id}`).toBe(1);
    for (const call of bulkCalls) {
      const applied = call.ids.map((id) => byId.get(id)?.deadline === call.deadline);
      if (call.acknowledged)
        expect(applied, `acknowledged updateIssues ${call.deadline}`).toEqual([true, true, true]);
      else expect(new Set(applied).size, `unacknowledged updateIssues ${call.deadline} half-applied`).toBe(1);
    }
    const comments = await sql.query<{ id: number; message: string }>(
      'select id, message from issue_comments where id = any($1)',
      [[...commentAcks.keys()]],
    );
    expect(new Map(comments.rows.map((r) => [r.id, r.message]))).toEqual(commentAcks);
    // The other web process keeps serving, with everything acknowledged.
    const list = await gqlAt<{ getIssues: { issues: { id: number }[] } }>(
      survivor.url,
      'query($p: Int!) { getIssues(projectId: $p, first: 500) { issues { id } } }',
      { p: world.projectId },
      { token: world.creator.token },
    );
    expect(list.errors).toBeUndefined();
    expect(list.data?.getIssues.issues.map((i) => i.id)).toEqual(
      expect.arrayContaining([...createdAcks.keys()]),
    );
  });
});

describe('a worker killed in the middle of a job', () => {
  it('has the job run again by another worker, and complete once', async () => {
    // A worker takes no user traffic: it answers health checks only.
    expect(
      (
        await fetch(`${firstWorker.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"query":"{ apiVersion }"}',
        })
      ).status,
    ).toBe(404);
    const targetName = `Copy after a crash ${Date.now()}`;
    // Hold a lock the duplication needs half-way (after it inserted the new project), so that the worker is
    // caught inside the job's transaction when it is killed.
    const blocker = await sql.connect();
    try {
      await blocker.query('begin');
      await blocker.query('lock table project_companies in share mode');
      const copy = await call<{ duplicateProject: { id: number } }>(
        control,
        world.creator,
        'mutation($p: Int!, $n: String!) { duplicateProject(sourceProjectId: $p, targetProjectName: $n) { id } }',
        {
          p: world.projectId,
          n: targetName,
        },
      );
      await waitUntil(
        'the worker to be inside the duplication',
        async () => {
          const { rows } = await sql.query<{ n: number }>(
            "select count(*)::int as n from pg_locks l join pg_class c on c.oid = l.relation where c.relname = 'project_companies' and not l.granted",
          );
          return (rows[0]?.n ?? 0) > 0 ? true : undefined;
        },
        30_000,
      );
      // The second worker starts while the first holds the job: it cannot take an active job, only a lost one.
      const secondWorker = launch('worker');
      await firstWorker.kill();
      await blocker.query('commit');
      expect(await projectsNamed(targetName)).toBe(0);
      await secondWorker;
      const done = await waitUntil(
        'the copy to be finished by the second worker',
        async () => {
          const { rows } = await sql.query<{ status: string; target_project_id: number | null }>(
            'select status, target_project_id from project_copies where id = $1',
            [copy.duplicateProject.id],
          );
          return rows[0]?.status === 'done' ? rows[0] : undefined;
        },
        60_000,
        250,
      );
      expect(await projectsNamed(targetName)).toBe(1);
      expect(done.target_project_id).not.toBeNull();
      const job = await sql.query<{ state: string; retry_count: number }>(
        "select state, retry_count from pgboss.job where name = 'project.duplicate' and (data->>'copyId')::int = $1",
        [copy.duplicateProject.id],
      );
      expect(job.rows).toHaveLength(1);
      expect(job.rows[0]).toMatchObject({ state: 'completed' });
      expect(job.rows[0]?.retry_count).toBeGreaterThanOrEqual(1);
      // Its side effect, the e-mail to the requester, was queued by the successful run only.
      const mails = await sql.query<{ n: number }>(
        "select count(*)::int as n from pgboss.job where name = 'mail.send' and data->>'text' like $1",
        [`%${targetName}%`],
      );
      expect(mails.rows[0]?.n).toBe(1);
    } finally {
      await blocker.query('rollback').catch(() => undefined);
      blocker.release();
    }
  });
});

async function projectsNamed(name: string): Promise<number> {
  const { rows } = await sql.query<{ n: number }>('select count(*)::int as n from projects where name = $1', [
    name,
  ]);
  return rows[0]?.n ?? 0;
}

function dateOf(n: number): string {
  return new Date(Date.UTC(2031, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
}
