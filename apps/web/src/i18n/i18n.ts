import i18next, { type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { LOCALES } from '@obra/domain';

// Language packs are separate chunks, loaded only for the language in use (editor §7).
const webPacks = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json');
const sharedPacks = import.meta.glob<{ default: Record<string, unknown> }>(
  '../../../../packages/domain/src/locales/*/*.json',
);

/** Loads one namespace of one language from the web's or the shared locale files. */
export async function loadNamespace(language: string, namespace: string): Promise<Record<string, unknown>> {
  const web = webPacks[`./locales/${language}/${namespace}.json`];
  const shared = sharedPacks[`../../../../packages/domain/src/locales/${language}/${namespace}.json`];
  const loader = web ?? shared;
  if (!loader) return {};
  return (await loader()).default;
}

/** The namespaces the shell needs before the first paint. */
export const BOOT_NAMESPACES = ['common', 'errors', 'enums'];

/**
 * The namespaces the screen at `pathname` needs at once, loaded with the boot ones instead of one round trip
 * each after its code arrives (a cold load on 4G waited for three in turn before the list's first rows).
 */
export function routeNamespaces(pathname: string): string[] {
  if (/^\/(login|sign-up|verify-email|forgot-password|reset-password)\b/.test(pathname)) return ['auth'];
  // `oauth`: the user menu names the connected applications (features/bcf/connected-apps-page.tsx); `files`: a
  // project's menu has a "Files" entry, in the files namespace.
  if (/^\/workspace\/project\/[^/]+\/issues\b/.test(pathname))
    return ['workspace', 'projects', 'issues', 'oauth', 'files'];
  if (/^\/workspace\/project\//.test(pathname)) return ['workspace', 'projects', 'oauth', 'files'];
  if (pathname.startsWith('/workspace')) return ['workspace', 'projects', 'oauth'];
  return [];
}

/** Creates and initialises the i18next instance used by the app. */
export async function createI18n(options: { lng?: string; pathname?: string } = {}): Promise<I18n> {
  const instance = i18next.createInstance();
  instance.use(resourcesToBackend(loadNamespace)).use(initReactI18next);
  if (!options.lng) instance.use(LanguageDetector);
  await instance.init({
    lng: options.lng,
    supportedLngs: [...LOCALES],
    fallbackLng: 'en',
    nonExplicitSupportedLngs: false,
    load: 'currentOnly',
    ns: [...BOOT_NAMESPACES, ...routeNamespaces(options.pathname ?? '')],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    detection: {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: 'obra.language',
      caches: ['localStorage'],
      convertDetectedLanguage: (lng: string) => {
        const l = lng.toLowerCase();
        if (l.startsWith('pt')) return 'pt-BR';
        if (l.startsWith('es')) return 'es';
        return 'en';
      },
    },
    react: { useSuspense: true },
  });
  return instance;
}
