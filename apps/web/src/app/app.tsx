import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  MantineProvider,
  localStorageColorSchemeManager,
  type MantineColorSchemeManager,
} from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Provider as UrqlProvider } from 'urql';
import { createGraphQLClients } from '../lib/graphql-client.ts';
import { COLOR_SCHEME_KEY, DEFAULT_COLOR_SCHEME, theme } from './theme.ts';
import { EmbeddedContext } from './embedded-context.tsx';
import { buildRoutes } from './router.tsx';

const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });

/**
 * Embedded, the scheme is light whatever was saved or the system prefers (spec core §1/§4). `forceColorScheme`
 * alone is not enough: Mantine re-applies the manager's value to `<html>` whenever a suspended tree is shown
 * again (a lazily loaded screen), so the manager itself must answer light and ignore changes.
 */
export const embeddedColorSchemeManager: MantineColorSchemeManager = {
  get: () => 'light',
  set: () => undefined,
  subscribe: () => undefined,
  unsubscribe: () => undefined,
  clear: () => undefined,
};

/** Theme, language, API client and notifications around any part of the app (also used by tests). */
export function AppProviders({
  i18n,
  embedded,
  children,
}: {
  i18n: I18n;
  embedded: boolean;
  children: ReactNode;
}) {
  const clients = useMemo(() => createGraphQLClients(), []);
  const [, setLanguage] = useState(i18n.language);
  useEffect(() => {
    const sync = (lng: string) => {
      document.documentElement.lang = lng;
      setLanguage(lng);
    };
    sync(i18n.resolvedLanguage ?? i18n.language);
    i18n.on('languageChanged', sync);
    return () => i18n.off('languageChanged', sync);
  }, [i18n]);
  return (
    <EmbeddedContext.Provider value={embedded}>
      <I18nextProvider i18n={i18n}>
        <MantineProvider
          theme={theme}
          colorSchemeManager={embedded ? embeddedColorSchemeManager : colorSchemeManager}
          defaultColorScheme={embedded ? 'light' : DEFAULT_COLOR_SCHEME}
          forceColorScheme={embedded ? 'light' : undefined}
        >
          <Notifications position="top-right" limit={4} />
          <UrqlProvider value={clients.client}>{children}</UrqlProvider>
        </MantineProvider>
      </I18nextProvider>
    </EmbeddedContext.Provider>
  );
}

/** The app's router: created at load (main.tsx) so that the current screen's code loads with the texts. */
export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Creates the router, which starts loading the lazy code of the current address at once. */
export function createAppRouter(): AppRouter {
  return createBrowserRouter(buildRoutes());
}

/** The whole application. */
export function App({
  i18n,
  embedded,
  router: given,
}: {
  i18n: I18n;
  embedded: boolean;
  router?: AppRouter;
}) {
  const router = useMemo(() => given ?? createAppRouter(), [given]);
  return (
    <AppProviders i18n={i18n} embedded={embedded}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
