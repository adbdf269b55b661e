import { Alert, Text } from '@mantine/core';
import { IconMailOpened } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { CompanyInvitePreviewDocument } from '../../gql/generated.ts';
import type { InvitationLink } from './invitation-link.ts';

/**
 * On the sign-in and sign-up reached from an invitation e-mail: who invites, to which company and role (when the
 * link is signed and the invitation still open), what happens next, and for which address.
 */
export function InvitationNotice({ invitation }: { invitation: InvitationLink | null }) {
  const { t } = useTranslation(['everyday', 'onboarding']);
  const signed = invitation?.email && invitation.token ? invitation : null;
  const [{ data }] = useQuery({
    query: CompanyInvitePreviewDocument,
    variables: { inviteId: signed?.inviteId ?? 0, email: signed?.email ?? '', token: signed?.token ?? '' },
    pause: !signed,
  });
  if (!invitation) return null;
  const preview = signed ? data?.companyInvitePreview : null;
  const role = preview ? t(`onboarding:company.roles.${preview.role}`, { defaultValue: preview.role }) : '';
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconMailOpened size={18} />}
      title={preview ? t('invitation.namedTitle', { company: preview.companyName }) : t('invitation.title')}
      data-testid="invitation-notice"
    >
      {preview && (
        <Text size="sm" fw={500} mb={4} data-testid="invitation-named">
          {preview.inviterName
            ? t('invitation.namedBy', { inviter: preview.inviterName, company: preview.companyName, role })
            : t('invitation.named', { company: preview.companyName, role })}
        </Text>
      )}
      {invitation.email ? t('invitation.notice', { email: invitation.email }) : t('invitation.noticeNoEmail')}
    </Alert>
  );
}
