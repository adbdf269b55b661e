import { describe, expect, it } from 'vitest';
import { classifySendFailure, resolveQueuedEdit, sameValue } from './conflicts.ts';

type Field = 'title' | 'priority' | 'deadline' | 'labels';
const base: Record<Field, unknown> = { title: 'Viga V12', priority: 'low', deadline: null, labels: [1, 2] };

describe('resolveQueuedEdit', () => {
  it('sends the fields the user changed when the server did not change them', () => {
    const outcome = resolveQueuedEdit<Field>(
      base,
      { title: 'Viga V12 cruza duto', priority: 'low' },
      {
        state: 'visible',
        fields: { ...base, deadline: '2026-12-01' },
      },
    );
    expect(outcome).toEqual({ kind: 'send', changes: { title: 'Viga V12 cruza duto' }, lost: [] });
  });

  it("lets the server's newer change win field by field and tells which of the user's lost", () => {
    const outcome = resolveQueuedEdit<Field>(
      base,
      { title: 'Meu título', priority: 'high', labels: [2, 3] },
      { state: 'visible', fields: { ...base, priority: 'medium', labels: [1] } },
    );
    expect(outcome).toEqual({
      kind: 'send',
      changes: { title: 'Meu título' },
      lost: [
        { field: 'priority', mine: 'high', server: 'medium' },
        { field: 'labels', mine: [2, 3], server: [1] },
      ],
    });
  });

  it('is no conflict when both set the same value (nothing to send, nothing lost)', () => {
    const outcome = resolveQueuedEdit<Field>(
      base,
      { labels: [1, 2, 3] },
      {
        state: 'visible',
        fields: { ...base, labels: [1, 2, 3] },
      },
    );
    expect(outcome).toEqual({ kind: 'send', changes: {}, lost: [] });
  });

  it('reports an issue deleted or made invisible meanwhile instead of sending', () => {
    expect(resolveQueuedEdit<Field>(base, { title: 'x' }, { state: 'deleted' })).toEqual({
      kind: 'issue-deleted',
    });
    expect(resolveQueuedEdit<Field>(base, { title: 'x' }, { state: 'hidden' })).toEqual({
      kind: 'issue-hidden',
    });
  });
});

describe('sameValue', () => {
  it('compares JSON values deeply', () => {
    expect(sameValue({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
    expect(sameValue({ a: 1 }, { a: 1, b: undefined })).toBe(true);
    expect(sameValue(null, {})).toBe(false);
    expect(sameValue([], {})).toBe(false);
  });
});

describe('classifySendFailure', () => {
  it('retries without an answer or on a passing failure, stops on a gone issue, shows a refusal', () => {
    expect(classifySendFailure(undefined)).toEqual({ kind: 'retry' });
    expect(classifySendFailure('SERVICE_UNAVAILABLE')).toEqual({ kind: 'retry' });
    expect(classifySendFailure('UNAUTHENTICATED')).toEqual({ kind: 'retry' });
    expect(classifySendFailure('NOT_FOUND')).toEqual({ kind: 'issue-gone' });
    expect(classifySendFailure('FORBIDDEN')).toEqual({ kind: 'refused', code: 'FORBIDDEN' });
    expect(classifySendFailure('REQUIRED_FIELD')).toEqual({ kind: 'refused', code: 'REQUIRED_FIELD' });
  });
});
