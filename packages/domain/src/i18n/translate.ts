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
import type { Locale } from '../enums/project-enums.ts';
import type { ErrorCode } from '../errors/error-codes.ts';

/** The namespaces that server and web share, per locale. */
export const SHARED_RESOURCES = {
  en: { errors: enErrors, enums: enEnums, email: enEmail, notificationEmail: enNotificationEmail },
  es: { errors: esErrors, enums: esEnums, email: esEmail, notificationEmail: esNotificationEmail },
  'pt-BR': { errors: ptErrors, enums: ptEnums, email: ptEmail, notificationEmail: ptNotificationEmail },
} as const;

/** The shared namespaces. */
export type SharedNamespace = keyof (typeof SHARED_RESOURCES)['en'];

/** Looks up `ns:path.to.key` in a locale, falling back to en, then to undefined. */
export function translateShared(locale: Locale, ns: SharedNamespace, key: string): string | undefined {
  return lookup(SHARED_RESOURCES[locale][ns], key) ?? lookup(SHARED_RESOURCES.en[ns], key);
}

/** The user-facing message for an error code in a locale. */
export function errorMessage(locale: Locale, code: ErrorCode): string {
  return translateShared(locale, 'errors', code) ?? code;
}

function lookup(tree: unknown, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}
