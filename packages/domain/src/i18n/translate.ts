import enErrors from '../locales/en/errors.json' with { type: 'json' };
import esErrors from '../locales/es/errors.json' with { type: 'json' };
import ptErrors from '../locales/pt-BR/errors.json' with { type: 'json' };
import enEnums from '../locales/en/enums.json' with { type: 'json' };
import esEnums from '../locales/es/enums.json' with { type: 'json' };
import ptEnums from '../locales/pt-BR/enums.json' with { type: 'json' };
import enEmail from '../locales/en/email.json' with { type: 'json' };
import esEmail from '../locales/es/email.json' with { type: 'json' };
import ptEmail from '../locales/pt-BR/email.json' with { type: 'json' };
import enNotificationEmail from '../locales/en/notification-email.json' with { type: 'json' };
import esNotificationEmail from '../locales/es/notification-email.json' with { type: 'json' };
import ptNotificationEmail from '../locales/pt-BR/notification-email.json' with { type: 'json' };
import enServerPages from '../locales/en/server-pages.json' with { type: 'json' };
import esServerPages from '../locales/es/server-pages.json' with { type: 'json' };
import ptServerPages from '../locales/pt-BR/server-pages.json' with { type: 'json' };
import type { Locale } from '../enums/project-enums.ts';
import type { ErrorCode } from '../errors/error-codes.ts';

/** The namespaces that server and web share, per locale. */
export const SHARED_RESOURCES = {
  en: {
    errors: enErrors,
    enums: enEnums,
    email: enEmail,
    notificationEmail: enNotificationEmail,
    serverPages: enServerPages,
  },
  es: {
    errors: esErrors,
    enums: esEnums,
    email: esEmail,
    notificationEmail: esNotificationEmail,
    serverPages: esServerPages,
  },
  'pt-BR': {
    errors: ptErrors,
    enums: ptEnums,
    email: ptEmail,
    notificationEmail: ptNotificationEmail,
    serverPages: ptServerPages,
  },
} as const;

/** The shared namespaces. */
export type SharedNamespace = keyof (typeof SHARED_RESOURCES)['en'];

/** Looks up `ns:path.to.key` in a locale, falling back to en, then to undefined. */
export function translateShared(locale: Locale, ns: SharedNamespace, key: string): string | undefined {
  return lookup(SHARED_RESOURCES[locale][ns], key) ?? lookup(SHARED_RESOURCES.en[ns], key);
}

/**
 * The user-facing message for an error code in a locale. When the failure names the limit that applies (`max`,
 * in bytes, for FILE_SIZE_LIMIT_EXCEEDED: the declared size of an upload, the drive's 2 GB, an image's 5 MB), the
 * message states it (`errors:limits.<code>`) instead of the catalogue's general text.
 */
export function errorMessage(
  locale: Locale,
  code: ErrorCode,
  details?: Readonly<Record<string, unknown>>,
): string {
  const max = details?.['max'];
  const limited =
    typeof max === 'number' && Number.isFinite(max)
      ? translateShared(locale, 'errors', `limits.${code}`)
      : undefined;
  if (limited) return limited.replace('{{max}}', formatBytes(locale, max as number));
  return translateShared(locale, 'errors', code) ?? code;
}

/** A size in bytes as people read it: "5 MB", "2 GB", "1,5 MB" (binary units, named as usual). */
export function formatBytes(locale: Locale, bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
  return `${number} ${units[unit]}`;
}

function lookup(tree: unknown, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}
