// The cluster test of issue 8: two `web` processes and a `worker` on the local PostgreSQL and Redis, checked end to
// end through their ports only. Run: node --import tsx bench/cluster/cluster-check.ts  (exit code 0 when all pass).
// Uses a fresh database on OBRA_CLUSTER_DATABASE_URL / DATABASE_URL / postgres://postgres@127.0.0.1:5432/postgres
// (dropped at the end) and OBRA_CLUSTER_REDIS_URL / REDIS_URL / redis://127.0.0.1:6379 with a channel prefix of its own.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { createClient } from 'graphql-ws';
import { codeIn, GOOD_PASSWORD, outboxMessages } from '../../apps/server/test/support/auth-client.ts';
import { gqlAt } from '../../apps/server/test/resilience/support/gql-client.ts';
import { waitUntil } from '../../apps/server/test/resilience/support/ports.ts';
import { startCluster } from './cluster.ts';

async function post(
  base: string,
  url: string,
  body: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

async function data<T>(
  base: string,
  token: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const res = await gqlAt<T>(base, query, variables, { token });
  assert.ok(res.data && !res.errors, `${query.slice(0, 60)}: ${JSON.stringify(res.errors ?? res.failure)}`);
  return res.data;
}

let failures = 0;
async function step(name: string, work: () => Promise<void>): Promise<void> {
  const started = Date.now();
  try {
    await work();
    process.stdout.write(`✓ ${name} (${Date.now() - started} ms)\n`);
  } catch (error) {
    failures++;
    process.stdout.write(`✗ ${name}\n  ${error instanceof Error ? error.message : String(error)}\n`);
  }
}

const cluster = await startCluster({ webs: 2, worker: true, env: { RATE_LIMIT_MULTIPLIER: '100' } });
const [one, two] = cluster.webs;
const worker = cluster.worker;
assert.ok(one && two && worker);
process.stdout.write(
  `cluster: web ${one.url}, web ${two.url}, worker ${worker.url}; database ${cluster.databaseUrl}; redis ${cluster.redisUrl}\n`,
);
const email = `cluster-${randomBytes(4).toString('hex')}@example.com`;
let token = '';
let projectId = 0;
let issueId = 0;
try {
  await step('every process answers /healthz and /readyz', async () => {
    for (const p of [one, two, worker]) {
      assert.equal((await fetch(`${p.url}/healthz`)).status, 200);
      assert.equal((await fetch(`${p.url}/readyz`)).status, 200);
    }
  });
  await step('the worker serves health checks only, no API', async () => {
    const res = await fetch(`${worker.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query":"{ apiVersion }"}',
    });
    assert.equal(res.status, 404);
    assert.equal(((await res.json()) as { code: string }).code, 'NOT_FOUND');
  });
  await step('sign-up on web 1 is e-mailed by the worker and confirmed on web 2', async () => {
    assert.equal(
      (
        await post(one.url, '/auth/sign-up', {
          email,
          password: GOOD_PASSWORD,
          name: 'Ana',
          lastName: 'Cluster',
        })
      ).status,
      201,
    );
    const message = await waitUntil(
      'the confirmation e-mail in the worker outbox',
      async () => outboxMessages(worker.dataDir, email)[0],
      30_000,
      200,
    );
    for (const web of [one, two])
      assert.equal(fs.existsSync(path.join(web.dataDir, 'outbox')), false, 'a web process sent mail');
    assert.equal(
      (await post(two.url, '/auth/confirm-sign-up', { email, code: codeIn(message) })).status,
      200,
    );
  });
  await step('a token from web 2 works on web 1', async () => {
    const signIn = await post(two.url, '/auth/sign-in', {
      email,
      password: GOOD_PASSWORD,
      tokenInBody: true,
    });
    token = String(signIn.body['accessToken']);
    const version = (
      await data<{ policies: { version: string } }>(one.url, token, '{ policies { version } }')
    ).policies.version;
    await data(one.url, token, 'mutation($v: String!) { acceptPolicies(version: $v) { id } }', {
      v: version,
    });
    await data(
      two.url,
      token,
      'mutation { updateUserProfile(input: { name: "Ana", lastName: "Cluster" }) { id } }',
    );
    await data(
      one.url,
      token,
      'mutation { createCompany(input: { name: "Cluster Engenharia" }) { companyId } }',
    );
    const me = await data<{ loggedUserData: { email: string } }>(
      one.url,
      token,
      '{ loggedUserData { email } }',
    );
    assert.equal(me.loggedUserData.email, email);
  });
  await step('what web 1 writes, web 2 reads', async () => {
    projectId = (
      await data<{ createProject: { id: number } }>(
        one.url,
        token,
        'mutation { createProject(name: "Torre Cluster") { id } }',
      )
    ).createProject.id;
    const disciplines = await data<{ setProjectDisciplines: { id: number }[] }>(
      two.url,
      token,
      'mutation($p: Int!) { setProjectDisciplines(projectId: $p, disciplines: [{ standardDisciplineId: 1, name: "Arquitetura", abbreviation: "ARQ" }]) { id } }',
      { p: projectId },
    );
    const created = await data<{ createIssue: { id: number } }>(
      one.url,
      token,
      'mutation($p: Int!, $d: Int!) { createIssue(projectId: $p, title: "Viga", status: "active", priority: "high", visibility: "public", disciplines: [{ disciplineId: $d, status: "todo" }], pin: { x: 1, y: 2, drawingId: 7 }) { id } }',
      { p: projectId, d: disciplines.setProjectDisciplines[0]?.id },
    );
    issueId = created.createIssue.id;
    const seen = await data<{ issue: { title: string } }>(
      two.url,
      token,
      'query($p: Int!, $i: Int!) { issue(projectId: $p, issueId: $i) { title } }',
      { p: projectId, i: issueId },
    );
    assert.equal(seen.issue.title, 'Viga');
  });
  await step('a comment made on web 1 reaches a subscriber on web 2 (Redis pub/sub)', async () => {
    const messages: string[] = [];
    const client = createClient({
      url: `${two.url.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${token}` },
      retryAttempts: 0,
    });
    const dispose = client.subscribe<{ projectIssueCommentChanged: { comment: { message: string } | null } }>(
      {
        query: 'subscription($p: Int!) { projectIssueCommentChanged(projectId: $p) { comment { message } } }',
        variables: { p: projectId },
      },
      {
        next: (v) => messages.push(v.data?.projectIssueCommentChanged.comment?.message ?? ''),
        error: () => undefined,
        complete: () => undefined,
      },
    );
    try {
      await waitUntil(
        'the comment event on web 2',
        async () => {
          const message = `olá do web 1 ${Date.now()}`;
          await data(
            one.url,
            token,
            'mutation($p: Int!, $i: Int!, $m: String!) { createProjectIssueComment(projectId: $p, issueId: $i, message: $m, visibility: "public") { id } }',
            { p: projectId, i: issueId, m: message },
          );
          await new Promise((r) => setTimeout(r, 300));
          return messages.includes(message) ? true : undefined;
        },
        20_000,
        0,
      );
    } finally {
      dispose();
      await client.dispose();
    }
  });
  await step('a job queued by web 2 is run by the worker', async () => {
    await data(
      two.url,
      token,
      'mutation($p: Int!) { duplicateProject(sourceProjectId: $p, targetProjectName: "Torre Cluster (cópia)") { id } }',
      { p: projectId },
    );
    await waitUntil(
      'the copy to appear',
      async () => {
        const cards = await data<{ workspaceProjects: { name: string }[] }>(
          one.url,
          token,
          '{ workspaceProjects { name } }',
        );
        return cards.workspaceProjects.some((c) => c.name === 'Torre Cluster (cópia)') ? true : undefined;
      },
      30_000,
      300,
    );
  });
} finally {
  if (failures > 0)
    for (const p of [one, two, worker])
      process.stdout.write(`--- ${p.role} ${p.url} log (tail) ---\n${p.output().slice(-3000)}\n`);
  const codes = await cluster.stop();
  const clean = codes.every((c) => c === 0);
  process.stdout.write(
    `${clean ? '✓' : '✗'} SIGTERM stops every process cleanly (exit codes ${codes.join(', ')}); database dropped\n`,
  );
  if (!clean) failures++;
}
process.stdout.write(failures === 0 ? 'cluster check passed\n' : `cluster check: ${failures} failure(s)\n`);
process.exit(failures === 0 ? 0 : 1);
