import { Badge } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { deadlineColor, type DeadlineColor } from '@obra/domain';
import { useTranslation } from 'react-i18next';

/** The Mantine colour of each deadline colour (spec core §4): muted, warning, danger. */
export const DEADLINE_MANTINE_COLORS: Record<DeadlineColor, string> = {
  muted: 'gray',
  warning: 'orange',
  danger: 'red',
};

// Creating an Intl.DateTimeFormat costs far more than using one: keep one per language.
const formats = new Map<string, Intl.DateTimeFormat>();

/** Formats a calendar date `YYYY-MM-DD` in the user's language without shifting it across time zones. */
export function formatCalendarDate(date: string, language: string): string {
  const [y, m, d] = date.slice(0, 10).split('-').map(Number);
  if (!y || !m || !d) return date;
  let format = formats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, {
      day: '2-digit',
      month: '2-digit',
      year: '2-digit',
      timeZone: 'UTC',
    });
    formats.set(language, format);
  }
  return format.format(new Date(Date.UTC(y, m - 1, d)));
}

/**
 * A deadline coloured by the domain's deadlineColor: more than 30 days away muted, 1 to 30 days warning,
 * due today or past danger.
 */
export function DeadlineBadge({ deadline, today }: { deadline: string; today: string }) {
  const { t, i18n } = useTranslation('issues');
  const color = deadlineColor(deadline, today);
  const text = formatCalendarDate(deadline, i18n.language);
  return (
    <Badge
      size="sm"
      variant={color === 'muted' ? 'default' : 'light'}
      color={DEADLINE_MANTINE_COLORS[color]}
      leftSection={<IconCalendar size={12} />}
      title={t(`deadline.${color}`, { date: text })}
      aria-label={t(`deadline.${color}`, { date: text })}
      data-testid="deadline-badge"
      data-color={color}
      styles={{ root: { textTransform: 'none', flexShrink: 0 } }}
    >
      {text}
    </Badge>
  );
}
