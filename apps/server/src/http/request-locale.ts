import { resolveLocale, type Locale } from '@obra/domain';

/** The interface language of a request: the user's saved choice, else Accept-Language, else en. */
export function requestLocale(
  headers: Record<string, string | string[] | undefined>,
  userLocale?: string | null,
): Locale {
  if (userLocale) return resolveLocale(userLocale);
  const header = headers['accept-language'];
  return resolveLocale(Array.isArray(header) ? header[0] : header);
}
