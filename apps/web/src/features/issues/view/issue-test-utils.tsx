import { render } from '@testing-library/react';
import { Suspense, type ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../../app/app.tsx';
import { createI18n } from '../../../i18n/i18n.ts';

/** Renders an issue-screen component with the app's providers in English, the `issue` namespace loaded. */
export async function renderIssueUi(element: ReactElement) {
  const i18n = await createI18n({ lng: 'en' });
  await i18n.loadNamespaces(['issue', 'issues', 'enums', 'errors']);
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/'] });
  return render(
    <AppProviders i18n={i18n} embedded={false}>
      <Suspense fallback={null}>
        <RouterProvider router={router} />
      </Suspense>
    </AppProviders>,
  );
}
