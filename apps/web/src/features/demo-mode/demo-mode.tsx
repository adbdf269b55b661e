import { Alert, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useContext } from 'react';
import { SessionContext } from '../../app/guards/session-context.ts';

/** The banner's id: disabled controls point to it for their reason. */
export const DEMO_BANNER_ID = 'demo-read-only-banner';

/** What a control that changes shared data takes in demo mode: disabled, saying why. */
export interface DemoLock {
  /** True for a demo account (isDemo): the server refuses its changes (FORBIDDEN_DEMO_MODE). */
  readonly readOnly: boolean;
  /** Spread on a control that changes shared data: disabled with the reason in demo mode, nothing otherwise. */
  readonly lock: { disabled?: true; title?: string; 'aria-describedby'?: string };
}

/** The locked props of a control, or none outside demo mode. */
export function demoLock(readOnly: boolean, reason: string): DemoLock['lock'] {
  return readOnly ? { disabled: true, title: reason, 'aria-describedby': DEMO_BANNER_ID } : {};
}

/**
 * Demo mode on the screens (issue 21): demo accounts are shared and read only, so the controls that would change
 * shared data are disabled up front instead of refused after the fact. Starring, tags and read marks stay (the
 * server's demo allow-list).
 */
export function useDemoLock(): DemoLock {
  // Outside a session (a screen tested on its own) nothing is locked.
  const user = useContext(SessionContext)?.user;
  const { t } = useTranslation('everyday');
  const readOnly = user?.isDemo ?? false;
  return { readOnly, lock: demoLock(readOnly, t('demo.disabled')) };
}

/** "Demo — read only", over every workspace screen of a demo account. */
export function DemoBanner() {
  const user = useContext(SessionContext)?.user;
  const { t } = useTranslation('everyday');
  if (!user?.isDemo) return null;
  return (
    <Alert
      id={DEMO_BANNER_ID}
      variant="light"
      color="yellow"
      icon={<IconEye size={18} />}
      py={6}
      mb="sm"
      role="status"
      data-testid="demo-banner"
    >
      <Text size="sm">
        <Text span fw={700} size="sm">
          {t('demo.title')}
        </Text>
        {' · '}
        {t('demo.body')}
      </Text>
    </Alert>
  );
}
