import { useMemo } from 'react';
import type { DeadlineColor, IssueVisibility, Priority } from '@obra/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DisciplineTagState } from '../shared/discipline-tag-state.ts';
import { formatCalendarDate } from '../shared/deadline-badge.tsx';

/**
 * Every text a list row shows, translated once for the whole list: rows then render plain elements without
 * a translation hook each (thousands of rows scroll past).
 */
export interface RowLabels {
  status(value: string): string;
  priority(value: Priority): string;
  visibility(value: IssueVisibility): string;
  disciplineStatus(value: string): string;
  tagState(value: DisciplineTagState): string;
  readonly unknownDiscipline: string;
  deadline(color: DeadlineColor, date: string): string;
  date(date: string): string;
  select(code: string): string;
  copyLink(code: string): string;
  readonly star: string;
  readonly unstar: string;
  readonly pending: string;
  readonly late: string;
  readonly mentions: string;
  readonly notifications: string;
  location(names: string): string;
  thumbnail(code: string): string;
}

/** A function remembering its answers: the same few values come back row after row. */
function remembered<A extends string>(compute: (value: A) => string): (value: A) => string {
  const known = new Map<A, string>();
  return (value) => {
    let text = known.get(value);
    if (text === undefined) {
      text = compute(value);
      known.set(value, text);
    }
    return text;
  };
}

/** The row texts from a translation function (namespaces issues, enums and everyday loaded). */
export function rowLabels(t: TFunction, language: string): RowLabels {
  return {
    status: remembered((value) => t(`enums:issueStatuses.${value}`, { defaultValue: value })),
    priority: remembered((value) => t(`enums:priorities.${value}`)),
    visibility: remembered((value) =>
      value === 'semi_public'
        ? `${t('enums:visibilities.semi_public')}: ${t('enums:visibilityHints.semi_public')}`
        : t(`enums:visibilities.${value}`),
    ),
    disciplineStatus: remembered((value) => t(`enums:disciplineStatuses.${value}`, { defaultValue: value })),
    tagState: remembered((value) => t(`issues:tagStates.${value}`)),
    unknownDiscipline: t('issues:unknownDiscipline'),
    deadline: (color, date) => t(`issues:deadline.${color}`, { date }),
    date: remembered((date) => formatCalendarDate(date, language)),
    select: (code) => t('issues:row.select', { code }),
    copyLink: (code) => t('issues:row.copyLink', { code }),
    star: t('issues:row.star'),
    unstar: t('issues:row.unstar'),
    pending: t('issues:row.pending'),
    late: t('issues:row.late'),
    mentions: t('issues:row.mentions'),
    notifications: t('issues:row.notifications'),
    location: (names) => t('everyday:row.location', { names }),
    thumbnail: (code) => t('everyday:row.thumbnail', { code }),
  };
}

/** The row texts in the current language. */
export function useRowLabels(): RowLabels {
  const { t, i18n } = useTranslation(['issues', 'enums', 'everyday']);
  const language = i18n.language;
  return useMemo(() => rowLabels(t, language), [t, language]);
}
