import { classifySendFailure } from '@obra/domain';
import type { Client } from 'urql';
import { CreateIssueCommentDocument } from '../../gql/generated.ts';
import { listOutbox, removeEntry, updateEntry, type OutboxEntry } from './outbox.ts';

/**
 * Sends the outbox in order (issue 34, docs/offline.md): one write at a time, each with its idempotency key, so a
 * write whose answer was lost is sent again without being made twice. A write without an answer stops the run
 * (it and those after it wait for the next one); a write refused by the rules or whose issue is gone is kept,
 * marked, for the user, and the run goes on.
 */

/** Fired on window whenever the outbox or the sync state changes (detail: OfflineSyncEvent). */
export const OUTBOX_EVENT = 'obra:outbox';

export interface OfflineSyncEvent {
  /** Issues whose queued comments reached the server in this run. */
  sentIssueIds: number[];
}

const LAST_SYNCED = 'obra.offline.lastSyncedAt';

/** When this browser last heard from the server (an outbox run that reached it, or a load while online). */
export function lastSyncedAt(): string | null {
  return localStorage.getItem(LAST_SYNCED);
}

export function markSynced(): void {
  localStorage.setItem(LAST_SYNCED, new Date().toISOString());
}

export function announce(detail: OfflineSyncEvent = { sentIssueIds: [] }): void {
  window.dispatchEvent(new CustomEvent<OfflineSyncEvent>(OUTBOX_EVENT, { detail }));
}

let running: Promise<void> | null = null;

/** Sends what is queued; runs once at a time (a call during a run waits for it). */
export function flushOutbox(client: Client, userId: number): Promise<void> {
  running ??= run(client, userId).finally(() => {
    running = null;
  });
  return running;
}

async function run(client: Client, userId: number): Promise<void> {
  const sent: number[] = [];
  let reached = true;
  for (const entry of await listOutbox(userId)) {
    if (entry.state !== 'queued') continue;
    const outcome = await send(client, entry);
    if (outcome === 'stop') {
      reached = false;
      break;
    }
    if (outcome === 'sent') {
      await removeEntry(userId, entry.seq);
      sent.push(entry.write.issueId);
    } else await updateEntry(userId, { ...entry, state: outcome.state, code: outcome.code });
  }
  if (reached && navigator.onLine) markSynced();
  announce({ sentIssueIds: sent });
}

async function send(
  client: Client,
  entry: OutboxEntry,
): Promise<'sent' | 'stop' | { state: 'refused' | 'gone'; code: string }> {
  const { kind: _kind, ...write } = entry.write;
  const response = await client
    .mutation(
      CreateIssueCommentDocument,
      { ...write, idempotencyKey: entry.key },
      { requestPolicy: 'network-only' },
    )
    .toPromise();
  if (!response.error) return 'sent';
  const code = response.error.graphQLErrors[0]?.extensions['code'];
  const failure = classifySendFailure(
    response.error.networkError || typeof code !== 'string' ? undefined : code,
  );
  if (failure.kind === 'retry') return 'stop';
  if (failure.kind === 'issue-gone') return { state: 'gone', code: 'NOT_FOUND' };
  return { state: 'refused', code: failure.code };
}
