import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** A person's display name: name and last name, else the e-mail, else a placeholder. */
export function displayName(
  user: { name?: string | null; lastName?: string | null; email?: string | null } | null | undefined,
  unknown: string,
): string {
  if (!user) return unknown;
  const full = [user.name, user.lastName].filter((p) => p && p.trim() !== '').join(' ');
  return full || user.email || unknown;
}

/** Date formatting in the interface language (spec core §9 formats: short date, date and hour). */
export function useIssueFormatters() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  return useMemo(() => {
    const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' });
    const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
    return {
      /** A moment (ISO timestamp) as a short date with hour and minute. */
      dateTime: (iso: string | null | undefined) => (iso ? dateTime.format(new Date(iso)) : ''),
      /** A calendar date `YYYY-MM-DD`, without shifting it by the time zone. */
      date: (day: string | null | undefined) =>
        day ? date.format(new Date(`${day.slice(0, 10)}T00:00:00Z`)) : '',
    };
  }, [language]);
}
