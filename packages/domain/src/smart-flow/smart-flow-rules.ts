import { z } from 'zod';
import { DISCIPLINE_STATUSES } from '../enums/project-enums.ts';

// Smart flow (issue 31 item 6, spec core §2 `/workspace/smart-flow`): a person's recurring job, kept as a rule of
// three parts — when it runs (trigger), which issues it takes (condition) and what it does with them (action) — and
// always run with its owner's own rights. The assistant may draft a rule from words; the rule itself is this
// structure, shown in plain words and confirmed by the person (docs/smart-flow.md).

/** Rules one person may keep. */
export const SMART_FLOW_RULES_PER_USER = 20;
/** Runs kept per rule (the newest). */
export const SMART_FLOW_RUNS_KEPT = 10;
/** At most this many issues go into one run's e-mail (the count says how many matched). */
export const SMART_FLOW_EMAIL_ISSUES = 50;
/** Longest rule name and description. */
export const SMART_FLOW_NAME_MAX = 120;
export const SMART_FLOW_DESCRIPTION_MAX = 1000;
/** Longest summary a digest's model may write, in characters (a longer one is cut at a word end). */
export const SMART_FLOW_DIGEST_MAX = 2000;
/** Longest personal tag a rule puts on its issues (a personal tag's name). */
export const SMART_FLOW_TAG_MAX = 60;

export const SMART_FLOW_TRIGGERS = ['schedule', 'issueCreated', 'issueChanged', 'deadlinePassed'] as const;
export type SmartFlowTriggerKind = (typeof SMART_FLOW_TRIGGERS)[number];
export const SMART_FLOW_ACTIONS = ['email', 'digest', 'follow', 'tag', 'assignDiscipline'] as const;
export type SmartFlowActionKind = (typeof SMART_FLOW_ACTIONS)[number];
/** The issue list's standard filters a rule may use. */
export const SMART_FLOW_FILTERS = ['all', 'actives', 'pendencies', 'latePendencies'] as const;
export type SmartFlowFilter = (typeof SMART_FLOW_FILTERS)[number];

const timeZone = z
  .string()
  .min(1)
  .max(64)
  .refine((zone) => isTimeZone(zone), 'unknown time zone');
const hour = z.number().int().min(0).max(23);

/** Triggers that run a rule on issue events rather than at a time. */
export const SMART_FLOW_EVENT_TRIGGERS = ['issueCreated', 'issueChanged'] as const;

/** Whether a trigger runs on issue events (created, changed) rather than at a time. */
export function isEventTrigger(
  kind: SmartFlowTriggerKind,
): kind is (typeof SMART_FLOW_EVENT_TRIGGERS)[number] {
  return (SMART_FLOW_EVENT_TRIGGERS as readonly string[]).includes(kind);
}

/**
 * When a rule runs: on a schedule (daily or weekly, at an hour of the owner's zone), as issues are created, as
 * issues are changed (their fields, status or disciplines: a history entry other than the creation's; comments, stars and
 * personal tags are not changes of the issue), or once a day for the deadlines that passed.
 */
export const smartFlowTriggerSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('schedule'),
      frequency: z.enum(['daily', 'weekly']),
      /** 0 Sunday … 6 Saturday; weekly only. */
      weekday: z.number().int().min(0).max(6).optional(),
      hour,
      timeZone,
    })
    .strict()
    .refine((t) => t.frequency === 'daily' || t.weekday !== undefined, {
      message: 'a weekly schedule needs its weekday',
      path: ['weekday'],
    }),
  z.object({ kind: z.literal('issueCreated') }).strict(),
  z.object({ kind: z.literal('issueChanged') }).strict(),
  /** Once a day at the hour: the issues whose deadline passed since the previous check. */
  z.object({ kind: z.literal('deadlinePassed'), hour, timeZone }).strict(),
]);
export type SmartFlowTrigger = z.output<typeof smartFlowTriggerSchema>;

/** Which issues: a standard filter of the list, optionally some disciplines and words. */
export const smartFlowConditionSchema = z
  .object({
    filter: z.enum(SMART_FLOW_FILTERS),
    disciplineIds: z.array(z.number().int().positive()).max(50).default([]),
    search: z.string().max(200).optional(),
  })
  .strict();
