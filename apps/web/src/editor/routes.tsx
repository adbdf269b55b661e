import { Center, Loader } from '@mantine/core';
import { Suspense, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';

/** The editor's translations load on demand, so each page waits for them behind its own boundary. */
function suspended(Page: ComponentType): ComponentType {
  return function SuspendedPage() {
    return (
      <Suspense
        fallback={
          <Center h="50vh">
            <Loader />
          </Center>
        }
      >
        <Page />
      </Suspense>
    );
  };
}

/** Routes of the markup editor area, mounted by the app router; the editor is loaded only when opened. */
export const editorRoutes: RouteObject[] = [
  {
    path: 'tools/compare-documents',
    lazy: async () => ({
      Component: suspended((await import('./pages/compare-documents-page')).CompareDocumentsPage),
    }),
  },
  {
    path: 'showroom/editor',
    lazy: async () => ({
      Component: suspended((await import('./pages/showroom-editor-page')).ShowroomEditorPage),
    }),
  },
];
