import { describe, expect, it } from 'vitest';
import { isEventTrigger, nextSmartFlowRun, smartFlowRuleSchema, zonedDay } from './smart-flow-rules.ts';

const base = {
  projectId: 1,
  name: 'Late structure',
  condition: { filter: 'latePendencies', disciplineIds: [3] },
  action: { kind: 'email' },
};

describe('smart flow rules', () => {
  it('accepts a weekly schedule and refuses one without its weekday, an unknown zone or extra fields', () => {
    const weekly = {
      kind: 'schedule',
      frequency: 'weekly',
      weekday: 1,
      hour: 8,
      timeZone: 'America/Sao_Paulo',
    };
    expect(smartFlowRuleSchema.safeParse({ ...base, trigger: weekly }).success).toBe(true);
    const { weekday: _w, ...noDay } = weekly;
    expect(smartFlowRuleSchema.safeParse({ ...base, trigger: noDay }).success).toBe(false);
    expect(
      smartFlowRuleSchema.safeParse({ ...base, trigger: { ...weekly, timeZone: 'Mars/Olympus' } }).success,
    ).toBe(false);
    expect(smartFlowRuleSchema.safeParse({ ...base, trigger: weekly, sql: 'drop' }).success).toBe(false);
    expect(smartFlowRuleSchema.safeParse({ ...base, name: '  ', trigger: weekly }).success).toBe(false);
  });

  it('takes issueChanged as an event trigger (no time) and assignDiscipline with a settable status', () => {
    const trigger = { kind: 'issueChanged' };
    const assign = { kind: 'assignDiscipline', disciplineId: 4, status: 'todo' };
    const parsed = smartFlowRuleSchema.safeParse({ ...base, trigger, action: assign });
    expect(parsed.success && parsed.data.action).toEqual(assign);
    expect(parsed.success && nextSmartFlowRun(parsed.data.trigger, new Date())).toBeUndefined();
    expect(isEventTrigger('issueChanged') && isEventTrigger('issueCreated')).toBe(true);
    expect(isEventTrigger('schedule') || isEventTrigger('deadlinePassed')).toBe(false);
    for (const bad of [
      { kind: 'assignDiscipline', disciplineId: 4 },
      { kind: 'assignDiscipline', disciplineId: 4, status: 'varies' },
      { kind: 'assignDiscipline', disciplineId: 0, status: 'todo' },
      { kind: 'assignDiscipline', disciplineId: 4, status: 'todo', tag: 'x' },
    ])
      expect(
        smartFlowRuleSchema.safeParse({ ...base, trigger, action: bad }).success,
        JSON.stringify(bad),
      ).toBe(false);
    expect(
      smartFlowRuleSchema.safeParse({ ...base, trigger: { kind: 'issueChanged', hour: 8 } }).success,
    ).toBe(false);
  });

  it('takes a tag action with its tag only, trimmed, and refuses a tag on another action', () => {
    const trigger = { kind: 'issueCreated' };
    const tagged = smartFlowRuleSchema.safeParse({
      ...base,
      trigger,
      action: { kind: 'tag', tag: ' Revisar ' },
    });
    expect(tagged.success && tagged.data.action).toEqual({ kind: 'tag', tag: 'Revisar' });
    expect(smartFlowRuleSchema.safeParse({ ...base, trigger, action: { kind: 'tag' } }).success).toBe(false);
    expect(
      smartFlowRuleSchema.safeParse({ ...base, trigger, action: { kind: 'tag', tag: ' ' } }).success,
    ).toBe(false);
    expect(
      smartFlowRuleSchema.safeParse({ ...base, trigger, action: { kind: 'email', tag: 'x' } }).success,
    ).toBe(false);
  });

  it('takes a digest action, alone', () => {
    const trigger = { kind: 'issueCreated' };
    const digest = smartFlowRuleSchema.safeParse({ ...base, trigger, action: { kind: 'digest' } });
    expect(digest.success && digest.data.action).toEqual({ kind: 'digest' });
    expect(
      smartFlowRuleSchema.safeParse({ ...base, trigger, action: { kind: 'digest', tag: 'x' } }).success,
    ).toBe(false);
  });

  it('runs a weekly rule at the hour of its zone on its weekday, strictly after the given time', () => {
    const trigger = {
      kind: 'schedule',
      frequency: 'weekly',
      weekday: 1,
      hour: 8,
      timeZone: 'America/Sao_Paulo',
    } as const;
    // Sunday 2026-11-29 12:00 UTC → Monday 2026-11-30 08:00 in São Paulo (UTC−3) = 11:00 UTC.
    expect(nextSmartFlowRun(trigger, new Date('2026-11-29T12:00:00Z'))?.toISOString()).toBe(
      '2026-11-30T11:00:00.000Z',
    );
    // At that very instant, the next is a week later.
    expect(nextSmartFlowRun(trigger, new Date('2026-11-30T11:00:00Z'))?.toISOString()).toBe(
      '2026-12-07T11:00:00.000Z',
    );
  });

  it('runs a daily rule in a half-hour zone at its own hour, and an event rule has no time', () => {
    const daily = { kind: 'schedule', frequency: 'daily', hour: 8, timeZone: 'Asia/Kolkata' } as const;
    expect(nextSmartFlowRun(daily, new Date('2026-11-29T12:00:00Z'))?.toISOString()).toBe(
      '2026-11-30T02:30:00.000Z',
    );
    expect(nextSmartFlowRun({ kind: 'issueCreated' }, new Date())).toBeUndefined();
    const deadline = { kind: 'deadlinePassed', hour: 0, timeZone: 'UTC' } as const;
    expect(nextSmartFlowRun(deadline, new Date('2026-11-29T23:59:00Z'))?.toISOString()).toBe(
      '2026-11-30T00:00:00.000Z',
    );
  });

  it('keeps the hour across a change of summer time (Europe/Lisbon, 29 March 2026)', () => {
    const daily = { kind: 'schedule', frequency: 'daily', hour: 9, timeZone: 'Europe/Lisbon' } as const;
    expect(nextSmartFlowRun(daily, new Date('2026-03-28T10:00:00Z'))?.toISOString()).toBe(
      '2026-03-29T08:00:00.000Z',
    );
    expect(zonedDay(new Date('2026-03-29T08:00:00Z'), 'Europe/Lisbon')).toBe('2026-03-29');
  });
});
