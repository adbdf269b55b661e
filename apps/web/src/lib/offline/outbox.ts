import type { IssueFormValues } from '../../features/issues/edit/issue-form-model.ts';
import type { OutboxState } from './outbox-machine.ts';
import type { QueuedEdit } from './queued-edits.ts';
import { deleteOfflineDb, offlineDbAvailable, openOfflineDb } from './offline-db.ts';
import { requestOutboxSync, type WorkerContainer } from '../../sw/background-sync.ts';

/**
 * The offline outbox (issue 34, docs/offline.md): writes made without a network, kept durably in IndexedDB, one
 * database per user (`obra-offline-<userId>`, deleted at sign-out), sent in order with their idempotency keys.
 */

/** A comment written offline: createProjectIssueComment's variables (no pictures offline yet). */
export interface QueuedComment {
  kind: 'comment';
  projectId: number;
  issueId: number;
  message: string;
  visibility: string;
  groupId: number | null;
  mentionedUsers: number[];
}

/**
 * A new issue written offline: the create form's values as they were (the chosen photos and rendered markup kept
 * as blobs; their `url`s are made again when shown), so it can be sent, edited and resent. Its images are
 * uploaded by the usual issue-image flow when it is sent.
 */
export interface QueuedIssue {
  kind: 'issue';
  projectId: number;
  values: IssueFormValues;
  documentsReferences?: Record<string, unknown>[];
}

/** Edits of an existing issue (queued-edits.ts): a discipline's status or deadline, the star, personal tags. */
export type QueuedWrite = QueuedComment | QueuedIssue | QueuedEdit;

/** A queued write as stored: `seq` orders them, `key` is the idempotency key the server sees. */
export interface OutboxEntry {
  seq: number;
  key: string;
  write: QueuedWrite;
  queuedAt: string;
  /**
   * queued: waits for the network; sending: on its way (found so at the start of a run, it was cut off and is
   * sent again with its key); refused: the server's rules said no (`code`); gone: the issue is not there.
   * Transitions: outbox-machine.ts.
   */
  state: OutboxState;
  code?: string;
}

const open = openOfflineDb;

/**
 * Queues a write; returns its entry (with its sequence number and its idempotency key: `key` when the write has
 * one already, as a new issue's draft does, else a new one).
 */
export async function enqueue(userId: number, write: QueuedWrite, key?: string): Promise<OutboxEntry> {
  const db = await open(userId);
  const entry: Omit<OutboxEntry, 'seq'> = {
    key: key ?? crypto.randomUUID(),
    write,
    queuedAt: new Date().toISOString(),
    state: 'queued',
  };
  const seq = await db.add('outbox', entry as OutboxEntry);
  // Where the browser has Background Sync, the worker wakes the app to send it once online (background-sync.ts).
  void requestOutboxSync(workerContainer());
  return { ...entry, seq };
}

/** The app's service worker container, where the browser has one. */
export function workerContainer(): WorkerContainer | undefined {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator
    ? (navigator.serviceWorker as unknown as WorkerContainer)
    : undefined;
}

/** Whether this browser can keep an outbox (IndexedDB; absent in some private modes and in jsdom). */
export function outboxAvailable(): boolean {
  return offlineDbAvailable();
}

/** Every entry, oldest first (none where the browser has no IndexedDB). */
export async function listOutbox(userId: number): Promise<OutboxEntry[]> {
  if (!outboxAvailable()) return [];
  return (await open(userId)).getAll('outbox');
}

export async function removeEntry(userId: number, seq: number): Promise<void> {
  await (await open(userId)).delete('outbox', seq);
}

export async function getEntry(userId: number, seq: number): Promise<OutboxEntry | undefined> {
  return (await open(userId)).get('outbox', seq);
}

export async function updateEntry(userId: number, entry: OutboxEntry): Promise<void> {
  await (await open(userId)).put('outbox', entry);
}

/** Deletes the user's offline store, outbox and offline copy (sign-out). */
export async function clearOutbox(userId: number): Promise<void> {
  await deleteOfflineDb(userId);
}
