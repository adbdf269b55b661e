import type { ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { FormError } from './form-error.tsx';
import { LoadingCenter } from './loading.tsx';

/**
 * A page's list of cards through its states: the failed read, a spinner until the first answer, `empty` when there
 * is nothing, else the cards (`children` draws one) as a list.
 */
export function CardList<T>({
  items,
  fetching,
  error,
  empty,
  children,
}: {
  items: readonly T[] | null | undefined;
  fetching: boolean;
  error: unknown;
  empty: ReactNode;
  children: (item: T) => ReactNode;
}) {
  return (
    <>
      <FormError error={error} />
      {!items && fetching && <LoadingCenter py="xl" />}
      {items?.length === 0 && empty}
      {items && items.length > 0 && (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map(children)}
        </Stack>
      )}
    </>
  );
}
