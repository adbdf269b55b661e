import { Alert } from '@mantine/core';
import { IconMailOpened } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { InvitationLink } from './invitation-link.ts';

/** On the sign-in and sign-up reached from an invitation e-mail: what happens next, for which address. */
export function InvitationNotice({ invitation }: { invitation: InvitationLink | null }) {
  const { t } = useTranslation('everyday');
  if (!invitation) return null;
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconMailOpened size={18} />}
      title={t('invitation.title')}
      data-testid="invitation-notice"
    >
      {invitation.email ? t('invitation.notice', { email: invitation.email }) : t('invitation.noticeNoEmail')}
    </Alert>
  );
}
