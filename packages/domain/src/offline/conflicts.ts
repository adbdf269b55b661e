import type { ErrorCode } from '../errors/error-codes.ts';

/**
 * Conflict rules of offline writing (issue 34, docs/offline.md). A write queued offline was made against a copy
 * of the issue (its `base`); by the time it is sent, other people may have changed the issue, deleted it, or
 * taken it out of the user's sight. These pure rules decide what is sent and what the user is told; nothing the
 * user typed is dropped silently.
 */

/** Deep equality of JSON-like field values (arrays in order, objects by their keys). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((value, i) => sameValue(value, b[i]));
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(ra), ...Object.keys(rb)]);
  for (const key of keys) if (!sameValue(ra[key], rb[key])) return false;
  return true;
}

/** A field the user changed offline whose change the server's newer change replaced. */
export interface LostChange<F extends string = string> {
  field: F;
  /** What the user had set (kept, so they can copy it or apply it again). */
  mine: unknown;
  /** What the server has now, from someone else's change the user had not seen. */
  server: unknown;
}

/** What becomes of an edit queued offline once the server's current issue is known. */
export type QueuedEditOutcome<F extends string = string> =
  | {
      kind: 'send';
      /** The fields to send: the user's changes the server did not change meanwhile. */
      changes: Partial<Record<F, unknown>>;
      /** The user's changes that lost, field by field (empty when nothing conflicted). */
      lost: LostChange<F>[];
    }
  /** The issue was deleted meanwhile: nothing is sent, the queued work is kept for the user to copy. */
  | { kind: 'issue-deleted' }
  /** The issue is no longer visible to the user (visibility or access changed): as deleted, told apart. */
  | { kind: 'issue-hidden' };

/** The server's side of a queued edit: the issue as the user may see it now, or why it is not there. */
export type ServerIssue<F extends string> =
  { state: 'visible'; fields: Readonly<Record<F, unknown>> } | { state: 'deleted' } | { state: 'hidden' };

/**
 * Field by field, three ways: `base` is the issue as the user's copy had it when they edited, `mine` what they
 * set, `server` the issue now. A field the user did not change is left alone. A field the user changed and the
 * server did not (server equals base) is sent. A field both changed: the server's change is newer than the copy
 * the user edited, so it wins, and the user's value is reported in `lost`, unless both set the same value (no
 * conflict, nothing to send).
 */
export function resolveQueuedEdit<F extends string>(
  base: Readonly<Record<F, unknown>>,
  mine: Readonly<Partial<Record<F, unknown>>>,
  server: ServerIssue<F>,
): QueuedEditOutcome<F> {
  if (server.state === 'deleted') return { kind: 'issue-deleted' };
  if (server.state === 'hidden') return { kind: 'issue-hidden' };
  const changes: Partial<Record<F, unknown>> = {};
  const lost: LostChange<F>[] = [];
  for (const field of Object.keys(mine) as F[]) {
    const value = mine[field];
    if (sameValue(value, base[field])) continue;
    const now = server.fields[field];
    if (sameValue(now, base[field])) changes[field] = value;
    else if (!sameValue(now, value)) lost.push({ field, mine: value, server: now });
  }
  return { kind: 'send', changes, lost };
}

/** What to do with a queued write the server refused or could not be reached for. */
export type SendFailure =
  /** No answer (network, server starting, overloaded): keep it queued and try again later, in order. */
  | { kind: 'retry' }
  /** The issue is gone or out of sight (NOT_FOUND): keep the work for the user to copy, stop sending it. */
  | { kind: 'issue-gone' }
  /** Refused by the rules (status rule, permission revoked, a field): shown with the catalogue's message; the
   user edits and resends it, or drops it. */
  | { kind: 'refused'; code: ErrorCode | string };

/** Codes that mean "try again later" rather than "this write is wrong". */
const RETRY_CODES = new Set<string>(['SERVICE_UNAVAILABLE', 'INTERNAL_SERVER_ERROR', 'TOO_MANY_REQUESTS']);
const GONE_CODES = new Set<string>(['NOT_FOUND']);

/**
 * Sorts a failed send: `code` is the API's error code, undefined when no answer came (offline, network error).
 * An expired session is a retry too: the write is sent again once the user has signed in.
 */
export function classifySendFailure(code: string | undefined): SendFailure {
  if (code === undefined || RETRY_CODES.has(code) || code === 'UNAUTHENTICATED') return { kind: 'retry' };
  if (GONE_CODES.has(code)) return { kind: 'issue-gone' };
  return { kind: 'refused', code };
}
