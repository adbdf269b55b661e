import { classifySendFailure } from '@obra/domain';

/**
 * The life of an outbox entry (issue 34, docs/offline.md), kept pure so it is tested without a browser:
 *
 *   queued ──send──▶ sending ──sent──▶ (removed)
 *                       │ ├──retry──▶ queued      (no answer: waits, with the later ones, for the next run)
 *                       │ ├──refused─▶ refused    (the server's rules said no: shown with the catalogue's message)
 *                       │ └──gone────▶ gone       (the issue is deleted or hidden)
 *   refused | gone ──resend──▶ queued (after an edit; the same idempotency key)
 *   any but sending ──drop──▶ (removed, after the user confirms)
 *
 * An entry found `sending` when a run starts was cut off (tab closed, crash) and is sent again: its key makes the
 * second send harmless.
 */

export type OutboxState = 'queued' | 'sending' | 'refused' | 'gone';

export type SendOutcome =
  { kind: 'sent' } | { kind: 'retry' } | { kind: 'refused'; code: string } | { kind: 'gone' };

export type OutboxEvent =
  { type: 'send' } | { type: 'outcome'; outcome: SendOutcome } | { type: 'resend' } | { type: 'drop' };

export interface MachineEntry {
  readonly state: OutboxState;
  readonly code?: string | undefined;
}

/** What becomes of the entry: its new state, or `removed` (sent, or dropped by the user). */
export type Transition<E extends MachineEntry> = { removed: true } | { removed: false; entry: E };

export class OutboxTransitionError extends Error {
  constructor(state: OutboxState, event: OutboxEvent['type']) {
    super(`outbox: no ${event} from ${state}`);
  }
}

export function transition<E extends MachineEntry>(entry: E, event: OutboxEvent): Transition<E> {
  const to = (state: OutboxState, code?: string): Transition<E> => {
    const { code: _old, ...rest } = entry;
    return { removed: false, entry: { ...rest, state, ...(code === undefined ? {} : { code }) } as E };
  };
  switch (event.type) {
    case 'send':
      if (entry.state === 'queued' || entry.state === 'sending') return to('sending');
      break;
    case 'outcome':
      if (entry.state !== 'sending') break;
      switch (event.outcome.kind) {
        case 'sent':
          return { removed: true };
        case 'retry':
          return to('queued');
        case 'refused':
          return to('refused', event.outcome.code);
        case 'gone':
          return to('gone', 'NOT_FOUND');
      }
      break;
    case 'resend':
      if (entry.state === 'refused' || entry.state === 'gone') return to('queued');
      break;
    case 'drop':
      if (entry.state !== 'sending') return { removed: true };
      break;
  }
  throw new OutboxTransitionError(entry.state, event.type);
}

/** Whether a run sends the entry (queued, or cut off while sending). */
export function isSendable(entry: MachineEntry): boolean {
  return entry.state === 'queued' || entry.state === 'sending';
}

/** Whether the entry still waits to reach the server (what the offline status counts). */
export function isWaiting(entry: MachineEntry): boolean {
  return isSendable(entry);
}

/**
 * The outcome of one send: no error → sent; no answer (or a code worth retrying) → retry; NOT_FOUND → gone; any
 * other code of the catalogue → refused with it (the rules, docs/offline.md § Conflict rules).
 */
export function outcomeOf(error: { networkError?: unknown; code?: unknown } | null | undefined): SendOutcome {
  if (!error) return { kind: 'sent' };
  const failure = classifySendFailure(
    error.networkError || typeof error.code !== 'string' ? undefined : error.code,
  );
  if (failure.kind === 'retry') return { kind: 'retry' };
  if (failure.kind === 'issue-gone') return { kind: 'gone' };
  return { kind: 'refused', code: failure.code };
}

/**
 * The entries a run sends, in the order they were queued (`seq`): a new issue is queued before anything written
 * on it, so it reaches the server first.
 */
export function sendOrder<E extends MachineEntry & { seq: number }>(entries: readonly E[]): E[] {
  return entries.filter(isSendable).sort((a, b) => a.seq - b.seq);
}
