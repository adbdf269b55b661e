import { Suspense, type ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';

/** Waits for what it holds (the editor pages, whose translations load on demand) behind a centred spinner. */
export function CenteredSuspense({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Center h="50vh">
          <Loader />
        </Center>
      }
    >
      {children}
    </Suspense>
  );
}