export type SmartFlowCondition = z.output<typeof smartFlowConditionSchema>;

/** The discipline statuses a rule may give a discipline it makes responsible (those a person can set). */
export const SMART_FLOW_ASSIGN_STATUSES = DISCIPLINE_STATUSES.map((s) => s.key) as [string, ...string[]];

/**
 * What it does: e-mail the owner the issues, e-mail them a digest (`digest`: the same e-mail headed by a short
 * summary the assistant's model writes from those issues, in the owner's language, when a model is configured and
 * the owner still passes the assistant's gate — else the list alone, the run saying why), follow (star) them for the
 * owner, or put one of the owner's personal tags on them (made in the project when the owner has no tag of that name
 * yet) — these four act for the owner alone — or make a discipline responsible on them (`assignDiscipline`: the discipline is added with a status to
 * the issues that do not have it yet). The last changes the issue for everyone, so it goes through the issue's
 * own edit rules as the owner, with its history and notifications; an issue the owner may not change is left.
 */
export const smartFlowActionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('email') }).strict(),
  z.object({ kind: z.literal('digest') }).strict(),
  z.object({ kind: z.literal('follow') }).strict(),
  z.object({ kind: z.literal('tag'), tag: z.string().trim().min(1).max(SMART_FLOW_TAG_MAX) }).strict(),
  z
    .object({
      kind: z.literal('assignDiscipline'),
      disciplineId: z.number().int().positive(),
      status: z.enum(SMART_FLOW_ASSIGN_STATUSES),
    })
    .strict(),
]);
export type SmartFlowAction = z.output<typeof smartFlowActionSchema>;

/** A rule as the person saves it. */
export const smartFlowRuleSchema = z
  .object({
    projectId: z.number().int().positive(),
    name: z.string().trim().min(1).max(SMART_FLOW_NAME_MAX),
    description: z.string().trim().max(SMART_FLOW_DESCRIPTION_MAX).optional(),
    trigger: smartFlowTriggerSchema,
    condition: smartFlowConditionSchema,
    action: smartFlowActionSchema,
  })
  .strict();
export type SmartFlowRuleInput = z.output<typeof smartFlowRuleSchema>;

/** Whether the runtime knows an IANA time zone. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The weekday (0 Sunday) and hour of an instant in a time zone. */
export function zonedWeekdayHour(at: Date, zone: string): { weekday: number; hour: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    weekday: 'short',
    hour: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(at);
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(
    parts.find((p) => p.type === 'weekday')?.value ?? '',
  );
  const hourPart = Number(parts.find((p) => p.type === 'hour')?.value ?? '0');
  return { weekday, hour: hourPart };
}

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
export function zonedDay(at: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/**
 * The next time a timed rule runs, strictly after `after`: the first instant that is the rule's hour, on the hour,
 * in the rule's zone (and its weekday, for a weekly rule). Undefined for a rule that runs on events. Zones are whole
 * or half hours off UTC, so the half hours of UTC are searched, at most 8 days of them: a summer-time jump over the
 * hour makes the rule run on the next day.
 */
export function nextSmartFlowRun(trigger: SmartFlowTrigger, after: Date): Date | undefined {
  if (trigger.kind === 'issueCreated' || trigger.kind === 'issueChanged') return undefined;
  const start = Math.floor(after.getTime() / 1_800_000) * 1_800_000 + 1_800_000;
  for (let at = start; at < start + 8 * 24 * 3_600_000; at += 1_800_000) {
    const date = new Date(at);
    const local = zonedWeekdayHour(date, trigger.timeZone);
    // The half hour whose zone time is the whole hour: the one a minute later has the same hour, a half hour
    // earlier has the hour before (zone offsets are whole or half hours).
    if (local.hour !== trigger.hour) continue;
    if (zonedWeekdayHour(new Date(at - 1_800_000), trigger.timeZone).hour === trigger.hour) continue;
    if (trigger.kind === 'schedule' && trigger.frequency === 'weekly' && local.weekday !== trigger.weekday)
      continue;
    return date;
  }
  return undefined;
}
