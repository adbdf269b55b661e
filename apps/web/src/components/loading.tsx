import { Center, Loader, type CenterProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A centred spinner, announced as "loading", while a screen or a part of it waits for its data. */
export function LoadingCenter(props: CenterProps) {
  const { t } = useTranslation('common');
  return (
    <Center {...props}>
      <Loader aria-label={t('loading')} />
    </Center>
  );
}
