import { sql } from 'drizzle-orm';
import type { TestServer } from '../../support/test-server.ts';
import type { FuzzWorld } from './fuzz-world.ts';

/** Who sends a request: nobody, a user of either company, or someone with a forged token. */
export type FuzzActor = 'anonymous' | 'companyA' | 'companyB' | 'forgedToken';

/** One request the fuzzer sends and what it must hold. */
export interface FuzzCase {
  actor: FuzzActor;
  target: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** A broken promise: what was sent, what came back, and which rule it broke. */
export interface FuzzFinding {
  rule: string;
  actor: FuzzActor;
  target: string;
  status: number;
  request: string;
  answer: string;
}

/** The authorization header of an actor. */
export function authHeaders(world: FuzzWorld, actor: FuzzActor): Record<string, string> {
  switch (actor) {
    case 'companyA':
      return { authorization: `Bearer ${world.a.admin.token}` };
    case 'companyB':
      return { authorization: `Bearer ${world.b.admin.token}` };
    case 'forgedToken':
      return { authorization: `Bearer ${world.a.admin.token.slice(0, -6)}AAAAAA` };
    default:
      return {};
  }
}

/**
 * Sends one case and checks the promises of issue 8: never a 5xx, never INTERNAL_SERVER_ERROR, every GraphQL error
 * coded, and never company B's marker in an answer to anyone but company B.
 */
export async function sendCase(t: TestServer, world: FuzzWorld, c: FuzzCase): Promise<FuzzFinding[]> {
  let status = 0;
  let text = '';
  const t0 = Date.now();
  try {
    const response = await fetch(`${t.url}${c.path}`, {
      method: c.method,
      headers: c.headers,
      body: c.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
    });
    status = response.status;
    // A subscription the server accepted over HTTP answers as a stream (GraphQL over SSE) that stays open:
    // its headers are the answer; the events never come, since nobody acts on what it listens to.
    const type = response.headers.get('content-type') ?? '';
    if (type.includes('text/event-stream') || type.includes('multipart/mixed')) {
      await response.body?.cancel();
      text = `(a ${type} stream)`; // (not JSON: the error-code check below skips it)
    } else {
      text = await response.text();
    }
  } catch (error) {
    text = `no answer: ${(error as Error).message}`;
  }
  // FUZZ_TRACE=1 lists the slow requests (a hint of where hostile input costs the server most).
  if (process.env.FUZZ_TRACE && Date.now() - t0 > 800)
    process.stdout.write(
      `slow ${Date.now() - t0} ms ${c.actor} ${c.target} ${(c.body ?? c.path).slice(0, 300)}\n`,
    );
  const findings: string[] = [];
  if (status === 0) findings.push('no answer (connection dropped or hung)');
  // A partner document platform that is down answers 502 with its catalogue code by design (docs/integrations.md):
  // the fuzzer may point its company's platform at http://127.0.0.1:1/. Any other 5xx is Obra's failure.
  const partnerDown = status === 502 && /"code":"INTEGRATION_PLATFORM_(UNAVAILABLE|ERROR)"/.test(text);
  if (status >= 500 && !partnerDown) findings.push(`HTTP ${status}`);
  if (text.includes('INTERNAL_SERVER_ERROR')) findings.push('INTERNAL_SERVER_ERROR');
  if (c.actor !== 'companyB' && text.includes(world.markerB)) findings.push("company B's data in the answer");
  const hasBody = c.method !== 'HEAD' && status !== 204 && !text.startsWith('(a ');
  if (hasBody && c.path.startsWith('/graphql')) findings.push(...uncodedErrors(text));
  else if (hasBody && status >= 400 && isApiPath(c.path) && !restErrorHasCode(text))
    findings.push('a REST error without a code');
  return findings.map((rule) => ({
    rule,
    actor: c.actor,
    target: c.target,
    status,
    request: `${c.method} ${c.path} ${(c.body ?? '').slice(0, 600)}`,
    answer: text.slice(0, 600),
  }));
}

function uncodedErrors(text: string): string[] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return ['a GraphQL answer that is not JSON'];
  }
  const errors = (body as { errors?: { extensions?: { code?: unknown } }[] } | null)?.errors ?? [];
  return errors.some((e) => typeof e.extensions?.code !== 'string') ? ['a GraphQL error without a code'] : [];
}

// Other paths are the web app's (its files, or index.html for the client router), not an API.
function isApiPath(path: string): boolean {
  const pathname = new URL(path, 'http://x').pathname;
  return ['/auth', '/files', '/project-drive', '/bcf', '/data-lake', '/autodoc', '/healthz', '/readyz'].some(
    (p) => pathname === p || pathname.startsWith(`${p}/`),
  );
}

function restErrorHasCode(text: string): boolean {
  try {
    return typeof (JSON.parse(text) as { code?: unknown } | null)?.code === 'string';
  } catch {
    return false;
  }
}

/**
 * Runs cases with a few in flight at once (FUZZ_CONCURRENCY, default 4); returns every finding. A seed always
 * generates the same requests in the same order; FUZZ_CONCURRENCY=1 also replays their exact interleaving.
 */
export async function runCases(
  t: TestServer,
  world: FuzzWorld,
  cases: () => FuzzCase | undefined,
): Promise<FuzzFinding[]> {
  const concurrency = Math.max(1, Number(process.env.FUZZ_CONCURRENCY ?? '') || 4);
  const findings: FuzzFinding[] = [];
  const lane = async (): Promise<void> => {
    for (let c = cases(); c; c = cases()) findings.push(...(await sendCase(t, world, c)));
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return findings;
}

/** Company B's project as stored: must be the same before and after others fuzzed at it. */
export async function snapshotOfB(t: TestServer, world: FuzzWorld): Promise<string> {
  const { db } = t.server.services.database;
  const p = world.b.projectId;
  const queries = [
    sql`select id, name, status from projects where id = ${p}`,
    sql`select id, title, description, status, priority, visibility, deadline, group_id, edited_at from issues where project_id = ${p} order by id`,
    sql`select c.id, c.message, c.visibility, c.deleted_at, c.edited_at from issue_comments c join issues i on i.id = c.issue_id where i.project_id = ${p} order by c.id`,
    sql`select id, name, abbreviation from project_disciplines where project_id = ${p} order by id`,
    sql`select company_id, role_id from project_companies where project_id = ${p} order by company_id`,
    sql`select id, name from project_groups where project_id = ${p} order by id`,
    sql`select id, company_id, company_role from users where company_id = ${world.b.companyId} order by id`,
  ];
  const parts: unknown[] = [];
  for (const q of queries) parts.push((await db.execute(q)) as unknown as { rows: unknown[] });
  return JSON.stringify(parts.map((r) => (r as { rows: unknown[] }).rows));
}

/** A readable report of findings for the failure message, with the seed to replay them. */
export function report(seed: number, findings: FuzzFinding[]): string {
  const shown = findings
    .slice(0, 12)
    .map(
      (f) =>
        `- [${f.rule}] ${f.actor} → ${f.target} (HTTP ${f.status})\n    sent: ${f.request}\n    got:  ${f.answer}`,
    );
  return `${findings.length} finding(s); replay with FUZZ_SEED=${seed} (FUZZ_CONCURRENCY=1 for the exact order)\n${shown.join('\n')}`;
}
