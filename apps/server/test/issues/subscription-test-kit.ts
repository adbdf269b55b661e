import WebSocket from 'ws';
import { createClient, type Client } from 'graphql-ws';
import type { TestServer } from '../support/test-server.ts';
import type { TestUser } from '../support/factories.ts';

/** A live subscription of one user, collecting what the server pushes. */
export interface LiveSubscription<T> {
  readonly events: T[];
  readonly errors: unknown[];
  /** The close codes of the connection, once the server (or the client) closed it. */
  readonly closeCodes: number[];
  /** The reasons given with those closes. */
  readonly closeReasons: string[];
  /** Resolves with the close code of the connection (or rejects after the timeout). */
  waitForClose(timeoutMs?: number): Promise<number>;
  /** Resolves with the first event matching, waiting up to the timeout (then rejects). */
  waitFor(match: (event: T) => boolean, timeoutMs?: number): Promise<T>;
  /** Resolves with the first error (or rejects after the timeout). */
  waitForError(timeoutMs?: number): Promise<unknown>;
  close(): Promise<void>;
}

/** Subscribes a user on a server over graphql-ws; `field` is the subscription's root field. */
export async function subscribeAs<T>(
  t: TestServer,
  user: TestUser,
  query: string,
  variables: Record<string, unknown>,
  field: string,
  /** Other connection parameters than the user's bearer token (an access key's Basic credentials). */
  connectionParams?: Record<string, string>,
): Promise<LiveSubscription<T>> {
  const client: Client = createClient({
    url: `${t.url.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    retryAttempts: 0,
    lazy: false,
    // A close is recorded in closeCodes; graphql-ws would print it otherwise.
    onNonLazyError: () => undefined,
    connectionParams: connectionParams ?? { authorization: `Bearer ${user.token}` },
  });
  const events: T[] = [];
  const errors: unknown[] = [];
  const listeners = new Set<() => void>();
  const closeCodes: number[] = [];
  const closeReasons: string[] = [];
  const notify = () => listeners.forEach((l) => l());
  client.on('closed', (event) => {
    closeCodes.push((event as { code: number }).code);
    closeReasons.push(String((event as { reason?: unknown }).reason ?? ''));
    notify();
  });
  await new Promise<void>((resolve, reject) => {
    client.on('connected', () => resolve());
    client.on('error', reject);
  });
  client.subscribe<Record<string, T>>(
    { query, variables },
    {
      next: (value) => {
        if (value.errors) errors.push(value.errors);
        const data = value.data?.[field];
        if (data) events.push(data);
        notify();
      },
      error: (error) => {
        errors.push(error);
        notify();
      },
      complete: () => undefined,
    },
  );
  function until<R>(check: () => R | undefined, timeoutMs: number, what: string): Promise<R> {
    return new Promise((resolve, reject) => {
      const tryNow = () => {
        const found = check();
        if (found === undefined) return false;
        listeners.delete(tryNow);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        listeners.delete(tryNow);
        reject(
          new Error(`timed out waiting for ${what}; got ${JSON.stringify(events)} ${JSON.stringify(errors)}`),
        );
      }, timeoutMs);
      if (!tryNow()) listeners.add(tryNow);
    });
  }
  return {
    events,
    errors,
    closeCodes,
    closeReasons,
    waitForClose: (timeoutMs = 10_000) => until(() => closeCodes[0], timeoutMs, 'the connection to close'),
    waitFor: (match, timeoutMs = 10_000) => until(() => events.find(match), timeoutMs, 'an event'),
    waitForError: (timeoutMs = 10_000) => until(() => errors[0], timeoutMs, 'an error'),
    close: () => client.dispose() as Promise<void>,
  };
}

/**
 * Waits until every subscription is live on the server: repeats an action that causes an event for all of them
 * until each has received one (the subscribe message is handled asynchronously after the socket connects).
 */
export async function untilLive<T>(
  subscriptions: readonly LiveSubscription<T>[],
  poke: () => Promise<void>,
  attempts = 20,
): Promise<void> {
  for (let i = 0; i < attempts; i++) {
    await poke();
    try {
      await Promise.all(subscriptions.map((s) => s.waitFor(() => true, 500)));
      return;
    } catch {
      // Not all are live yet: poke again.
    }
  }
  throw new Error('subscriptions never became live');
}

export const COMMENT_CHANGED = `subscription($projectId: Int!) { projectIssueCommentChanged(projectId: $projectId) {
  kind projectId issueId commentId comment { id message visibility deletedAt } } }`;
export const ISSUE_CHANGED = `subscription($projectId: Int!) { projectIssueChanged(projectId: $projectId) {
  kind projectId issueId issue { id title visibility notificationsSummary { count } } } }`;
export const NOTIFICATIONS_CHANGED = `subscription($projectId: Int!) { projectNotificationsChanged(projectId: $projectId) {
  projectId issueId notificationsSummary { count mentions last } } }`;

/** A pushed comment change. */
export interface CommentChange {
  kind: string;
  projectId: number;
  issueId: number;
  commentId: number;
  comment: { id: number; message: string | null; visibility: string; deletedAt: string | null };
}
