import { describe, expect, it } from 'vitest';
import {
  isWaiting,
  OutboxTransitionError,
  outcomeOf,
  sendOrder,
  transition,
  type MachineEntry,
} from './outbox-machine.ts';

const entry = (state: MachineEntry['state'], extra: Partial<MachineEntry> = {}) => ({
  seq: 1,
  key: 'draft-key-1',
  state,
  ...extra,
});

describe('outbox state machine (issue 34)', () => {
  it('queued → sending → removed once the server has it', () => {
    const sending = transition(entry('queued'), { type: 'send' });
    expect(sending).toEqual({ removed: false, entry: { seq: 1, key: 'draft-key-1', state: 'sending' } });
    if (sending.removed) throw new Error('unexpected');
    expect(transition(sending.entry, { type: 'outcome', outcome: { kind: 'sent' } })).toEqual({
      removed: true,
    });
  });

  it('sending → queued when no answer came, keeping its idempotency key', () => {
    const next = transition(entry('sending'), { type: 'outcome', outcome: { kind: 'retry' } });
    expect(next).toEqual({ removed: false, entry: { seq: 1, key: 'draft-key-1', state: 'queued' } });
  });

  it('sending → refused with the catalogue code, then resent (queued, same key) or dropped', () => {
    const refused = transition(entry('sending'), {
      type: 'outcome',
      outcome: { kind: 'refused', code: 'FORBIDDEN' },
    });
    expect(refused).toEqual({
      removed: false,
      entry: { seq: 1, key: 'draft-key-1', state: 'refused', code: 'FORBIDDEN' },
    });
    if (refused.removed) throw new Error('unexpected');
    expect(transition(refused.entry, { type: 'resend' })).toEqual({
      removed: false,
      entry: { seq: 1, key: 'draft-key-1', state: 'queued' },
    });
    expect(transition(refused.entry, { type: 'drop' })).toEqual({ removed: true });
  });

  it('sending → gone when the issue or project is not there (NOT_FOUND)', () => {
    expect(transition(entry('sending'), { type: 'outcome', outcome: { kind: 'gone' } })).toEqual({
      removed: false,
      entry: { seq: 1, key: 'draft-key-1', state: 'gone', code: 'NOT_FOUND' },
    });
  });

  it('an entry cut off while sending is sent again', () => {
    expect(transition(entry('sending'), { type: 'send' })).toMatchObject({ entry: { state: 'sending' } });
  });

  it('refuses the transitions the machine does not have', () => {
    expect(() => transition(entry('queued'), { type: 'outcome', outcome: { kind: 'sent' } })).toThrow(
      OutboxTransitionError,
    );
    expect(() => transition(entry('refused'), { type: 'send' })).toThrow(OutboxTransitionError);
    expect(() => transition(entry('sending'), { type: 'drop' })).toThrow(OutboxTransitionError);
    expect(() => transition(entry('queued'), { type: 'resend' })).toThrow(OutboxTransitionError);
  });

  it('classifies answers: none or transient → retry, NOT_FOUND → gone, a rule → refused', () => {
    expect(outcomeOf(null)).toEqual({ kind: 'sent' });
    expect(outcomeOf({ networkError: new TypeError('Failed to fetch') })).toEqual({ kind: 'retry' });
    expect(outcomeOf({ code: 'SERVICE_UNAVAILABLE' })).toEqual({ kind: 'retry' });
    expect(outcomeOf({ code: 'NOT_FOUND' })).toEqual({ kind: 'gone' });
    expect(outcomeOf({ code: 'FORBIDDEN' })).toEqual({ kind: 'refused', code: 'FORBIDDEN' });
    expect(outcomeOf({ code: 'INSERT_PIN_LOCATION' })).toEqual({
      kind: 'refused',
      code: 'INSERT_PIN_LOCATION',
    });
  });

  it('sends queued and cut-off entries in the order they were queued, skipping refused and gone ones', () => {
    const list = [
      { seq: 3, state: 'queued' as const },
      { seq: 1, state: 'refused' as const, code: 'FORBIDDEN' },
      { seq: 2, state: 'sending' as const },
      { seq: 4, state: 'gone' as const },
    ];
    expect(sendOrder(list).map((e) => e.seq)).toEqual([2, 3]);
    expect(list.filter(isWaiting).map((e) => e.seq)).toEqual([3, 2]);
  });
});
