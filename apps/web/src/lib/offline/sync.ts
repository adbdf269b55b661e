import type { Client } from 'urql';
import { CreateIssueCommentDocument } from '../../gql/generated.ts';
// Static, not import(): a chunk first asked for while offline fails, and the browser keeps that failure for the
// page's life, so the sender would never work in that tab (seen in the journey). It is a few kB of the shell.
import { sendQueuedIssue } from '../../features/issues/edit/queued-issue.ts';
import { listOutbox, removeEntry, updateEntry, type OutboxEntry, type QueuedComment } from './outbox.ts';
import { outcomeOf, sendOrder, transition, type SendOutcome } from './outbox-machine.ts';
import { saveConflict, sendQueuedEdit } from './queued-edits.ts';

/**
 * Sends the outbox in order (issue 34, docs/offline.md): one write at a time, each with its idempotency key, so a
 * write whose answer was lost is sent again without being made twice. A write without an answer stops the run
 * (it and those after it wait for the next one); a write refused by the rules or whose issue is gone is kept,
 * marked, for the user, and the run goes on. States and transitions: outbox-machine.ts.
 */

/** Fired on window whenever the outbox or the sync state changes (detail: OfflineSyncEvent). */
export const OUTBOX_EVENT = 'obra:outbox';

export interface OfflineSyncEvent {
  /** Issues whose queued comments or edits reached the server in this run. */
  sentIssueIds: number[];
  /** Issues created from the outbox in this run (the list swaps its pending item for the server's issue). */
  createdIssues: { projectId: number; issueId: number; key: string }[];
}

const LAST_SYNCED = 'obra.offline.lastSyncedAt';

/** When this browser last heard from the server (an outbox run that reached it, or a load while online). */
export function lastSyncedAt(): string | null {
  return localStorage.getItem(LAST_SYNCED);
}

export function markSynced(): void {
  localStorage.setItem(LAST_SYNCED, new Date().toISOString());
}

export function announce(detail: OfflineSyncEvent = { sentIssueIds: [], createdIssues: [] }): void {
  window.dispatchEvent(new CustomEvent<OfflineSyncEvent>(OUTBOX_EVENT, { detail }));
}

let running: Promise<void> | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let retries = 0;

/** The wait before the next try after a run that got no answer while the browser says it is online. */
export function retryDelayMs(attempt: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempt - 1), 60_000);
}

/**
 * Sends what is queued; runs once at a time (a call during a run waits for it). A run that got no answer while
 * the browser is online (the network is back but not usable yet, a server restarting) is tried again after
 * 5 s, 10 s, 20 s … up to a minute, besides the next `online` event.
 */
export function flushOutbox(client: Client, userId: number): Promise<void> {
  if (retryTimer !== null) {
    clearTimeout(retryTimer);
    retryTimer = null;
  }
  running ??= run(client, userId)
    .then((reached) => {
      if (reached) retries = 0;
      else if (navigator.onLine) {
        retries += 1;
        retryTimer = setTimeout(() => {
          retryTimer = null;
          void flushOutbox(client, userId);
        }, retryDelayMs(retries));
      }
    })
    .finally(() => {
      running = null;
    });
  return running;
}

async function run(client: Client, userId: number): Promise<boolean> {
  const detail: OfflineSyncEvent = { sentIssueIds: [], createdIssues: [] };
  let reached = true;
  for (const entry of sendOrder(await listOutbox(userId))) {
    const sending = transition(entry, { type: 'send' });
    if (sending.removed) continue;
    await updateEntry(userId, sending.entry);
    let outcome: SendOutcome;
    if (entry.write.kind === 'issue') {
      const sent = await sendQueuedIssue(client, { ...entry, write: entry.write });
      outcome = sent.outcome;
      if (sent.issueId !== undefined)
        detail.createdIssues.push({
          projectId: entry.write.projectId,
          issueId: sent.issueId,
          key: entry.key,
        });
    } else if (entry.write.kind === 'comment') {
      outcome = await sendComment(client, { ...entry, write: entry.write });
      if (outcome.kind === 'sent') detail.sentIssueIds.push(entry.write.issueId);
    } else {
      const sent = await sendQueuedEdit(client, { ...entry, write: entry.write });
      outcome = sent.outcome;
      if (sent.lost.length > 0)
        await saveConflict(userId, {
          projectId: entry.write.projectId,
          issueId: entry.write.issueId,
          lost: sent.lost,
          at: new Date().toISOString(),
        });
      if (outcome.kind === 'sent') detail.sentIssueIds.push(entry.write.issueId);
    }
    const next = transition(sending.entry, { type: 'outcome', outcome });
    if (next.removed) await removeEntry(userId, entry.seq);
    else await updateEntry(userId, next.entry);
    if (outcome.kind === 'retry') {
      reached = false;
      break;
    }
  }
  if (reached && navigator.onLine) markSynced();
  announce(detail);
  return reached;
}

async function sendComment(
  client: Client,
  entry: OutboxEntry & { write: QueuedComment },
): Promise<SendOutcome> {
  const { kind: _kind, ...write } = entry.write;
  const response = await client
    .mutation(
      CreateIssueCommentDocument,
      { ...write, idempotencyKey: entry.key },
      { requestPolicy: 'network-only' },
    )
    .toPromise();
  if (!response.error) return { kind: 'sent' };
  return outcomeOf({
    networkError: response.error.networkError,
    code: response.error.graphQLErrors[0]?.extensions['code'],
  });
}
