import type { TFunction } from 'i18next';

// A smart flow rule in plain words (docs/smart-flow.md): what the person confirms before saving, and what the list
// shows. The rule's parts are the domain's (packages/domain/src/smart-flow); here they are read loosely, since they
// arrive as JSON.

/** The rule's parts as the page edits them. */
export interface RuleDraft {
  projectId: number | null;
  name: string;
  description?: string | undefined;
  trigger: {
    kind: 'schedule' | 'issueCreated' | 'issueChanged' | 'deadlinePassed';
    frequency?: 'daily' | 'weekly' | undefined;
    weekday?: number | undefined;
    hour?: number | undefined;
    timeZone?: string | undefined;
  };
  condition: { filter: string; disciplineIds: number[]; search?: string | undefined };
  action: {
    kind: 'email' | 'digest' | 'follow' | 'tag' | 'assignDiscipline';
    tag?: string | undefined;
    /** assignDiscipline: the discipline made responsible, and its status. */
    disciplineId?: number | undefined;
    status?: string | undefined;
  };
}

/** The name of a weekday (0 Sunday) in a language. */
export function weekdayName(weekday: number, language: string): string {
  // 2026-11-29 was a Sunday.
  return new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2026, 10, 29 + weekday, 12)),
  );
}

/** An hour of the day as the language writes it (08:00, 8:00 AM). */
export function hourName(hour: number, language: string): string {
  return new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2026, 0, 1, hour)),
  );
}

/** When the rule runs, in words. */
export function whenWords(t: TFunction, trigger: RuleDraft['trigger'], language: string): string {
  const hour = hourName(trigger.hour ?? 8, language);
  const zone = trigger.timeZone ?? 'UTC';
  if (trigger.kind === 'issueCreated') return t('smartFlow.words.issueCreated');
  if (trigger.kind === 'issueChanged') return t('smartFlow.words.issueChanged');
  if (trigger.kind === 'deadlinePassed') return t('smartFlow.words.deadlinePassed', { hour, zone });
  if (trigger.frequency === 'daily') return t('smartFlow.words.daily', { hour, zone });
  return t('smartFlow.words.weekly', { weekday: weekdayName(trigger.weekday ?? 1, language), hour, zone });
}

/** Which issues, in words. */
export function whatWords(
  t: TFunction,
  rule: Pick<RuleDraft, 'condition'>,
  names: { project: string; disciplines: ReadonlyMap<number, string> },
): string {
  const parts = [t(`smartFlow.words.filters.${rule.condition.filter}`)];
  const disciplines = rule.condition.disciplineIds.map((id) => names.disciplines.get(id) ?? `#${id}`);
  if (disciplines.length > 0)
    parts.push(t('smartFlow.words.ofDisciplines', { list: disciplines.join(', ') }));
  if (rule.condition.search?.trim())
    parts.push(t('smartFlow.words.containing', { words: rule.condition.search.trim() }));
  parts.push(t('smartFlow.words.inProject', { project: names.project }));
  return parts.join(' ');
}

/** The whole rule as one sentence: when, what it does, with which issues. */
export function ruleSentence(
  t: TFunction,
  rule: Pick<RuleDraft, 'trigger' | 'condition' | 'action'>,
  names: { project: string; disciplines: ReadonlyMap<number, string> },
  language: string,
): string {
  const { disciplineId, status } = rule.action;
  return t(`smartFlow.words.sentence.${rule.action.kind}`, {
    when: whenWords(t, rule.trigger, language),
    what: whatWords(t, rule, names),
    tag: rule.action.tag?.trim() ?? '',
    discipline:
      disciplineId === undefined ? '…' : (names.disciplines.get(disciplineId) ?? `#${disciplineId}`),
    status: t(`enums:disciplineStatuses.${status ?? 'todo'}`, { defaultValue: status ?? 'todo' }),
  });
}
